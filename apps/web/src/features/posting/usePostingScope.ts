import { useQuery } from '@tanstack/react-query';
import { RoleId } from '@app/domain';
import type { InitReport } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { useAuth } from '../../state/AuthContext';
import { useDrawQuery } from '../reports/useDrawQuery';

/**
 * The company and draw a posting screen reads, in the address (`userId` is the company): the super admin
 * picks the company (its direct downlines are the companies), a company reads its own book.
 */
export function usePostingScope() {
  const { userData } = useAuth();
  const superAdmin = userData?.userRoleId === RoleId.SuperAdmin;
  const companies = useQuery({ queryKey: ['report', 'init'], queryFn: () => fetchData<InitReport>(API.Report.InitReport), enabled: superAdmin });
  const q = useDrawQuery(superAdmin ? companies.data?.downlines[0]?.userId : undefined);
  const companyId = superAdmin ? q.userId : undefined;
  const companyOptions = (companies.data?.downlines ?? []).map((c) => ({ value: c.userId, label: c.username }));
  return { ...q, superAdmin, companyId, companyOptions, waiting: superAdmin && !q.userId };
}
