import { RoleId } from '@app/domain';

// Who may change packages (docs/decisions/0005-packages.md), as the server decides it, so the screens do
// not offer what would be refused: the platform and companies always, a multilevel account with "can edit
// package"; "fix package" forbids any change of one's own packages; players and houses own none.

export type PackageEditRefusal = 'PACKAGE_EDIT_NOT_ALLOWED' | 'PACKAGE_FIXED';

export function packageEditRefusal(roleId: number | undefined, settings?: { fixPackage?: boolean; canEditPackage?: boolean } | null): PackageEditRefusal | null {
  if (roleId === RoleId.SuperAdmin || roleId === RoleId.ITAdmin) return null;
  if (roleId !== RoleId.Company && roleId !== RoleId.Multilevel) return 'PACKAGE_EDIT_NOT_ALLOWED';
  // Unknown settings (a sub-account acts for its main account): the server decides.
  if (!settings) return null;
  if (settings.fixPackage) return 'PACKAGE_FIXED';
  if (roleId === RoleId.Multilevel && !settings.canEditPackage) return 'PACKAGE_EDIT_NOT_ALLOWED';
  return null;
}
