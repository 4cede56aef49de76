// Jackpot detail (Report/GetDetailJackpot, /jackpot-detail): the jackpot amounts published with the
// released results of a range of draw dates, per pool and draw (entered on /result or fetched with the
// result). Public figures of the pools: every session reads them.
import { sql } from 'drizzle-orm';
import type { JackpotRow } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

export async function jackpotReport(db: DbOrTx, q: { fromDate: string; toDate: string; poolId: number }): Promise<{ rows: JackpotRow[] }> {
  const found = await rows<{ drawId: number; poolId: number; drawDate: string; j1: string | null; j2: string | null; source: string | null }>(
    db,
    sql`select r.draw_id as "drawId", r.pool_id as "poolId", to_char(r.draw_date, 'YYYY-MM-DD') as "drawDate",
               r.jackpots ->> 'jackpot1' as j1, r.jackpots ->> 'jackpot2' as j2, r.source
        from pool_results r
        where r.status = 'released' and r.draw_date between ${q.fromDate}::date and ${q.toDate}::date
          and (${q.poolId}::int = -1 or r.pool_id = ${q.poolId}::int)
          and (r.jackpots ->> 'jackpot1' is not null or r.jackpots ->> 'jackpot2' is not null)
        order by r.draw_date desc, r.pool_id`,
  );
  const n = (v: string | null) => (v == null ? null : Number(v));
  return { rows: found.map((r) => ({ drawId: Number(r.drawId), poolId: Number(r.poolId), drawDate: r.drawDate, jackpot1: n(r.j1), jackpot2: n(r.j2), source: r.source })) };
}
