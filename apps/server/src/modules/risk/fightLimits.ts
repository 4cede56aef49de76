// Fight (eat) limits: how an account takes its share of each bet line: a percentage (position taking) or
// an amount per pool and bet code, counted per bet code, per number across codes, or per permutation group.
import { eq, sql, type SQL } from 'drizzle-orm';
import { BET_CODES } from '@app/domain';
import { eatSettings, fightLimits, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { assertInSubtree, mayDownline } from '../accounts/service';
import { hasAccess, RoleId } from '@app/domain';

const mayFightLimit = (auth: AuthContext, levels: (1 | 2 | 3 | 4)[]) =>
  (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) || hasAccess(auth.access, 'Fight Limit', levels);

export async function fightLimitData(deps: Deps, auth: AuthContext, userId?: number) {
  const id = userId ?? auth.actingUserId;
  // The caller's own right first, so the refusal never depends on whether the id exists (decision 0049).
  if (id !== auth.actingUserId && !mayDownline(auth, [1])) throw forbidden();
  // The subtree check and the three reads at once (one round trip's wait, not four: the Edit Fight Limit
  // popup waits for this answer); nothing read is returned unless the check passed.
  const [, [u], [settings], limits] = await Promise.all([
    assertInSubtree(deps, auth, id),
    deps.db.select().from(users).where(eq(users.id, id)),
    deps.db.select().from(eatSettings).where(eq(eatSettings.userId, id)),
    deps.db
      .select({ poolId: fightLimits.poolId, betCode: fightLimits.betCode, amount: fightLimits.amount })
      .from(fightLimits)
      .where(eq(fightLimits.userId, id)),
  ]);
  return {
    userId: id,
    username: u.username,
    eatType: (settings?.eatType ?? 'percentage') as 'percentage' | 'amount',
    limitMethod: settings?.limitMethod ?? 1,
    eatSequence: u.eatSequence,
    positionTaking: Number(u.positionTaking),
    maxFightLimit: u.maxFightLimit,
    limits: limits as { poolId: number; betCode: (typeof BET_CODES)[number]; amount: number }[],
    betCodes: [...BET_CODES],
  };
}

export async function updateEatLimit(
  deps: Deps,
  auth: AuthContext,
  body: { userId: number; eatType: 'percentage' | 'amount'; limitMethod: number; eatSequence?: string; limits: { poolId: number; betCode: string; amount: number }[] },
  ip: string,
) {
  // One's own eat limits, or a downline's with Downline edit; both need Fight Limit edit. Checked before
  // the lookup: the refusal depends on the caller only, never on whether the id exists (decision 0049).
  if (!mayFightLimit(auth, [3]) || (body.userId !== auth.actingUserId && !mayDownline(auth, [3]))) throw forbidden();
  await assertInSubtree(deps, auth, body.userId);
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  const before = await fightLimitData(deps, auth, body.userId);
  body.limits.forEach((l, i) => {
    const key = `${l.poolId}:${l.betCode}`;
    if (seen.has(key)) fields[`limits.${i}`] = 'pattern';
    seen.add(key);
    if (before.maxFightLimit > 0 && l.amount > before.maxFightLimit) fields[`limits.${i}.amount`] = 'max';
  });
  if (Object.keys(fields).length) throw badRequest(body.limits.length && Object.values(fields).includes('pattern') ? 'DUPLICATED_NUMBER' : 'VALIDATION_FAILED', fields);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(eatSettings)
      .values({ userId: body.userId, eatType: body.eatType, limitMethod: body.limitMethod, updatedAt: now, updatedBy: auth.userId })
      .onConflictDoUpdate({ target: eatSettings.userId, set: { eatType: body.eatType, limitMethod: body.limitMethod, updatedAt: now, updatedBy: auth.userId } });
    if (body.eatSequence) await tx.update(users).set({ eatSequence: body.eatSequence }).where(eq(users.id, body.userId));
    await tx.delete(fightLimits).where(eq(fightLimits.userId, body.userId));
    if (body.limits.length) await tx.insert(fightLimits).values(body.limits.map((l) => ({ userId: body.userId, ...l })));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'fight-limit.update',
      targetType: 'user',
      targetId: body.userId,
      before: { eatType: before.eatType, limitMethod: before.limitMethod, limits: before.limits },
      after: { eatType: body.eatType, limitMethod: body.limitMethod, limits: body.limits },
      ip,
    });
  });
  return fightLimitData(deps, auth, body.userId);
}

/**
 * SQL of an account's limit on each (number, bet_code) of the relation `numbers` for one pool: its fight
 * limit for the pool and code, lowered by its red numbers (a permutation type covers the number's whole
 * group, keyed by its sorted digits); null where it has neither. The run map (decision 0030) reads it.
 */
export const numberLimitSql = (userId: number, poolId: number, numbers: SQL) => sql`
  select n.number, n.bet_code, least(max(f.amount), min(r.limit_amount)) as lim
  from (${numbers}) n
  left join fight_limits f on f.user_id = ${userId}::int and f.pool_id = ${poolId}::int and f.bet_code = n.bet_code
  left join red_numbers r on r.owner_user_id = ${userId}::int and r.record_status = 1 and (r.pool_id is null or r.pool_id = ${poolId}::int)
    and (r.number = n.number or (r.type <> 1 and r.group_key = (select string_agg(c, '' order by c) from unnest(string_to_array(n.number, null)) c)))
  group by n.number, n.bet_code`;
