// Stakeholder report (Report/GetStakeHolderReport; DOMAIN "Reports: the figures"; decision 0028): for the
// node's lines (every line of its subtree passes through it), each part of the chain and what it took:
// eaten, its share of the turnover, and its result, read from what settlement booked (settlement_figures of
// the draws' current, distributed rounds), never recomputed.
//   - each account of the subtree (the node included): its figures, whose lines all lie in the subtree;
//     result = link from below - link above (a bettor: - its link);
//   - the node's direct upline: its figures of the lines that came through the node (via = node);
//   - above that upline, one part: what the upline passed up (eaten by the levels above, the company and
//     the unposted rest) and its link (their result together). The figures split an account's lines by its
//     direct downline only, so higher levels cannot be told apart on the node's lines without a price per line.
//   - when the top is the company: unposted = what the company passed up, its result the company's link
//     (nil until posting lays it off).
// Everything together: eaten = turnover, result = 0 (the links telescope).
import { sql, type SQL } from 'drizzle-orm';
import type { StakeholderLevel, StakeholderQuery, StakeholderReport, StakeholderRow } from '@app/contract';
import { RoleId } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { totalCodeSql } from './sales';
import { betCodeSql, direction, drawFilterSql, reportNode, type ReportNode, reportStart, hasDownlinesSql } from './scope';

const SORT: Record<StakeholderQuery['sortBy'], string> = {
  level: 'au.level',
  username: 'au.username',
  turnover: 'au.turnover',
  eaten: 'au.eaten',
  result: 'au.result',
};

/** The draws' current distributed figures in the filter (dates left out named by the head). */
function figures(q: StakeholderQuery, blockedDates: string[], where: SQL): SQL {
  return sql`select f.user_id, f.via_user_id, f.turnover, f.eaten, f.pass, f.link, f.link_below
    from settlement_figures f
    join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round and s.distributed_at is not null
    where ${where} and ${drawFilterSql('s', q, blockedDates)} and ${betCodeSql(sql`f.bet_code`, q)}`;
}

/** The range of a report on the summary: the dates left out (named by the head) and the rounds it reads. */
interface SummaryRange {
  blockedDates: string[];
  rounds: SQL;
}

/**
 * The range's current, distributed rounds as a condition on the summary's own columns (`f`): round 1 of every
 * draw but those corrected or not yet distributed, and the current round of a corrected draw once it is
 * distributed. Read first (a few hundred draws at most), so that each of the range's summary rows is checked
 * on the index's columns: a semi-join with draw_settlements probed a hash per row, about 20 of 120 ms for a
 * company's 250,000 rows of 31 days (docs/benchmarks.md).
 */
async function summaryRange(db: DbOrTx, q: StakeholderQuery, blockedDates: string[]): Promise<SummaryRange> {
  const draws = await rows<{ drawId: number; round: number; distributed: boolean }>(
    db,
    sql`select draw_id as "drawId", round, distributed_at is not null as distributed
        from draw_settlements where draw_date between ${q.fromDate}::date and ${q.toDate}::date`,
  );
  const notFirst = draws.filter((d) => Number(d.round) !== 1 || !d.distributed).map((d) => Number(d.drawId));
  const later = draws.filter((d) => Number(d.round) !== 1 && d.distributed).map((d) => `(${Number(d.drawId)}, ${Number(d.round)})`);
  const rounds = sql`(f.round = 1 and not (f.draw_id = any(${`{${notFirst.join(',')}}`}::int[]))${later.length ? sql.raw(` or (f.draw_id, f.round) in (${later.join(', ')})`) : sql``})`;
  return { blockedDates, rounds };
}

/**
 * The same figures summed per account over the downlines they came through (stakeholder_summary, decision
 * 0039): one row per account, draw and code ('' all codes), so a company's 31 days are its accounts' rows,
 * not every figure of the subtree.
 */
function summed(q: StakeholderQuery, range: SummaryRange, where: SQL, columns = sql`f.pass, `): SQL {
  return sql`select f.user_id, f.turnover, f.eaten, ${columns}f.link, f.link_below
    from stakeholder_summary f
    where ${where} and ${drawFilterSql('f', q, range.blockedDates)} and f.bet_code = ${totalCodeSql(q)} and ${range.rounds}`;
}

