// A sub-account gives and reaches only rights it holds itself (issue 10, item 2). Without this, a
// sub-account allowed to manage others could hand a sibling, a role or itself what it lacks, or take
// over a sibling holding more (set its password, log in as it). Main accounts are bounded otherwise:
// their sub-accounts' rights are cut to the main account's at every request (session intersectAccess).
import { ACCESS_OPTIONS, rightsNotHeld, RoleId, type AccessMap, type AccessOption } from '@app/domain';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';

/** The rights a list of role-editor choices grants. */
export function accessOfOptions(list: { activity: string; option: AccessOption }[]): AccessMap {
  const map: AccessMap = new Map();
  for (const { activity, option } of list) {
    const levels = ACCESS_OPTIONS[option];
    if (levels.length) map.set(activity, new Set([...(map.get(activity) ?? []), ...levels]));
  }
  return map;
}

/** The super admin's main account runs the platform: it holds everything. */
const holdsEverything = (auth: AuthContext) => auth.isMainAccount && auth.roleId === RoleId.SuperAdmin;

/**
 * Refuses (403 RIGHTS_NOT_HELD, naming what is missing) when the caller is a sub-account and `rights`
 * (given, or held by what it would reach) go beyond its own.
 */
export function assertHeldByCaller(auth: AuthContext, rights: AccessMap): void {
  if (auth.isMainAccount || holdsEverything(auth)) return;
  const missing = rightsNotHeld(rights, auth.access);
  if (missing.length) throw new AppError(403, 'RIGHTS_NOT_HELD', { missing });
}

/** A sub-account never manages itself (its rights, status or credentials) through another's call. */
export function assertNotSelf(auth: AuthContext, userId: number): void {
  if (!auth.isMainAccount && userId === auth.userId) throw new AppError(403, 'PERMISSION_DENIED');
}
