// The draw calendar and cutoffs. The server's clock in the business time zone decides whether a draw is
// open; the browser's clock never does.
import { and, eq, ne } from 'drizzle-orm';
import type { ChangePreview, Draw, DrawClock } from '@app/contract';
import { PoolId, type ResultForm } from '@app/domain';
import { draws, poolCutoffs, poolWeekdayCutoffs } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { businessDateOf, businessMinuteOfDay } from '../../platform/businessTime';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { readNumericSettings } from '../../platform/settings';
import { verifySecondaryPassword } from '../auth/service';
import { poolRegistry } from '../pools/registry';
import * as q from './queries';

type DrawRow = Awaited<ReturnType<typeof q.drawById>> & object;

/** A cutoff instant as the wall-clock time it is in the business time zone. */
function wallClock(at: Date, tz: string) {
  const m = businessMinuteOfDay(at, tz);
  return { cutoffHour: Math.floor(m / 60), cutoffMinute: m % 60 };
}

const toDraw = (r: DrawRow, now: Date, tz: string): Draw => ({
  drawId: r.drawId,
  poolId: r.poolId,
  letter: r.letter,
  poolName: r.poolName,
  drawDate: r.drawDate,
  isSpecial: r.isSpecial,
  recordStatus: r.recordStatus,
  cutoffAt: r.cutoffAt.toISOString(),
  ...wallClock(r.cutoffAt, tz),
  ownCutoff: r.ownCutoff,
  open: r.recordStatus === 1 && now < r.cutoffAt,
});

export const today = (deps: Deps) => businessDateOf(deps.clock.now(), deps.config.tzBusiness);

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

export async function poolsSelection(deps: Deps) {
  const now = deps.clock.now();
  const [pools, weekdays, next] = await Promise.all([q.cutoffs(deps.db), q.weekdayCutoffs(deps.db), q.nextOpenDraws(deps.db, (await poolRegistry(deps.db)).map((p) => p.id), now, 1)]);
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
      weekdays: WEEKDAYS.map((weekday) => {
        const own = weekdays.find((w) => w.poolId === p.poolId && w.weekday === weekday);
        return own
          ? { weekday, cutoffHour: own.cutoffHour, cutoffMinute: own.cutoffMinute, own: true }
          : { weekday, cutoffHour: p.cutoffHour, cutoffMinute: p.cutoffMinute, own: false };
      }),
      nextDraw: n ? toDraw(n, now, deps.config.tzBusiness) : null,
      digit: p.digit,
      packageType: p.packageType,
      resultForm: p.resultForm as ResultForm,
      drawDays: p.drawDays,
    };
  });
}

/**
 * The draw clock of the betting screens: the server's time and, for each chosen pool (every pool when
 * none is chosen), its next `count` open draws with their cutoff and the time left, in one query.
 */
export async function drawClock(deps: Deps, poolIds: number[], count: number): Promise<DrawClock> {
  const now = deps.clock.now();
  const tz = deps.config.tzBusiness;
  const all = (await poolRegistry(deps.db)).map((p) => p.id);
  if (poolIds.some((id) => !all.includes(id))) throw badRequest('VALIDATION_FAILED', { poolIds: 'pattern' });
  const chosen = poolIds.length ? [...new Set(poolIds)].sort((a, b) => a - b) : all;
  const [pools, next] = await Promise.all([q.cutoffs(deps.db), q.nextOpenDraws(deps.db, chosen, now, count)]);
  return {
    serverTime: now.toISOString(),
    businessDate: businessDateOf(now, tz),
    timeZone: tz,
    pools: pools
      .filter((p) => chosen.includes(p.poolId))
      .map((p) => ({
        poolId: p.poolId,
        letter: p.letter,
        name: p.name,
        active: p.recordStatus === 1,
        draws: next
          .filter((d) => d.poolId === p.poolId)
          .map((d) => ({
            drawId: d.drawId,
            drawDate: d.drawDate,
            isSpecial: d.isSpecial,
            cutoffAt: d.cutoffAt.toISOString(),
            ...wallClock(d.cutoffAt, tz),
            ownCutoff: d.ownCutoff,
            msLeft: d.cutoffAt.getTime() - now.getTime(),
          })),
      })),
  };
}

