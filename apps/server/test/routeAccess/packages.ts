// Routes of packages (rate sheets, assignment, red package) and master templates.
export const packages: Record<string, string> = {
  'GET /api/Configuration/GetPackages': 'fn:Package List:1',
  'GET /api/Configuration/GetPackageDetail': 'fn:Package List:1',
  'GET /api/Configuration/GetPackageDetailById': 'fn:Package List:1',
  'POST /api/Configuration/CreateOrUpdatePackage': 'fn:Package List:2,3',
  'POST /api/Configuration/AssignPackage': 'fn:Package List:2,3',
  'POST /api/Account/FixIsRedPackage': 'fn:Package List:2,3 main-only',
  'GET /api/Configuration/GetMasterTemplates': 'roles:1',
  'GET /api/Configuration/GetMasterTemplateItems': 'roles:1',
  'GET /api/Configuration/GetMasterTemplateItemCategories': 'roles:1',
  'POST /api/Configuration/CreateOrUpdateMasterTemplate': 'roles:1',
};
