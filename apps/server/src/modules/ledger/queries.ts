// The ledger's SQL: wallets, journal postings, idempotency keys and the consistency check.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export interface WalletRow {
  /** ledger_accounts.id */
  id: number;
  userId: number;
  balance: number;
}

export interface CreditRow {
  userId: number;
  username: string;
  roleId: number;
  creditLimit: number;
  creditType: string;
  companyId: number | null;
  uplineId: number | null;
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);

/**
 * Locks the wallets of the given users (those that exist) in ascending wallet id order, so that two
 * transactions locking the same pair in opposite roles always queue instead of deadlocking. The rows
 * returned are the latest committed versions (PostgreSQL re-reads a row it waited for).
 */
export function lockWallets(tx: DbOrTx, userIds: number[]) {
  return rows<WalletRow>(
    tx,
    sql`select id, user_id as "userId", balance from ledger_accounts
        where user_id in (${idList(userIds)}) order by id for update`,
  );
}

/**
 * The credit fields of accounts. Read in a statement of its own after the wallet locks are held: a
 * statement that waited for a lock still sees the other tables as they were when it started.
 */
export function creditRows(db: DbOrTx, userIds: number[]) {
  return rows<CreditRow>(
    db,
    sql`select id as "userId", username, role_id as "roleId", credit_limit as "creditLimit", credit_type as "creditType",
               company_id as "companyId", upline_id as "uplineId"
        from users where id in (${idList(userIds)})`,
  );
}

/** User ids among these that hold a wallet (no lock taken). */
export async function existingWallets(db: DbOrTx, userIds: number[]): Promise<number[]> {
  const r = await rows<{ userId: number }>(db, sql`select user_id as "userId" from ledger_accounts where user_id in (${idList(userIds)})`);
  return r.map((x) => x.userId);
}

/** Reads wallets without locking (reports, summaries). */
export function readWallets(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([] as WalletRow[]);
  return rows<WalletRow>(db, sql`select id, user_id as "userId", balance from ledger_accounts where user_id in (${idList(userIds)})`);
}

/** Creates the missing wallets of main accounts (ascending user id); existing ones are left alone. */
export async function createWallets(tx: DbOrTx, userIds: number[]): Promise<void> {
  const sorted = [...new Set(userIds)].sort((a, b) => a - b);
  await tx.execute(
    sql`insert into ledger_accounts (user_id, company_id, balance)
        select u.id, u.company_id, 0 from users u
        where u.id in (${idList(sorted)}) and u.is_main_account
        order by u.id
        on conflict do nothing`,
  );
}

export interface PostingLine {
  accountId: number;
  amount: number;
}

export interface PostingRow {
  at: Date;
  kind: string;
  initiatedBy: number | null;
  companyId: number | null;
  memo: string | null;
  lines: PostingLine[];
}

/**
 * The common table expressions of one journal transaction: `t` the transaction row, `u` the cached
 * balances moved, `e` one entry per line carrying the account's balance after it. The caller holds the
 * wallets' locks.
 */
export function postingCtes(p: PostingRow): SQL {
  const at = sql`${p.at.toISOString()}::timestamptz`;
  const values = sql.join(
    p.lines.map((l) => sql`(${l.accountId}::int, ${l.amount}::bigint)`),
    sql`, `,
  );
  return sql`t as (
          insert into journal_transactions (at, kind, initiated_by, company_id, memo)
          values (${at}, ${p.kind}, ${p.initiatedBy}, ${p.companyId}, ${p.memo}) returning id
        ), v (account_id, amount) as (values ${values}),
        u as (
          update ledger_accounts l set balance = l.balance + v.amount, updated_at = ${at}
          from v where l.id = v.account_id
          returning l.id, l.balance, l.company_id, v.amount
        ),
        e as (
          insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
          select t.id, u.id, u.amount, u.balance, u.company_id, ${at} from t, u
          returning transaction_id, account_id, amount, balance_after
        )`;
}

