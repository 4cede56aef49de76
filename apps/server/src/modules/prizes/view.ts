// What a ticket's receipt shows of its settlement: its prize per draw (pending, held, claimed, released)
// and, for a seamless account's ticket, its callbacks with their delivery state. Decision 0025.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';
import { deliveriesOfTicket } from '../seamless/queries';

type PrizeState = 'pending' | 'held' | 'claimed' | 'released';

export async function ticketSettlement(db: DbOrTx, ticketId: number, viewerIsUpline: boolean) {
  const found = await rows<{ drawId: number; drawDate: string; poolId: number; round: number; amount: number | null; state: PrizeState }>(
    db,
    sql`select w.draw_id as "drawId", to_char(s.draw_date, 'YYYY-MM-DD') as "drawDate", s.pool_id as "poolId", s.round,
               sum(w.player_winnings)::bigint as amount,
               case when exists (select 1 from prize_claims c where c.draw_id = w.draw_id and c.round = s.round and c.ticket_id = w.ticket_id) then 'claimed'
                    when exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.round = s.round
                                   and b.company_id = coalesce(min(w.company_id), 0) and b.step = 'release') then 'released'
                    when exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.round = s.round
                                   and b.company_id = coalesce(min(w.company_id), 0) and b.step = 'distribute') then 'held'
                    else 'pending' end as state
        from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
        where w.ticket_id = ${ticketId}
        group by w.draw_id, w.ticket_id, s.draw_date, s.pool_id, s.round
        having coalesce(sum(w.player_winnings), 0) > 0 or bool_or(w.player_winnings is null)
        order by s.draw_date, s.pool_id`,
  );
  const prizes = found.map((p) => ({ ...p, drawId: Number(p.drawId), poolId: Number(p.poolId), round: Number(p.round), amount: Number(p.amount ?? 0) }));
  const deliveries = (await deliveriesOfTicket(db, ticketId)).map(({ ticketId: _t, ...d }) => d);
  const claimable = viewerIsUpline ? prizes.filter((p) => p.state === 'held').reduce((s, p) => s + p.amount, 0) : 0;
  return { prizes, deliveries, claimable };
}