/**
 * The node's subtree as a condition on the summary's rows. A company's are the rows of its own lines
 * (company_id): every account of its chains is a main account of its subtree, and the planner cannot
 * count a path prefix (it guessed 59 accounts of 20,000 and looked each one up).
 */
function subtreeSql(node: ReportNode): SQL {
  if (node.roleId === RoleId.Company) return sql`f.company_id = ${node.userId}::int`;
  // The platform's: the rows of its companies' lines.
  if (node.platform) return sql`f.company_id in (select id from users where upline_id = ${node.userId}::int and is_main_account)`;
  return sql`f.user_id in (select id from users where starts_with(path, ${node.path}::text) and is_main_account)`;
}

const share = (eaten: number, turnover: number) => (turnover === 0 ? 0 : Math.round((eaten * 10_000) / turnover) / 100);
const n = (v: string | number | null | undefined) => Number(v ?? 0);

interface AccountRaw {
  userId: number;
  username: string;
  fullName: string;
  roleId: number;
  level: number | null;
  turnover: string;
  eaten: string;
  result: string;
  hasDownlines: boolean;
  total: string;
  levels: [number | null, string, string, string][];
}

/**
 * The subtree's accounts with a part in the range: a page of them, or every one (files), each row also
 * carrying the count and the per-level sums (one aggregation of the summary for all three). The sums are
 * bigint from the grouping on (bigint_sum: no numeric per account and sum), the count is not a window over
 * every account, and an account is named and asked for downlines only on the page: for a company's 20,231
 * accounts the part after the grouping went from about 60 to 35 ms (docs/benchmarks.md).
 */
function accountsSql(node: ReportNode, q: StakeholderQuery, range: SummaryRange, page: { limit: number; offset: number }): SQL {
  const order = sql`${sql.raw(SORT[q.sortBy])} ${direction(q.sortOrder)} nulls first, au.username, au.user_id`;
  return sql`with a as materialized (
      select f.user_id, bigint_sum(f.turnover) as turnover, bigint_sum(f.eaten) as eaten, bigint_sum(f.link_below - f.link) as result
      from (${summed(q, range, subtreeSql(node), sql``)}) f group by f.user_id
    ),
    au as materialized (select a.*, u.username, u.level from a join users u on u.id = a.user_id),
    lv as (
      select coalesce(json_agg(json_build_array(level, accounts, eaten, result) order by level nulls first), '[]') as levels
      from (select level, count(*) as accounts, sum(eaten)::text as eaten, sum(result)::text as result from au group by level) x
    )
    select au.user_id as "userId", au.username, u.full_name as "fullName", u.role_id as "roleId", au.level,
           au.turnover, au.eaten, au.result,
           ${hasDownlinesSql(sql`au.user_id`)} as "hasDownlines",
           (select count(*) from a) as total, (select levels from lv) as levels
    from (select * from au order by ${order} limit ${page.limit}::int offset ${page.offset}::int) au
    join users u on u.id = au.user_id
    order by ${order}`;
}

