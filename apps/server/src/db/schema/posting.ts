// Posting (DOMAIN "Posting: laying off to remote agents"; decision 0032): the remote agents the company
// lays off to, the posting batches that fix what is unposted, and the invoices (what a remote accepted).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/** One bet code's rates a remote agent gives the company (its package): commission %, payout per RM1 in cents. */
export interface RemoteRate {
  betCode: string;
  commissionBp: number;
  first: number;
  second: number;
  third: number;
  starter: number;
  consolation: number;
}

/**
 * A remote agent: another betting system (often another copy of this product) reached over HTTP through an
 * API account there. The secret is needed to call out, so it is kept encrypted (AES-256-GCM, key from
 * REMOTE_AGENT_KEY), never hashed, and never returned.
 */
export const remoteAgents = pgTable(
  'remote_agents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    clientOpcode: text('client_opcode').notNull(),
    /** base64(iv) . base64(tag) . base64(ciphertext). */
    secretEnc: text('secret_enc').notNull(),
    /** The bet-code order of the remote account's express text ('B#S#4A#A#C'). */
    codeOrder: text('code_order').notNull().default('B#S#4A#A#C'),
    /** Lower first. */
    priority: integer('priority').notNull(),
    postEnabled: boolean('post_enabled').notNull().default(true),
    /** Most this remote takes per draw, number and code, in cents; null = no cap. */
    capPerNumber: bigint('cap_per_number', { mode: 'number' }),
    rates: jsonb('rates').$type<RemoteRate[]>().notNull(),
    timeoutMs: integer('timeout_ms').notNull().default(10000),
    /**
     * Minutes after a draw's house cutoff that the remote still takes bets (its own cutoff); null: unknown,
     * automatic posting tries it until it refuses the draw as closed or the result is released.
     */
    cutoffMinutes: integer('cutoff_minutes'),
    /** 1 kept, 0 deleted (invoices keep naming it). */
    recordStatus: smallint('record_status').notNull().default(1),
    lastAnsweredAt: tz('last_answered_at'),
    lastError: text('last_error'),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('remote_agents_name').on(t.name),
    check('remote_agents_cap', sql`${t.capPerNumber} is null or ${t.capPerNumber} > 0`),
    check('remote_agents_cutoff', sql`${t.cutoffMinutes} is null or ${t.cutoffMinutes} between 0 and 1440`),
  ],
);

/** What DoPost fixed of a company's unposted book of one draw (later tickets go to the next batch). */
export const postingBatches = pgTable(
  'posting_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    drawId: integer('draw_id').notNull(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    /** Null: posted by the automatic posting job. */
    postedBy: integer('posted_by'),
    postedAt: tz('posted_at').notNull(),
  },
  (t) => [index('posting_batches_company_idx').on(t.companyId, t.drawDate)],
);

/** A batch per number and code: what is to be laid off (unposted lines and run tickets together). */
export const postingItems = pgTable(
  'posting_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Of the amount, what came from run tickets (the rest from unposted lines). */
    fromRuns: bigint('from_runs', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('posting_items_key').on(t.batchId, t.number, t.betCode), check('posting_items_amount', sql`${t.amount} > 0`)],
);

/**
 * A placement at a remote agent (or one recorded by hand): its idempotency key, derived from the batch, the
 * remote and the attempt, is written before the call, so after a crash or a lost answer the same key is
 * sent again and the remote replays its answer instead of laying off twice.
 * Status: 0 in doubt (sent, no answer yet), 1 accepted, 2 refused, 3 never reached.
 */
export const remoteInvoices = pgTable(
  'remote_invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    batchId: bigint('batch_id', { mode: 'number' }),
    remoteAgentId: integer('remote_agent_id').notNull(),
    drawId: integer('draw_id').notNull(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: smallint('status').notNull(),
    manual: boolean('manual').notNull().default(false),
    betText: text('bet_text').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    remoteTicketId: bigint('remote_ticket_id', { mode: 'number' }),
    remoteTicketNo: text('remote_ticket_no'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: made by the automatic posting job. */
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull(),
    answeredAt: tz('answered_at'),
    /** After results: the remote's booked payout read back, what the remote's package says, when. */
    payoutRemote: bigint('payout_remote', { mode: 'number' }),
    payoutExpected: bigint('payout_expected', { mode: 'number' }),
    payoutCheckedAt: tz('payout_checked_at'),
    /**
     * The remote's rates frozen when the invoice is made (decision 0035): settlement's link to the remote
     * and the payout check price the invoice at these, not at whatever the remote agent says later.
     */
    rates: jsonb('rates').$type<RemoteRate[]>().notNull(),
  },
  (t) => [uniqueIndex('remote_invoices_key').on(t.remoteAgentId, t.idempotencyKey), index('remote_invoices_company_idx').on(t.companyId, t.drawDate)],
);

export const remoteInvoiceLines = pgTable(
  'remote_invoice_lines',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    /** The batch item it lays off (null for a manual invoice's line). */
    itemId: bigint('item_id', { mode: 'number' }),
    lineNo: integer('line_no').notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] }), index('remote_invoice_lines_item_idx').on(t.itemId)],
);

/** A payment between the company and a remote agent for a draw date (Result/PayPosting). */
export const postingPayments = pgTable(
  'posting_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    remoteAgentId: integer('remote_agent_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    /** Positive: the company paid the remote; negative: the remote paid the company. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [uniqueIndex('posting_payments_key').on(t.companyId, t.idempotencyKey)],
);

/**
 * The company's link to a remote agent, per accepted invoice line and settlement round (decision 0035):
 * link(C -> R) at the invoice's frozen rates, as the remote books the same line for the company's account.
 */
export const postingLinks = pgTable(
  'posting_links',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    companyId: integer('company_id').notNull(),
    remoteAgentId: integer('remote_agent_id').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    poolId: smallint('pool_id').notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    winnings: bigint('winnings', { mode: 'number' }).notNull(),
    link: bigint('link', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.round, t.invoiceId, t.lineNo] }), index('posting_links_company_idx').on(t.companyId, t.drawDate)],
);
