// Reads of the result screen: a date's draws with their results, the logins' names and the history, in
// three queries whatever the number of pools.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { draws, poolResults, pools, resultHistory, users } from '../../db/schema';
import type { ExtraGamesSold } from '@app/domain';
import type { DbOrTx } from '../../platform/db';

export async function drawsWithResults(db: DbOrTx, drawDate: string) {
  const entered = sql<string | null>`(select username from users u where u.id = ${poolResults.enteredBy})`;
  const changed = sql<string | null>`(select username from users u where u.id = ${poolResults.changedBy})`;
  const released = sql<string | null>`(select username from users u where u.id = ${poolResults.releasedBy})`;
  return db
    .select({
      drawId: draws.id,
      poolId: draws.poolId,
      poolName: pools.name,
      resultForm: pools.resultForm,
      drawDate: draws.drawDate,
      cutoffAt: draws.cutoffAt,
      numbers: poolResults.numbers,
      jackpots: poolResults.jackpots,
      status: poolResults.status,
      source: poolResults.source,
      confirmed: poolResults.confirmed,
      version: poolResults.version,
      enteredById: poolResults.enteredBy,
      changedById: poolResults.changedBy,
      enteredBy: entered,
      changedBy: changed,
      changedAt: poolResults.changedAt,
      releasedBy: released,
      releasedAt: poolResults.releasedAt,
    })
    .from(draws)
    .innerJoin(pools, eq(pools.id, draws.poolId))
    .leftJoin(poolResults, eq(poolResults.drawId, draws.id))
    .where(and(eq(draws.drawDate, drawDate), eq(draws.recordStatus, 1)))
    .orderBy(asc(draws.poolId));
}

export async function historyOf(db: DbOrTx, drawIds: number[]) {
  if (drawIds.length === 0) return [];
  return db
    .select({
      drawId: resultHistory.drawId,
      at: resultHistory.at,
      action: resultHistory.action,
      actor: users.username,
      source: resultHistory.source,
      note: resultHistory.note,
      numbers: resultHistory.numbers,
    })
    .from(resultHistory)
    .leftJoin(users, eq(users.id, resultHistory.actorId))
    .where(inArray(resultHistory.drawId, drawIds))
    .orderBy(asc(resultHistory.drawId), asc(resultHistory.id));
}

/** The draw and its result, the result row locked for the caller's transaction unless `lock` is false. */
export async function lockDrawResult(tx: DbOrTx, drawId: number, lock = true) {
  const [draw] = await tx
    .select({ id: draws.id, poolId: draws.poolId, drawDate: draws.drawDate, cutoffAt: draws.cutoffAt, recordStatus: draws.recordStatus })
    .from(draws)
    .where(eq(draws.id, drawId));
  if (!draw) return null;
  const read = tx.select().from(poolResults).where(eq(poolResults.drawId, drawId));
  const [result] = lock ? await read.for('update') : await read;
  return { draw, result: result ?? null };
}

/** What the result sites sent for a draw (its fetches and confirmations, oldest first), for the fetch's own release. */
export async function fetchesOf(tx: DbOrTx, drawId: number) {
  const found = await tx
    .select({ source: resultHistory.source, numbers: resultHistory.numbers })
    .from(resultHistory)
    .where(and(eq(resultHistory.drawId, drawId), inArray(resultHistory.action, ['fetch', 'confirm'])))
    .orderBy(asc(resultHistory.id));
  return found.filter((f): f is { source: string; numbers: NonNullable<typeof f.numbers> } => f.source != null && f.numbers != null);
}

/**
 * Which draws sold 5D or 6D (active lines), from the sales summary (a few rows per account and code of a
 * draw, net of voids): their result needs those numbers; a draw that sold none settles on its 4D.
 */
export async function extraGamesSold(db: DbOrTx, drawIds: number[]): Promise<Map<number, ExtraGamesSold>> {
  const out = new Map<number, ExtraGamesSold>(drawIds.map((id) => [id, { fiveD: false, sixD: false }]));
  if (drawIds.length === 0) return out;
  const found = (await db.execute(sql`
    select draw_id as "drawId", bet_code as code from sales_summary
    where draw_id = any(${`{${drawIds.join(',')}}`}::int[]) and bet_code in ('5D', '6D')
    group by draw_id, bet_code having sum(lines) > 0`)) as unknown as { rows: { drawId: number; code: string }[] };
  for (const r of found.rows) {
    const sold = out.get(Number(r.drawId))!;
    if (r.code === '5D') sold.fiveD = true;
    else sold.sixD = true;
  }
  return out;
}

/** One draw's `extraGamesSold`. */
export const extraGamesSoldOn = async (db: DbOrTx, drawId: number) => (await extraGamesSold(db, [drawId])).get(drawId)!;
