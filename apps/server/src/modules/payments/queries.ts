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

/**
 * Audit records (alias `a`) that changed a user's credit limit: every action that records the limit it
 * set (creation, the upline's or an admin's change, deletion) and left it different from before.
 */
const limitChanged = sql`a.target_type = 'user' and (a.after ->> 'creditLimit') is not null
  and coalesce((a.before ->> 'creditLimit')::bigint, 0) <> (a.after ->> 'creditLimit')::bigint`;

/** Columns of a credit limit change: its audit action, before, after and who made it. */
const limitColumns = sql`a.action, coalesce((a.before ->> 'creditLimit')::bigint, 0) as "limitBefore",
  (a.after ->> 'creditLimit')::bigint as "limitAfter"`;

export interface LimitChangeColumns {
  /** The audit action that changed the limit (user.create, user.credit-limit, ...); null on payments. */
  action: string | null;
  limitBefore: number | string | null;
  limitAfter: number | string | null;
}

export interface PaymentRow extends LimitChangeColumns {
  kind: 'payment' | 'creditLimit' | null;
  id: number | null;
  type: number | null;
  amount: number | null;
  targetUserId: number;
  targetUsername: string;
  initiateUserId: number | null;
  initiateUsername: string | null;
  initialAmount: number | null;
  finalAmount: number | null;
  remark: string | null;
  at: Date | string;
  transactionId: number | null;
  total: number;
}

/**
 * One page of the payments and credit limit changes whose target lies in the subtree of `rootPath`, newest
 * first, and the total count, in one round trip: the page of (kind, id, at) is cut first and only its rows
 * are joined to their payment or audit record and names. A page past the end still returns one row, with
 * the total and a null id.
 */
export function paymentPage(
  db: DbOrTx,
  f: { rootPath: string; targetUserId?: number; from?: string; to?: string; tz: string; limit: number; offset: number },
) {
  const target = (alias: SQL) => [
    sql`starts_with(t.path, ${f.rootPath})`,
    ...(f.targetUserId === undefined ? [] : [sql`${alias} = ${f.targetUserId}`]),
  ];
  const payments = [...target(sql`p.target_user_id`), ...businessDateRange(sql`p.at`, f.tz, f.from, f.to)];
  const limits = [limitChanged, ...target(sql`t.id`), ...businessDateRange(sql`a.at`, f.tz, f.from, f.to)];
  return rows<PaymentRow>(
    db,
    sql`with items as (
          select 'payment'::text as kind, p.id, p.at
          from payments p join users t on t.id = p.target_user_id where ${sql.join(payments, sql` and `)}
          union all
          select 'creditLimit'::text, a.id, a.at
          from audit_log a join users t on a.target_id = t.id::text where ${sql.join(limits, sql` and `)}
        ),
        total as (select count(*)::int as n from items),
        page as (select * from items order by at desc, kind desc, id desc limit ${f.limit} offset ${f.offset})
        select page.kind, page.id, p.type, p.amount, t.id as "targetUserId", t.username as "targetUsername",
               i.id as "initiateUserId", i.username as "initiateUsername",
               p.initial_amount as "initialAmount", p.final_amount as "finalAmount", p.remark, page.at,
               p.transaction_id as "transactionId", ${limitColumns}, total.n as total
        from total
        left join page on true
        left join payments p on page.kind = 'payment' and p.id = page.id
        left join audit_log a on page.kind = 'creditLimit' and a.id = page.id
        left join users t on t.id = coalesce(p.target_user_id, a.target_id::int)
        left join users i on i.id = coalesce(p.initiate_user_id, a.actor_user_id)
        order by page.at desc, page.kind desc, page.id desc`,
  );
}

export interface CreditLogRow extends LimitChangeColumns {
  kind: 'journal' | 'creditLimit' | null;
  id: number | null;
  transactionId: number | null;
  journalKind: string | null;
  amount: number | null;
  balanceAfter: number | null;
  initiatedById: number | null;
  initiatedBy: string | null;
  memo: string | null;
  at: Date | string;
  total: number;
}

/**
 * One account's credit log, newest first, a page at a time with the total count: the journal entries of
 * its wallet (none before it has one) and the changes of its credit limit. One round trip, same shape as
 * paymentPage: the page is cut on the entries' and the audit log's indexes before any join.
 */
export function creditLogPage(
  db: DbOrTx,
  f: { userId: number; walletId: number | null; from?: string; to?: string; tz: string; limit: number; offset: number },
) {
  const entries = [f.walletId === null ? sql`false` : sql`e.account_id = ${f.walletId}`, ...businessDateRange(sql`e.at`, f.tz, f.from, f.to)];
  const limits = [limitChanged, sql`a.target_id = ${String(f.userId)}`, ...businessDateRange(sql`a.at`, f.tz, f.from, f.to)];
  return rows<CreditLogRow>(
    db,
    sql`with items as (
          select 'journal'::text as kind, e.id, e.at from journal_entries e where ${sql.join(entries, sql` and `)}
          union all
          select 'creditLimit'::text, a.id, a.at from audit_log a where ${sql.join(limits, sql` and `)}
        ),
        total as (select count(*)::int as n from items),
        page as (select * from items order by at desc, kind desc, id desc limit ${f.limit} offset ${f.offset})
        select page.kind, page.id, e.transaction_id as "transactionId", j.kind as "journalKind", e.amount,
               e.balance_after as "balanceAfter", iu.id as "initiatedById", iu.username as "initiatedBy", j.memo,
               page.at, ${limitColumns}, total.n as total
        from total
        left join page on true
        left join journal_entries e on page.kind = 'journal' and e.id = page.id
        left join journal_transactions j on j.id = e.transaction_id
        left join audit_log a on page.kind = 'creditLimit' and a.id = page.id
        left join users iu on iu.id = coalesce(j.initiated_by, a.actor_user_id)
        order by page.at desc, page.kind desc, page.id desc`,
  );
}
