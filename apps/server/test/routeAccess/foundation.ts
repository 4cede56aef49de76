// Routes of the foundation (auth, roles and permissions).
export const foundation: Record<string, string> = {
  'POST /api/Account/Login': 'public',
  'POST /api/Account/Logout': 'public',
  'GET /api/Account/IsLoggedIn': 'public',
  'POST /api/Account/ChangePassword': 'session',
  'POST /api/Account/AgreeTermsAndConditions': 'session',
  'POST /api/Configuration/VerifySecondaryPassword': 'session',
  'GET /api/Setting/GetRoles': 'roles:1 fn:Main Account:1',
  'GET /api/Setting/GetActivities': 'roles:1 fn:Main Account:1',
  'GET /api/Setting/GetPermissions': 'roles:1 fn:Main Account:1',
  'GET /api/Setting/GetActivityPermissionSetting': 'roles:1 fn:Main Account:1',
  'GET /api/Setting/GetRoleActivityPermission': 'roles:1 fn:Main Account:1',
  'GET /api/Account/GetRoleById': 'roles:1 fn:Main Account:1',
  'POST /api/Setting/CreateOrUpdateRole': 'roles:1 fn:Main Account:2,3 secondary',
  'POST /api/Setting/AssignRoles': 'roles:1 fn:Main Account:2,3 secondary',
  'GET /api/Account/GetRoleAccessData': 'session',
  'GET /api/Account/GetUserActivityPermission': 'session',
};
