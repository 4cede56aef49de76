// The dashboard (issue 14 item 8; decision 0036): today's draws, the caller's subtree's sales today and
// the latest released results, in one answer. Each part is read by the function its own screen uses (the
// draw calendar, GetSumSalesSummary's summary-backed sales of decision 0034, the result screen's read),
// so the dashboard can never show a figure those screens would not.
import { sql } from 'drizzle-orm';
import { salesSummaryQuery, type Dashboard } from '@app/contract';
import { businessDateOf } from '../../platform/businessTime';
import { holdsFunction, type Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { drawsOfDay } from '../draws/service';
import { rows } from '../ledger/queries';
import { SALES_FUNCTION, sumSalesSummary } from '../reports/sales';
import { resultsOfDate } from '../results/service';

/** The most recent draw date up to `day` with a released result, or null. */
async function latestReleasedDate(deps: Deps, day: string): Promise<string | null> {
  const [r] = await rows<{ drawDate: string | null }>(
    deps.db,
    sql`select to_char(max(d.draw_date), 'YYYY-MM-DD') as "drawDate" from draws d join pool_results r on r.draw_id = d.id
        where r.status = 'released' and d.record_status = 1 and d.draw_date <= ${day}::date`,
  );
  return r?.drawDate ?? null;
}

async function latestResults(deps: Deps, auth: AuthContext, day: string): Promise<Dashboard['results']> {
  const date = await latestReleasedDate(deps, day);
  if (!date) return null;
  // The result screen's read; an admin also sees unreleased ones there, the dashboard shows released only.
  const found = await resultsOfDate(deps, auth, date);
  const pools = found
    .filter((r) => r.status === 'released' && r.numbers)
    .map((r) => ({ drawId: r.drawId, poolId: r.poolId, poolName: r.poolName, first: r.numbers!.fourD.first, second: r.numbers!.fourD.second, third: r.numbers!.fourD.third }));
  return { drawDate: date, pools };
}

export async function dashboardOf(deps: Deps, auth: AuthContext): Promise<Dashboard> {
  const now = deps.clock.now();
  const day = businessDateOf(now, deps.config.tzBusiness);
  // The sales summary's own query for today, all pools and codes: its totals are the dashboard's figures.
  const salesQuery = salesSummaryQuery.parse({ fromDate: day, toDate: day });
  // The sales are the sales report's figures: only a caller who may read that report sees them.
  const mayReadSales = holdsFunction(auth, SALES_FUNCTION, [1]);
  const [draws, sales, results] = await Promise.all([
    drawsOfDay(deps, day),
    mayReadSales ? sumSalesSummary(deps.db, auth, salesQuery) : null,
    latestResults(deps, auth, day),
  ]);
  return {
    serverTime: now.toISOString(),
    businessDate: day,
    draws: draws
      .filter((d) => d.recordStatus === 1)
      .map((d) => ({
        drawId: d.drawId,
        poolId: d.poolId,
        letter: d.letter,
        poolName: d.poolName,
        isSpecial: d.isSpecial,
        cutoffAt: d.cutoffAt,
        cutoffHour: d.cutoffHour,
        cutoffMinute: d.cutoffMinute,
        ownCutoff: d.ownCutoff,
        open: d.open,
        msLeft: Date.parse(d.cutoffAt) - now.getTime(),
      })),
    sales: sales?.totals ?? null,
    results,
  };
}
