// The inbox (SPEC 2 /inbox, permission Inbox Report; issue 12 items 9 and 10; decision 0029): every bet
// text received, accepted or refused, and the receipts sent by SMS per account and day
// (Report/GetSmsCountReport). Both read the caller's subtree only, over business calendar dates.
import { z } from 'zod';
import { isoDate, queryId, text } from './fields';

/** The longest range one inbox read covers. */
export const INBOX_MAX_DAYS = 93;

const range = (f: unknown) => f as { fromDate: string; toDate: string };
const withRange = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ fromDate: isoDate, toDate: isoDate, ...shape })
    .refine((f) => range(f).fromDate <= range(f).toDate, { path: ['toDate'], message: 'min' })
    .refine((f) => (Date.parse(range(f).toDate) - Date.parse(range(f).fromDate)) / 86_400_000 < INBOX_MAX_DAYS, { path: ['toDate'], message: 'max' });

const paging = {
  /** Bounded so that the row offset (page x pageSize) stays an int4, as every report's. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

/** 1 web order, 2 web order 2, 3 express, 4 auto ticket, 5 API; -1 every source. */
export const INBOX_SOURCES = [1, 2, 3, 4, 5] as const;

export const inboxQuery = withRange({
  /** Words of the text (case-insensitive). */
  search: text(100).trim().optional(),
  /** A bet number as written in a line (2 to 6 digits). */
  number: text(6).regex(/^\d{2,6}$/, 'pattern').optional(),
  /** An account of the caller's subtree: its texts and its downline's. */
  userId: queryId.optional(),
  /** all, accepted or refused. */
  status: z.enum(['all', 'accepted', 'refused']).default('all'),
  sourceType: z.coerce.number().int().min(-1).max(5).default(-1).refine((v) => v !== 0, 'pattern'),
  ...paging,
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const inboxLine = z.object({ lineNo: z.number().int(), text: z.string(), key: z.string(), code: z.string().optional() });

export const inboxRow = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  userId: z.number().int(),
  username: z.string(),
  placedBy: z.string(),
  sourceType: z.number().int(),
  text: z.string(),
  accepted: z.boolean(),
  /** The refusal's message key. */
  reason: z.string().nullable(),
  /** The refused lines, each with its own text and message key. */
  lines: z.array(inboxLine),
  ticketId: z.number().int().nullable(),
  ticketNo: z.string().nullable(),
  /** The ticket's status: 1 active, 0 void. */
  ticketStatus: z.number().int().nullable(),
});
export type InboxRow = z.infer<typeof inboxRow>;

export const inboxPage = z.object({
  items: z.array(inboxRow),
  total: z.number().int(),
  totals: z.object({ accepted: z.number().int(), refused: z.number().int() }),
});
export type InboxPage = z.infer<typeof inboxPage>;

// ---- Report/GetSmsCountReport ----

export const smsCountQuery = withRange({ userId: queryId.optional(), ...paging });
export type SmsCountQuery = z.infer<typeof smsCountQuery>;

const smsCounts = {
  /** Every receipt SMS asked for. */
  total: z.number().int(),
  sent: z.number().int(),
  /** Waiting for the gateway. */
  pending: z.number().int(),
  /** Given up on (an error) or cancelled. */
  failed: z.number().int(),
  /** Of the total: master resends (not counted against the resend limit). */
  master: z.number().int(),
};
export const smsCountRow = z.object({ date: z.string(), userId: z.number().int(), username: z.string(), fullName: z.string(), ...smsCounts });
export const smsCountReport = z.object({ items: z.array(smsCountRow), total: z.number().int(), totals: z.object(smsCounts) });
export type SmsCountReport = z.infer<typeof smsCountReport>;
