// The dashboard (issue 14 item 8; decision 0036): today's draws, the caller's subtree's sales today and
// the latest released results, in one answer. Each part is read by the function its own screen uses (the
// draw calendar, GetSumSalesSummary's summary-backed sales of decision 0034, the result screen's read),
// so the dashboard can never show a figure those screens would not.
import { sql } from 'drizzle-orm';
import { salesSummaryQuery, type Dashboard, type SalesSummaryQuery } from '@app/contract';
import { businessDateOf } from '../../platform/businessTime';
import { holdsFunction, type Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { drawsOfDay } from '../draws/service';
import { rows } from '../ledger/queries';
import { linesOf, SALES_FUNCTION, sumSalesSummary } from '../reports/sales';
import { reportNode } from '../reports/scope';
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

/**
 * Today's tickets of the caller's subtree, each counted once (issue 28 line 9): the sales summary counts a
 * ticket once per draw it has lines on (its unit), so one ticket on M, P and T was 3 "tickets" on Home.
 * Read from the active lines of the same filter, so a voided ticket no longer counts, as in the summary.
 */
async function ticketsOf(deps: Deps, auth: AuthContext, q: SalesSummaryQuery): Promise<number> {
  const node = await reportNode(deps.db, auth, q.userId);
  const [r] = await rows<{ n: string }>(deps.db, sql`select count(distinct x.ticket_id) as n from (${linesOf(node, q, [])}) x`);
  return Number(r?.n ?? 0);
}

async function salesOf(deps: Deps, auth: AuthContext, q: SalesSummaryQuery): Promise<Dashboard['sales']> {
  const [sales, tickets] = await Promise.all([sumSalesSummary(deps.db, auth, q), ticketsOf(deps, auth, q)]);
  return { ...sales.totals, tickets };
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
    mayReadSales ? salesOf(deps, auth, salesQuery) : null,
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
    sales,
    results,
  };
}
