// Routes of the draw calendar and cutoffs.
export const draws: Record<string, string> = {
  'GET /api/Pools/GetPoolsSelection': 'session',
  'GET /api/Pools/GetPoolScheduleByDay': 'session',
  'GET /api/Pools/GetDrawClock': 'session',
  'GET /api/Pools/GetScheduledDrawByYear': 'roles:1',
  'POST /api/Pools/ScheduleSelectedYearDraw': 'roles:1',
  'POST /api/Pools/SubmitNewDraw': 'roles:1',
  'POST /api/Pools/SubmitEditedDraw': 'roles:1',
  'POST /api/Pools/UpdateCutoffTime': 'roles:1',
  // Issue 29 line 6: the effect of a change before it is made.
  'GET /api/Pools/PreviewDrawChange': 'roles:1',
  'GET /api/Pools/PreviewCutoffChange': 'roles:1',
  // Pools as data (decision 0037): the super admin adds a pool.
  'POST /api/Setting/CreatePoolRow': 'roles:1',
};
