// The draw calendar and cutoffs. The server's clock in the business time zone decides whether a draw is
// open; the browser's clock never does.
import { and, eq, ne } from 'drizzle-orm';
import type { Draw } from '@app/contract';
import { PoolId } from '@app/domain';
import { draws, poolCutoffs } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { businessDateOf, businessInstant } from '../../platform/businessTime';
import type { DbOrTx } from '../../platform/db';
import { conflict, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { readNumericSettings } from '../../platform/settings';
import * as q from './queries';

type DrawRow = Awaited<ReturnType<typeof q.drawById>> & object;

const toDraw = (r: DrawRow, now: Date): Draw => ({
  drawId: r.drawId,
  poolId: r.poolId,
  letter: r.letter,
  poolName: r.poolName,
  drawDate: r.drawDate,
  isSpecial: r.isSpecial,
  recordStatus: r.recordStatus,
  cutoffAt: r.cutoffAt.toISOString(),
  open: r.recordStatus === 1 && now < r.cutoffAt,
});

export const today = (deps: Deps) => businessDateOf(deps.clock.now(), deps.config.tzBusiness);

export async function poolsSelection(deps: Deps) {
  const now = deps.clock.now();
  const [pools, next] = await Promise.all([q.cutoffs(deps.db), q.nextOpenDraws(deps.db, Object.values(PoolId), now, 1)]);
  return pools.map((p) => {
    const n = next.find((d) => d.poolId === p.poolId);
    return {
      poolId: p.poolId,
      letter: p.letter,
      code: p.code,
      name: p.name,
      active: p.recordStatus === 1,
      cutoffHour: p.cutoffHour,
      cutoffMinute: p.cutoffMinute,
      nextDraw: n ? toDraw(n, now) : null,
    };
  });
}

/** Schedules a year of regular draws per pool by weekday; GD draws every day while dailyPool is 1. */
export async function scheduleYear(deps: Deps, auth: AuthContext, body: { year: number; schedules: { poolId: number; weekdays: number[] }[] }, ip: string) {
  const { dailyPool } = await readNumericSettings(deps.db, ['dailyPool']);
  return deps.db.transaction(async (tx) => {
    let created = 0;
    for (const s of body.schedules) {
      const weekdays = s.poolId === PoolId.GD && dailyPool === 1 ? [0, 1, 2, 3, 4, 5, 6] : [...new Set(s.weekdays)];
      created += await q.scheduleYear(tx, s.poolId, body.year, weekdays, deps.config.tzBusiness, auth.userId);
    }
    await writeAudit(tx, deps.clock.now(), { actorUserId: auth.userId, action: 'draws.schedule-year', targetType: 'draws', targetId: body.year, after: { ...body, created }, ip });
    return { created };
  });
}

export async function drawsOfYear(deps: Deps, year: number, poolId?: number) {
  const now = deps.clock.now();
  return (await q.drawsBetween(deps.db, `${year}-01-01`, `${year + 1}-01-01`, poolId)).map((r) => toDraw(r, now));
}

export async function drawsOfDay(deps: Deps, date?: string) {
  const day = date ?? today(deps);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const now = deps.clock.now();
  return (await q.drawsBetween(deps.db, day, next.toISOString().slice(0, 10))).map((r) => toDraw(r, now));
}

async function cutoffInstant(tx: DbOrTx, deps: Deps, poolId: number, drawDate: string) {
  const [c] = await tx.select().from(poolCutoffs).where(eq(poolCutoffs.poolId, poolId));
  return businessInstant(drawDate, c.cutoffHour, c.cutoffMinute, deps.config.tzBusiness);
}

/** Adds a (usually special) draw; a cancelled draw on that date is enabled again. */
export async function addDraw(deps: Deps, auth: AuthContext, body: { poolId: number; drawDate: string; isSpecial: boolean }, ip: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const cutoffAt = await cutoffInstant(tx, deps, body.poolId, body.drawDate);
    if (cutoffAt <= now) throw refused('DRAW_CLOSED');
    const existing = await q.drawOf(tx, body.poolId, body.drawDate);
    if (existing && existing.recordStatus === 1) throw conflict('DUPLICATE_DRAW');
    if (existing) {
      await tx.update(draws).set({ recordStatus: 1, isSpecial: body.isSpecial, cutoffAt }).where(eq(draws.id, existing.drawId));
    } else {
      await tx.insert(draws).values({ poolId: body.poolId, drawDate: body.drawDate, isSpecial: body.isSpecial, cutoffAt, createdBy: auth.userId });
    }
    const row = (await q.drawOf(tx, body.poolId, body.drawDate))!;
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'draw.add', targetType: 'draw', targetId: row.drawId, after: body, ip });
    return toDraw(row, now);
  });
}

