// Routes of ordering: placing, receipts, history and voids.
export const orders: Record<string, string> = {
  'POST /api/Bet/PlaceExpressOrder': 'fn:Bet:2',
  'POST /api/Bet/PlaceWebOrder': 'fn:Bet:2',
  'POST /api/Bet/VoidTicket': 'fn:Bet History:1',
  'POST /api/Bet/BulkVoidTicket': 'fn:Bet History:1',
  'GET /api/Bet/GetBetReceipt': 'fn:Bet History:1',
  'GET /api/Bet/GetTicketDetail': 'fn:Bet History:1',
  'GET /api/Report/GetTicket': 'fn:Bet History:1',
  'GET /api/Account/GetBettingAgents': 'fn:Bet:2',
};
