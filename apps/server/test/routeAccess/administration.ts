// Administration (issue 14, decision 0033): the super admin's settings, announcements, currencies, API
// logs and admin tool; every account's own announcements and currency.
export const administration: Record<string, string> = {
  'GET /api/Configuration/GetSystemSetting': 'roles:1',
  'POST /api/Configuration/UpdateSystemSetting': 'roles:1',
  'GET /api/Configuration/GetAnnouncement': 'roles:1',
  'POST /api/Configuration/CreateOrUpdateAnnouncement': 'roles:1',
  'POST /api/Configuration/DeleteAnnouncement': 'roles:1',
  'GET /api/Configuration/GetMyAnnouncement': 'session',
  'POST /api/Configuration/ReadAnnouncement': 'session',
  'GET /api/Configuration/GetCurrencySetting': 'roles:1',
  'POST /api/Configuration/UpdateCurrencySetting': 'roles:1',
  'GET /api/Configuration/GetMyCurrency': 'session',
  'GET /api/Configuration/GetApiLog': 'roles:1',
  'GET /api/Configuration/GetApiRequestLog': 'roles:1',
  'GET /api/Configuration/GetAdminJobRuns': 'roles:1',
  'POST /api/Configuration/RunAdminJob': 'roles:1',
  'GET /api/Configuration/CheckLedger': 'roles:1',
  'GET /api/Configuration/GetAuditLog': 'roles:1',
  // Backups' stages (decision 0036).
  'GET /api/Report/GetBackupStage': 'roles:1',
};
