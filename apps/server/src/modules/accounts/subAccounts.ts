// Sub-accounts: staff logins of a main account with their own rights (never more than the main
// account's, see platform/session intersectAccess) and report access. Managing them is the Main Account
// function; a sub-account holding it manages its siblings only within its own rights (access/holds).
import { and, asc, eq, ne } from 'drizzle-orm';
import { ACCESS_OPTIONS, formatAccessString, FUNCTION_NAMES, type AccessMap, type AccessOption } from '@app/domain';
import { userActivityPermissions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { hashPassword } from '../../platform/password';
import { endUserSessions, loadAccess, type AuthContext } from '../../platform/session';
import { accessOfOptions, assertHeldByCaller, assertNotSelf } from '../access/holds';
import * as q from './queries';

/** Report access as rights: reading a function's reports is its view level. */
const reportRights = (reports: readonly string[]): AccessMap => new Map(reports.map((fn) => [fn, new Set([1 as const])]));

interface SubAccountInput {
  userId?: number;
  username?: string;
  fullName: string;
  password?: string;
  secondaryPassword?: string;
  status: string;
  activities: { activityId: number; option: AccessOption }[];
  reportAccess: string[];
}

export async function listSubAccounts(deps: Deps, auth: AuthContext) {
  const rows = await deps.db
    .select({ userId: users.id, username: users.username, fullName: users.fullName, status: users.status, reportAccess: users.reportAccess, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(and(eq(users.mainAccountId, auth.actingUserId), eq(users.isMainAccount, false), ne(users.recordStatus, 2)))
    .orderBy(asc(users.username));
  const access = await Promise.all(rows.map((r) => loadAccess(deps.db, r.userId)));
  return rows.map((r, i) => ({ ...r, accessString: formatAccessString(access[i]), lastLoginAt: r.lastLoginAt?.toISOString() ?? null }));
}

export async function saveSubAccount(deps: Deps, auth: AuthContext, body: SubAccountInput, ip: string) {
  const fields: Record<string, string> = {};
  if (!body.userId && !body.username) fields.username = 'required';
  if (!body.userId && !body.password) fields.password = 'required';
  body.activities.forEach((a, i) => {
    if (a.activityId < 1 || a.activityId > FUNCTION_NAMES.length) fields[`activities.${i}.activityId`] = 'pattern';
  });
  body.reportAccess.forEach((r, i) => {
    if (!(FUNCTION_NAMES as readonly string[]).includes(r)) fields[`reportAccess.${i}`] = 'pattern';
  });
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
  if (body.userId) assertNotSelf(auth, body.userId);
  assertHeldByCaller(auth, accessOfOptions(body.activities.map((a) => ({ activity: FUNCTION_NAMES[a.activityId - 1], option: a.option }))));
  assertHeldByCaller(auth, reportRights(body.reportAccess));
  const [passwordHash, secondaryHash] = await Promise.all([
    body.password ? hashPassword(body.password) : null,
    body.secondaryPassword ? hashPassword(body.secondaryPassword) : null,
  ]);
  const grants = body.activities.flatMap((a) => ACCESS_OPTIONS[a.option].map((permissionId) => ({ activityId: a.activityId, permissionId })));
  const now = deps.clock.now();
  const main = (await q.accountRow(deps.db, auth.actingUserId))!.u;
  return deps.db.transaction(async (tx) => {
    let id = body.userId;
    let before: unknown = null;
    if (id) {
      const [existing] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.mainAccountId, auth.actingUserId), ne(users.recordStatus, 2)))
        .for('no key update');
      if (!existing) throw notFound();
      const held = await loadAccess(tx, id);
      // Reaching a sibling (its password, its status) is reaching its rights.
      assertHeldByCaller(auth, held);
      assertHeldByCaller(auth, reportRights(existing.reportAccess));
      before = { status: existing.status, reportAccess: existing.reportAccess, access: formatAccessString(held) };
      await tx
        .update(users)
        .set({
          fullName: body.fullName,
          status: body.status,
          reportAccess: body.reportAccess,
          updatedAt: now,
          ...(passwordHash ? { passwordHash } : {}),
          ...(secondaryHash ? { secondaryPasswordHash: secondaryHash } : {}),
        })
        .where(eq(users.id, id));
      if (passwordHash || body.status !== 'Active') await endUserSessions(tx, deps.clock, id, 'changed-by-main-account');
    } else {
      if (await q.usernameTaken(tx, body.username!)) throw conflict('DUPLICATE_NAME');
      id = await q.insertAccount(tx, {
        username: body.username!,
        fullName: body.fullName,
        passwordHash: passwordHash!,
        secondaryPasswordHash: secondaryHash ?? passwordHash,
        roleId: main.roleId,
        level: main.level,
        parentId: main.id,
        isMainAccount: false,
        status: body.status,
        companyId: main.companyId,
        settings: { reportAccess: body.reportAccess },
      });
    }
    await tx.delete(userActivityPermissions).where(eq(userActivityPermissions.userId, id));
    if (grants.length) await tx.insert(userActivityPermissions).values(grants.map((g) => ({ userId: id!, ...g })));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: body.userId ? 'sub-account.update' : 'sub-account.create',
      targetType: 'user',
      targetId: id,
      before,
      after: { status: body.status, reportAccess: body.reportAccess, grants },
      ip,
    });
    return { userId: id };
  });
}

