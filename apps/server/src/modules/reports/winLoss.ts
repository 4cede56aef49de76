// Win/loss (Report/GetWinLossReport and its views; DOMAIN "Reports: the figures"). For a node X: one row
// per direct downline D the lines came through (and one for X's own tickets), each with three sections read
// from what settlement booked for X (settlement_figures of the draws' current, distributed rounds):
//   downline: D's commission, winnings and win/loss from D's side (member win/loss, > 0 when D won), and
//             D's link to X (what D owes X, the same from X's side; for API clients only);
//   own:      what X ate, its win/loss at X's own rates, and the commission and payout spreads;
//   upline:   what X passed up, at X's rates, and its link (payable to upline).
// result = link from below - link above = own win/loss + spreads, per row and in total. The platform's
// accounts are in no chain: for them a row is a company's whole figures.
import { sql, type SQL } from 'drizzle-orm';
import type { WinLossFigures, WinLossQuery, WinLossReport, WinLossRow } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { accountJoin, betCodeSql, direction, drawFilterSql, type ReportNode, reportStart, hasDownlinesSql } from './scope';

const SUMS = [
  'tickets',
  'lines',
  'turnover',
  'downline_pass',
  'downline_commission',
  'downline_winnings',
  'member_win_loss',
  'downline_win_loss',
  'eaten',
  'own_win_loss',
  'commission_spread',
  'payout_spread',
  'result',
  'pass',
  'upline_commission',
  'upline_winnings',
  'payable_to_upline',
] as const;

const SORT: Record<WinLossQuery['sortBy'], string> = {
  username: 'u.username',
  turnover: 'r.turnover',
  memberWinLoss: 'r.member_win_loss',
  downlineWinLoss: 'r.downline_win_loss',
  ownWinLoss: 'r.own_win_loss',
  result: 'r.result',
  payableToUpline: 'r.payable_to_upline',
};

type Raw = Record<(typeof SUMS)[number], string> & { via: number; username: string | null; fullName: string | null; roleId: number | null; hasDownlines: boolean; total: string };

/** The grouped figures of the node, by the downline they came through (its companies for the platform). */
function grouped(node: ReportNode, q: WinLossQuery, blockedDates: string[], demo: boolean): SQL {
  const via = node.platform ? sql`f.user_id` : sql`f.via_user_id`;
  // The demo variant (decision 0031): the rows of the direct downlines that are demo accounts or lie under
  // one, and the node's own tickets when the node is such an account. The figures are kept per direct
  // downline, so demo play deeper under a regular downline shows once drilled down to that downline.
  const demoish = (id: SQL) => sql`exists (select 1 from users u join users a on a.is_demo and starts_with(u.path, a.path) where u.id = ${id})`;
  const demoOnly = (v: SQL) => (demo ? sql`(case when ${v} = 0 then ${demoish(sql`${node.userId}::int`)} else ${demoish(v)} end)` : sql`true`);
  const whose = node.platform
    ? sql`f.user_id in (select id from users where upline_id = ${node.userId}::int and is_main_account)`
    : sql`f.user_id = ${node.userId}::int`;
  // Tickets are counted once per draw whatever codes they hold: the figures count a ticket once per code,
  // so they come from the sales summary's all-codes row (a chosen code's row with that filter), whose
  // tickets of a settled draw are the ones settled (no void once a result is in). The node's rows there
  // are cut by the same direct downline (the company, for the platform, whose path it heads). The range is
  // taken on the summary's own date and pool (as the sales report does), so that its (user, date) index
  // reads the range's rows only, not every date of the node's (at 10,000,000 lines: 24,000 rows and 4,600
  // pages for an agent, 9 of the statement's 13 ms).
  return sql`
    with fg as (
      select ${via} as via, sum(f.lines) as lines, sum(f.turnover) as turnover,
             sum(f.commission_below) as cb, sum(f.winnings_below) as wb, sum(f.link_below) as lb, sum(f.eaten) as eaten,
             -- What reached the node from a downline (its own tickets came from nobody): the stake cb, wb and lb are on.
             sum(case when f.via_user_id <> 0 then f.pass + f.eaten else 0 end) as received,
             sum(f.pass) as pass, sum(f.commission) as comm, sum(f.winnings) as win, sum(f.link) as link,
             sum(f.commission_in) as ci, sum(f.winnings_in) as wi
      from settlement_figures f
      join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round and s.distributed_at is not null
      where ${whose} and ${demoOnly(via)} and ${drawFilterSql('s', q, blockedDates)} and ${betCodeSql(sql`f.bet_code`, q)}
      group by 1
    ),
    tk as (
      select ss.via_user_id as via, sum(ss.tickets) as tickets
      from sales_summary ss
      join draw_settlements s on s.draw_id = ss.draw_id and s.distributed_at is not null
      where ss.user_id = ${node.userId}::int and ${demoOnly(sql`ss.via_user_id`)} and ${drawFilterSql('ss', q, blockedDates)}
        and ss.bet_code = (case when ${q.betCode}::text = '-1' then '' else ${q.betCode}::text end)
      group by 1
    )
    select fg.*, coalesce(tk.tickets, 0) as tickets from fg left join tk on tk.via = fg.via`;
}

