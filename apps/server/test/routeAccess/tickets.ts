// Routes of auto tickets, receipt resends and their limits, receipt correction and the number dictionary.
export const tickets: Record<string, string> = {
  'POST /api/Bet/SaveAutoTicket': 'fn:Bet:2',
  'GET /api/Report/GetAutoTicket': 'fn:Bet History:1',
  'POST /api/Report/VoidAutoTicket': 'fn:Bet History:1',
  'POST /api/Report/SendSmsReceipt': 'fn:Resend Order:2',
  'POST /api/Report/MasterSendSmsReceipt': 'fn:Master Resend Order:2',
  'GET /api/Configuration/GetResendOrderLimit': 'fn:Resend Order:1',
  'POST /api/Configuration/UpdateResendOrderLimit': 'fn:Resend Order:3',
  'GET /api/Setting/GetReceiptStringByTicketXId': 'roles:1',
  'POST /api/Setting/UpdateTicketReceiptString': 'roles:1 secondary',
  'GET /api/Configuration/GetTipSourceByKeyword': 'session',
};
