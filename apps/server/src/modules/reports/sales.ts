// Sales (Report/GetSalesSummary, GetSumSalesSummary; DOMAIN "Reports": the sales figures are those of
// win/loss before settlement). Sales are what the bettors bought: tickets, lines, gross stake (turnover),
// the commission charged to them at placement, and the net they paid, per direct downline of the node the
// lines came through and per bet code. They are read from the sales summary placement and voiding keep
// (decision 0034: a void appends the negated sums of its lines), settled or not, so a draw's sales show
// before its result and are not held back while it settles (decision 0027). A ticket counts once per draw
// it has lines on (the summary's unit); linesOf reads the same figures from the lines, for the tests.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter, SalesRow, SalesSummary, SalesSummaryQuery, SumSalesSummary } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { accountJoin, betCodeSql, direction, drawFilterSql, type ReportNode, reportStart, hasDownlinesSql } from './scope';

/** The function GetSumSalesSummary is gated by, and the dashboard's sales part with it. */
export const SALES_FUNCTION = 'Group Sales Report' as const;

/**
 * The node's summary rows in the filter, summed per direct downline and bet code, with each downline's
 * all-codes row under the code '' when no code is chosen (a ticket with Big and Small lines counted once there).
 */
export function summaryOf(node: ReportNode, q: ReportFilter): SQL {
  return sql`
    select ss.via_user_id as via, ss.bet_code, sum(ss.tickets) as tickets, sum(ss.lines) as lines, sum(ss.turnover) as turnover, sum(ss.commission) as commission
    from sales_summary ss
    where ss.user_id = ${node.userId}::int and ${drawFilterSql('ss', q, [])} 
      and (case when ss.bet_code = '' then ${q.betCode}::text = '-1' else ${betCodeSql(sql`ss.bet_code`, q)} end)
    group by 1, 2 having sum(ss.lines) <> 0`;
}

/** The code of the rows a total sums: '' (all codes) unless one code is chosen. */
export const totalCodeSql = (q: ReportFilter): SQL => sql`(case when ${q.betCode}::text = '-1' then '' else ${q.betCode}::text end)`;

/** Active lines of the node's subtree in the filter, with the direct downline of the node each came through (0: the node's own). */
export function linesOf(node: ReportNode, q: ReportFilter, blockedDates: string[]): SQL {
  // users.path is "/1/5/9/": the node's direct downline is the path element after the node's own.
  const depth = node.path.split('/').filter(Boolean).length;
  return sql`
    select coalesce(nullif(split_part(u.path, '/', ${depth + 2}::int), '')::int, 0) as via, l.ticket_id, l.draw_id, l.bet_code, l.stake, l.commission
    from users u
    join tickets t on t.user_id = u.id and t.status = 1
    join bet_lines l on l.ticket_id = t.id and l.status = 1
    where starts_with(u.path, ${node.path}::text) and ${betCodeSql(sql`l.bet_code`, q)}
      and l.draw_id in (select d.id from draws d where ${drawFilterSql('d', q, blockedDates)})`;
}

const SORT: Record<SalesSummaryQuery['sortBy'], string> = { username: 'u.username', turnover: 's.turnover', net: 's.net' };

type Raw = { via: number; betCode: string; tickets: string; lines: string; turnover: string; commission: string; net: string };
const figures = (r: Pick<Raw, 'tickets' | 'lines' | 'turnover' | 'commission' | 'net'>) => ({
  tickets: Number(r.tickets ?? 0),
  lines: Number(r.lines ?? 0),
  turnover: Number(r.turnover ?? 0),
  commission: Number(r.commission ?? 0),
  net: Number(r.net ?? 0),
});

export async function salesSummary(db: DbOrTx, auth: AuthContext, q: SalesSummaryQuery): Promise<SalesSummary> {
  const { node, head } = await reportStart(db, auth, q);
  const found = await rows<Raw & { username: string | null; fullName: string | null; roleId: number | null; hasDownlines: boolean; total: string } & Record<string, string>>(
    db,
    sql`with f as materialized (${summaryOf(node, q)}),
        s as (
          select via, bet_code as "betCode", tickets, lines, turnover, commission, turnover - commission as net from f where bet_code <> ''
        ),
        t as (
          select sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission,
                 sum(turnover - commission) as net from f where bet_code = ${totalCodeSql(q)}
        )
        select s.*, u.username, u.full_name as "fullName", u.role_id as "roleId",
               ${hasDownlinesSql(sql`s.via`)} as "hasDownlines",
               count(*) over () as total, t.tickets as t_tickets, t.lines as t_lines, t.turnover as t_turnover, t.commission as t_commission, t.net as t_net
        from s cross join t ${accountJoin('u', sql`s.via`)}
        order by s.via = 0 desc, ${sql.raw(SORT[q.sortBy])} ${direction(q.sortOrder)}, s.via, s."betCode"
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const list: SalesRow[] = found.map((r) => ({
    ...figures(r),
    betCode: r.betCode,
    account: Number(r.via) === 0 ? null : { userId: Number(r.via), username: r.username ?? '', fullName: r.fullName ?? '', roleId: Number(r.roleId) },
    hasDownlines: r.hasDownlines,
  }));
  const first = found[0];
  if (!first && q.page > 1) return salesSummary(db, auth, { ...q, page: 1, pageSize: 1 }).then((r) => ({ ...r, rows: [] }));
  const totals = first
    ? figures({ tickets: first.t_tickets, lines: first.t_lines, turnover: first.t_turnover, commission: first.t_commission, net: first.t_net })
    : figures({ tickets: '0', lines: '0', turnover: '0', commission: '0', net: '0' });
  return { ...head, rows: list, total: Number(first?.total ?? 0), totals };
}

/** The node's sales by bet code only, with the grand total. */
export async function sumSalesSummary(db: DbOrTx, auth: AuthContext, q: SalesSummaryQuery): Promise<SumSalesSummary> {
  const { node, head } = await reportStart(db, auth, q);
  const found = await rows<Raw>(
    db,
    sql`with f as materialized (${summaryOf(node, q)})
        select bet_code as "betCode", sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission,
               sum(turnover - commission) as net
        from f group by bet_code order by bet_code = '', bet_code`,
  );
  const byCode = found.filter((r) => r.betCode !== '').map((r) => ({ ...figures(r), betCode: r.betCode }));
  const total = found.find((r) => r.betCode === (q.betCode === '-1' ? '' : q.betCode));
  return { ...head, byCode, totals: figures(total ?? { tickets: '0', lines: '0', turnover: '0', commission: '0', net: '0' }) };
}