/**
 * DOMAIN's figures from the grouped sums. A row of the account's own tickets (via 0) has no downline: its
 * whole result is its own. For the platform a row is a company as a whole (its own section is its result).
 */
function figuresSql(platform: boolean): SQL {
  const ownOnly = platform ? sql`true` : sql`g.via = 0`;
  return sql`
    g.via, g.tickets, g.lines, g.turnover, g.received as downline_pass,
    g.cb as downline_commission, g.wb as downline_winnings, -g.lb as member_win_loss, g.lb as downline_win_loss, g.eaten,
    case when ${ownOnly} then g.lb - g.link else g.pass + g.eaten - g.ci - g.wi - g.link end as own_win_loss,
    case when ${ownOnly} then 0 else g.ci - g.cb end as commission_spread,
    case when ${ownOnly} then 0 else g.wi - g.wb end as payout_spread,
    g.lb - g.link as result, g.pass, g.comm as upline_commission, g.win as upline_winnings, g.link as payable_to_upline`;
}

const toFigures = (r: Record<(typeof SUMS)[number], string | null>): WinLossFigures => ({
  tickets: Number(r.tickets ?? 0),
  lines: Number(r.lines ?? 0),
  turnover: Number(r.turnover ?? 0),
  downlinePass: Number(r.downline_pass ?? 0),
  downlineCommission: Number(r.downline_commission ?? 0),
  downlineWinnings: Number(r.downline_winnings ?? 0),
  memberWinLoss: Number(r.member_win_loss ?? 0),
  downlineWinLoss: Number(r.downline_win_loss ?? 0),
  eaten: Number(r.eaten ?? 0),
  ownWinLoss: Number(r.own_win_loss ?? 0),
  commissionSpread: Number(r.commission_spread ?? 0),
  payoutSpread: Number(r.payout_spread ?? 0),
  result: Number(r.result ?? 0),
  pass: Number(r.pass ?? 0),
  uplineCommission: Number(r.upline_commission ?? 0),
  uplineWinnings: Number(r.upline_winnings ?? 0),
  payableToUpline: Number(r.payable_to_upline ?? 0),
});

/** `demo`: the demo variant (GetWinLoss3SectionsReportDemo), the accounts flagged demo and their downlines only. */
export async function winLossReport(db: DbOrTx, auth: AuthContext, q: WinLossQuery, demo = false): Promise<WinLossReport> {
  const { node, head } = await reportStart(db, auth, q);
  const totalsOver = SUMS.map((c) => `sum(r.${c}) over () as "t_${c}"`).join(', ');
  const found = await rows<Raw & Record<string, string>>(
    db,
    sql`with g as (${grouped(node, q, head.blockedDates, demo)}),
        r as (select ${figuresSql(node.platform)} from g)
        select r.*, coalesce(u.username, ra.name) as username, coalesce(u.full_name, ra.name) as "fullName", u.role_id as "roleId",
               ${hasDownlinesSql(sql`r.via`)} as "hasDownlines",
               count(*) over () as total, ${sql.raw(totalsOver)}
        -- A negative via is a remote agent the company laid off to (decision 0035): its row is the link to it.
        from r ${accountJoin('u', sql`r.via`)} left join remote_agents ra on r.via < 0 and ra.id = -r.via
        order by r.via = 0 desc, ${sql.raw(SORT[q.sortBy])} ${direction(q.sortOrder)}, r.via
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const list: WinLossRow[] = found.map((r) => ({
    ...toFigures(r),
    account: Number(r.via) === 0 ? null : { userId: Number(r.via), username: r.username ?? '', fullName: r.fullName ?? '', roleId: Number(r.roleId) },
    hasDownlines: r.hasDownlines,
  }));
  const first = found[0];
  const totals = toFigures(Object.fromEntries(SUMS.map((c) => [c, first ? first[`t_${c}`] : null])) as Record<(typeof SUMS)[number], string | null>);
  // Past the last page: the count and totals are still those of the whole filtered set.
  if (!first && q.page > 1) return winLossReport(db, auth, { ...q, page: 1, pageSize: 1 }, demo).then((r) => ({ ...r, rows: [] }));
  return { ...head, rows: list, total: Number(first?.total ?? 0), totals };
}
