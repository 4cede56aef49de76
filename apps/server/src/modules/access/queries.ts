import { asc, eq, inArray, sql } from 'drizzle-orm';
import { activities, permissionRoles, permissions, roleActivityPermissions, userPermissionRoles } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export async function listRoles(db: DbOrTx) {
  return db
    .select({
      id: permissionRoles.id,
      name: permissionRoles.name,
      description: permissionRoles.description,
      seedKey: permissionRoles.seedKey,
      isSystem: permissionRoles.isSystem,
      defaultForRoleId: permissionRoles.defaultForRoleId,
      updatedAt: permissionRoles.updatedAt,
      userCount: sql<number>`(select count(*)::int from ${userPermissionRoles} upr where upr.role_id = ${permissionRoles.id})`,
    })
    .from(permissionRoles)
    .orderBy(asc(permissionRoles.id));
}

export async function findRole(db: DbOrTx, id: number) {
  const [row] = await db.select().from(permissionRoles).where(eq(permissionRoles.id, id));
  return row;
}

export async function findRoleByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: permissionRoles.id })
    .from(permissionRoles)
    .where(sql`lower(${permissionRoles.name}) = ${name.toLowerCase()}`);
  return row;
}

export async function roleGrants(db: DbOrTx, roleId: number) {
  return db
    .select({ activityId: roleActivityPermissions.activityId, permissionId: roleActivityPermissions.permissionId })
    .from(roleActivityPermissions)
    .where(eq(roleActivityPermissions.roleId, roleId));
}

/** The grants of several roles with their functions' names, in one query. */
export async function rolesGrants(db: DbOrTx, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({ activity: activities.name, permissionId: roleActivityPermissions.permissionId })
    .from(roleActivityPermissions)
    .innerJoin(activities, eq(activities.id, roleActivityPermissions.activityId))
    .where(inArray(roleActivityPermissions.roleId, roleIds));
}

export const listActivities = (db: DbOrTx) =>
  db.select({ id: activities.id, name: activities.name }).from(activities).orderBy(asc(activities.id));

export const listPermissions = (db: DbOrTx) =>
  db.select({ id: permissions.id, name: permissions.name, letter: permissions.letter }).from(permissions).orderBy(asc(permissions.id));

export async function userRoleIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: userPermissionRoles.roleId })
    .from(userPermissionRoles)
    .where(eq(userPermissionRoles.userId, userId))
    .orderBy(asc(userPermissionRoles.roleId));
  return rows.map((r) => r.roleId);
}

export async function existingRoleIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: permissionRoles.id }).from(permissionRoles).where(inArray(permissionRoles.id, ids));
  return rows.map((r) => r.id);
}

export async function replaceUserRoles(tx: DbOrTx, userId: number, roleIds: number[]) {
  await tx.delete(userPermissionRoles).where(eq(userPermissionRoles.userId, userId));
  if (roleIds.length) await tx.insert(userPermissionRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replaceRoleGrants(tx: DbOrTx, roleId: number, grants: { activityId: number; permissionId: number }[]) {
  await tx.delete(roleActivityPermissions).where(eq(roleActivityPermissions.roleId, roleId));
  if (grants.length) await tx.insert(roleActivityPermissions).values(grants.map((g) => ({ roleId, ...g })));
}
