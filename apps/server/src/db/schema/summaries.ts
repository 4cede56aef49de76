// Report summaries (issue 12 item 12, decision 0034): what placement and voiding add to each account of a
// ticket's chain, so that a report reads a few rows per account and draw instead of the lines. Rows are
// deltas: placement appends its batch's sums, a void appends the negated sums of its lines, and no row is
// ever updated in place (no lock taken, nothing to deadlock on); readers sum them. Settlement folds a
// draw's deltas into one row per key once the draw is distributed (compactDraw), which only shortens
// what readers sum.
import { bigint, date, index, integer, primaryKey, smallint, text, pgTable } from 'drizzle-orm/pg-core';

/** Sales per draw, chain account, direct downline the lines came through (0 its own) and bet code ('' all codes). */
export const salesSummary = pgTable(
  'sales_summary',
  {
    drawId: integer('draw_id').notNull(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    viaUserId: integer('via_user_id').notNull(),
    /** '' is the row of all codes: a ticket with Big and Small lines counts once there. */
    betCode: text('bet_code').notNull(),
    /** Tickets with a line of this code on this draw (a ticket on three draws counts in each). */
    tickets: integer('tickets').notNull(),
    lines: integer('lines').notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
  },
  (t) => [index('sales_summary_user_date_idx').on(t.userId, t.drawDate), index('sales_summary_draw_idx').on(t.drawId)],
);

/** A draw's exposure per chain account, number and bet code: the subtree's stake and what the account ate. */
export const mapSummary = pgTable(
  'map_summary',
  {
    drawId: integer('draw_id').notNull(),
    userId: integer('user_id').notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    eaten: bigint('eaten', { mode: 'number' }).notNull(),
  },
  (t) => [index('map_summary_draw_user_idx').on(t.drawId, t.userId, t.number)],
);

/**
 * What settlement booked per draw, round, account and bet code ('' all codes): the settlement figures of
 * the account summed over the downlines they came through (decision 0039). The stakeholder report reads
 * these for every account of a subtree.
 */
export const stakeholderSummary = pgTable(
  'stakeholder_summary',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    poolId: smallint('pool_id').notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    betCode: text('bet_code').notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    eaten: bigint('eaten', { mode: 'number' }).notNull(),
    pass: bigint('pass', { mode: 'number' }).notNull(),
    link: bigint('link', { mode: 'number' }).notNull(),
    linkBelow: bigint('link_below', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.round, t.userId, t.betCode] }),
    index('stakeholder_summary_user_date_idx').on(t.userId, t.drawDate),
    // INCLUDE (user_id, draw_id, round, turnover, eaten, link, link_below) in migration 0030: a company's
    // range is read by an index-only scan (drizzle declares no INCLUDE).
    index('stakeholder_summary_company_date_idx').on(t.companyId, t.betCode, t.drawDate),
  ],
);

/**
 * The strikes of a draw's round per account of the bettor's path (users.path, the platform's accounts
 * too), company, number, bet code and the highest prize each line struck (decision 0039): lines, distinct
 * bettors, stake and the winnings settlement booked. The winning report, the payout statistic and the
 * payout report's totals read the node's own rows.
 */
export const winningSummary = pgTable(
  'winning_summary',
  {
    drawId: integer('draw_id').notNull(),
    round: integer('round').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    poolId: smallint('pool_id').notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    prize: text('prize').notNull(),
    lines: integer('lines').notNull(),
    bettors: integer('bettors').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    winnings: bigint('winnings', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.round, t.userId, t.companyId, t.number, t.betCode, t.prize] }),
    index('winning_summary_user_date_idx').on(t.userId, t.drawDate),
  ],
);
