// Payout (Report/GetPayoutReport; GetSelfPayoutReport for the caller's own tickets): every strike of the
// node's subtree in the range, with the prize slots it struck, the bettor's frozen rate for each, the
// stake and what settlement booked as the bettor's winnings on the line, and whether its company has
// released the winners' credit yet, or an upline paid the ticket's prize (Payment/ClaimPrizes): held until then.
import { sql, type SQL } from 'drizzle-orm';
import { PackageType } from '@app/domain';
import type { PayoutQuery, PayoutReport } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { betCodeSql, drawFilterSql, reportHead, reportNode } from './scope';

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

export async function payoutReport(db: DbOrTx, auth: AuthContext, q: PayoutQuery, self: boolean): Promise<PayoutReport> {
  const node = await reportNode(db, auth, self ? undefined : q.userId);
  const head = await reportHead(db, auth, node, q);
  const whose = self ? sql`t.user_id = ${node.userId}::int` : sql`starts_with(u.path, ${node.path}::text)`;
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
          select w.*, l.number, l.bet_code, l.stake, l.pool_id, s.draw_date, t.ticket_no, u.username, l.company_id,
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
  if (!first && q.page > 1) return payoutReport(db, auth, { ...q, page: 1, pageSize: 1 }, self).then((r) => ({ ...r, rows: [] }));
  const amount = Number(first?.t_amount ?? 0);
  const released = Number(first?.t_released ?? 0);
  return {
    ...head,
    rows: found.map((r) => ({
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
    })),
    total: Number(first?.total ?? 0),
    totals: { stake: Number(first?.t_stake ?? 0), amount, released, held: amount - released },
  };
}