/**
 * The common table expressions of many journal transactions, for modules that post a batch (placing or
 * voiding tickets) inside a larger statement. `transactions` selects one row per journal transaction:
 * `tx_id` (drawn from journal_transactions_id_seq), `initiated_by`, `company_id`, `memo`; `legs` one row
 * per entry: `tx_id`, `account_id`, `amount`. The update locks each account posted to (a caller that must
 * lock them in an order of its own locks them first) and each entry's balance after follows from the
 * balance it leaves. `e` has a row per entry; `upd` has each account's balance after all of them.
 */
export function manyPostingsCtes(at: Date, kind: string, transactions: SQL, legs: SQL): SQL {
  const when = sql`${at.toISOString()}::timestamptz`;
  // Each entry's balance after is counted back from the balance the update leaves, which is the row's
  // latest (the update waits for its lock), not the balance as this statement's snapshot saw it.
  return sql`ins_tx as (
          insert into journal_transactions (id, at, kind, initiated_by, company_id, memo)
          select tx_id, ${when}, ${kind}, initiated_by, company_id, memo from (${transactions}) x
        ),
        legs as (${legs}),
        upd as (
          update ledger_accounts a set balance = a.balance + s.delta, updated_at = ${when}
          from (select account_id, sum(amount) as delta from legs group by account_id) s
          where a.id = s.account_id
          returning a.id, a.balance, a.company_id
        ),
        e as (
          insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
          select l.tx_id, l.account_id, l.amount,
                 u.balance - coalesce(sum(l.amount) over (partition by l.account_id order by l.tx_id rows between 1 following and unbounded following), 0),
                 u.company_id, ${when}
          from legs l join upd u on u.id = l.account_id
          returning 1
        )`;
}

/** One journal transaction in one statement (see postingCtes). */
export function insertPosting(tx: DbOrTx, p: PostingRow) {
  return rows<{ transactionId: number; accountId: number; amount: number; balanceAfter: number }>(
    tx,
    sql`with ${postingCtes(p)}
        select transaction_id as "transactionId", account_id as "accountId", amount, balance_after as "balanceAfter" from e`,
  );
}

// ---- the consistency check ----

export function unbalancedTransactions(db: DbOrTx) {
  return rows<{ transactionId: number; sum: string }>(
    db,
    sql`select transaction_id as "transactionId", sum(amount)::text as sum from journal_entries
        group by transaction_id having sum(amount) <> 0 order by transaction_id`,
  );
}

/** Bet lines without their ticket or draw, eat shares without their bet line (no foreign keys there). */
export function orphanRows(db: DbOrTx) {
  return rows<{ table: string; id: number }>(
    db,
    sql`select 'bet_lines' as "table", bl.id from bet_lines bl
          where not exists (select 1 from tickets t where t.id = bl.ticket_id) or not exists (select 1 from draws d where d.id = bl.draw_id)
        union all
        select 'eat_shares', es.bet_line_id from eat_shares es where not exists (select 1 from bet_lines bl where bl.id = es.bet_line_id)
        order by 1, 2`,
  );
}

export function cacheMismatches(db: DbOrTx) {
  return rows<{ accountId: number; balance: number; entries: string }>(
    db,
    sql`select l.id as "accountId", l.balance, coalesce(s.total, 0)::text as entries
        from ledger_accounts l
        left join (select account_id, sum(amount) as total from journal_entries group by account_id) s on s.account_id = l.id
        where l.balance <> coalesce(s.total, 0) order by l.id`,
  );
}

/** Entries whose balance_after is not the running sum of the account's entries (the credit log's figures). */
export function runningBalanceBreaks(db: DbOrTx) {
  return rows<{ entryId: number; accountId: number; balanceAfter: number; running: string }>(
    db,
    sql`select id as "entryId", account_id as "accountId", balance_after as "balanceAfter", running::text
        from (select id, account_id, balance_after,
                     sum(amount) over (partition by account_id order by id rows unbounded preceding) as running
              from journal_entries) x
        where balance_after <> running order by id limit 100`,
  );
}

export async function totalOfBalances(db: DbOrTx): Promise<number> {
  const [r] = await rows<{ total: string }>(db, sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts`);
  return Number(r.total);
}
