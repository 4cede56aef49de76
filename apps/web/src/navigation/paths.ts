// Addresses of screens that other screens link to (features do not import each other).
export const PATHS = {
  dashboard: '/dashboard',
  accountManage: '/account/manage',
  accountDetail: '/account/detail',
  manageProfile: '/manage-profile',
  companyManage: '/company/manage',
  reserveName: '/account/reserve-name',
  cloneAccount: '/account/clone-account',
  subAccountDetail: '/sub-account/detail',
  apiAccount: '/account/create-api-account',
  payment: '/payment',
  creditLog: '/report/player-transaction',
} as const;

/** A path with a query, leaving out empty values. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
