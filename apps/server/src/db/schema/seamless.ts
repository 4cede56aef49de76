// Seamless API accounts and prize claims (DOMAIN "Seamless API accounts", "Settlement"; decision 0025).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * An API account whose players' money lives in the client's own system: where each of its tickets'
 * results is sent after distribution. Kept apart from api_accounts, whose rows are replaced when the
 * credentials are.
 */
export const seamlessAccounts = pgTable('seamless_accounts', {
  userId: integer('user_id').primaryKey(),
  callbackUrl: text('callback_url').notNull(),
  updatedAt: tz('updated_at').notNull(),
  updatedBy: integer('updated_by'),
});

/**
 * The outbox of settlement callbacks: one row per ticket, draw, round and seamless account, written when
 * the draw is distributed (set-based), plus one per resend (ResettleSeamless). The job delivers them:
 * pending -> delivered on a 2xx answer, or failing (attempts, last error, next attempt by backoff).
 */
export const seamlessDeliveries = pgTable(
  'seamless_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The seamless account the ticket is sent to (the ticket's owner or an upline of it). */
    accountId: integer('account_id').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    /** 0: sent by settlement; 1, 2, ...: sent again by ResettleSeamless. */
    resend: integer('resend').notNull().default(0),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tz('next_attempt_at').notNull(),
    deliveredAt: tz('delivered_at'),
    createdAt: tz('created_at').notNull(),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('seamless_deliveries_key').on(t.accountId, t.ticketId, t.drawId, t.round, t.resend),
    index('seamless_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status <> 'delivered'`),
    index('seamless_deliveries_ticket_idx').on(t.ticketId),
    check('seamless_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failing')`),
  ],
);

/**
 * Payment/ClaimPrizes: one winning ticket's held prize of a draw's round paid to its player by an upline
 * before the company releases credit. Release credit leaves claimed tickets out; a resettle reverses it.
 */
export const prizeClaims = pgTable(
  'prize_claims',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    /** Set when a corrected result reversed the claim (the new round's prize is held again). */
    reversalTransactionId: bigint('reversal_transaction_id', { mode: 'number' }),
    at: tz('at').notNull(),
    /** The upline who paid it (null: re-paid by a resettle the system ran). */
    by: integer('by'),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.round, t.ticketId] }), index('prize_claims_ticket_idx').on(t.ticketId)],
);
