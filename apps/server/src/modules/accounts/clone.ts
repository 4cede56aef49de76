// Clone account: a new account beside the source (same upline) with its settings and permission roles,
// never its money: the credit limit starts at zero and no balance moves.
import { eq } from 'drizzle-orm';
import { userPermissionRoles, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { hashPassword } from '../../platform/password';
import type { AuthContext } from '../../platform/session';
import * as q from './queries';
import { consumeReservedName } from './reserveNames';
import { assertInSubtree, mayDownline, userDetailsById } from './service';
import { assertMayChangeItAdmin } from './itAdmins';

const NOT_COPIED = new Set(['id', 'username', 'fullName', 'passwordHash', 'secondaryPasswordHash', 'path', 'creditLimit', 'lastLoginAt', 'createdAt', 'updatedAt', 'passwordChangedAt', 'tncAgreedAt', 'skipTnc', 'flaggedByUserId', 'status', 'recordStatus']);

export async function cloneAccount(
  deps: Deps,
  auth: AuthContext,
  body: { sourceUserId: number; username: string; fullName: string; password: string },
  ip: string,
) {
  assertMayChangeItAdmin(auth, await assertInSubtree(deps, auth, body.sourceUserId));
  if (body.sourceUserId === auth.actingUserId || !mayDownline(auth, [2])) throw forbidden();
  const hash = await hashPassword(body.password);
  const id = await deps.db.transaction(async (tx) => {
    const source = await q.lockAccount(tx, body.sourceUserId);
    if (!source || !source.isMainAccount || source.uplineId === null) throw notFound();
    // The clone is made active beside its source: only from an active account under an active chain.
    if (source.status !== 'Active') throw refused('ACCOUNT_DISABLED');
    if (!(await q.uplinesActive(tx, source.id))) throw refused('UPLINE_NOT_ACTIVE');
    if (await q.usernameTaken(tx, body.username)) throw conflict('DUPLICATE_NAME');
    const settings = Object.fromEntries(Object.entries(source).filter(([k]) => !NOT_COPIED.has(k))) as Partial<typeof users.$inferInsert>;
    const newId = await q.insertAccount(tx, {
      username: body.username,
      fullName: body.fullName,
      passwordHash: hash,
      secondaryPasswordHash: hash,
      roleId: source.roleId,
      level: source.level,
      parentId: source.uplineId,
      isMainAccount: true,
      creditLimit: 0,
      companyId: source.companyId,
      settings,
    });
    const roles = await tx.select({ roleId: userPermissionRoles.roleId }).from(userPermissionRoles).where(eq(userPermissionRoles.userId, source.id));
    if (roles.length) await tx.insert(userPermissionRoles).values(roles.map((r) => ({ userId: newId, roleId: r.roleId })));
    await consumeReservedName(tx, auth.actingUserId, { username: body.username });
    await writeAudit(tx, deps.clock.now(), {
      actorUserId: auth.userId,
      action: 'user.clone',
      targetType: 'user',
      targetId: newId,
      before: { sourceUserId: source.id },
      after: { username: body.username, uplineId: source.uplineId },
      ip,
    });
    return newId;
  });
  return userDetailsById(deps, auth, id);
}
