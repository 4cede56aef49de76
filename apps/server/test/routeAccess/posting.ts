// Posting (decision 0032): remote agents are configured by the super admin; the posting flow is the
// super admin's and the companies' (SPEC 2's Admin and Distributor menus), behind the Map Report function
// as the run map is: View to read, Control to post, distribute or record (review finding (a) of issue 13).
export const posting: Record<string, string> = {
  'GET /api/Configuration/GetRemoteBetAgents': 'roles:1',
  'POST /api/Configuration/ManageRemoteBetAgent': 'roles:1',
  'GET /api/Configuration/GetCommStatus': 'roles:1',
  'GET /api/Posting/GetRemoteAgents': 'roles:1,3 fn:Map Report:1',
  'GET /api/Posting/GetUnpostSummary': 'roles:1,3 fn:Map Report:1',
  'GET /api/Posting/GetUnpostDetail': 'roles:1,3 fn:Map Report:1',
  'POST /api/Posting/DoPost': 'roles:1,3 fn:Map Report:2,3',
  'GET /api/Posting/GetDistributionSummary': 'roles:1,3 fn:Map Report:1',
  'GET /api/Posting/GetUndistributedDetail': 'roles:1,3 fn:Map Report:1',
  'POST /api/Posting/DoDistribute': 'roles:1,3 fn:Map Report:2,3',
  'POST /api/Posting/TranslateToBetString': 'roles:1,3 fn:Map Report:1',
  'POST /api/Posting/DoManualDistribute': 'roles:1,3 fn:Map Report:2,3',
  // A lot in doubt resolved by hand (decision 0035): the super admin's only, with the function's Control.
  'POST /api/Posting/ResolveInvoice': 'roles:1 fn:Map Report:2,3',
  'GET /api/Posting/GetRemoteInvoiceList': 'roles:1,3 fn:Map Report:1',
  'GET /api/Posting/GetRemoteInvoiceDetails': 'roles:1,3 fn:Map Report:1',
  'GET /api/Posting/GetRemoteInvoicePayoutDetails': 'roles:1,3 fn:Map Report:1',
  // Payments between the company and its remote agents (decision 0035): the Payment function, as draw payments.
  'GET /api/Posting/GetPostingPayments': 'roles:1,3 fn:Payment Report:1',
  'POST /api/Result/PayPosting': 'roles:1,3 fn:Payment Report:2,3',
  'GET /api/Report/GetPostingAgentEatDetails': 'roles:1,3 fn:Map Report:1',
};
