// What every report shares (DOMAIN "Reports: the figures"; decision 0027): the node it lists (the caller,
// or an account of its subtree it drilled down to, never outside), the way back, and which dates of the
// range are not final (still settling, or blocked by hand) and are therefore left out of the figures.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportAccount, ReportFilter } from '@app/contract';
import { RoleId } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';

export interface ReportNode extends ReportAccount {
  path: string;
  /** The platform's own accounts (super admin, IT admin) are in no chain: they read their companies' figures. */
  platform: boolean;
  /** The accounts from the caller down to the node (the way back). */
  breadcrumb: ReportAccount[];
}

export interface ReportHead {
  node: ReportAccount;
  breadcrumb: ReportAccount[];
  blockedDates: string[];
  settlingDates: string[];
}

type Range = Pick<ReportFilter, 'fromDate' | 'toDate'>;
type Unfinal = Pick<ReportHead, 'blockedDates' | 'settlingDates'>;

const account = (r: Pick<ReportAccount, 'userId' | 'username' | 'fullName' | 'roleId'>): ReportAccount => ({
  userId: Number(r.userId),
  username: r.username,
  fullName: r.fullName,
  roleId: Number(r.roleId),
});

/** Dates of the range whose figures are not final: a draw still settling, or blocked by hand (BlockReport). */
const unfinalSql = (f: Range): SQL => sql`
  select coalesce(json_agg(json_build_object('drawDate', to_char(d, 'YYYY-MM-DD'), 'settling', settling) order by d), '[]'::json) from (
    select d, bool_or(settling) as settling from (
      select draw_date as d, true as settling from draw_settlements
      where draw_date between ${f.fromDate}::date and ${f.toDate}::date and distributed_at is null
      union all
      select draw_date, false from report_blocks where blocked and draw_date between ${f.fromDate}::date and ${f.toDate}::date
    ) x group by d
  ) y`;

const unfinalOf = (found: { drawDate: string; settling: boolean }[]): Unfinal => ({
  blockedDates: found.map((r) => r.drawDate),
  settlingDates: found.filter((r) => r.settling).map((r) => r.drawDate),
});

/**
 * The node, its way back and (given a range) the range's dates not final, in one statement: a report's
 * head costs one round trip, not three, before its figures (issue 31 line 3: an agent's report is mostly
 * this fixed cost).
 */
async function readNode(db: DbOrTx, auth: AuthContext, userId: number | undefined, range: Range | undefined) {
  const id = userId ?? auth.actingUserId;
  const [n] = await rows<{
    userId: number;
    username: string;
    fullName: string;
    roleId: number;
    path: string;
    chain: ReportAccount[] | null;
    unfinal: { drawDate: string; settling: boolean }[] | null;
  }>(
    db,
    sql`select n.id as "userId", n.username, n.full_name as "fullName", n.role_id as "roleId", n.path,
          (select json_agg(json_build_object('userId', u.id, 'username', u.username, 'fullName', u.full_name, 'roleId', u.role_id))
           from users u where u.id = any(string_to_array(trim(both '/' from n.path), '/')::int[])) as chain,
          ${range ? sql`(${unfinalSql(range)})` : sql`null::json`} as unfinal
        from users n
        where n.id = ${id}::int and n.is_main_account and starts_with(n.path, ${auth.actingPath}::text)`,
  );
  if (!n) throw notFound();
  const roleId = Number(n.roleId);
  const node = { ...account(n), path: n.path, platform: roleId === RoleId.SuperAdmin || roleId === RoleId.ITAdmin };
  // The way back starts at the caller; a platform account, in no chain, sees the node alone.
  const ids = n.path.split('/').filter(Boolean).map(Number);
  const from = ids.indexOf(auth.actingUserId);
  const byId = new Map((n.chain ?? []).map((a) => [Number(a.userId), account(a)]));
  const breadcrumb = (from >= 0 ? ids.slice(from) : [node.userId]).map((i) => byId.get(i)).filter((a): a is ReportAccount => !!a);
  return { node: { ...node, breadcrumb } satisfies ReportNode, unfinal: unfinalOf(n.unfinal ?? []) };
}

/** The node a report lists: `userId` when it is in the caller's subtree (else 404, as if it did not exist). */
export async function reportNode(db: DbOrTx, auth: AuthContext, userId: number | undefined): Promise<ReportNode> {
  return (await readNode(db, auth, userId, undefined)).node;
}

/** The node and the report's head (the node, the way back, the dates of the filter not final), in one read. */
export async function reportStart(db: DbOrTx, auth: AuthContext, f: ReportFilter & { userId?: number }): Promise<{ node: ReportNode; head: ReportHead }> {
  const { node, unfinal } = await readNode(db, auth, f.userId, f);
  return { node, head: { node: account(node), breadcrumb: node.breadcrumb, ...unfinal } };
}

/** SQL condition on a draw's date and pool (`d` an alias with draw_date and pool_id): in range, final, filtered. */
export function drawFilterSql(d: string, f: ReportFilter, blockedDates: string[]): SQL {
  const col = (c: string) => sql.raw(`${d}.${c}`);
  return sql`${col('draw_date')} between ${f.fromDate}::date and ${f.toDate}::date
    and (${f.poolId}::int = -1 or ${col('pool_id')} = ${f.poolId}::int)
    and not (${col('draw_date')} = any(${`{${blockedDates.join(',')}}`}::date[]))`;
}

/**
 * Joins the account of a row's id (`id`, e.g. a row's direct downline) under `alias` (username, full_name,
 * role_id), one index probe per row. A plain join lets the planner hash the whole users table to name a
 * page of rows: 3.6 ms of an agent's 6 ms win/loss at 10,000 accounts, growing with every player. The
 * `limit 1` keeps the lateral lookup from being pulled up into that join.
 */
export const accountJoin = (alias: string, id: SQL): SQL =>
  sql`left join lateral (select username, full_name, role_id from users where users.id = ${id} limit 1) ${sql.raw(alias)} on true`;

/**
 * Whether the account `id` has main-account downlines, one probe of users_upline_idx per row. As `exists`,
 * the planner may build a hash of every main account instead when it expects many rows: 12.6 ms of an
 * agent's 23 ms sales summary at 20,000 accounts, for a page of 50. A scalar subquery is never hashed.
 */
export const hasDownlinesSql = (id: SQL): SQL =>
  sql`coalesce((select true from users c where c.upline_id = ${id} and c.is_main_account limit 1), false)`;

/** SQL condition on a bet code column. */
export const betCodeSql = (column: SQL, f: ReportFilter): SQL => sql`(${f.betCode}::text = '-1' or ${column} = ${f.betCode}::text)`;

/** ORDER BY direction, from the validated enum. */
export const direction = (order: 'asc' | 'desc') => sql.raw(order === 'desc' ? 'desc' : 'asc');
