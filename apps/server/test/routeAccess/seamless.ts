// Routes of seamless API accounts' settlement callbacks and of prize claims (decision 0025).
export const seamless: Record<string, string> = {
  'GET /api/Account/GetSettlementCallback': 'roles:1,2,3 main-only',
  'POST /api/Account/UpdateSettlementCallback': 'roles:1,2,3 main-only secondary',
  'POST /api/Bet/ResettleSeamless': 'fn:Bet History:3',
  'POST /api/Payment/ClaimPrizes': 'fn:Payment Report:2,3',
};
