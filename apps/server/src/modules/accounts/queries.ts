import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerAccounts, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { subtreeOutstandingSql } from './outstanding';

const summaryColumns = {
  userId: users.id,
  username: users.username,
  fullName: users.fullName,
  userRoleId: users.roleId,
  status: users.status,
  mainAccount: users.isMainAccount,
  creditLimit: users.creditLimit,
  creditType: users.creditType,
  currency: users.currency,
  path: users.path,
  balance: sql<number>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(Number),
};

const inSubtree = (rootPath: string) => sql`starts_with(${users.path}, ${rootPath})`;

/**
 * SQL: true when an account above the one at `path` (every upline; for a sub-account also its main
 * account, which heads its path) is not active or is deleted. The path names them all: one probe by
 * primary key each, however deep.
 */
export const inactiveAboveSql = (path: SQL, selfId: SQL) => sql<boolean>`exists (
  select 1 from users a
  where a.id = any(string_to_array(trim(both '/' from ${path}), '/')::int[]) and a.id <> ${selfId}
    and (a.status <> 'Active' or a.record_status <> 1))`;

/** Whether every account above this one is active (see inactiveAboveSql). */
export async function uplinesActive(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ inactive: inactiveAboveSql(sql`${users.path}`, sql`${users.id}`) }).from(users).where(eq(users.id, id));
  return !!row && !row.inactive;
}

/** The user only if it lies in the subtree whose root has `rootPath` (deleted accounts excluded). */
export async function findInSubtree(db: DbOrTx, rootPath: string, where: { id?: number; username?: string }) {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .where(
      and(
        where.id !== undefined ? eq(users.id, where.id) : sql`lower(${users.username}) = ${where.username!.toLowerCase()}`,
        inSubtree(rootPath),
        ne(users.recordStatus, 2),
      ),
    );
  return row;
}

const upline = alias(users, 'upline');

/**
 * Every column of an account, with its upline's username, its wallet balance and (when asked: it sums the
 * whole subtree's open lines) its outstanding, else 0.
 */
