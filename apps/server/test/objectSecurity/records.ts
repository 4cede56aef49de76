// Every call that addresses a record other than an account by its id, and how to aim it at one (decision
// 0049). Accounts are in calls.ts. Modules add their calls here.
export interface RecordIds {
  ticketId: number;
  xid: string;
  autoTicketId: number;
  packageId: number;
  redNumberId: number;
  drawPaymentId: number;
  downlineId: number;
}

export interface RecordCall {
  name: string;
  request: (r: RecordIds) => { url: string; method?: 'GET' | 'POST'; query?: Record<string, string | number>; json?: unknown };
}

const key = () => `unseen-${Date.now()}-${Math.random()}`;
const rates = [{ code: 'B', commissionPct: 10, payouts: { first: 150_000, second: 50_000, third: 25_000, starter: 10_000, consolation: 5_000 } }];

export const recordCalls: RecordCall[] = [
  // Tickets
  { name: 'Bet/VoidTicket', request: (r) => ({ url: '/api/Bet/VoidTicket', json: { ticketId: r.ticketId } }) },
  { name: 'Bet/BulkVoidTicket', request: (r) => ({ url: '/api/Bet/BulkVoidTicket', json: { ticketIds: [r.ticketId] } }) },
  { name: 'Bet/GetBetReceipt', request: (r) => ({ url: '/api/Bet/GetBetReceipt', query: { ticketId: r.ticketId } }) },
  { name: 'Bet/GetTicketDetail', request: (r) => ({ url: '/api/Bet/GetTicketDetail', query: { ticketId: r.ticketId } }) },
  { name: 'Report/SendSmsReceipt', request: (r) => ({ url: '/api/Report/SendSmsReceipt', json: { ticketId: r.ticketId } }) },
  { name: 'Report/MasterSendSmsReceipt', request: (r) => ({ url: '/api/Report/MasterSendSmsReceipt', json: { ticketId: r.ticketId } }) },
  { name: 'Bet/ResettleSeamless', request: (r) => ({ url: '/api/Bet/ResettleSeamless', json: { ticketId: r.ticketId } }) },
  { name: 'Payment/ClaimPrizes', request: (r) => ({ url: '/api/Payment/ClaimPrizes', json: { ticketId: r.ticketId, idempotencyKey: key() } }) },
  { name: 'Setting/GetReceiptStringByTicketXId', request: (r) => ({ url: '/api/Setting/GetReceiptStringByTicketXId', query: { xid: r.xid } }) },
  { name: 'Setting/UpdateTicketReceiptString', request: (r) => ({ url: '/api/Setting/UpdateTicketReceiptString', json: { xid: r.xid, receiptString: 'x' } }) },
  // Auto tickets
  { name: 'Report/GetAutoTicket (by id)', request: (r) => ({ url: '/api/Report/GetAutoTicket', query: { autoTicketId: r.autoTicketId } }) },
  { name: 'Report/VoidAutoTicket', request: (r) => ({ url: '/api/Report/VoidAutoTicket', json: { autoTicketId: r.autoTicketId } }) },
  { name: 'Bet/SaveAutoTicket (update)', request: (r) => ({ url: '/api/Bet/SaveAutoTicket', json: { autoTicketId: r.autoTicketId, text: 'D\n#1\n1234#1', idempotencyKey: key() } }) },
  // Packages
  { name: 'Configuration/GetPackageDetailById', request: (r) => ({ url: '/api/Configuration/GetPackageDetailById', query: { id: r.packageId } }) },
  { name: 'Configuration/CreateOrUpdatePackage (update)', request: (r) => ({ url: '/api/Configuration/CreateOrUpdatePackage', json: { packageId: r.packageId, packageType: 0, name: 'Renamed', rates } }) },
  { name: 'Configuration/AssignPackage (package)', request: (r) => ({ url: '/api/Configuration/AssignPackage', json: { userId: r.downlineId, packageType: 0, packageId: r.packageId } }) },
  { name: 'Account/FixIsRedPackage', request: (r) => ({ url: '/api/Account/FixIsRedPackage', json: { packageId: r.packageId, isRedPackage: true } }) },
  // Red numbers
  { name: 'Configuration/CreateOrUpdateRedNumber (update)', request: (r) => ({ url: '/api/Configuration/CreateOrUpdateRedNumber', json: { id: r.redNumberId, number: '4444', type: 1, limitAmount: 10 } }) },
  { name: 'Configuration/DeleteRedNumber', request: (r) => ({ url: '/api/Configuration/DeleteRedNumber', json: { id: r.redNumberId } }) },
  // Draw payments
  { name: 'Result/UpdateDrawPaymentDetail', request: (r) => ({ url: '/api/Result/UpdateDrawPaymentDetail', json: { paymentId: r.drawPaymentId, remark: 'seen?' } }) },
  {
    name: 'Payment/SaveDrawPayment (reversal)',
    request: (r) => ({ url: '/api/Payment/SaveDrawPayment', json: { drawDate: '2026-11-25', downlineId: r.downlineId, amount: 100, direction: 'toDownline', reversesId: r.drawPaymentId, idempotencyKey: key() } }),
  },
];
