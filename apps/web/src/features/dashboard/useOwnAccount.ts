import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { useAuth, useAuthActions } from '../../state/AuthContext';

/**
 * What the dashboard reads of GetUserDetailsById; `availableCredit` is null for the root (no limit), `level`
 * names the hierarchy level (null above companies and for sub-accounts).
 */
export type OwnAccount = Omit<UserSummary, 'availableCredit'> & {
  availableCredit: number | null;
  level: number | null;
  /** Wallet balance and the subtree's outstanding (absent from older answers). */
  balance?: number;
  outstanding?: number;
};

/** The logged-in account's own details (credit balance); keeps auth state's creditLimit in step. */
export function useOwnAccount() {
  const { userData } = useAuth();
  const { setCreditLimit } = useAuthActions();
  const userId = userData?.userId;
  const query = useQuery({
    queryKey: ['userDetailsById', userId],
    queryFn: () => fetchData<OwnAccount>(API.Account.GetUserDetailsById, { query: { userId } }),
    enabled: userId !== undefined,
  });
  const creditLimit = query.data?.creditLimit;
  useEffect(() => {
    if (creditLimit !== undefined) setCreditLimit(creditLimit);
  }, [creditLimit, setCreditLimit]);
  return query;
}