export async function accountRow(db: DbOrTx, id: number, opts: { outstanding?: boolean } = {}) {
  const [row] = await db
    .select({
      u: users,
      uplineUsername: upline.username,
      balance: sql<number>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(Number),
      outstanding: opts.outstanding ? subtreeOutstandingSql(sql`${users.path}`) : sql<number>`0`.mapWith(Number),
    })
    .from(users)
    .leftJoin(upline, eq(upline.id, users.uplineId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .where(and(eq(users.id, id), ne(users.recordStatus, 2)));
  return row;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof accountRow>>>;

/** Locks an account row for the rest of the transaction (limit and status changes). */
export async function lockAccount(tx: DbOrTx, id: number) {
  // NO KEY UPDATE: concurrent payments hold foreign-key share locks on this row; a plain FOR UPDATE would deadlock with them.
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

/** Sum of the credit limits an upline has granted its direct downlines, optionally leaving one out. */
export async function grantedCredit(db: DbOrTx, uplineId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${users.creditLimit}), 0)`.mapWith(Number) })
    .from(users)
    .where(
      and(
        eq(users.uplineId, uplineId),
        eq(users.isMainAccount, true),
        ne(users.recordStatus, 2),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return !!row;
}

const SORTS = {
  username: users.username,
  fullName: users.fullName,
  level: users.level,
  status: users.status,
  creditLimit: users.creditLimit,
  availableCredit: sql`case when ${users.creditType} = 'prepaid' then 0 else ${users.creditLimit} end + coalesce(${ledgerAccounts.balance}, 0)`,
  lastLoginAt: users.lastLoginAt,
} as const;

export interface ListingFilter {
  parentId: number;
  searchTerm?: string;
  status?: string;
  roleIds?: number[];
  page: number;
  pageSize: number;
  sortBy: keyof typeof SORTS;
  sortDir: 'asc' | 'desc';
}

/** One page of an account's direct downline, with the total, in one statement. */
export async function listing(db: DbOrTx, f: ListingFilter) {
  const where: (SQL | undefined)[] = [eq(users.uplineId, f.parentId), eq(users.isMainAccount, true), ne(users.recordStatus, 2)];
  if (f.searchTerm) {
    const like = `%${f.searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${users.username} ilike ${like} or ${users.fullName} ilike ${like})`);
  }
  if (f.status && f.status !== '-1') where.push(eq(users.status, f.status));
  if (f.roleIds) where.push(inArray(users.roleId, f.roleIds));
  const children = alias(users, 'children');
  const downlineCounts = db
    .select({ uplineId: children.uplineId, n: sql<number>`count(*)::int`.as('n') })
    .from(children)
    .where(and(eq(children.isMainAccount, true), ne(children.recordStatus, 2)))
    .groupBy(children.uplineId)
    .as('dc');
  const order = f.sortDir === 'desc' ? desc(SORTS[f.sortBy]) : asc(SORTS[f.sortBy]);
  return db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      userRoleId: users.roleId,
      level: users.level,
      status: users.status,
      creditType: users.creditType,
      creditLimit: users.creditLimit,
      balance: sql<number>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(Number),
      // Evaluated by the database for the page's rows only (limit applies first): no query per row.
      outstanding: subtreeOutstandingSql(sql`${users.path}`),
      currency: users.currency,
      lastLoginAt: users.lastLoginAt,
      downlineCount: sql<number>`coalesce(${downlineCounts.n}, 0)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .leftJoin(downlineCounts, eq(downlineCounts.uplineId, users.id))
    .where(and(...where))
    .orderBy(order, asc(users.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}

export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ userId: users.id, username: users.username, level: users.level }).from(users).where(inArray(users.id, ids));
}

export async function directDownlines(db: DbOrTx, uplineId: number) {
  return db
    .select({ userId: users.id, username: users.username, fullName: users.fullName, level: users.level, status: users.status })
    .from(users)
    .where(and(eq(users.uplineId, uplineId), eq(users.isMainAccount, true), ne(users.recordStatus, 2)))
    .orderBy(asc(users.username));
}

export async function countLiveDownline(db: DbOrTx, path: string, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`starts_with(${users.path}, ${path})`, ne(users.id, exceptId), ne(users.recordStatus, 2), eq(users.isMainAccount, true)));
  return row?.n ?? 0;
}

export interface NewAccount {
  username: string;
  fullName: string;
  passwordHash: string;
  secondaryPasswordHash: string | null;
  roleId: number;
  level?: number | null;
  /** The upline; for a sub-account, its main account (the sub-account sits under it in the path). */
  parentId: number | null;
  isMainAccount: boolean;
  status?: string;
  skipTnc?: boolean;
  creditLimit?: number;
  companyId?: number | null;
  settings?: Partial<typeof users.$inferInsert>;
}

/** Inserts an account and sets its materialised path under its parent in the same statement pair. */
export async function insertAccount(tx: DbOrTx, a: NewAccount): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      ...a.settings,
      username: a.username,
      fullName: a.fullName,
      passwordHash: a.passwordHash,
      secondaryPasswordHash: a.secondaryPasswordHash,
      roleId: a.roleId,
      level: a.level ?? null,
      uplineId: a.isMainAccount ? a.parentId : null,
      mainAccountId: a.isMainAccount ? null : a.parentId,
      isMainAccount: a.isMainAccount,
      status: a.status ?? 'Active',
      skipTnc: a.skipTnc ?? false,
      creditLimit: a.creditLimit ?? 0,
      companyId: a.companyId ?? null,
    })
    .returning({ id: users.id });
  const parentPath = a.parentId === null ? sql`'/'` : sql`(select p.path from users p where p.id = ${a.parentId})`;
  await tx.update(users).set({ path: sql`${parentPath} || ${row.id} || '/'` }).where(eq(users.id, row.id));
  return row.id;
}
