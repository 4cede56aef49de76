import { eq } from 'drizzle-orm';
import type { RoleDetail, UserActivityPermission } from '@app/contract';
import {
  ACCESS_OPTIONS,
  formatAccessString,
  optionForLevels,
  ROLE_NAMES,
  RoleId,
  type AccessLevel,
  type AccessMap,
  type AccessOption,
} from '@app/domain';
import { permissionRoles } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound, refused } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import type { Deps } from '../../platform/http';
import { loadAccess, type AuthContext } from '../../platform/session';
import * as accounts from '../accounts/service';
import { accessOfOptions, assertHeldByCaller, assertNotSelf } from './holds';
import * as q from './queries';

/** The rights a set of permission roles carries together. */
async function rolesAccess(db: DbOrTx, roleIds: number[]): Promise<AccessMap> {
  const grants = await q.rolesGrants(db, roleIds);
  const map: AccessMap = new Map();
  for (const g of grants) map.set(g.activity, new Set([...(map.get(g.activity) ?? []), g.permissionId as AccessLevel]));
  return map;
}

export const activitiesList = (deps: Deps) => q.listActivities(deps.db);
export const permissionsList = (deps: Deps) => q.listPermissions(deps.db);

export const activityPermissionSettings = () =>
  (Object.keys(ACCESS_OPTIONS) as AccessOption[]).map((option) => ({
    option,
    permissionIds: [...ACCESS_OPTIONS[option]] as number[],
  }));

export const userLevelRoles = () => Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name }));

function toRole(r: Awaited<ReturnType<typeof q.listRoles>>[number]) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    seedKey: r.seedKey,
    isSystem: r.isSystem,
    userCount: r.userCount,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listRoles(deps: Deps) {
  return (await q.listRoles(deps.db)).map(toRole);
}

export async function roleDetail(deps: Deps, roleId: number): Promise<RoleDetail> {
  const roles = await q.listRoles(deps.db);
  const role = roles.find((r) => r.id === roleId);
  if (!role) throw notFound();
  const [grants, acts] = await Promise.all([q.roleGrants(deps.db, roleId), q.listActivities(deps.db)]);
  return {
    ...toRole(role),
    activities: acts.map((a) => ({
      activityId: a.id,
      activity: a.name,
      option: optionForLevels(new Set(grants.filter((g) => g.activityId === a.id).map((g) => g.permissionId as AccessLevel))),
    })),
  };
}

/** The super admin's own role is locked: editing it could lock the platform out of itself. */
const isLocked = (role: { defaultForRoleId: number | null }) => role.defaultForRoleId === RoleId.SuperAdmin;

export async function createOrUpdateRole(
  deps: Deps,
  auth: AuthContext,
  input: { id?: number; name: string; description: string; activities: { activityId: number; option: AccessOption }[] },
  ip: string,
): Promise<RoleDetail> {
  const acts = await q.listActivities(deps.db);
  const known = new Set(acts.map((a) => a.id));
  const fields: Record<string, string> = {};
  input.activities.forEach((a, i) => {
    if (!known.has(a.activityId)) fields[`activities.${i}.activityId`] = 'pattern';
  });
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
  const names = new Map(acts.map((a) => [a.id, a.name]));
  assertHeldByCaller(auth, accessOfOptions(input.activities.map((a) => ({ activity: names.get(a.activityId)!, option: a.option }))));
  const sameName = await q.findRoleByName(deps.db, input.name);
  if (sameName && sameName.id !== input.id) throw conflict('DUPLICATE_NAME');
  const grants = input.activities.flatMap((a) =>
    ACCESS_OPTIONS[a.option].map((permissionId) => ({ activityId: a.activityId, permissionId })),
  );
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    let roleId = input.id;
    let before: unknown = null;
    if (roleId) {
      const existing = await q.findRole(tx, roleId);
      if (!existing) throw notFound();
      if (isLocked(existing)) throw refused('PERMISSION_DENIED');
      assertHeldByCaller(auth, await rolesAccess(tx, [roleId]));
      before = { name: existing.name, description: existing.description, grants: await q.roleGrants(tx, roleId) };
      await tx
        .update(permissionRoles)
        // A seeded role keeps its key (shown in the reader's language) only while its words are as seeded.
        .set({
          name: input.name,
          description: input.description,
          seedKey: existing.name === input.name && existing.description === input.description ? existing.seedKey : null,
          updatedAt: now,
          updatedBy: auth.userId,
        })
        .where(eq(permissionRoles.id, roleId));
    } else {
      const [created] = await tx
        .insert(permissionRoles)
        .values({ name: input.name, description: input.description, updatedAt: now, updatedBy: auth.userId })
        .returning({ id: permissionRoles.id });
      roleId = created.id;
    }
    await q.replaceRoleGrants(tx, roleId, grants);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: input.id ? 'role.update' : 'role.create',
      targetType: 'permission-role',
      targetId: roleId,
      before,
      after: { name: input.name, description: input.description, grants },
      ip,
    });
    return roleId;
  });
  return roleDetail(deps, id);
}

export async function assignRoles(deps: Deps, auth: AuthContext, input: { userId: number; roleIds: number[] }, ip: string) {
  await accounts.assertInSubtree(deps, auth, input.userId);
  assertNotSelf(auth, input.userId);
  const wanted = [...new Set(input.roleIds)].sort((a, b) => a - b);
  const existing = await q.existingRoleIds(deps.db, wanted);
  const missing = wanted.filter((id) => !existing.includes(id));
  if (missing.length) throw badRequest('VALIDATION_FAILED', { roleIds: 'pattern' });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await q.userRoleIds(tx, input.userId);
    // What the account holds now is reached, what the roles carry is given: both within the caller's own.
    assertHeldByCaller(auth, await loadAccess(tx, input.userId));
    assertHeldByCaller(auth, await rolesAccess(tx, wanted));
    await q.replaceUserRoles(tx, input.userId, wanted);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'user.roles.assign',
      targetType: 'user',
      targetId: input.userId,
      before: { roleIds: before },
      after: { roleIds: wanted },
      ip,
    });
  });
  return userActivityPermission(deps, auth, input.userId);
}

export async function userActivityPermission(deps: Deps, auth: AuthContext, userId: number): Promise<UserActivityPermission> {
  const user = await accounts.assertReadable(deps, auth, userId);
  const [roleIds, access] = await Promise.all([q.userRoleIds(deps.db, userId), loadAccess(deps.db, userId)]);
  return {
    userId,
    username: user.username,
    roleIds,
    accessString: formatAccessString(access),
    activities: [...access].map(([activity, levels]) => ({ activity, permissionIds: [...levels].sort() })),
  };
}
