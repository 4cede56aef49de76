// Tickets and their bet lines. A ticket is never removed: a void marks it (and its lines) and refunds
// the stake through the journal. Each bet line is one number bought, for one bet code, pool and draw.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';

export const ticketNoSeq = pgSequence('ticket_no_seq', { startWith: 1 });

export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketNo: text('ticket_no')
      .notNull()
      .unique()
      .default(sql`'T' || lpad(nextval('ticket_no_seq')::text, 10, '0')`),
    xid: uuid('xid').notNull().unique().defaultRandom(),
    /** The account the ticket is for (whose credit it uses). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The login that placed it: the owner, its sub-account, or an upline ordering for it. */
    placedBy: integer('placed_by').notNull(),
    companyId: integer('company_id'),
    /** 1 web order, 2 web order 2, 3 express, 4 auto ticket, 5 API. */
    sourceType: smallint('source_type').notNull(),
    orderedAt: tz('ordered_at').notNull(),
    inboxString: text('inbox_string'),
    receiptString: text('receipt_string').notNull(),
    pageInfo: text('page_info'),
    customerPhone: text('customer_phone'),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    /** 1 active, 0 void. */
    status: smallint('status').notNull().default(1),
    voidedAt: tz('voided_at'),
    voidedBy: integer('voided_by'),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    /** The rates of the ticket's chain when it was placed (rate_chains), for its normal and GD lines. */
    rateChainNormal: integer('rate_chain_normal'),
    rateChainGd: integer('rate_chain_gd'),
    voidTransactionId: bigint('void_transaction_id', { mode: 'number' }),
  },
  (t) => [index('tickets_user_idx').on(t.userId, t.orderedAt), index('tickets_company_idx').on(t.companyId, t.orderedAt)],
);

/**
 * Bet lines and eat shares carry no foreign keys (decision 0008): each is written by the statement that
 * writes its ticket (and line), draws and tickets are never deleted, and checkLedger proves there is no
 * orphan. Checking a key per row cost a third of placing a ticket.
 */
export const betLines = pgTable(
  'bet_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    companyId: integer('company_id'),
    userId: integer('user_id').notNull(),
    /** The line of the bet text (or grid row) it came from. */
    lineNo: integer('line_no').notNull(),
    drawId: integer('draw_id').notNull(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    /** The number as written (e.g. 1234 for a box) and the number actually bought (e.g. 4321). */
    writtenNumber: text('written_number').notNull(),
    number: text('number').notNull(),
    betType: smallint('bet_type').notNull(),
    betCode: text('bet_code').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    /** What nobody in the chain ate: to be posted to remote agents. */
    unposted: bigint('unposted', { mode: 'number' }).notNull().default(0),
    /** The posting batch its unposted part was fixed into (DoPost); null while still unposted. */
    postingBatchId: bigint('posting_batch_id', { mode: 'number' }),
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    index('bet_lines_ticket_idx').on(t.ticketId),
    index('bet_lines_draw_number_idx').on(t.drawId, t.number),
    // Only the lines still to be posted (automatic posting looks for them every minute after a cutoff).
    index('bet_lines_unposted_idx').on(t.drawId, t.companyId).where(sql`${t.unposted} > 0 and ${t.postingBatchId} is null and ${t.status} = 1`),
  ],
);

/** What each account of the chain ate of a bet line. */
export const eatShares = pgTable(
  'eat_shares',
  {
    betLineId: bigint('bet_line_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    drawId: integer('draw_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The eaten_totals key this share counted against (fight-limit accounts), so a void gives it back. */
    limitKey: text('limit_key'),
  },
  (t) => [primaryKey({ columns: [t.betLineId, t.userId] }), index('eat_shares_user_draw_idx').on(t.userId, t.drawId)],
);

/**
 * Running totals each account has eaten per draw and limit key ('n:1234:B' amount base, 'n:1234' total
 * base, 'g:1234' group base). Rows are locked in key order while a ticket is placed, so concurrent
 * tickets on one number can never eat past a limit.
 */
export const eatenTotals = pgTable(
  'eaten_totals',
  {
    userId: integer('user_id').notNull(),
    drawId: integer('draw_id').notNull(),
    key: text('key').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.drawId, t.key] })],
);

/** The longest bet text an inbox row keeps (the express order's own limit). */
export const INBOX_TEXT_MAX = 100_000;

/**
 * Every bet text received (issue 12 item 9; decision 0029): express text, a web order as the text its rows
 * became, an auto ticket's text, and any of them through an API account. An accepted text is written by
 * the statement that writes its ticket; a refused one in a statement of its own after the refusal, so the
 * money tables still hold nothing of it. Not a money table: nothing is derived from it.
 */
export const inboxTexts = pgTable(
  'inbox_texts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    /** The account the text was for (the ticket's owner). */
    userId: integer('user_id').notNull(),
    /** The login that sent it. */
    placedBy: integer('placed_by').notNull(),
    /** As tickets.source_type: 1 web order, 2 web order 2, 3 express, 4 auto ticket, 5 API. */
    sourceType: smallint('source_type').notNull(),
    receivedAt: tz('received_at').notNull(),
    text: text('text').notNull(),
    accepted: boolean('accepted').notNull(),
    /** The ticket it became (accepted). */
    ticketId: bigint('ticket_id', { mode: 'number' }),
    /** The refusal's message key (refused). */
    reason: text('reason'),
    /** The refused lines: [{ lineNo, text, key, code? }] (refused; none when the text as a whole was). */
    lines: jsonb('lines'),
  },
  (t) => [
    index('inbox_texts_user_idx').on(t.userId, t.receivedAt),
    index('inbox_texts_company_idx').on(t.companyId, t.receivedAt),
    check('inbox_texts_text_len', sql`char_length(${t.text}) <= 100000`),
  ],
);
