// The summaries of what settlement booked (decision 0039): per draw, round and account, the settlement
// figures summed over the downlines they came through (stakeholder_summary), and the strikes per account
// of the bettor's path, number, code and highest prize (winning_summary). The stakeholder summary is
// written by the distribution that books a company's lines (same transaction, from the figures it has just
// written); the winning summary of a round once its strikes are found, from the round's winners alone
// (decision 0056), beside the booking. Both are rebuilt from the same sources by the admin tool's resync;
// one generator for each, and the migration's backfill is the same SQL. Rows are written once per (draw,
// round): a corrected result starts a new round and reports read the current distributed one, as they
// read settlement_figures.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

/**
 * Advisory lock class of a draw's summary writes (compaction, resync, the round's winning summary), taken
 * per draw in the caller's transaction, after the settlement lock where both are taken.
 */
export const SUMMARY_LOCK_CLASS = 5040;

const TIERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;

/** The highest prize a winners row `w` struck (its winnings are counted once, under that prize). */
export const prizeOfSql = (w: string) => sql.raw(`case ${TIERS.map((p) => `when ${w}.n_${p} > 0 then '${p}'`).join(' ')} end`);

/**
 * Writes the stakeholder summary of the distributed bookings chosen by `booked`, a condition on `b`, a
 * settlement_bookings row of step 'distribute' (its draw, round and company).
 */
async function summarizeStakeholders(db: DbOrTx, booked: SQL) {
  await db.execute(sql`
    insert into stakeholder_summary (draw_id, round, draw_date, pool_id, company_id, user_id, bet_code, turnover, eaten, pass, link, link_below)
    select f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id, coalesce(f.bet_code, ''),
           bigint_sum(f.turnover), bigint_sum(f.eaten), bigint_sum(f.pass), bigint_sum(f.link), bigint_sum(f.link_below)
    from settlement_bookings b
    -- The draw by the booking's key (one row each), not by each figure's: joined per figure, the planner
    -- scanned draws once a figure (0.35 s of 1 s for 160,920 figures).
    join draws d on d.id = b.draw_id
    join settlement_figures f on f.draw_id = b.draw_id and f.round = b.round and f.company_id = b.company_id
    where b.step = 'distribute' and ${booked}
    group by grouping sets ((f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id, f.bet_code),
                            (f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id))`);
}

/**
 * Writes the winning summary of the strikes chosen by `strikes`, a condition on `w`, a winners row: a
 * round's strikes are all written by its step 1 in one transaction, so a round's winners are either all
 * there or none.
 */
async function summarizeWinnings(db: DbOrTx, strikes: SQL) {
  // Each bettor's strikes of a number, code and prize summed first (one row per bettor: the bettors of a
  // summary row are then its rows, without a count(distinct)), then spread over the bettor's path. Counting
  // distinct bettors over the spread rows (257,500 for 51,500 strikes) forced a sort on their text keys:
  // 0.45 s of 0.7 s.
  await db.execute(sql`
    with per_bettor as (
      select w.draw_id, w.round, d.draw_date, d.pool_id, coalesce(w.company_id, 0) as company_id, w.user_id, w.number, w.bet_code,
             ${prizeOfSql('w')} as prize, count(*) as lines, sum(w.stake) as stake, sum(coalesce(w.player_winnings, 0)) as winnings
      from winners w
      join draws d on d.id = w.draw_id
      where ${strikes}
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    )
    insert into winning_summary (draw_id, round, draw_date, pool_id, company_id, user_id, number, bet_code, prize, lines, bettors, stake, winnings)
    select pb.draw_id, pb.round, pb.draw_date, pb.pool_id, pb.company_id, a.uid::int, pb.number, pb.bet_code, pb.prize,
           sum(pb.lines), count(*), sum(pb.stake), sum(pb.winnings)
    from per_bettor pb
    join users u on u.id = pb.user_id
    -- Every account of the bettor's path (the platform's too): a report for X reads X's rows only.
    cross join lateral unnest(string_to_array(trim(both '/' from u.path), '/')) as a(uid)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
}

/** After a company's lines of a draw's round are booked (the caller holds the draw's settlement lock). */
export async function summarizeBooking(db: DbOrTx, drawId: number, round: number, companyId: number) {
  await summarizeStakeholders(db, sql`b.draw_id = ${drawId}::int and b.round = ${round}::int and b.company_id = ${companyId}::int`);
}

/**
 * The winning summary of a draw's round, once its strikes are found (winners_at), unless written already:
 * once per round whoever asks (settlement beside the booking, then again before the draw is marked
 * distributed), under the draw's summary lock (the caller may hold the settlement lock, taken first).
 * Returns whether it wrote it now.
 */
export async function summarizeRoundWinnings(db: DbOrTx, drawId: number): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK_CLASS}::int, ${drawId}::int)`);
  const [s] = await rows<{ round: number; due: boolean }>(
    db,
    sql`select s.round, s.winners_at is not null and not exists (select 1 from winning_summary ws where ws.draw_id = s.draw_id and ws.round = s.round) as due
        from draw_settlements s where s.draw_id = ${drawId}::int`,
  );
  if (!s?.due) return false;
  await summarizeWinnings(db, sql`w.draw_id = ${drawId}::int and w.round = ${Number(s.round)}::int`);
  return true;
}

/**
 * Rebuilds both summaries of the given draws (the admin tool's resync): the stakeholder summary from the
 * figures of every distributed booking, the winning summary from the winners of every round. The caller
 * holds each draw's settlement and summary locks, so nothing of either is written meanwhile.
 * Returns the rows written.
 */
export async function resyncSettled(db: DbOrTx, drawIds: SQL): Promise<number> {
  await db.execute(sql`delete from stakeholder_summary where draw_id in (${drawIds})`);
  await db.execute(sql`delete from winning_summary where draw_id in (${drawIds})`);
  await summarizeStakeholders(db, sql`b.draw_id in (${drawIds})`);
  // Every round whose strikes are found: a round's winners are written at once (its step 1).
  await summarizeWinnings(db, sql`w.draw_id in (${drawIds})`);
  const [r] = (
    (await db.execute(sql`select (select count(*) from stakeholder_summary where draw_id in (${drawIds})) + (select count(*) from winning_summary where draw_id in (${drawIds})) as n`)) as unknown as {
      rows: { n: string }[];
    }
  ).rows;
  return Number(r.n);
}