export async function stakeholderReport(db: DbOrTx, auth: AuthContext, q: StakeholderQuery): Promise<StakeholderReport> {
  const { node, head } = await reportStart(db, auth, q);
  const blocked = head.blockedDates;
  const range = await summaryRange(db, q, blocked);

  // The node's lines: their turnover, what the node passed up and its link (the platform: its companies').
  const whose = node.platform
    ? sql`f.user_id in (select id from users where upline_id = ${node.userId}::int and is_main_account)`
    : sql`f.user_id = ${node.userId}::int`;
  const [own] = await rows<{ turnover: string | null; pass: string | null; link: string | null }>(
    db,
    sql`select sum(f.turnover) as turnover, sum(f.pass) as pass, sum(f.link) as link from (${summed(q, range, whose)}) f`,
  );
  const turnover = n(own?.turnover);

  // Above the node: its direct upline on the lines that came through the node, and the rest above it.
  const top: StakeholderRow[] = [];
  const part = (kind: StakeholderRow['kind'], account: StakeholderRow['account'], level: number | null, eaten: number, result: number, through: number): StakeholderRow => ({
    kind,
    account,
    level,
    hasDownlines: false,
    turnover: through,
    eaten,
    share: share(eaten, turnover),
    result,
  });
  if (node.platform || node.roleId === RoleId.Company) {
    if (turnover > 0) top.push(part('unposted', null, null, n(own?.pass), n(own?.link), n(own?.pass)));
  } else {
    const [up] = await rows<{ userId: number; username: string; fullName: string; roleId: number; level: number | null }>(
      db,
      sql`select u.id as "userId", u.username, u.full_name as "fullName", u.role_id as "roleId", u.level
          from users u join users me on me.upline_id = u.id where me.id = ${node.userId}::int`,
    );
    if (up && turnover > 0) {
      const [g] = await rows<{ turnover: string | null; eaten: string | null; pass: string | null; link: string | null; lb: string | null }>(
        db,
        sql`select sum(f.turnover) as turnover, sum(f.eaten) as eaten, sum(f.pass) as pass, sum(f.link) as link, sum(f.link_below) as lb
            from (${figures(q, blocked, sql`f.user_id = ${up.userId}::int and f.via_user_id = ${node.userId}::int`)}) f`,
      );
      const upAccount = { userId: Number(up.userId), username: up.username, fullName: up.fullName, roleId: Number(up.roleId) };
      const upTop = upAccount.roleId === RoleId.Company;
      top.push(part(upTop ? 'unposted' : 'higher', null, null, n(g?.pass), n(g?.link), n(g?.pass)));
      top.push(part('upline', upAccount, up.level === null ? null : Number(up.level), n(g?.eaten), n(g?.lb) - n(g?.link), n(g?.turnover)));
    }
  }

  const toRow = (r: AccountRaw): StakeholderRow => ({
    kind: 'account',
    account: { userId: Number(r.userId), username: r.username, fullName: r.fullName, roleId: Number(r.roleId) },
    level: r.level === null ? null : Number(r.level),
    hasDownlines: r.hasDownlines,
    turnover: n(r.turnover),
    eaten: n(r.eaten),
    share: share(n(r.eaten), turnover),
    result: n(r.result),
  });
  const found = await rows<AccountRaw>(db, accountsSql(node, q, range, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }));
  let total = n(found[0]?.total);
  let levelSums = found[0]?.levels ?? [];
  if (!found.length && q.page > 1) {
    const [first] = await rows<AccountRaw>(db, accountsSql(node, q, range, { limit: 1, offset: 0 }));
    total = n(first?.total);
    levelSums = first?.levels ?? [];
  }

  // Per hierarchy level (every account of the subtree at it together), top first.
  const levelRows = levelSums.map(([level, accounts, eaten, result]) => ({ level, accounts, eaten, result }));
  const levels: StakeholderLevel[] = [
    ...top.map((r) => ({ kind: r.kind, level: r.level, account: r.account, accounts: r.account ? 1 : 0, eaten: r.eaten, share: r.share, result: r.result })),
    ...levelRows.map((l) => ({
      kind: 'account' as const,
      level: l.level === null ? null : Number(l.level),
      account: null,
      accounts: n(l.accounts),
      eaten: n(l.eaten),
      share: share(n(l.eaten), turnover),
      result: n(l.result),
    })),
  ];
  const eaten = levels.reduce((s, l) => s + l.eaten, 0);
  const result = levels.reduce((s, l) => s + l.result, 0);
  return { ...head, turnover, levels, top, rows: found.map(toRow), total, totals: { turnover, eaten, share: share(eaten, turnover), result } };
}

/** Every account row (files): the parts above first, then each account. */
export async function stakeholderAllRows(db: DbOrTx, auth: AuthContext, q: StakeholderQuery) {
  const report = await stakeholderReport(db, auth, { ...q, page: 1, pageSize: 1 });
  const node = await reportNode(db, auth, q.userId);
  const all = await rows<AccountRaw>(db, accountsSql(node, q, await summaryRange(db, q, report.blockedDates), { limit: 1_000_000, offset: 0 }));
  const list: StakeholderRow[] = all.map((r) => ({
    kind: 'account',
    account: { userId: Number(r.userId), username: r.username, fullName: r.fullName, roleId: Number(r.roleId) },
    level: r.level === null ? null : Number(r.level),
    hasDownlines: r.hasDownlines,
    turnover: n(r.turnover),
    eaten: n(r.eaten),
    share: share(n(r.eaten), report.turnover),
    result: n(r.result),
  }));
  return { report, rows: [...report.top, ...list] };
}