/** Schedules a year of regular draws per pool by weekday; GD draws every day while dailyPool is 1. */
/** 400 naming the field when an id is not a pool there is (the contract bounds ids only; decision 0037). */
async function assertPools(deps: Deps, ids: number[], field = 'poolId') {
  const known = await poolRegistry(deps.db);
  if (ids.some((id) => !known.some((p) => p.id === id))) throw badRequest('VALIDATION_FAILED', { [field]: 'pattern' });
}

export async function scheduleYear(deps: Deps, auth: AuthContext, body: { year: number; schedules: { poolId: number; weekdays: number[] }[] }, ip: string) {
  await assertPools(deps, body.schedules.map((s) => s.poolId));
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
  return (await q.drawsBetween(deps.db, `${year}-01-01`, `${year + 1}-01-01`, poolId)).map((r) => toDraw(r, now, deps.config.tzBusiness));
}

/** The draws of a day (default the business date), or of `days` days from it in one query (date order). */
export async function drawsOfDay(deps: Deps, date?: string, days = 1) {
  const day = date ?? today(deps);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  const now = deps.clock.now();
  return (await q.drawsBetween(deps.db, day, next.toISOString().slice(0, 10))).map((r) => toDraw(r, now, deps.config.tzBusiness));
}

type OwnCutoff = { hour: number; minute: number } | null;
const ownCutoffOf = (b: { cutoffHour?: number | null; cutoffMinute?: number | null }): OwnCutoff | undefined =>
  b.cutoffHour === undefined || b.cutoffMinute === undefined ? undefined : b.cutoffHour === null || b.cutoffMinute === null ? null : { hour: b.cutoffHour, minute: b.cutoffMinute };

/**
 * Adds a (usually special) draw, with its own cutoff time when given (else its pool's time for the
 * weekday); a cancelled draw on that date is enabled again.
 */
export async function addDraw(
  deps: Deps,
  auth: AuthContext,
  body: { poolId: number; drawDate: string; isSpecial: boolean; cutoffHour?: number; cutoffMinute?: number },
  ip: string,
) {
  const now = deps.clock.now();
  const own = ownCutoffOf(body) ?? null;
  await assertPools(deps, [body.poolId]);
  return deps.db.transaction(async (tx) => {
    const cutoffAt = await q.cutoffInstantOf(tx, body.poolId, body.drawDate, own, deps.config.tzBusiness);
    if (cutoffAt <= now) throw refused('DRAW_CLOSED');
    const existing = await q.drawOf(tx, body.poolId, body.drawDate);
    if (existing && existing.recordStatus === 1) throw conflict('DUPLICATE_DRAW');
    const values = { isSpecial: body.isSpecial, cutoffAt, ownCutoffHour: own?.hour ?? null, ownCutoffMinute: own?.minute ?? null };
    if (existing) {
      await tx.update(draws).set({ recordStatus: 1, ...values }).where(eq(draws.id, existing.drawId));
    } else {
      await tx.insert(draws).values({ poolId: body.poolId, drawDate: body.drawDate, ...values, createdBy: auth.userId });
    }
    const row = (await q.drawOf(tx, body.poolId, body.drawDate))!;
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'draw.add', targetType: 'draw', targetId: row.drawId, after: body, ip });
    return toDraw(row, now, deps.config.tzBusiness);
  });
}

