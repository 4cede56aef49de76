// Payout (Report/GetPayoutReport; GetSelfPayoutReport for the caller's own tickets): every strike of the
// node's subtree in the range, with the prize slots it struck, the bettor's frozen rate for each, the
// stake and what settlement booked as the bettor's winnings on the line, and whether its company has
// released the winners' credit yet, or an upline paid the ticket's prize (Payment/ClaimPrizes): held until then.
import { sql, type SQL } from 'drizzle-orm';
import { PackageType, RoleId } from '@app/domain';
import type { PayoutQuery, PayoutReport, ReportFilter } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { betCodeSql, drawFilterSql, type ReportNode, reportStart } from './scope';

/**
 * Whether a winning line's prize is released (`w` a winners row, `l` its bet line): its company released
 * the date's credit, or an upline paid the ticket's prize (Payment/ClaimPrizes) and did not reverse it.
 */
export const releasedSql = (w: SQL, l: SQL): SQL => sql`
  (exists (select 1 from settlement_bookings b where b.draw_id = ${w}.draw_id and b.company_id = coalesce(${l}.company_id, 0)
           and b.round = ${w}.round and b.step = 'release')
   or exists (select 1 from prize_claims c where c.draw_id = ${w}.draw_id and c.round = ${w}.round and c.ticket_id = ${w}.ticket_id
              and c.reversal_transaction_id is null))`;

const TIERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;

/** Above this many accounts a subtree's page is read draw by draw in number order (a few of each draw's strikes). */
const BY_DRAW_ACCOUNTS = 500;

