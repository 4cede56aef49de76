// Sales and payout statistics (Report/GetSalesStatistic, GetPayoutStatistic): the sales summary's and the
// payout report's own figures, grouped by draw date, pool and bet code instead of by downline, with the
// per-(date, pool) series a chart draws. One read gives the rows, the series and the totals, so the three
// always agree; sales come from the sales summary (decision 0034: per draw, so exact per date and pool)
// and strikes as the payout report reads them (its settled rounds and release test), never re-priced.
import { sql } from 'drizzle-orm';
import type { PayoutStatistic, PayoutStatisticFigures, SalesStatistic, SalesStatisticFigures, StatisticQuery } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { payoutSumsSql } from './payout';
import { totalCodeSql } from './sales';
import { betCodeSql, drawFilterSql, reportStart } from './scope';

/** grouping(): 0 a (date, pool, code) row; 1 a (date, pool) point of the series; 7 the grand total. */
type Level = { level: number; drawDate: string | null; poolId: number | null; betCode: string | null };

function split<F, R extends Level & Record<string, unknown>>(found: R[], figures: (r: R) => F, q: StatisticQuery) {
  const at = (r: R) => ({ drawDate: String(r.drawDate), poolId: Number(r.poolId) });
  const all = found.filter((r) => Number(r.level) === 0).map((r) => ({ ...at(r), betCode: String(r.betCode), ...figures(r) }));
  if (q.sortOrder === 'desc') all.reverse();
  const start = (q.page - 1) * q.pageSize;
  const total = found.find((r) => Number(r.level) === 7);
  return {
    rows: all.slice(start, start + q.pageSize),
    total: all.length,
    series: found.filter((r) => Number(r.level) === 1).map((r) => ({ ...at(r), ...figures(r) })),
    totals: total ? figures(total) : null,
  };
}

/** Groups by (date, pool, code), (date, pool) and () at once; rows come ordered by date, pool, code. */
const GROUPS = sql`group by grouping sets ((draw_date, pool_id, bet_code), (draw_date, pool_id), ())
  order by draw_date, pool_id, bet_code`;
const LEVEL = sql`grouping(draw_date, pool_id, bet_code) as level, to_char(draw_date, 'YYYY-MM-DD') as "drawDate", pool_id as "poolId", bet_code as "betCode"`;

export async function salesStatistic(db: DbOrTx, auth: AuthContext, q: StatisticQuery): Promise<SalesStatistic> {
  const { node, head } = await reportStart(db, auth, q);
  // Sales are final at the cutoff, so no date is held back (as the sales summary).
  const found = await rows<Level & Record<'tickets' | 'lines' | 'turnover' | 'commission', string>>(
    db,
    sql`with f as materialized (
          select ss.draw_date, ss.pool_id, ss.bet_code, sum(ss.tickets) as tickets, sum(ss.lines) as lines, sum(ss.turnover) as turnover,
                 sum(ss.commission) as commission
          from sales_summary ss
          where ss.user_id = ${node.userId}::int and ${drawFilterSql('ss', q, [])}
            and (ss.bet_code = ${totalCodeSql(q)} or (ss.bet_code <> '' and ${betCodeSql(sql`ss.bet_code`, q)}))
          group by 1, 2, 3 having sum(ss.lines) <> 0
        ),
        -- Per code, then per (date, pool) and in all from the rows a total sums (all codes' '' rows, or the chosen code's).
        g as (
          select 0 as level, draw_date, pool_id, bet_code, tickets, lines, turnover, commission from f where bet_code <> ''
          union all
          select 1, draw_date, pool_id, null, tickets, lines, turnover, commission from f where bet_code = ${totalCodeSql(q)}
          union all
          select 7, null, null, null, sum(tickets), sum(lines), sum(turnover), sum(commission) from f where bet_code = ${totalCodeSql(q)} having count(*) > 0
        )
        select level, to_char(draw_date, 'YYYY-MM-DD') as "drawDate", pool_id as "poolId", bet_code as "betCode", tickets, lines, turnover, commission
        from g order by draw_date, pool_id, bet_code`,
  );
  const figures = (r: Record<'tickets' | 'lines' | 'turnover' | 'commission', string>): SalesStatisticFigures => ({
    tickets: Number(r.tickets),
    lines: Number(r.lines),
    turnover: Number(r.turnover),
    commission: Number(r.commission),
    net: Number(r.turnover) - Number(r.commission),
  });
  const out = split(found, figures, q);
  return { ...head, ...out, totals: out.totals ?? { tickets: 0, lines: 0, turnover: 0, commission: 0, net: 0 } };
}

export async function payoutStatistic(db: DbOrTx, auth: AuthContext, q: StatisticQuery): Promise<PayoutStatistic> {
  const { node, head } = await reportStart(db, auth, q);
  // The payout report's own sums (the node's winning summary and the released part), per date, pool and code.
  const found = await rows<Level & Record<'strikes' | 'stake' | 'amount' | 'released', string>>(db, payoutSumsSql(node, q, head.blockedDates, LEVEL, GROUPS));
  const figures = (r: Record<'strikes' | 'stake' | 'amount' | 'released', string>): PayoutStatisticFigures => ({
    strikes: Number(r.strikes),
    stake: Number(r.stake),
    amount: Number(r.amount),
    released: Number(r.released),
  });
  const out = split(found, figures, q);
  return { ...head, ...out, totals: out.totals ?? { strikes: 0, stake: 0, amount: 0, released: 0 } };
}
