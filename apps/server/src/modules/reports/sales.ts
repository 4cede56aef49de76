// Sales (Report/GetSalesSummary, GetSumSalesSummary; DOMAIN "Reports": the sales figures are those of
// win/loss before settlement). Sales are what the bettors bought: tickets, lines, gross stake (turnover),
// the commission charged to them at placement, and the net they paid, per direct downline of the node the
// lines came through and per bet code. They are read from the active lines as placement and voiding left
// them (a void takes a line out), settled or not, so a draw's sales show before its result and are not held back
// while it settles (decision 0027).
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter, SalesRow, SalesSummary, SalesSummaryQuery, SumSalesSummary } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { betCodeSql, direction, drawFilterSql, reportHead, reportNode, type ReportNode } from './scope';

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
  const node = await reportNode(db, auth, q.userId);
  const head = await reportHead(db, auth, node, q);
  const found = await rows<Raw & { username: string | null; fullName: string | null; roleId: number | null; hasDownlines: boolean; total: string } & Record<string, string>>(
    db,
    sql`with l as materialized (${linesOf(node, q, [])}),
        s as (
          select via, bet_code as "betCode", count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover,
                 sum(commission) as commission, sum(stake - commission) as net
          from l group by via, bet_code
        ),
        t as (
          select count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover, sum(commission) as commission, sum(stake - commission) as net from l
        )
        select s.*, u.username, u.full_name as "fullName", u.role_id as "roleId",
               exists (select 1 from users c where c.upline_id = s.via and c.is_main_account) as "hasDownlines",
               count(*) over () as total, t.tickets as t_tickets, t.lines as t_lines, t.turnover as t_turnover, t.commission as t_commission, t.net as t_net
        from s cross join t left join users u on u.id = s.via
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
  const node = await reportNode(db, auth, q.userId);
  const head = await reportHead(db, auth, node, q);
  const found = await rows<Raw>(
    db,
    sql`with l as materialized (${linesOf(node, q, [])})
        select coalesce(bet_code, '') as "betCode", count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover,
               sum(commission) as commission, sum(stake - commission) as net
        from l group by rollup (bet_code) order by bet_code nulls last`,
  );
  const byCode = found.filter((r) => r.betCode !== '').map((r) => ({ ...figures(r), betCode: r.betCode }));
  const total = found.find((r) => r.betCode === '');
  return { ...head, byCode, totals: figures(total ?? { tickets: '0', lines: '0', turnover: '0', commission: '0', net: '0' }) };
}
