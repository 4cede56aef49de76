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
}

export interface ReportHead {
  node: ReportAccount;
  breadcrumb: ReportAccount[];
  blockedDates: string[];
  settlingDates: string[];
}

const account = (r: ReportNode): ReportAccount => ({ userId: r.userId, username: r.username, fullName: r.fullName, roleId: r.roleId });

/** The node a report lists: `userId` when it is in the caller's subtree (else 404, as if it did not exist). */
export async function reportNode(db: DbOrTx, auth: AuthContext, userId: number | undefined): Promise<ReportNode> {
  const id = userId ?? auth.actingUserId;
  const [n] = await rows<{ userId: number; username: string; fullName: string; roleId: number; path: string }>(
    db,
    sql`select id as "userId", username, full_name as "fullName", role_id as "roleId", path from users
        where id = ${id}::int and is_main_account and starts_with(path, ${auth.actingPath}::text)`,
  );
  if (!n) throw notFound();
  const roleId = Number(n.roleId);
  return { ...n, userId: Number(n.userId), roleId, platform: roleId === RoleId.SuperAdmin || roleId === RoleId.ITAdmin };
}

/** The accounts from the caller down to the node. */
export async function breadcrumb(db: DbOrTx, auth: AuthContext, node: ReportNode): Promise<ReportAccount[]> {
  const ids = node.path.split('/').filter(Boolean).map(Number);
  const from = ids.indexOf(auth.actingUserId);
  const chain = from >= 0 ? ids.slice(from) : [node.userId];
  const found = await rows<ReportAccount>(
    db,
    sql`select id as "userId", username, full_name as "fullName", role_id as "roleId" from users where id = any(${`{${chain.join(',')}}`}::int[])`,
  );
  const byId = new Map(found.map((r) => [Number(r.userId), { ...r, userId: Number(r.userId), roleId: Number(r.roleId) }]));
  return chain.map((id) => byId.get(id)).filter((a): a is ReportAccount => !!a);
}

/** Dates of the range whose figures are not final: a draw still settling, or blocked by hand (BlockReport). */
export async function unfinalDates(db: DbOrTx, f: Pick<ReportFilter, 'fromDate' | 'toDate'>) {
  const found = await rows<{ drawDate: string; settling: boolean }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as "drawDate", bool_or(settling) as settling from (
          select draw_date as d, true as settling from draw_settlements
          where draw_date between ${f.fromDate}::date and ${f.toDate}::date and distributed_at is null
          union all
          select draw_date, false from report_blocks where blocked and draw_date between ${f.fromDate}::date and ${f.toDate}::date
        ) x group by d order by d`,
  );
  return { blockedDates: found.map((r) => r.drawDate), settlingDates: found.filter((r) => r.settling).map((r) => r.drawDate) };
}

export async function reportHead(db: DbOrTx, auth: AuthContext, node: ReportNode, f: ReportFilter): Promise<ReportHead> {
  return { node: account(node), breadcrumb: await breadcrumb(db, auth, node), ...(await unfinalDates(db, f)) };
}

/** SQL condition on a draw's date and pool (`d` an alias with draw_date and pool_id): in range, final, filtered. */
export function drawFilterSql(d: string, f: ReportFilter, blockedDates: string[]): SQL {
  const col = (c: string) => sql.raw(`${d}.${c}`);
  return sql`${col('draw_date')} between ${f.fromDate}::date and ${f.toDate}::date
    and (${f.poolId}::int = -1 or ${col('pool_id')} = ${f.poolId}::int)
    and not (${col('draw_date')} = any(${`{${blockedDates.join(',')}}`}::date[]))`;
}

/** SQL condition on a bet code column. */
export const betCodeSql = (column: SQL, f: ReportFilter): SQL => sql`(${f.betCode}::text = '-1' or ${column} = ${f.betCode}::text)`;

/** ORDER BY direction, from the validated enum. */
export const direction = (order: 'asc' | 'desc') => sql.raw(order === 'desc' ? 'desc' : 'asc');
