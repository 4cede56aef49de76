// Routes of result entry and release.
export const results: Record<string, string> = {
  'GET /api/Result/GetPoolResult': 'roles:1,2,3',
  'POST /api/Result/ValidateResult': 'roles:1,2',
  'POST /api/Result/SavePoolResult': 'roles:1,2',
  'GET /api/Configuration/GetReleaseResultStatus': 'roles:1,2,3',
  'POST /api/Configuration/SubmitReleaseResultStatus': 'roles:1,2',
  'POST /api/Result/InsertWinners': 'roles:1,2',
  'POST /api/Result/DistributeStrike': 'roles:1,2',
  'POST /api/Result/ReleaseCredit': 'roles:1,3 main-only',
  'GET /api/Result/GetSettlementStatus': 'roles:1,2,3',
  'POST /api/Result/BlockReport': 'roles:1,2',
  'GET /api/Result/GetReportAccessValue': 'session',
  'POST /api/Result/FetchResults': 'roles:1,2',
  // Draw payment: every role but the platform's (SPEC 6), with the Payment function.
  'GET /api/Payment/InitDrawPayment': 'roles:3,4,5,6 fn:Payment Report:1',
  'POST /api/Payment/SaveDrawPayment': 'roles:3,4,5,6 fn:Payment Report:2,3',
  'GET /api/Payment/GetDrawPaymentHistory': 'roles:3,4,5,6 fn:Payment Report:1',
  'POST /api/Result/UpdateDrawPaymentDetail': 'roles:3,4,5,6 fn:Payment Report:3',
};
