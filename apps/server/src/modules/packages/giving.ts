// Who may give which package (decision 0005): shared by AssignPackage and by the new-account form, which
// assigns the packages chosen for the new account in the transaction that creates it (decision 0021).
import { hasAccess, RoleId } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import * as q from './queries';

export const isRootRole = (roleId: number) => roleId === RoleId.SuperAdmin || roleId === RoleId.ITAdmin;

/** The owner id an account's packages carry: null for the platform (system packages). */
export const ownerKey = (a: { id: number; roleId: number }) => (isRootRole(a.roleId) ? null : a.id);

/** Why an account may not change or give its packages, or null when it may. */
export function editRefusal(a: { roleId: number; fixPackage: boolean; canEditPackage: boolean }) {
  if (isRootRole(a.roleId)) return null;
  if (a.roleId !== RoleId.Company && a.roleId !== RoleId.Multilevel) return 'PACKAGE_EDIT_NOT_ALLOWED' as const;
  if (a.fixPackage) return 'PACKAGE_FIXED' as const;
  // A company defines its business's sheets; an account below it needs 'can edit package'.
  if (a.roleId === RoleId.Multilevel && !a.canEditPackage) return 'PACKAGE_EDIT_NOT_ALLOWED' as const;
  return null;
}

export const hasPackageWrite = (auth: AuthContext) =>
  (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) || hasAccess(auth.access, 'Package List', [2, 3]);

export const GIVEN_PACKAGE_TYPES = [0, 2, 3] as const;

export interface PackageChoice {
  packageType: number;
  /** What the new account gets without a choice: the upline's own package of the type (inherited). */
  inherited: { packageId: number; name: string } | null;
  /** The upline's own packages of the type that it may give (enabled, not red); empty when it may give none. */
  packages: { packageId: number; name: string }[];
}

/**
 * What the creator may give a new direct downline of `upline`, per package type: its own enabled, non-red
 * packages, when it may give packages at all (AssignPackage's rules: the upline is the caller's acting
 * account, it may edit packages, and the caller holds Package List create or edit).
 */
export async function packageChoices(
  db: DbOrTx,
  auth: AuthContext,
  upline: { id: number; roleId: number; fixPackage: boolean; canEditPackage: boolean },
): Promise<PackageChoice[]> {
  const mayGive = upline.id === auth.actingUserId && !editRefusal(upline) && hasPackageWrite(auth);
  const own = mayGive ? await q.ownedPackages(db, ownerKey(upline), {}) : [];
  return Promise.all(
    GIVEN_PACKAGE_TYPES.map(async (packageType) => {
      const eff = await q.resolveEffective(db, upline.id, packageType);
      const inheritedPkg = eff ? (await q.packagesByIds(db, [eff.packageId]))[0] : undefined;
      return {
        packageType,
        // The seed key lets the form show a seeded package ("Standard") in the reader's language.
        inherited: inheritedPkg ? { packageId: inheritedPkg.id, name: inheritedPkg.name, seedKey: inheritedPkg.seedKey ?? null } : null,
        packages: own.filter((p) => p.packageType === packageType && !p.isRedPackage).map((p) => ({ packageId: p.id, name: p.name, seedKey: p.seedKey ?? null })),
      };
    }),
  );
}

/**
 * Assigns the chosen packages to a new account in its creating transaction, under the same rules as
 * AssignPackage; a choice the creator may not give is a 400 naming `packages.<type>`. The new account has
 * no downline yet, so no package below can fall out of bounds.
 */
export async function assignChosenPackages(
  tx: DbOrTx,
  auth: AuthContext,
  upline: { id: number; roleId: number; fixPackage: boolean; canEditPackage: boolean },
  userId: number,
  chosen: { packageType: number; packageId: number }[],
  now: Date,
  ip: string,
) {
  if (!chosen.length) return;
  const fields: Record<string, string> = {};
  const mayGive = upline.id === auth.actingUserId && !editRefusal(upline) && hasPackageWrite(auth);
  const seen = new Set<number>();
  const valid: { packageType: number; packageId: number }[] = [];
  for (const c of chosen) {
    const key = `packages.${c.packageType}`;
    if (seen.has(c.packageType) || !mayGive) {
      fields[key] = 'pattern';
      continue;
    }
    seen.add(c.packageType);
    const pkg = await q.lockPackage(tx, c.packageId);
    if (!pkg || pkg.ownerUserId !== ownerKey(upline) || pkg.packageType !== c.packageType || pkg.isRedPackage || pkg.recordStatus !== 1) {
      fields[key] = 'pattern';
      continue;
    }
    valid.push(c);
  }
  if (Object.keys(fields).length) throw badRequest('INVALID_PACKAGE_INFO', fields);
  for (const c of valid) {
    await q.setAssignment(tx, { userId, packageType: c.packageType, packageId: c.packageId, assignedAt: now, assignedBy: auth.userId });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'package.assign',
      targetType: 'user',
      targetId: userId,
      before: { packageType: c.packageType, packageId: null },
      after: { packageType: c.packageType, packageId: c.packageId },
      ip,
    });
  }
}
