// Whose book a posting call reads: the super admin (or IT admin) names a company; a company (or its
// sub-account) reads its own. A company of another branch is not found.
import { RoleId } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { reportNode } from '../reports/scope';

export async function companyOf(db: DbOrTx, auth: AuthContext, companyId: number | undefined): Promise<number> {
  const platform = auth.roleId === RoleId.SuperAdmin || auth.roleId === RoleId.ITAdmin;
  if (platform && companyId === undefined) throw badRequest('COMPANY_REQUIRED', { companyId: 'REQUIRED' });
  const node = await reportNode(db, auth, companyId ?? auth.actingUserId);
  if (node.roleId !== RoleId.Company) throw notFound();
  return node.userId;
}
