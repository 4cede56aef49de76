// SQL of payments, credit limits and credit logs.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { businessDateRange } from '../../platform/businessTime';
import { rows } from '../ledger/queries';

export interface AccountRow {
  id: number;
  username: string;
  uplineId: number | null;
  path: string;
  roleId: number;
  creditLimit: number;
  creditType: string;
  companyId: number | null;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  uplineId: users.uplineId,
  path: users.path,
  roleId: users.roleId,
  creditLimit: users.creditLimit,
  creditType: users.creditType,
  companyId: users.companyId,
};

/** A live main account (not deleted), optionally only if it is a direct downline of `uplineId`. */
export async function findMainAccount(db: DbOrTx, id: number, uplineId?: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.isMainAccount, true),
        sql`${users.recordStatus} <> 2`,
        uplineId === undefined ? undefined : eq(users.uplineId, uplineId),
      ),
    );
  return row;
}

/**
 * Locks the users rows of an upline and its downline, ancestors first (the order every limit change
 * uses), so that concurrent limit changes under one upline are checked one after the other.
 */
export async function lockAccounts(db: DbOrTx, ids: number[]): Promise<AccountRow[]> {
  return rows<AccountRow>(
    db,
    sql`select id, username, upline_id as "uplineId", path, role_id as "roleId", credit_limit as "creditLimit",
               credit_type as "creditType", company_id as "companyId"
        from users where id in (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)})
        order by length(path), id for no key update`,
  );
}

/** Sum of the credit limits of an account's live direct downlines, optionally leaving one out. */
export async function grantedToDirectDownlines(db: DbOrTx, uplineId: number, exceptId?: number): Promise<number> {
  const [r] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(credit_limit), 0)::text as total from users
        where upline_id = ${uplineId} and is_main_account and record_status <> 2
        ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  );
  return Number(r.total);
}

export async function setCreditLimit(db: DbOrTx, id: number, creditLimit: number, at: Date): Promise<void> {
  await db.update(users).set({ creditLimit, updatedAt: at }).where(eq(users.id, id));
}

export async function insertPayment(db: DbOrTx, p: typeof payments.$inferInsert): Promise<number> {
  const [row] = await db.insert(payments).values(p).returning({ id: payments.id });
  return row.id;
}

export interface PaymentRow {
  id: number | null;
  type: number;
  amount: number;
  targetUserId: number;
  targetUsername: string;
  initiateUserId: number;
  initiateUsername: string;
  initialAmount: number;
  finalAmount: number;
  remark: string | null;
  at: Date | string;
  transactionId: number;
  total: number;
}

/**
 * One page of payments whose target lies in the subtree of `rootPath`, newest first, and the total count,
 * in one round trip: the page is cut first and only its rows are joined to names; the count reads
 * payments and targets only. A page past the end still returns one row, with the total and a null id.
 */
export function paymentPage(
  db: DbOrTx,
  f: { rootPath: string; targetUserId?: number; from?: string; to?: string; tz: string; limit: number; offset: number },
) {
  const where: SQL[] = [sql`starts_with(t.path, ${f.rootPath})`];
  if (f.targetUserId !== undefined) where.push(sql`p.target_user_id = ${f.targetUserId}`);
  where.push(...businessDateRange(sql`p.at`, f.tz, f.from, f.to));
  const filtered = sql`from payments p join users t on t.id = p.target_user_id where ${sql.join(where, sql` and `)}`;
  return rows<PaymentRow>(
    db,
    sql`with total as (select count(*)::int as n ${filtered}),
        page as (select p.* ${filtered} order by p.at desc, p.id desc limit ${f.limit} offset ${f.offset})
        select p.id, p.type, p.amount, p.target_user_id as "targetUserId", t.username as "targetUsername",
               p.initiate_user_id as "initiateUserId", i.username as "initiateUsername",
               p.initial_amount as "initialAmount", p.final_amount as "finalAmount", p.remark, p.at,
               p.transaction_id as "transactionId", total.n as total
        from total
        left join page p on true
        left join users t on t.id = p.target_user_id
        left join users i on i.id = p.initiate_user_id
        order by p.at desc, p.id desc`,
  );
}

export interface CreditLogRow {
  id: number | null;
  transactionId: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  initiatedById: number | null;
  initiatedBy: string | null;
  memo: string | null;
  at: Date | string;
  total: number;
}

/**
 * The journal entries of one wallet, newest first, a page at a time with the total count (one round
 * trip, same shape as paymentPage: the page is cut on the entries' index before any join).
 */
export function creditLogPage(db: DbOrTx, f: { walletId: number; from?: string; to?: string; tz: string; limit: number; offset: number }) {
  const where: SQL[] = [sql`e.account_id = ${f.walletId}`, ...businessDateRange(sql`e.at`, f.tz, f.from, f.to)];
  const filtered = sql`from journal_entries e where ${sql.join(where, sql` and `)}`;
  return rows<CreditLogRow>(
    db,
    sql`with total as (select count(*)::int as n ${filtered}),
        page as (select e.* ${filtered} order by e.at desc, e.id desc limit ${f.limit} offset ${f.offset})
        select e.id, e.transaction_id as "transactionId", j.kind, e.amount, e.balance_after as "balanceAfter",
               j.initiated_by as "initiatedById", iu.username as "initiatedBy", j.memo, e.at, total.n as total
        from total
        left join page e on true
        left join journal_transactions j on j.id = e.transaction_id
        left join users iu on iu.id = j.initiated_by
        order by e.at desc, e.id desc`,
  );
}
