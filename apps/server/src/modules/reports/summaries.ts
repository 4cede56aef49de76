// The report summaries (decision 0034): what placement adds and a void takes back, per account of each
// ticket's chain, written by the statement that books the money (placement's write, the void's update),
// so the sales reports and the map read a few rows per account and draw instead of the lines.
// Rows are deltas, never updated in place: many placements at once append their own rows without a lock
// to wait for or deadlock on, and nothing is lost; readers sum them. Once a draw is distributed its
// deltas are folded into one row per key (compactDraw), which changes no sum.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { SETTLE_LOCK_CLASS } from '../settlement/queries';
import { resyncSettled, SUMMARY_LOCK_CLASS } from './settledSummaries';
import { rebuildChainSums } from '../settlement/chainSums';

/**
 * CTEs appending the deltas of a set of lines. `lines` names a relation with id, ticket_id, draw_id,
 * pool_id, draw_date, user_id (the ticket's owner), number, bet_code, stake, commission; `shares` one with
 * bet_line_id, user_id, amount (what each account ate of a line). `sign` is 1 when lines are placed, -1
 * when they are voided. Every account of the owner's path (users.path "/1/5/9/") gets a sales row, with
 * the path's next account as the direct downline the lines came through (0: the account's own tickets),
 * as the reports cut the subtree; every account above the owner gets a map row. `sm_sales` and `sm_map`
 * return a row per row written, for a statement that must wait for them (placement's write, decision 0062).
 */
export function summaryDeltasCtes(lines: string, shares: string, sign: 1 | -1): SQL {
  const l = sql.raw(lines);
  const s = sql.raw(shares);
  const k = sql.raw(sign === 1 ? '' : '-');
  return sql`
    sm_chain as (
      select u.id as owner, a.uid::int as uid, coalesce(p.ids[a.n::int + 1], '0')::int as via
      from users u
      cross join lateral (select string_to_array(trim(both '/' from u.path), '/') as ids) p
      cross join lateral unnest(p.ids) with ordinality as a(uid, n)
      where u.id in (select distinct user_id from ${l})
    ),
    sm_sales as (
      insert into sales_summary (draw_id, pool_id, draw_date, user_id, via_user_id, bet_code, tickets, lines, turnover, commission)
      select x.draw_id, x.pool_id, x.draw_date, c.uid, c.via, coalesce(x.bet_code, ''),
             ${k}count(distinct x.ticket_id), ${k}count(*), ${k}sum(x.stake), ${k}sum(x.commission)
      from ${l} x join sm_chain c on c.owner = x.user_id
      group by grouping sets ((x.draw_id, x.pool_id, x.draw_date, c.uid, c.via, x.bet_code), (x.draw_id, x.pool_id, x.draw_date, c.uid, c.via))
      returning 1
    ),
    sm_map as (
      insert into map_summary (draw_id, user_id, number, bet_code, stake, eaten)
      select x.draw_id, c.uid, x.number, x.bet_code, ${k}sum(x.stake), ${k}coalesce(sum(e.amount), 0)
      from ${l} x join sm_chain c on c.owner = x.user_id
      left join ${s} e on e.bet_line_id = x.id and e.user_id = c.uid
      -- Not the owner's own row: a bettor's own lines of a draw are few and the map reads them directly,
      -- where a row per player, number and code would double what placement writes.
      where c.uid <> x.user_id
      group by x.draw_id, c.uid, x.number, x.bet_code
      returning 1
    )`;
}

/**
 * Folds a draw's deltas into one row per key (rows summing to nothing dropped). The settlement sums
 * (decision 0043) are left as written: no report reads them, and settlement reads a draw's once a round. Rows appended meanwhile
 * (a late void) are not in this statement's snapshot and stay as they are: no sum changes either way.
 */
