// bench:reports' baselines (issue 31 line 4): for each report, one bare SQL statement computing the same
// figures from the same rows the product reads (its summaries), as one would write it by hand knowing the
// schema: no HTTP, no session, no report head, no per-call lookups, the bench's own connection. Each is
// timed beside the product's call in the same run, interleaved, so the product's figure reads against
// what PostgreSQL needs for the same answer.
//
// What the baselines leave out because the bench's data has none of it (and the product must still ask):
// blocked dates, run tickets, prize claims, demo accounts, a node's own tickets on the map (the summary
// keeps rows for the accounts above a ticket's owner only; the bench's measured nodes own no tickets).
import { sql, type SQL } from 'drizzle-orm';

export interface BaselineNode {
  id: number;
  path: string;
  /** A company: its subtree's rows are those of its lines (company_id). */
  company: boolean;
}

const TIERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'];
const MAP_PRIZES = ['first', 'second', 'third', 'starter', 'consolation'];

/** The distributed rounds of the range. */
const rounds = (from: string, to: string) =>
  sql`select draw_id, round, draw_date, pool_id from draw_settlements where distributed_at is not null and draw_date between ${from}::date and ${to}::date`;

/** The bare SQL of each report of `rangeReports` and of the map, for one node. */
export function baselines(node: BaselineNode, range: { fromDate: string; toDate: string }, winningDate: string, mapDrawId: number): Record<string, SQL> {
  const { fromDate: from, toDate: to } = range;
  const n = node.id;
  const inRange = sql`draw_date between ${from}::date and ${to}::date`;
  const sales = sql`
    with f as (
      select via_user_id as via, bet_code, sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission
      from sales_summary where user_id = ${n}::int and ${inRange} group by 1, 2 having sum(lines) <> 0
    )
    select f.*, f.turnover - f.commission as net, u.username, count(*) filter (where f.bet_code <> '') over () as total,
           sum(f.turnover) filter (where f.bet_code = '') over () as t_turnover, sum(f.tickets) filter (where f.bet_code = '') over () as t_tickets
    from f left join users u on u.id = f.via
    order by f.bet_code = '', f.via = 0 desc, u.username, f.via, f.bet_code limit 51`;
  const sumSales = sql`
    select bet_code, sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission
    from sales_summary where user_id = ${n}::int and ${inRange} group by 1 order by bet_code = '', bet_code`;
  const statistic = sql`
    select grouping(draw_date, pool_id, bet_code) as level, draw_date, pool_id, bet_code,
           sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission
    from sales_summary where user_id = ${n}::int and ${inRange}
    group by grouping sets ((draw_date, pool_id, bet_code), (draw_date, pool_id), ()) order by draw_date, pool_id, bet_code`;
  const winLoss = sql`
    with s as (${rounds(from, to)}),
    g as (
      select f.via_user_id as via, sum(f.lines) as lines, sum(f.turnover) as turnover, sum(f.commission_below) as cb, sum(f.winnings_below) as wb,
             sum(f.link_below) as lb, sum(f.eaten) as eaten, sum(f.pass) as pass, sum(f.commission) as comm, sum(f.winnings) as win,
             sum(f.link) as link, sum(f.commission_in) as ci, sum(f.winnings_in) as wi
      from s join settlement_figures f on f.draw_id = s.draw_id and f.round = s.round and f.user_id = ${n}::int
      group by 1
    ),
    tk as (select via_user_id as via, sum(tickets) as tickets from sales_summary where user_id = ${n}::int and bet_code = '' and ${inRange} group by 1)
    select g.*, coalesce(tk.tickets, 0) as tickets, u.username, count(*) over () as total, sum(g.turnover) over () as t_turnover, sum(g.lb - g.link) over () as t_result
    from g left join tk on tk.via = g.via left join users u on u.id = g.via
    order by g.via = 0 desc, u.username, g.via limit 50`;
  const usLine = sql`
    select s.draw_date, sum(f.link) as owed, count(*) over () as total, sum(sum(f.link)) over () as t_owed
    from (${rounds(from, to)}) s join settlement_figures f on f.draw_id = s.draw_id and f.round = s.round and f.user_id = ${n}::int
    group by s.draw_date order by s.draw_date limit 50`;
  const occupied = sql`
    select s.pool_id, f.bet_code, sum(f.lines) as lines, sum(f.turnover) as turnover, sum(f.eaten) as eaten,
           sum(case when f.via_user_id = 0 then f.link_below - f.link else f.pass + f.eaten - f.commission_in - f.winnings_in - f.link end) as own
    from (${rounds(from, to)}) s join settlement_figures f on f.draw_id = s.draw_id and f.round = s.round and f.user_id = ${n}::int
    group by 1, 2 order by 1, 2`;
  // The stakeholder report: every account of the subtree with a part in the range (a page of them by level,
  // the count, the per-level sums) and the node's own totals, from the settled summary's all-codes rows.
  const subtree = node.company ? sql`x.company_id = ${n}::int` : sql`x.user_id in (select id from users where starts_with(path, ${node.path}::text))`;
  const stakeholder = sql`
    with a as materialized (
      select x.user_id, sum(x.turnover) as turnover, sum(x.eaten) as eaten, sum(x.link_below - x.link) as result
      from stakeholder_summary x
      where ${subtree} and x.bet_code = '' and x.draw_date between ${from}::date and ${to}::date
        and (x.draw_id, x.round) in (select draw_id, round from draw_settlements where distributed_at is not null)
      group by x.user_id
    ),
    au as materialized (select a.*, u.username, u.level from a join users u on u.id = a.user_id),
    lv as (select json_agg(json_build_array(level, c, e, r)) as levels from (select level, count(*) as c, sum(eaten) as e, sum(result) as r from au group by level) x)
    select au.*, count(*) over () as total, (select levels from lv) as levels,
           (select sum(turnover) from a where a.user_id = ${n}::int) as own_turnover
    from au order by au.level nulls first, au.username, au.user_id limit 50`;
  const payoutTotals = sql`
    select sum(ws.lines) as strikes, sum(ws.stake) as stake, sum(ws.winnings) as amount
    from winning_summary ws join (${rounds(from, to)}) s on s.draw_id = ws.draw_id and s.round = ws.round
    where ws.user_id = ${n}::int`;
  const tree = sql`(select id from users where starts_with(path, ${node.path}::text))`;
  const payout = sql`
    with t as (${payoutTotals}),
    w as (
      select s.draw_date, x.* from (${rounds(from, to)}) s cross join lateral (
        select w.ticket_id, w.bet_line_id, w.number, w.bet_code, w.stake, w.player_winnings, ${sql.raw(TIERS.map((p) => `w.n_${p}`).join(', '))}
        from winners w where w.draw_id = s.draw_id and w.round = s.round and w.user_id in ${tree}
        order by w.number, w.ticket_id, w.bet_line_id limit 50) x
      order by s.draw_date, x.number, x.ticket_id, x.bet_line_id limit 50
    )
    select w.*, t.*, tk.ticket_no, u.username from w cross join t join tickets tk on tk.id = w.ticket_id join users u on u.id = tk.user_id`;
  const payoutStatistic = sql`
    select grouping(ws.draw_date, ws.pool_id, ws.bet_code) as level, ws.draw_date, ws.pool_id, ws.bet_code,
           sum(ws.lines) as strikes, sum(ws.stake) as stake, sum(ws.winnings) as amount
    from winning_summary ws join (${rounds(from, to)}) s on s.draw_id = ws.draw_id and s.round = ws.round
    where ws.user_id = ${n}::int
    group by grouping sets ((ws.draw_date, ws.pool_id, ws.bet_code), (ws.draw_date, ws.pool_id), ()) order by 2, 3, 4`;
  const winning = sql`
    select ws.draw_id, ws.prize, ws.number, ws.bet_code, sum(ws.lines) as lines, sum(ws.bettors) as bettors, sum(ws.stake) as stake, sum(ws.winnings) as winnings
    from draw_settlements s join winning_summary ws on ws.draw_id = s.draw_id and ws.round = s.round
    where s.draw_date = ${winningDate}::date and s.distributed_at is not null and ws.user_id = ${n}::int
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
  // The map: per number, the subtree's stake and what the node ate of it, and what the eaten part pays at
  // the node's package's rates for each prize (the largest the risk); the risk-ordered first page, the count
  // and the totals.
  const pkg = sql`coalesce((select a.package_id from package_assignments a where a.user_id = ${n}::int and a.package_type = 0 limit 1),
                           (select id from packages where owner_user_id is null and is_default and package_type = 0 and record_status = 1))`;
  const payouts = MAP_PRIZES.map((p) => `(sum(m.eaten * coalesce(r.payout_${p}, 0))::numeric / 100)::bigint as p_${p}`).join(', ');
  const map = sql`
    with x as (
      select m.number, sum(m.stake) as stake, sum(m.eaten) as eaten, ${sql.raw(payouts)}
      from (select number, bet_code, sum(stake)::bigint as stake, sum(eaten)::bigint as eaten from map_summary
            where draw_id = ${mapDrawId}::int and user_id = ${n}::int group by 1, 2) m
      left join package_rates r on r.package_id = ${pkg} and r.pool_id is null and r.code = m.bet_code
      group by m.number having count(*) filter (where m.stake <> 0) > 0
    ),
    pg as (
      select x.*, greatest(${sql.raw(MAP_PRIZES.map((p) => `p_${p}`).join(', '))}) as risk, count(*) over () as total,
             sum(stake) over () as t_stake, sum(eaten) over () as t_eaten
      from x order by risk desc, number limit 50
    )
    select pg.*, c.stake as by_code from pg cross join lateral (
      select jsonb_object_agg(bet_code, s) as stake from (select bet_code, sum(stake) as s from map_summary
        where draw_id = ${mapDrawId}::int and user_id = ${n}::int and number = pg.number group by 1) y) c
    order by pg.risk desc, pg.number`;
  return {
    GetSalesSummary: sales,
    GetSumSalesSummary: sumSales,
    GetSalesStatistic: statistic,
    GetWinLossReport: winLoss,
    GetWinLoss3SectionsReport: winLoss,
    GetUsLineReport: usLine,
    GetStakeHolderReport: stakeholder,
    GetWinLossOccupiedReport: occupied,
    GetPayoutReport: payout,
    GetPayoutStatistic: payoutStatistic,
    GetWinningReport: winning,
    GetMapReport: map,
  };
}
