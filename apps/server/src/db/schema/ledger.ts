// The credit ledger: a double-entry journal. Entries are never updated or deleted (triggers refuse it),
// every transaction's entries sum to zero (a deferred constraint trigger checks it at commit), and
// ledger_accounts.balance is a cache of the sum of its entries, updated in the same transaction.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** The account's credit wallet; null for a system account. */
    userId: integer('user_id').references(() => users.id),
    /** System accounts (e.g. 'platform', the source of the credit the super admin grants). */
    code: text('code'),
    companyId: integer('company_id'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_accounts_user_key').on(t.userId), uniqueIndex('ledger_accounts_code_key').on(t.code)],
);

export const journalTransactions = pgTable(
  'journal_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    /** transfer, receive, stake, void, commission, winning, draw-payment, auto-transfer, reversal */
    kind: text('kind').notNull(),
    initiatedBy: integer('initiated_by'),
    companyId: integer('company_id'),
    memo: text('memo'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
  },
  (t) => [index('journal_transactions_at_idx').on(t.at)],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => journalTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Cents added to the account's balance (negative takes away). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's balance after this entry: the credit log's post-balance. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    companyId: integer('company_id'),
    at: tz('at').notNull(),
  },
  (t) => [index('journal_entries_account_idx').on(t.accountId, t.at), index('journal_entries_tx_idx').on(t.transactionId)],
);

/** Payment (SPEC 3): transfer credit (1) to, or receive credit (2) from, a direct downline. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: smallint('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id),
    initiateUserId: integer('initiate_user_id')
      .notNull()
      .references(() => users.id),
    /** The target's balance before and after. */
    initialAmount: bigint('initial_amount', { mode: 'number' }).notNull(),
    finalAmount: bigint('final_amount', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => journalTransactions.id),
    remark: text('remark'),
    at: tz('at').notNull(),
  },
  (t) => [index('payments_target_idx').on(t.targetUserId, t.at), index('payments_initiate_idx').on(t.initiateUserId, t.at)],
);

/** A retried call with the same key returns the stored first response instead of acting again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    status: smallint('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Scheduled jobs claim a (job, period) row: the primary key lets exactly one process run each period. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    claimedAt: tz('claimed_at').notNull(),
    finishedAt: tz('finished_at'),
    result: jsonb('result'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

