// Settlement (DOMAIN.md "Settlement: who gets what"; decision 0023).
//
// Rates are frozen when a ticket is placed: a rate sheet is an immutable, content-addressed copy of one
// package's rows, and a rate chain names, from the player up to the company, each account and the sheet
// its link is priced at. A ticket refers to its chains (normal and GD), so a package changed later never
// changes the settlement of a ticket placed before.
//
// A draw is settled in rounds: round 1 after release, one more after every correction. Each step of a
// round is recorded by a row whose primary key lets it happen once (winners per draw, each booking per
// draw, company and step), in the same transaction as what it books.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';

export const rateSheets = pgTable('rate_sheets', {
  id: serial('id').primaryKey(),
  packageId: integer('package_id').notNull(),
  /** sha1 of the rows' content: the same rows are one sheet. */
  fingerprint: text('fingerprint').notNull().unique(),
  iboxRounding: text('ibox_rounding').notNull().default('exact'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** A sheet's rates for one code (pool_id null: every pool; else that pool's override). Payouts in cents per unit. */
export const rateSheetRows = pgTable(
  'rate_sheet_rows',
  {
    sheetId: integer('sheet_id').notNull(),
    code: text('code').notNull(),
    poolId: smallint('pool_id'),
    /** Commission in basis points of stake (26.00% = 2600). */
    commissionBp: integer('commission_bp').notNull(),
    first: bigint('first', { mode: 'number' }).notNull().default(0),
    second: bigint('second', { mode: 'number' }).notNull().default(0),
    third: bigint('third', { mode: 'number' }).notNull().default(0),
    fourth: bigint('fourth', { mode: 'number' }).notNull().default(0),
    fifth: bigint('fifth', { mode: 'number' }).notNull().default(0),
    sixth: bigint('sixth', { mode: 'number' }).notNull().default(0),
    starter: bigint('starter', { mode: 'number' }).notNull().default(0),
    consolation: bigint('consolation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('rate_sheet_rows_key').on(t.sheetId, t.code, sql`coalesce(${t.poolId}, 0)`)],
);

export const rateChains = pgTable('rate_chains', {
  id: serial('id').primaryKey(),
  fingerprint: text('fingerprint').notNull().unique(),
  packageType: smallint('package_type').notNull(),
  /** The player first, then each upline, the company last. */
  userIds: integer('user_ids').array().notNull(),
  /** The sheet each account's link is priced at, in the same order; 0 for the company (no upline link yet). */
  sheetIds: integer('sheet_ids').array().notNull(),
});

/** One row per released draw: its settlement round and how far it got. */
export const drawSettlements = pgTable('draw_settlements', {
  drawId: integer('draw_id').primaryKey(),
  drawDate: date('draw_date', { mode: 'string' }).notNull(),
  poolId: smallint('pool_id').notNull(),
  round: integer('round').notNull().default(1),
  /** The result version this round settles. */
  resultVersion: integer('result_version').notNull(),
  startedAt: tz('started_at').notNull(),
  winnersAt: tz('winners_at'),
  /** Every company's lines of the draw are booked for this round. */
  distributedAt: tz('distributed_at'),
});

/** Step 1: every strike of a draw's round, with its prize tiers counted and its ibox factor. */
export const winners = pgTable(
  'winners',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    betLineId: bigint('bet_line_id', { mode: 'number' }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    nFirst: smallint('n_first').notNull().default(0),
    nSecond: smallint('n_second').notNull().default(0),
    nThird: smallint('n_third').notNull().default(0),
    nFourth: smallint('n_fourth').notNull().default(0),
    nFifth: smallint('n_fifth').notNull().default(0),
    nSixth: smallint('n_sixth').notNull().default(0),
    nStarter: smallint('n_starter').notNull().default(0),
    nConsolation: smallint('n_consolation').notNull().default(0),
    /** winnings = pass x payout x num / (100 x den): 1/1, or for ibox written stake / (line stake x permutations). */
    factorNum: bigint('factor_num', { mode: 'number' }).notNull().default(1),
    factorDen: bigint('factor_den', { mode: 'number' }).notNull().default(1),
    /** What the player wins on the line at its own rates (set when the line is booked). */
    playerWinnings: bigint('player_winnings', { mode: 'number' }),
    /** The line's number, code and stake, copied when the strike is found: the payout report pages a
     * draw's strikes in number order from winners_draw_number_idx without reading the lines (decision 0039). */
    number: text('number'),
    betCode: text('bet_code'),
    stake: bigint('stake', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.round, t.betLineId] }),
    index('winners_ticket_idx').on(t.ticketId),
    index('winners_draw_number_idx').on(t.drawId, t.round, t.number, t.ticketId, t.betLineId),
    index('winners_user_draw_idx').on(t.userId, t.drawId),
  ],
);

/**
 * Each booking of a round: 'distribute' (step 2) and 'release' (step 3) per draw and company, and their
 * reversals when a corrected result resettles the draw. The key makes each happen once.
 */
export const settlementBookings = pgTable(
  'settlement_bookings',
  {
    drawId: integer('draw_id').notNull(),
    companyId: integer('company_id').notNull(),
    round: integer('round').notNull(),
    step: text('step').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    at: tz('at').notNull(),
    by: integer('by'),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.companyId, t.round, t.step] }),
    check('settlement_bookings_step', sql`${t.step} in ('distribute', 'release', 'reverse-distribute', 'reverse-release')`),
  ],
);

