// Routes of the reports (decision 0027: each behind the SPEC 6 function that names it).
export const reports: Record<string, string> = {
  'GET /api/Report/InitReport': 'session',
  'GET /api/Report/GetWinLossReport': 'fn:Profit Loss Report:1',
  'GET /api/Report/GetWinLoss3SectionsReport': 'fn:Profit Loss Report:1',
  'GET /api/Report/GetWinLoss3SectionsReportDemo': 'fn:Profit Loss Report:1',
  'GET /api/Report/GetWinLossDetail': 'fn:Bet History:1',
  'GET /api/Report/GetUsLineReport': 'fn:Profit Loss Report:1',
  // Issue 29 line 3: the caller's own usline, a player's too (never another account's).
  'GET /api/Report/GetSelfUsLineReport': 'fn:Bet History:1',
  'GET /api/Report/GetPayoutReport': 'fn:Payout Report:1',
  'GET /api/Report/GetSelfPayoutReport': 'fn:Bet History:1',
  'GET /api/Report/GetPayoutTable': 'fn:Payout Report:1',
  'GET /api/Report/GetWinningReport': 'fn:Winning Report:1',
  'GET /api/Report/GetMapReport': 'fn:Map Report:1',
  'GET /api/Report/GetMapReportTicket': 'fn:Map Report:1',
  'GET /api/Report/GetMapDetailReport': 'fn:Map Report:1',
  // Decision 0030: the run map is the super admin's and the companies', behind the secondary password.
  'GET /api/Report/GetRunMapReport': 'roles:1,3 fn:Map Report:1 secondary',
  'POST /api/Report/SaveRunTicket': 'roles:1,3 fn:Map Report:3 secondary',
  'GET /api/Report/GetDetailJackpot': 'session',
  'GET /api/Report/GetSalesSummary': 'fn:Group Sales Report:1',
  'GET /api/Report/GetSumSalesSummary': 'fn:Group Sales Report:1',
  // The dashboard: every logged-in role, its own subtree (decision 0036).
  'GET /api/Dashboard/GetDashboard': 'session',
  'GET /api/Report/GetStakeHolderReport': 'fn:Stakeholder Report:1',
  'GET /api/Report/GetWinLossOccupiedReport': 'fn:Profit Loss Report:1',
  'GET /api/Report/GetUserEatData': 'fn:Profit Loss Report:1',
  'GET /api/Report/GetSalesStatistic': 'fn:Group Sales Report:1',
  'GET /api/Report/GetPayoutStatistic': 'fn:Payout Report:1',
};
