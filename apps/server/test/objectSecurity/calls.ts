// Every call that names a target account, and how to aim it at a target. Modules add their calls here.
export interface Target {
  userId: number;
  username: string;
  uplineId: number;
}

export interface TargetedCall {
  name: string;
  request: (t: Target) => { url: string; method?: 'GET' | 'POST'; query?: Record<string, string | number>; json?: unknown };
}

const accountBody = (t: Target) => ({ userId: t.userId, fullName: 'Renamed', status: 'Active' });

export const targetedCalls: TargetedCall[] = [
  { name: 'Account/GetUserDetailsById', request: (t) => ({ url: '/api/Account/GetUserDetailsById', query: { userId: t.userId } }) },
  { name: 'Account/GetUserDetailByUsername', request: (t) => ({ url: '/api/Account/GetUserDetailByUsername', query: { username: t.username } }) },
  { name: 'Account/GetUserListing (drill-down)', request: (t) => ({ url: '/api/Account/GetUserListing', query: { parentId: t.userId } }) },
  { name: 'Account/GetHouseUsers (drill-down)', request: (t) => ({ url: '/api/Account/GetHouseUsers', query: { parentId: t.userId } }) },
  { name: 'Account/GetDirectDownlines', request: (t) => ({ url: '/api/Account/GetDirectDownlines', query: { userId: t.userId } }) },
  { name: 'Account/GetTargetLines', request: (t) => ({ url: '/api/Account/GetTargetLines', query: { userId: t.userId } }) },
  { name: 'Account/GetUserDetailInit (under target)', request: (t) => ({ url: '/api/Account/GetUserDetailInit', query: { uplineId: t.userId } }) },
  { name: 'Account/CreateOrUpdateUser (update)', request: (t) => ({ url: '/api/Account/CreateOrUpdateUser', json: accountBody(t) }) },
  {
    name: 'Account/CreateOrUpdateUser (create under target)',
    request: (t) => ({ url: '/api/Account/CreateOrUpdateUser', json: { uplineId: t.userId, username: `new-${Date.now()}`, password: 'Passw0rd!', fullName: 'New', level: 7 } }),
  },
  {
    name: 'Account/CloneAccount',
    request: (t) => ({ url: '/api/Account/CloneAccount', json: { sourceUserId: t.userId, username: `clone-${Date.now()}`, fullName: 'Clone', password: 'Passw0rd!' } }),
  },
  { name: 'Account/GetUserActivityPermission', request: (t) => ({ url: '/api/Account/GetUserActivityPermission', query: { userId: t.userId } }) },
  { name: 'Account/GetApiAccount', request: (t) => ({ url: '/api/Account/GetApiAccount', query: { userId: t.userId } }) },
  {
    name: 'Account/CreateOrUpdateApiAccount',
    request: (t) => ({ url: '/api/Account/CreateOrUpdateApiAccount', json: { userId: t.userId, clientOpcode: `op_${Date.now()}`, clientSecret: 'x'.repeat(40) } }),
  },
  { name: 'Setting/UpdateTargetUserUpline', request: (t) => ({ url: '/api/Setting/UpdateTargetUserUpline', json: { userId: t.userId, newUplineId: t.uplineId } }) },
  { name: 'Setting/DeleteUser', request: (t) => ({ url: '/api/Setting/DeleteUser', json: { userId: t.userId } }) },
  { name: 'Account/GetFightLimitRelatedData', request: (t) => ({ url: '/api/Account/GetFightLimitRelatedData', query: { userId: t.userId } }) },
  {
    name: 'Account/UpdateUserEatLimit',
    request: (t) => ({ url: '/api/Account/UpdateUserEatLimit', json: { userId: t.userId, eatType: 'percentage', limitMethod: 1, limits: [] } }),
  },
  { name: 'Configuration/GetPackages (of target)', request: (t) => ({ url: '/api/Configuration/GetPackages', query: { userId: t.userId } }) },
  { name: 'Configuration/GetPackageDetail (of target)', request: (t) => ({ url: '/api/Configuration/GetPackageDetail', query: { userId: t.userId, packageType: 0 } }) },
  { name: 'Configuration/AssignPackage', request: (t) => ({ url: '/api/Configuration/AssignPackage', json: { userId: t.userId, packageType: 0, packageId: null } }) },
  { name: 'Report/GetTicket (by account)', request: (t) => ({ url: '/api/Report/GetTicket', query: { userId: t.userId } }) },
  { name: 'Report/GetAutoTicket (by account)', request: (t) => ({ url: '/api/Report/GetAutoTicket', query: { userId: t.userId } }) },
  {
    name: 'Bet/SaveAutoTicket (for target)',
    request: (t) => ({ url: '/api/Bet/SaveAutoTicket', json: { targetUserId: t.userId, text: 'D\n#1\n1234#1', idempotencyKey: `auto-${Date.now()}-${Math.random()}` } }),
  },
  { name: 'Configuration/GetResendOrderLimit (drill-down)', request: (t) => ({ url: '/api/Configuration/GetResendOrderLimit', query: { parentId: t.userId } }) },
  { name: 'Configuration/UpdateResendOrderLimit', request: (t) => ({ url: '/api/Configuration/UpdateResendOrderLimit', json: { userId: t.userId, limit: 5 } }) },
];