/**
 * The per-level figures of a booked draw (DOMAIN "Reports: the figures"), per account, the direct downline
 * the lines came through, and bet code: what
 * passed through it, what it ate, its commission and winnings at its own rates, its link to the account
 * above (payable to upline) and the links of its direct downlines (receivable from below). Reports read
 * these; none recomputes money.
 */
export const settlementFigures = pgTable(
  'settlement_figures',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The direct downline the lines came through (0: the account's own tickets), so a report splits by it. */
    viaUserId: integer('via_user_id').notNull().default(0),
    betCode: text('bet_code').notNull(),
    lines: integer('lines').notNull(),
    /** Distinct tickets of the group (a ticket with several codes counts once per code). */
    tickets: integer('tickets').notNull().default(0),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    pass: bigint('pass', { mode: 'number' }).notNull(),
    eaten: bigint('eaten', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    winnings: bigint('winnings', { mode: 'number' }).notNull(),
    link: bigint('link', { mode: 'number' }).notNull(),
    linkBelow: bigint('link_below', { mode: 'number' }).notNull(),
    /** Commission and winnings on what reached the account (pass + eaten) at its own rates. */
    commissionIn: bigint('commission_in', { mode: 'number' }).notNull().default(0),
    winningsIn: bigint('winnings_in', { mode: 'number' }).notNull().default(0),
    /** The direct downline's commission and winnings on what it passed up (its link's parts). */
    commissionBelow: bigint('commission_below', { mode: 'number' }).notNull().default(0),
    winningsBelow: bigint('winnings_below', { mode: 'number' }).notNull().default(0),
  },
  // fillfactor 70 (migration 0036; drizzle declares none): room for the booking's update of the figures a
  // strike moves (decision 0060).
  (t) => [primaryKey({ columns: [t.drawId, t.round, t.userId, t.viaUserId, t.betCode] }), index('settlement_figures_user_idx').on(t.userId, t.drawId)],
);

/** Reports for a draw date blocked (or unblocked) by hand (Result/BlockReport). */
export const reportBlocks = pgTable('report_blocks', {
  drawDate: date('draw_date', { mode: 'string' }).primaryKey(),
  blocked: boolean('blocked').notNull(),
  by: integer('by'),
  at: tz('at').notNull(),
});

/**
 * Draw payment (DOMAIN "Draw payment"): money paid outside the system for a draw date between an account
 * and its direct upline, recorded as a journal transfer of the same amount. amount > 0: the downline paid
 * its upline; < 0: the upline paid the downline. Never deleted: a mistake is corrected by a payment the
 * other way (reverses_id); only the remark and the reference can be edited.
 */
export const drawPayments = pgTable(
  'draw_payments',
  {
    id: serial('id').primaryKey(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    downlineId: integer('downline_id').notNull(),
    uplineId: integer('upline_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    remark: text('remark'),
    reference: text('reference'),
    reversesId: integer('reverses_id'),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    at: tz('at').notNull(),
    by: integer('by').notNull(),
  },
  (t) => [index('draw_payments_downline_idx').on(t.downlineId, t.drawDate), index('draw_payments_upline_idx').on(t.uplineId, t.drawDate), check('draw_payments_amount', sql`${t.amount} <> 0`)],
);

/**
 * What settlement needs of a draw's lines that do not strike, kept as deltas by placement and void
 * (settlement/chainSums.ts, decision 0043): per draw, company, frozen chain, bet code, pool and open-stakes
 * account, the tickets (with a line of the code), lines, stake, net, the players' placed commission (c1),
 * and per place k of the chain what passed it (pk) and the commission there on what passed it (ck) and on
 * what reached it (cik), each rounded per line before it is summed; 0 beyond the chain.
 */
export const settleSums = pgTable(
  'settle_sums',
  {
    drawId: integer('draw_id').notNull(),
    companyId: integer('company_id').notNull(),
    chainId: integer('chain_id'),
    betCode: text('bet_code').notNull(),
    poolId: smallint('pool_id').notNull(),
    stakesId: integer('stakes_id'),
    tickets: integer('tickets').notNull(),
    lines: integer('lines').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    c1: bigint('c1', { mode: 'number' }).notNull(),
    p1: bigint('p1', { mode: 'number' }).notNull(),
    p2: bigint('p2', { mode: 'number' }).notNull(),
    p3: bigint('p3', { mode: 'number' }).notNull(),
    p4: bigint('p4', { mode: 'number' }).notNull(),
    p5: bigint('p5', { mode: 'number' }).notNull(),
    p6: bigint('p6', { mode: 'number' }).notNull(),
    p7: bigint('p7', { mode: 'number' }).notNull(),
    c2: bigint('c2', { mode: 'number' }).notNull(),
    c3: bigint('c3', { mode: 'number' }).notNull(),
    c4: bigint('c4', { mode: 'number' }).notNull(),
    c5: bigint('c5', { mode: 'number' }).notNull(),
    c6: bigint('c6', { mode: 'number' }).notNull(),
    c7: bigint('c7', { mode: 'number' }).notNull(),
    ci2: bigint('ci2', { mode: 'number' }).notNull(),
    ci3: bigint('ci3', { mode: 'number' }).notNull(),
    ci4: bigint('ci4', { mode: 'number' }).notNull(),
    ci5: bigint('ci5', { mode: 'number' }).notNull(),
    ci6: bigint('ci6', { mode: 'number' }).notNull(),
    ci7: bigint('ci7', { mode: 'number' }).notNull(),
  },
  (t) => [index('settle_sums_draw_company_idx').on(t.drawId, t.companyId)],
);

/**
 * The strikes of a draw's round summed per company (0: none), frozen chain, bet code and pool, with their
 * winnings at each place k of the chain on what passed it (wk; none for the company at the top of a longer
 * chain) and on what reached it (wik), each rounded per line before it is summed; 0 beyond the chain.
 * Written by step 1 with the round's winners (decision 0059), read by each company's booking.
 */
export const strikeSums = pgTable(
  'strike_sums',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    companyId: integer('company_id').notNull(),
    chainId: integer('chain_id'),
    betCode: text('bet_code').notNull(),
    poolId: smallint('pool_id').notNull(),
    strikes: integer('strikes').notNull(),
    w1: bigint('w1', { mode: 'number' }).notNull(),
    w2: bigint('w2', { mode: 'number' }).notNull(),
    w3: bigint('w3', { mode: 'number' }).notNull(),
    w4: bigint('w4', { mode: 'number' }).notNull(),
    w5: bigint('w5', { mode: 'number' }).notNull(),
    w6: bigint('w6', { mode: 'number' }).notNull(),
    w7: bigint('w7', { mode: 'number' }).notNull(),
    wi1: bigint('wi1', { mode: 'number' }).notNull(),
    wi2: bigint('wi2', { mode: 'number' }).notNull(),
    wi3: bigint('wi3', { mode: 'number' }).notNull(),
    wi4: bigint('wi4', { mode: 'number' }).notNull(),
    wi5: bigint('wi5', { mode: 'number' }).notNull(),
    wi6: bigint('wi6', { mode: 'number' }).notNull(),
    wi7: bigint('wi7', { mode: 'number' }).notNull(),
  },
  (t) => [index('strike_sums_draw_round_company_idx').on(t.drawId, t.round, t.companyId)],
);