const subtreeSize = async (db: DbOrTx, node: ReportNode) =>
  Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from users where starts_with(path, ${node.path}::text)`))[0].n);

/**
 * The subtree's strikes of the range's settled rounds, their count and sums (payout report totals), from
 * the node's winning_summary rows (decision 0039), and the released part: the whole of a draw whose company
 * released the date's credit, plus the lines of tickets an upline paid (prize_claims, few) elsewhere.
 */
export function payoutSumsSql(node: ReportNode, q: ReportFilter, blockedDates: string[], group: SQL, groupBy: SQL): SQL {
  return sql`
    with ws as (
      select ws.draw_date, ws.pool_id, ws.bet_code, ws.lines as strikes, ws.stake, ws.winnings as amount,
             case when exists (select 1 from settlement_bookings b where b.draw_id = ws.draw_id and b.company_id = ws.company_id
                                and b.round = ws.round and b.step = 'release') then ws.winnings else 0 end as released
      from winning_summary ws
      join draw_settlements s on s.draw_id = ws.draw_id and s.round = ws.round and s.distributed_at is not null
      where ws.user_id = ${node.userId}::int and ${drawFilterSql('ws', q, blockedDates)} and ${betCodeSql(sql`ws.bet_code`, q)}
      union all
      select s.draw_date, s.pool_id, w.bet_code, 0, 0, 0, coalesce(w.player_winnings, 0)
      from prize_claims c
      join draw_settlements s on s.draw_id = c.draw_id and s.round = c.round and s.distributed_at is not null
      join winners w on w.draw_id = c.draw_id and w.round = c.round and w.ticket_id = c.ticket_id
      join users u on u.id = w.user_id
      where c.reversal_transaction_id is null and ${drawFilterSql('s', q, blockedDates)} and starts_with(u.path, ${node.path}::text)
        and ${betCodeSql(sql`w.bet_code`, q)}
        and not exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.company_id = coalesce(w.company_id, 0)
                        and b.round = w.round and b.step = 'release')
    )
    select ${group}, sum(strikes) as strikes, sum(stake) as stake, sum(amount) as amount, sum(released) as released from ws ${groupBy}`;
}

export async function payoutReport(db: DbOrTx, auth: AuthContext, q: PayoutQuery, self: boolean): Promise<PayoutReport> {
  if (self) return selfPayoutReport(db, auth, q);
  const { node, head } = await reportStart(db, auth, q);
  const [sums] = await rows<Record<'strikes' | 'stake' | 'amount' | 'released', string | null>>(db, payoutSumsSql(node, q, head.blockedDates, sql`1 as one`, sql``));
  const total = Number(sums?.strikes ?? 0);
  const offset = (q.page - 1) * q.pageSize;
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const strikeCols = sql.raw(`w.draw_id, w.round, w.bet_line_id, w.ticket_id, w.user_id, w.company_id, w.number, w.bet_code, w.stake, w.player_winnings, ${TIERS.map((p) => `w.n_${p}`).join(', ')}`);
  const tree = sql`(select id from users where starts_with(path, ${node.path}::text))`;
  // The page, in the report's order (date, pool, number, ticket, line). A large subtree: each draw's first
  // offset + page strikes in number order from winners_draw_number_idx, then the page of those (a few
  // hundred rows read, not every strike of the range). A small one (an agent's): its bettors' strikes.
  const byDraw = node.platform || node.roleId === RoleId.Company || (await subtreeSize(db, node)) > BY_DRAW_ACCOUNTS;
  const strikes = byDraw
    ? sql`select s.draw_date, s.pool_id, x.* from s cross join lateral (
            select ${strikeCols} from winners w
            where w.draw_id = s.draw_id and w.round = s.round and w.user_id in ${tree} and ${betCodeSql(sql`w.bet_code`, q)}
            order by w.number, w.ticket_id, w.bet_line_id limit ${offset + q.pageSize}::int
          ) x`
    : sql`select s.draw_date, s.pool_id, ${strikeCols} from s join winners w on w.draw_id = s.draw_id and w.round = s.round
          where w.user_id in ${tree} and ${betCodeSql(sql`w.bet_code`, q)}`;
  const counts = TIERS.map((p) => `w.n_${p}`).join(', ');
  const rates = TIERS.map((p) => `coalesce(ro.${p}, rd.${p}, 0) as r_${p}`).join(', ');
  const found = total === 0 ? [] : await rows<Record<string, string | number | boolean | null>>(
    db,
    sql`with s as materialized (
          select s.draw_id, s.round, s.draw_date, s.pool_id from draw_settlements s
          where s.distributed_at is not null and ${drawFilterSql('s', q, head.blockedDates)}
        ),
        w as materialized (
          select * from (${strikes}) w
          order by w.draw_date ${dir}, w.pool_id, w.number, w.ticket_id, w.bet_line_id
          limit ${q.pageSize}::int offset ${offset}::int
        ),
        r as (
          select w.*, t.ticket_no, u.username,
                 (select rc.sheet_ids[1] from rate_chains rc
                  where rc.id = case when p.package_type = ${PackageType.GD}::int then t.rate_chain_gd else t.rate_chain_normal end) as sheet_id,
                 ${releasedSql(sql`w`, sql`w`)} as released
          from w join pools p on p.id = w.pool_id join tickets t on t.id = w.ticket_id join users u on u.id = t.user_id
        )
        select r.ticket_id, r.ticket_no, r.username, to_char(r.draw_date, 'YYYY-MM-DD') as draw_date, r.pool_id, r.number, r.bet_code, r.stake,
               coalesce(r.player_winnings, 0) as amount, r.released, ${sql.raw(counts.replaceAll('w.', 'r.'))}, ${sql.raw(rates)}
        from r
        left join rate_sheet_rows rd on rd.sheet_id = r.sheet_id and rd.code = r.bet_code and rd.pool_id is null
        left join rate_sheet_rows ro on ro.sheet_id = r.sheet_id and ro.code = r.bet_code and ro.pool_id = r.pool_id
        order by r.draw_date ${dir}, r.pool_id, r.number, r.ticket_id, r.bet_line_id`,
  );
  const amount = Number(sums?.amount ?? 0);
  const released = Number(sums?.released ?? 0);
  return {
    ...head,
    rows: found.map(toRow),
    total,
    totals: { stake: Number(sums?.stake ?? 0), amount, released, held: amount - released },
  };
}

const toRow = (r: Record<string, string | number | boolean | null>) => ({
  ticketId: Number(r.ticket_id),
  ticketNo: String(r.ticket_no),
  username: String(r.username),
  drawDate: String(r.draw_date),
  poolId: Number(r.pool_id),
  number: String(r.number),
  betCode: String(r.bet_code),
  prizes: TIERS.filter((p) => Number(r[`n_${p}`]) > 0).map((p) => ({ prize: p, count: Number(r[`n_${p}`]), rate: Number(r[`r_${p}`]) })),
  stake: Number(r.stake),
  amount: Number(r.amount),
  released: r.released === true,
});

/** The caller's own tickets' strikes (GetSelfPayoutReport): one bettor's lines, read from the strikes themselves. */
async function selfPayoutReport(db: DbOrTx, auth: AuthContext, q: PayoutQuery): Promise<PayoutReport> {
  const { node, head } = await reportStart(db, auth, { ...q, userId: undefined });
  const whose = sql`t.user_id = ${node.userId}::int`;
  const counts = TIERS.map((p) => `w.n_${p}`).join(', ');
  // The bettor's rate for each tier: its own sheet of the ticket's frozen chain, the pool's override first.
  const rates = TIERS.map((p) => `coalesce(ro.${p}, rd.${p}, 0) as r_${p}`).join(', ');
  const found = await rows<Record<string, string | number | boolean>>(
    db,
    sql`with s as materialized (
          select s.draw_id, s.round, s.draw_date, s.pool_id from draw_settlements s
          where s.distributed_at is not null and ${drawFilterSql('s', q, head.blockedDates)}
        ),
        w as materialized (
          select w.draw_id, w.round, w.bet_line_id, w.ticket_id, w.player_winnings, ${sql.raw(counts)},
                 l.number, l.bet_code, l.stake, l.pool_id, s.draw_date, t.ticket_no, u.username, l.company_id,
                 (select rc.sheet_ids[1] from rate_chains rc
                  where rc.id = case when p.package_type = ${PackageType.GD}::int then t.rate_chain_gd else t.rate_chain_normal end) as sheet_id,
                 ${releasedSql(sql`w`, sql`l`)} as released
          from s join winners w on w.draw_id = s.draw_id and w.round = s.round
          join bet_lines l on l.id = w.bet_line_id
          join pools p on p.id = l.pool_id
          join tickets t on t.id = w.ticket_id
          join users u on u.id = t.user_id
          where ${whose} and ${betCodeSql(sql`l.bet_code`, q)}
        )
        select w.ticket_id, w.ticket_no, w.username, to_char(w.draw_date, 'YYYY-MM-DD') as draw_date, w.pool_id, w.number, w.bet_code, w.stake,
               coalesce(w.player_winnings, 0) as amount, w.released, ${sql.raw(counts)}, ${sql.raw(rates)},
               count(*) over () as total, sum(w.stake) over () as t_stake, sum(coalesce(w.player_winnings, 0)) over () as t_amount,
               sum(case when w.released then coalesce(w.player_winnings, 0) else 0 end) over () as t_released
        from w
        left join rate_sheet_rows rd on rd.sheet_id = w.sheet_id and rd.code = w.bet_code and rd.pool_id is null
        left join rate_sheet_rows ro on ro.sheet_id = w.sheet_id and ro.code = w.bet_code and ro.pool_id = w.pool_id
        order by w.draw_date ${sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc')}, w.pool_id, w.number, w.ticket_id, w.bet_line_id
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const first = found[0];
  if (!first && q.page > 1) return selfPayoutReport(db, auth, { ...q, page: 1, pageSize: 1 }).then((r) => ({ ...r, rows: [] }));
  const amount = Number(first?.t_amount ?? 0);
  const released = Number(first?.t_released ?? 0);
  return {
    ...head,
    rows: found.map(toRow),
    total: Number(first?.total ?? 0),
    totals: { stake: Number(first?.t_stake ?? 0), amount, released, held: amount - released },
  };
}
