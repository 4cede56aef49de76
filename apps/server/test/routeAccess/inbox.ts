// Routes of the inbox, the SMS count and the ticket totals (decision 0029).
export const inbox: Record<string, string> = {
  'GET /api/Report/GetInbox': 'fn:Inbox Report:1',
  'GET /api/Report/GetSmsCountReport': 'fn:Inbox Report:1',
  'GET /api/Report/GetTicketTotal': 'fn:Bet History:1',
};
