// Routes of risk: red numbers, the number queue, fight (eat) limits.
export const risk: Record<string, string> = {
  'GET /api/Configuration/GetPermutationType': 'fn:Red Number:1',
  'GET /api/Configuration/GetRedNumber': 'fn:Red Number:1',
  'POST /api/Configuration/CreateOrUpdateRedNumber': 'fn:Red Number:2,3',
  'POST /api/Configuration/DeleteRedNumber': 'fn:Red Number:4',
  'GET /api/Configuration/GetNumberQueues': 'fn:Red Number:1',
  'POST /api/Configuration/DeleteNumberQueue': 'fn:Red Number:3,4',
  'GET /api/Account/GetFightLimitRelatedData': 'fn:Fight Limit:1',
  'POST /api/Account/UpdateUserEatLimit': 'fn:Fight Limit:3',
};
