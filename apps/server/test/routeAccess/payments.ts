// Routes of the ledger, payments, credit logs and jobs.
export const payments: Record<string, string> = {
  'GET /api/Payment/GetPaymentType': 'session',
  'POST /api/Payment/MakePayment': 'fn:Payment Report:2,3',
  'GET /api/Payment/GetPaymentHistory': 'fn:Payment Report:1',
  'POST /api/Account/UpdateUserCreditLimit': 'fn:Downline:3',
  'POST /api/Account/AdminUpdateUserCreditLimit': 'roles:1,2',
  'GET /api/Report/GetPlayerTransaction': 'fn:Payment Report:1',
};
