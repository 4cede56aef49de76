import { useMemo } from 'react';
import { hasAccess, type AccessLevel, type FunctionName } from '@app/domain';
import { useAuth } from '../state/AuthContext';
import { useAvailableRoutes } from './RoutesContext';

/** What the viewer may do: a function at some level (access string), and which screens exist for them. */
export function useAccess() {
  const { userData } = useAuth();
  const routes = useAvailableRoutes();
  return useMemo(() => {
    const paths = new Set(routes.map((r) => r.path));
    const access = userData?.accessString ?? '';
    return {
      can: (fn: FunctionName, levels: readonly AccessLevel[]) => hasAccess(access, fn, levels),
      hasRoute: (path: string) => paths.has(path),
      userId: userData?.userId,
      userRoleId: userData?.userRoleId,
      mainAccount: userData?.mainAccount ?? false,
    };
  }, [userData, routes]);
}
