// Sales and payout statistics (SPEC 7 Report/GetSalesStatistic, GetPayoutStatistic; routes
// /report/sales-statistic-report and /report/payout-statistic-report): the sales summary's and the payout
// report's figures by draw date, pool and bet code over a range, with the per-date series a chart draws.
import { z } from 'zod';
import { paging, reportHead, withRange } from './reports';

export const statisticQuery = withRange({ ...paging });
export type StatisticQuery = z.infer<typeof statisticQuery>;

const key = { drawDate: z.string(), poolId: z.number().int() };

export const salesStatisticFigures = z.object({
  tickets: z.number().int(),
  lines: z.number().int(),
  turnover: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
});
export type SalesStatisticFigures = z.infer<typeof salesStatisticFigures>;
export const salesStatisticRow = salesStatisticFigures.extend({ ...key, betCode: z.string() });
export type SalesStatisticRow = z.infer<typeof salesStatisticRow>;
export const salesStatistic = reportHead.extend({
  /** One page of (draw date, pool, bet code) rows. */
  rows: z.array(salesStatisticRow),
  total: z.number().int(),
  /** Every (draw date, pool) of the range, unpaged: the chart's points. */
  series: z.array(salesStatisticFigures.extend(key)),
  totals: salesStatisticFigures,
});
export type SalesStatistic = z.infer<typeof salesStatistic>;

export const payoutStatisticFigures = z.object({
  /** Bet lines that struck (a line counts once however many prizes it struck). */
  strikes: z.number().int(),
  stake: z.number().int(),
  /** What settlement booked as the bettors' winnings. */
  amount: z.number().int(),
  /** Of it, what their companies released or an upline paid (Payment/ClaimPrizes). */
  released: z.number().int(),
});
export type PayoutStatisticFigures = z.infer<typeof payoutStatisticFigures>;
export const payoutStatisticRow = payoutStatisticFigures.extend({ ...key, betCode: z.string() });
export type PayoutStatisticRow = z.infer<typeof payoutStatisticRow>;
export const payoutStatistic = reportHead.extend({
  rows: z.array(payoutStatisticRow),
  total: z.number().int(),
  series: z.array(payoutStatisticFigures.extend(key)),
  totals: payoutStatisticFigures,
});
export type PayoutStatistic = z.infer<typeof payoutStatistic>;
