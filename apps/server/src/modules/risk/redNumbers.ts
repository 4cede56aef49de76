// Red numbers lower the limit of a number, or of its whole permutation group for the 4P/6P/12P/24P types.
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { distinctPermutations, permutationCount, permutationGroupKey, RedNumberType } from '@app/domain';
import { redNumbers } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';

export const PERMUTATION_TYPES = [
  { id: RedNumberType.Normal, name: 'Normal', permutations: 1 },
  { id: RedNumberType.P4, name: '4P', permutations: 4 },
  { id: RedNumberType.P6, name: '6P', permutations: 6 },
  { id: RedNumberType.P12, name: '12P', permutations: 12 },
  { id: RedNumberType.P24, name: '24P', permutations: 24 },
];

type Row = typeof redNumbers.$inferSelect;
const toView = (r: Row) => ({
  id: r.id,
  number: r.number,
  type: r.type,
  groupKey: r.groupKey,
  poolId: r.poolId,
  limitAmount: r.limitAmount,
  permutations: r.type === RedNumberType.Normal ? [r.number] : distinctPermutations(r.number),
  createdAt: r.createdAt.toISOString(),
});

export async function listRedNumbers(deps: Deps, auth: AuthContext, f: { search?: string; poolId?: number }) {
  const rows = await deps.db
    .select()
    .from(redNumbers)
    .where(
      and(
        eq(redNumbers.ownerUserId, auth.actingUserId),
        eq(redNumbers.recordStatus, 1),
        f.search ? sql`${redNumbers.number} like ${`%${f.search}%`}` : undefined,
        f.poolId ? or(eq(redNumbers.poolId, f.poolId), isNull(redNumbers.poolId)) : undefined,
      ),
    )
    .orderBy(asc(redNumbers.number));
  return rows.map(toView);
}

export async function saveRedNumber(
  deps: Deps,
  auth: AuthContext,
  body: { id?: number; number: string; type: number; poolId: number | null; limitAmount: number },
  ip: string,
) {
  const type = PERMUTATION_TYPES.find((p) => p.id === body.type)!;
  // A permutation type must match the number: 1123 has 12 permutations, so it can be 12P, not 24P.
  if (type.id !== RedNumberType.Normal && permutationCount(body.number) !== type.permutations) {
    throw badRequest('VALIDATION_FAILED', { type: 'pattern' });
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: redNumbers.id })
      .from(redNumbers)
      .where(
        and(
          eq(redNumbers.ownerUserId, auth.actingUserId),
          eq(redNumbers.number, body.number),
          body.poolId === null ? isNull(redNumbers.poolId) : eq(redNumbers.poolId, body.poolId),
          eq(redNumbers.recordStatus, 1),
          body.id ? ne(redNumbers.id, body.id) : undefined,
        ),
      );
    if (clash) throw conflict('DUPLICATED_NUMBER');
    const values = { number: body.number, type: body.type, groupKey: permutationGroupKey(body.number), poolId: body.poolId, limitAmount: body.limitAmount };
    let row: Row;
    let before: unknown = null;
    if (body.id) {
      const [existing] = await tx.select().from(redNumbers).where(and(eq(redNumbers.id, body.id), eq(redNumbers.ownerUserId, auth.actingUserId), eq(redNumbers.recordStatus, 1)));
      if (!existing) throw notFound();
      before = toView(existing);
      [row] = await tx.update(redNumbers).set(values).where(eq(redNumbers.id, body.id)).returning();
    } else {
      [row] = await tx.insert(redNumbers).values({ ...values, ownerUserId: auth.actingUserId, createdAt: now, createdBy: auth.userId }).returning();
    }
    await writeAudit(tx, now, { actorUserId: auth.userId, action: body.id ? 'red-number.update' : 'red-number.create', targetType: 'red-number', targetId: row.id, before, after: values, ip });
    return toView(row);
  });
}

export async function deleteRedNumber(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(redNumbers)
      .set({ recordStatus: 2 })
      .where(and(eq(redNumbers.id, id), eq(redNumbers.ownerUserId, auth.actingUserId), eq(redNumbers.recordStatus, 1)))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'red-number.delete', targetType: 'red-number', targetId: id, before: toView(row), ip });
  });
}

/**
 * The red-number limit that applies to a number for an owner and pool (the lowest of the number's own and
 * its group's), or null when the number is not red. Ordering calls it inside its transaction.
 */
export async function redLimitFor(tx: DbOrTx, ownerUserId: number, poolId: number, number: string): Promise<number | null> {
  const [row] = await tx
    .select({ limit: sql<number | null>`min(${redNumbers.limitAmount})`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(redNumbers)
    .where(
      and(
        eq(redNumbers.ownerUserId, ownerUserId),
        eq(redNumbers.recordStatus, 1),
        or(isNull(redNumbers.poolId), eq(redNumbers.poolId, poolId)),
        or(eq(redNumbers.number, number), and(ne(redNumbers.type, RedNumberType.Normal), eq(redNumbers.groupKey, permutationGroupKey(number)))),
      ),
    );
  return row?.limit ?? null;
}