/** Moves, cancels or deletes a draw, or sets its own cutoff, while its sales are open; a closed draw cannot change. */
export async function editDraw(
  deps: Deps,
  auth: AuthContext,
  body: { drawId: number; drawDate?: string; recordStatus?: number; cutoffHour?: number | null; cutoffMinute?: number | null; secondaryPassword: string },
  ip: string,
) {
  // Checked (and throttled as the prompt is) before anything is read or locked: a wrong one changes nothing.
  await verifySecondaryPassword(deps, auth, body.secondaryPassword, ip);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(draws).where(and(eq(draws.id, body.drawId), ne(draws.recordStatus, 2))).for('update');
    if (!locked) throw notFound();
    if (locked.cutoffAt <= now) throw refused('DRAW_CLOSED');
    const drawDate = body.drawDate ?? locked.drawDate;
    const given = ownCutoffOf(body);
    const own: OwnCutoff = given !== undefined ? given : locked.ownCutoffHour === null ? null : { hour: locked.ownCutoffHour, minute: locked.ownCutoffMinute! };
    const cutoffAt = await q.cutoffInstantOf(tx, locked.poolId, drawDate, own, deps.config.tzBusiness);
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
      .set({ drawDate, cutoffAt, ownCutoffHour: own?.hour ?? null, ownCutoffMinute: own?.minute ?? null, recordStatus: body.recordStatus ?? locked.recordStatus })
      .where(eq(draws.id, locked.id));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'draw.edit',
      targetType: 'draw',
      targetId: locked.id,
      before: { drawDate: locked.drawDate, recordStatus: locked.recordStatus, cutoffAt: locked.cutoffAt.toISOString() },
      after: { drawDate, recordStatus: body.recordStatus ?? locked.recordStatus, cutoffAt: cutoffAt.toISOString() },
      ip,
    });
    return toDraw((await q.drawById(tx, locked.id))!, now, deps.config.tzBusiness);
  });
}

/**
 * Sets a pool's default cutoff, or one weekday's (a day set back to the default time follows the default
 * again), and moves the cutoff instant of the pool's coming draws that follow the pool's times.
 */
export async function updateCutoff(
  deps: Deps,
  auth: AuthContext,
  body: { poolId: number; weekday?: number; cutoffHour: number; cutoffMinute: number; secondaryPassword: string },
  ip: string,
) {
  await verifySecondaryPassword(deps, auth, body.secondaryPassword, ip);
  const now = deps.clock.now();
  const time = { cutoffHour: body.cutoffHour, cutoffMinute: body.cutoffMinute };
  await deps.db.transaction(async (tx) => {
    // The pool's row is locked whichever time changes, so two changes of one pool queue.
    const [pool] = await tx.select().from(poolCutoffs).where(eq(poolCutoffs.poolId, body.poolId)).for('update');
    if (!pool) throw notFound();
    let before: { cutoffHour: number; cutoffMinute: number };
    if (body.weekday === undefined) {
      before = { cutoffHour: pool.cutoffHour, cutoffMinute: pool.cutoffMinute };
      await tx.update(poolCutoffs).set({ ...time, updatedAt: now, updatedBy: auth.userId }).where(eq(poolCutoffs.poolId, body.poolId));
    } else {
      const dayKey = and(eq(poolWeekdayCutoffs.poolId, body.poolId), eq(poolWeekdayCutoffs.weekday, body.weekday));
      const [day] = await tx.select().from(poolWeekdayCutoffs).where(dayKey);
      before = day ? { cutoffHour: day.cutoffHour, cutoffMinute: day.cutoffMinute } : { cutoffHour: pool.cutoffHour, cutoffMinute: pool.cutoffMinute };
      if (body.cutoffHour === pool.cutoffHour && body.cutoffMinute === pool.cutoffMinute) await tx.delete(poolWeekdayCutoffs).where(dayKey);
      else
        await tx
          .insert(poolWeekdayCutoffs)
          .values({ poolId: body.poolId, weekday: body.weekday, ...time, updatedAt: now, updatedBy: auth.userId })
          .onConflictDoUpdate({ target: [poolWeekdayCutoffs.poolId, poolWeekdayCutoffs.weekday], set: { ...time, updatedAt: now, updatedBy: auth.userId } });
    }
    // What the change does, as the preview showed it, kept with the audit row.
    const effect = previewAnswer(deps, now, await q.previewCutoffChange(tx, { poolId: body.poolId, weekday: body.weekday, hour: body.cutoffHour, minute: body.cutoffMinute }, now, deps.config.tzBusiness), null).totals;
    await q.recomputeFutureCutoffs(tx, body.poolId, now, deps.config.tzBusiness);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'pool.cutoff',
      targetType: 'pool',
      targetId: body.poolId,
      before: { weekday: body.weekday ?? null, ...before },
      after: { weekday: body.weekday ?? null, ...time, effect },
      ip,
    });
  });
  return poolsSelection(deps);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function previewAnswer(deps: Deps, now: Date, rows: q.PreviewRow[], refusal: string | null): ChangePreview {
  const draws = rows
    .filter((r) => r.drawId !== null)
    .map((r) => {
      const newCutoffAt = iso(r.newCutoffAt);
      return {
        drawId: Number(r.drawId),
        poolId: Number(r.poolId),
        letter: r.letter ?? '',
        poolName: r.poolName ?? '',
        drawDate: r.drawDate ?? '',
        newDrawDate: r.newDrawDate ?? r.drawDate ?? '',
        cutoffAt: iso(r.cutoffAt)!,
        newCutoffAt,
        msLeft: newCutoffAt === null ? null : Date.parse(newCutoffAt) - now.getTime(),
        tickets: Number(r.tickets),
        agents: Number(r.agents),
        stake: Number(r.stake),
      };
    });
  const total = rows.find((r) => r.drawId === null);
  return {
    serverTime: now.toISOString(),
    timeZone: deps.config.tzBusiness,
    draws,
    totals: {
      draws: draws.length,
      tickets: total ? Number(total.tickets) : draws.reduce((a, d) => a + d.tickets, 0),
      agents: total ? Number(total.agents) : draws.reduce((a, d) => a + d.agents, 0),
      stake: total ? Number(total.stake) : draws.reduce((a, d) => a + d.stake, 0),
      closingAtOnce: draws.filter((d) => d.msLeft !== null && d.msLeft <= 0).length,
    },
    refusal,
  };
}

