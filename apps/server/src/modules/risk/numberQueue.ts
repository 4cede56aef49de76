// The number queue: numbers blocked because their limit was reached, until an admin unblocks them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { QueueStatus } from '@app/domain';
import { numberQueue } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';

export async function listQueue(deps: Deps, auth: AuthContext, f: { drawDate?: string; poolId?: number }) {
  const rows = await deps.db
    .select()
    .from(numberQueue)
    .where(
      and(
        eq(numberQueue.ownerUserId, auth.actingUserId),
        eq(numberQueue.status, QueueStatus.Active),
        f.drawDate ? eq(numberQueue.drawDate, f.drawDate) : undefined,
        f.poolId ? eq(numberQueue.poolId, f.poolId) : undefined,
      ),
    )
    .orderBy(asc(numberQueue.drawDate), asc(numberQueue.number));
  return rows.map((r) => ({ id: r.id, poolId: r.poolId, drawDate: r.drawDate, number: r.number, betCode: r.betCode, reason: r.reason, createdAt: r.createdAt.toISOString() }));
}

/** Unblocks (cancels) the given active entries of the caller's queue, or all of them. */
export async function unblock(deps: Deps, auth: AuthContext, body: { ids: number[] } | { all: true }, ip: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(numberQueue)
      .set({ status: QueueStatus.Cancelled, resolvedAt: now, resolvedBy: auth.userId })
      .where(
        and(
          eq(numberQueue.ownerUserId, auth.actingUserId),
          eq(numberQueue.status, QueueStatus.Active),
          'ids' in body ? inArray(numberQueue.id, body.ids) : undefined,
        ),
      )
      .returning({ id: numberQueue.id });
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'number-queue.unblock', targetType: 'number-queue', after: { ids: rows.map((r) => r.id) }, ip });
    return { unblocked: rows.length };
  });
}

/** Whether a number is blocked for an owner in a draw (ordering refuses or passes it up). */
export async function isBlocked(tx: DbOrTx, ownerUserId: number, poolId: number, drawDate: string, number: string, betCode: string) {
  const [row] = await tx
    .select({ id: numberQueue.id })
    .from(numberQueue)
    .where(
      and(
        eq(numberQueue.ownerUserId, ownerUserId),
        eq(numberQueue.poolId, poolId),
        eq(numberQueue.drawDate, drawDate),
        eq(numberQueue.number, number),
        eq(numberQueue.betCode, betCode),
        eq(numberQueue.status, QueueStatus.Active),
      ),
    )
    .limit(1);
  return !!row;
}