/** Moves, cancels or deletes a draw whose sales are still open; a closed draw cannot change. */
export async function editDraw(deps: Deps, auth: AuthContext, body: { drawId: number; drawDate?: string; recordStatus?: number }, ip: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(draws).where(and(eq(draws.id, body.drawId), ne(draws.recordStatus, 2))).for('update');
    if (!locked) throw notFound();
    if (locked.cutoffAt <= now) throw refused('DRAW_CLOSED');
    const drawDate = body.drawDate ?? locked.drawDate;
    const cutoffAt = await cutoffInstant(tx, deps, locked.poolId, drawDate);
    if (cutoffAt <= now) throw refused('DRAW_CLOSED');
    if (drawDate !== locked.drawDate && (await q.drawOf(tx, locked.poolId, drawDate))) throw conflict('DUPLICATE_DRAW');
    // Its tickets were sold for this draw on this date: it is neither moved nor cancelled under them.
    // Counted once no placement is in flight on it (and none can start until this commits).
    if (drawDate !== locked.drawDate || (body.recordStatus ?? 1) !== 1) {
      // A draw that already has tickets is refused at once, without queueing placements behind the lock.
      if (await q.drawHasActiveBets(tx, locked.id)) throw refused('DRAW_HAS_TICKETS');
      await q.lockDrawAgainstPlacement(tx, locked.id);
      if (await q.drawHasActiveBets(tx, locked.id)) throw refused('DRAW_HAS_TICKETS');
    }
    await tx
      .update(draws)
      .set({ drawDate, cutoffAt, recordStatus: body.recordStatus ?? locked.recordStatus })
      .where(eq(draws.id, locked.id));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'draw.edit',
      targetType: 'draw',
      targetId: locked.id,
      before: { drawDate: locked.drawDate, recordStatus: locked.recordStatus },
      after: { drawDate, recordStatus: body.recordStatus ?? locked.recordStatus },
      ip,
    });
    return toDraw((await q.drawById(tx, locked.id))!, now);
  });
}

export async function updateCutoff(deps: Deps, auth: AuthContext, body: { poolId: number; cutoffHour: number; cutoffMinute: number }, ip: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(poolCutoffs).where(eq(poolCutoffs.poolId, body.poolId)).for('update');
    if (!before) throw notFound();
    await tx
      .update(poolCutoffs)
      .set({ cutoffHour: body.cutoffHour, cutoffMinute: body.cutoffMinute, updatedAt: now, updatedBy: auth.userId })
      .where(eq(poolCutoffs.poolId, body.poolId));
    await q.recomputeFutureCutoffs(tx, body.poolId, now, deps.config.tzBusiness);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'pool.cutoff',
      targetType: 'pool',
      targetId: body.poolId,
      before: { cutoffHour: before.cutoffHour, cutoffMinute: before.cutoffMinute },
      after: { cutoffHour: body.cutoffHour, cutoffMinute: body.cutoffMinute },
      ip,
    });
  });
  return poolsSelection(deps);
}

/**
 * Refuses (422 DRAW_CLOSED) unless the pool has an enabled draw on that date whose cutoff is still ahead
 * by the server's clock. Bets, voids and changes call it inside their own transaction.
 */
export async function assertDrawOpen(tx: DbOrTx, deps: Deps, poolId: number, drawDate: string) {
  const d = await q.drawOf(tx, poolId, drawDate);
  if (!d || d.recordStatus !== 1) throw refused('NO_DRAW');
  if (deps.clock.now() >= d.cutoffAt) throw refused('DRAW_CLOSED');
  return d;
}

export const nextOpenDraws = (deps: Deps, poolIds: number[], count: number) => q.nextOpenDraws(deps.db, poolIds, deps.clock.now(), count);
