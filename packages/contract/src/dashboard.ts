// The dashboard (issue 14 item 8; decision 0036): what each role looks at first, in one call
// (Dashboard/GetDashboard). Its figures come from the functions the other screens use: the draw
// calendar, the sales summary (decision 0034) and the released results; none is computed anew here.
import { z } from 'zod';
import { salesFigures } from './reports';

export const dashboardDraw = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  letter: z.string(),
  poolName: z.string(),
  isSpecial: z.boolean(),
  cutoffAt: z.string(),
  cutoffHour: z.number().int(),
  cutoffMinute: z.number().int(),
  ownCutoff: z.boolean(),
  open: z.boolean(),
  /** Cutoff less the server's now when it answered (negative once closed): the browser counts down from it. */
  msLeft: z.number().int(),
});

export const dashboardResult = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  poolName: z.string(),
  first: z.string(),
  second: z.string(),
  third: z.string(),
});

export const dashboard = z.object({
  /** The server's clock when it answered and the business date of it. */
  serverTime: z.string(),
  businessDate: z.string(),
  /** Today's active draws, by pool. */
  draws: z.array(dashboardDraw),
  /** The caller's subtree's sales on today's draws: GetSumSalesSummary's totals for today; null when the
   * caller does not hold that report's function (the screen then hides the card). */
  sales: salesFigures.nullable(),
  /** The most recent draw date with a released result, and its released results' top three prizes. */
  results: z.object({ drawDate: z.string(), pools: z.array(dashboardResult) }).nullable(),
});
export type Dashboard = z.infer<typeof dashboard>;
