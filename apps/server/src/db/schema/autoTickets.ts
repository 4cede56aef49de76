// Auto tickets: a ticket an account saves to be placed again for each of a run of future draw dates.
// Each run (auto ticket, draw date) is one row whose unique key is the claim: however many server
// processes run the job, one of them places that date's ticket (docs/decisions/0006-auto-tickets.md).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';

export const autoTickets = pgTable(
  'auto_tickets',
  {
    id: serial('id').primaryKey(),
    /** The account the tickets are for (whose credit they use). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id'),
    /** The login that saved it (the owner, its sub-account, or an upline): each placement is by it. */
    createdBy: integer('created_by').notNull(),
    /** The express text as received. */
    text: text('text').notNull(),
    /** The parsed bet lines without their draw selector (number, bet type, amounts, pools, line no). */
    lines: jsonb('lines').notNull(),
    /** Every pool the lines play, for the scheduler's look-up. */
    pools: smallint('pools').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    drawCount: integer('draw_count'),
    pageInfo: text('page_info'),
    customerPhone: text('customer_phone'),
    /** 'active' (runs), 'completed' (end date or draw count reached), 'void' (stopped by a user). */
    status: text('status').notNull().default('active'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at'),
    updatedBy: integer('updated_by'),
    voidedAt: tz('voided_at'),
    voidedBy: integer('voided_by'),
  },
  (t) => [
    index('auto_tickets_user_idx').on(t.userId, t.createdAt),
    index('auto_tickets_active_idx').on(t.id).where(sql`${t.status} = 'active'`),
  ],
);

export const autoTicketRuns = pgTable(
  'auto_ticket_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    autoTicketId: integer('auto_ticket_id')
      .notNull()
      .references(() => autoTickets.id),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    /** 'pending' (claimed, being placed), 'placed', 'refused' (a business refusal, final), 'error'. */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(1),
    claimedAt: tz('claimed_at').notNull(),
    finishedAt: tz('finished_at'),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    ticketNo: text('ticket_no'),
    /** Message key: SAVED, or the refusal's (INSUFFICIENT_CREDIT, DRAW_CLOSED ...). */
    message: text('message'),
  },
  (t) => [uniqueIndex('auto_ticket_runs_claim_key').on(t.autoTicketId, t.drawDate)],
);