export async function compactDraw(db: DbOrTx, drawId: number) {
  // Alone with a resync of the draw: each deletes rows the other's snapshot does not see it wrote.
  await db.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK_CLASS}::int, ${drawId}::int)`);
  await db.execute(sql`
    with d as (delete from sales_summary where draw_id = ${drawId}::int returning *)
    insert into sales_summary (draw_id, pool_id, draw_date, user_id, via_user_id, bet_code, tickets, lines, turnover, commission)
    select draw_id, pool_id, draw_date, user_id, via_user_id, bet_code, sum(tickets), sum(lines), sum(turnover), sum(commission)
    from d group by draw_id, pool_id, draw_date, user_id, via_user_id, bet_code having sum(lines) <> 0`);
  await db.execute(sql`
    with d as (delete from map_summary where draw_id = ${drawId}::int returning *)
    insert into map_summary (draw_id, user_id, number, bet_code, stake, eaten)
    select draw_id, user_id, number, bet_code, sum(stake), sum(eaten)
    from d group by draw_id, user_id, number, bet_code having sum(stake) <> 0 or sum(eaten) <> 0`);
}

/**
 * Appends the summary rows of a draw's active lines as placement would have (one row per key): for data
 * written without placement (the reports benchmark's seeding). The same generator as placement's.
 */
export async function summarizeDrawLines(db: DbOrTx, drawId: number) {
  await db.execute(sql`
    with sm_lines as (
      select l.id, l.ticket_id, l.draw_id, l.pool_id, l.draw_date, l.user_id, l.number, l.bet_code, l.stake, l.commission
      from bet_lines l join tickets t on t.id = l.ticket_id and t.status = 1 where l.draw_id = ${drawId}::int and l.status = 1
    ),
    sm_shares as materialized (select bet_line_id, user_id, amount from eat_shares where draw_id = ${drawId}::int),
    ${summaryDeltasCtes('sm_lines', 'sm_shares', 1)}
    select 1`);
}

/**
 * Resync (the admin tool, decision 0036): rebuilds the summary rows of every draw of a business date from
 * its active lines, in one statement. The deletes and the rebuild share one snapshot, so a placement
 * committing meanwhile is either in both (its deltas deleted, its lines counted) or in neither (its deltas
 * kept, its lines not read): never twice, never lost. Returns the lines read and the rows written.
 */
export async function resyncDate(db: DbOrTx, date: string): Promise<{ draws: number; lines: number; salesRows: number; mapRows: number; settledRows: number }> {
  // Each draw's settlement lock first (in id order; settlement takes it before the summary lock), so no
  // distribution books a round while its settled summaries are rebuilt.
  await db.execute(sql`select count(pg_advisory_xact_lock(${SETTLE_LOCK_CLASS}::int, id)) from (select id from draws where draw_date = ${date}::date order by id) d`);
  // Each draw of the date locked (in id order) before the rebuild's statement takes its snapshot: a second
  // resync or a compaction running beside it would otherwise keep the rows this one writes and add its own.
  await db.execute(sql`select count(pg_advisory_xact_lock(${SUMMARY_LOCK_CLASS}::int, id)) from (select id from draws where draw_date = ${date}::date order by id) d`);
  await db.execute(sql`
    with sm_draws as materialized (select id from draws where draw_date = ${date}::date),
    sm_del_sales as (delete from sales_summary where draw_id in (select id from sm_draws) returning 1),
    sm_del_map as (delete from map_summary where draw_id in (select id from sm_draws) returning 1),
    sm_lines as (
      select l.id, l.ticket_id, l.draw_id, l.pool_id, l.draw_date, l.user_id, l.number, l.bet_code, l.stake, l.commission
      from bet_lines l join tickets t on t.id = l.ticket_id and t.status = 1
      where l.draw_id in (select id from sm_draws) and l.status = 1
    ),
    sm_shares as materialized (select bet_line_id, user_id, amount from eat_shares where draw_id in (select id from sm_draws)),
    ${summaryDeltasCtes('sm_lines', 'sm_shares', 1)}
    select (select count(*) from sm_del_sales) + (select count(*) from sm_del_map) as deleted`);
  const [r] = (
    (await db.execute(sql`
      select (select count(*)::int from draws where draw_date = ${date}::date) as draws,
             (select count(*)::int from bet_lines l join tickets t on t.id = l.ticket_id and t.status = 1
               where l.draw_date = ${date}::date and l.status = 1) as lines,
             (select count(*)::int from sales_summary where draw_date = ${date}::date) as "salesRows",
             (select count(*)::int from map_summary where draw_id in (select id from draws where draw_date = ${date}::date)) as "mapRows"`)) as unknown as {
      rows: { draws: number; lines: number; salesRows: number; mapRows: number }[];
    }
  ).rows;
  // What settlement sums of the date's lines (decision 0043), from the same lines.
  await rebuildChainSums(db, sql`select id from draws where draw_date = ${date}::date`);
  // What settlement booked for the date's draws, rebuilt from the figures and winners (decision 0039).
  const settledRows = await resyncSettled(db, sql`select id from draws where draw_date = ${date}::date`);
  return { draws: Number(r.draws), lines: Number(r.lines), salesRows: Number(r.salesRows), mapRows: Number(r.mapRows), settledRows };
}
