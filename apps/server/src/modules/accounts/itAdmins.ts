// IT admins (SPEC 6 role id 2): platform logins beside the super admin that enter and release results, so a
// result is released by another login than the one that typed it (four eyes, decision 0019). They hold no
// book: no level, credit, package or downline (decision 0048). Creating or changing one is platform
// administration, the super admin's own: its sub-accounts do not (decision 0013), whatever rights they hold.
import { type CreateOrUpdateUserBody } from '@app/contract';
import { RoleId } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { hashPassword } from '../../platform/password';
import type { AuthContext } from '../../platform/session';
import * as q from './queries';
import { consumeReservedName } from './reserveNames';
import { createAccount } from './service';

/** The body of CreateOrUpdateUser with the role asked for (SPEC 6 role id). */
export type CreateOrUpdateUserRequest = CreateOrUpdateUserBody & { userRoleId?: number };

/** The refusal of a role the caller may not create, whichever role that is. */
export const roleRefused = () => badRequest('VALIDATION_FAILED', { userRoleId: 'pattern' });

/** Only the super admin's own login (no sub-account, no one acting for it) manages IT admins. */
export function managesItAdmins(auth: AuthContext): boolean {
  return auth.roleId === RoleId.SuperAdmin && auth.isMainAccount && auth.actingUserId === auth.userId;
}

/** An IT admin is changed (status, password, deletion, clone) by the super admin only, or by itself as its profile. */
export function assertMayChangeItAdmin(auth: AuthContext, target: { userRoleId: number; userId: number }) {
  if (target.userRoleId === RoleId.ITAdmin && target.userId !== auth.userId && !managesItAdmins(auth)) throw forbidden();
}

/** Creates an IT admin directly under the super admin: name, contact, passwords and status, nothing of a book. */
export async function createItAdmin(deps: Deps, auth: AuthContext, body: CreateOrUpdateUserRequest, ip: string) {
  if (!managesItAdmins(auth)) throw roleRefused();
  const fields: Record<string, string> = {};
  if (!body.username) fields.username = 'required';
  if (!body.password) fields.password = 'required';
  if (body.level !== undefined) fields.level = 'pattern';
  if (body.isHouse) fields.isHouse = 'pattern';
  if (body.uplineId !== undefined && body.uplineId !== auth.actingUserId) fields.uplineId = 'pattern';
  if (body.creditLimit) fields.creditLimit = 'max';
  if (body.discount) fields.discount = 'max';
  if (body.positionTaking) fields.positionTaking = 'max';
  if (body.packages?.length) fields.packages = 'pattern';
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
  const [passwordHash, secondaryHash] = await Promise.all([
    hashPassword(body.password!),
    body.secondaryPassword ? hashPassword(body.secondaryPassword) : Promise.resolve(null),
  ]);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await q.lockAccount(tx, auth.actingUserId);
    if (await q.usernameTaken(tx, body.username!)) throw conflict('DUPLICATE_NAME');
    const id = await createAccount(tx, {
      username: body.username!,
      fullName: body.fullName,
      passwordHash,
      secondaryPasswordHash: secondaryHash ?? passwordHash,
      roleId: RoleId.ITAdmin,
      parentId: auth.actingUserId,
      isMainAccount: true,
      status: body.status,
      settings: { phone: body.phone || null, email: body.email || null, currency: body.currency },
    });
    await consumeReservedName(tx, auth.actingUserId, { username: body.username! });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      after: { username: body.username, level: null, roleId: RoleId.ITAdmin, uplineId: auth.actingUserId, status: body.status, creditLimit: 0 },
      ip,
    });
    return id;
  });
}
