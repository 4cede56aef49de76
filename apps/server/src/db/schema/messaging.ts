// Outgoing messages and their limits: the SMS outbox a sender job empties through the configured HTTP
// gateway (system setting smsGatewayUrl), and how many times an account may resend a ticket's receipt.
import { bigint, bigserial, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    /** The account the message is about (the ticket's owner). */
    userId: integer('user_id').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    /** 'receipt-resend' (counts against the resend limit) or 'receipt-master-resend' (does not). */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    /** SPEC 4 queue status: 0 active (to send), 1 processed (sent), 2 cancelled, 99 error (gave up). */
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    /** A sender holds the row until then; another process may take it over afterwards. */
    leaseUntil: tz('lease_until'),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull(),
    /** The login that asked for it; the acting account whose resend limit it counted against. */
    createdBy: integer('created_by').notNull(),
    actingUserId: integer('acting_user_id').notNull(),
    sentAt: tz('sent_at'),
  },
  (t) => [index('sms_outbox_status_idx').on(t.status, t.id), index('sms_outbox_ticket_idx').on(t.ticketId)],
);

/** Per-account limit of ordinary receipt resends per ticket; absent: the system default. */
export const resendOrderLimits = pgTable('resend_order_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  maxResends: smallint('max_resends').notNull(),
  updatedAt: tz('updated_at').notNull(),
  updatedBy: integer('updated_by').notNull(),
});