/**
 * What UpdateCutoffTime would do, changing nothing: each open draw of the pool whose close time moves, its
 * tickets, accounts and stake, and its new close time against the server's clock (one grouped statement).
 */
export async function previewCutoffChange(deps: Deps, query: { poolId: number; weekday?: number; cutoffHour: number; cutoffMinute: number }): Promise<ChangePreview> {
  await assertPools(deps, [query.poolId]);
  const now = deps.clock.now();
  const rows = await q.previewCutoffChange(deps.db, { poolId: query.poolId, weekday: query.weekday, hour: query.cutoffHour, minute: query.cutoffMinute }, now, deps.config.tzBusiness);
  // With no draw moved, the grouping set () still answers one totals row of zeros.
  return previewAnswer(deps, now, rows, null);
}

/**
 * What SubmitEditedDraw would do, changing nothing: the draw's new date and close time (none when
 * cancelled), what is sold on it, and the refusal the change would meet (the same rules as editDraw).
 */
export async function previewDrawChange(
  deps: Deps,
  query: { drawId: number; drawDate?: string; recordStatus?: number; cutoffHour?: number | null; cutoffMinute?: number | null },
): Promise<ChangePreview> {
  const now = deps.clock.now();
  const row = await q.previewDrawChange(deps.db, { drawId: query.drawId, drawDate: query.drawDate, recordStatus: query.recordStatus, own: ownCutoffOf(query) }, deps.config.tzBusiness);
  if (!row) throw notFound();
  const before = new Date(row.cutoffAt!);
  const after = row.newCutoffAt === null ? null : new Date(row.newCutoffAt);
  const moves = row.newDrawDate !== row.drawDate || (query.recordStatus ?? 1) !== 1;
  const refusal =
    before <= now || (after !== null && after <= now)
      ? 'DRAW_CLOSED'
      : row.newDrawDate !== row.drawDate && row.duplicate
        ? 'DUPLICATE_DRAW'
        : moves && Number(row.tickets) > 0
          ? 'DRAW_HAS_TICKETS'
          : null;
  return previewAnswer(deps, now, [row], refusal);
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
