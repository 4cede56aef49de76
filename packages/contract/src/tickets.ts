// Schemas of what happens to tickets after and beside ordering: auto tickets (a ticket repeated over
// future draws), receipt resends through the SMS outbox and their per-account limits, receipt
// correction, and the number dictionary. Decisions: docs/decisions/0006-auto-tickets.md.
import { z } from 'zod';
import { id, queryId, text } from './fields';
import { businessDate, idempotencyKey } from './payments';

/** An empty query parameter counts as absent (forms send `status=`). */
const optionalParam = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
};

// ---- auto tickets ----

/** Most draws one auto ticket may be set to run for; open-ended ones run until voided. */
export const MAX_AUTO_TICKET_DRAWS = 365;

export const AUTO_TICKET_STATUSES = ['active', 'completed', 'void'] as const;
export type AutoTicketStatus = (typeof AUTO_TICKET_STATUSES)[number];
/** A run is one scheduled draw date: placed, refused (with the reason's message key), or still pending. */
export const AUTO_TICKET_RUN_STATUSES = ['pending', 'placed', 'refused', 'error'] as const;

export const saveAutoTicketBody = z
  .object({
    /** Absent: create. Present: change an active auto ticket (runs already made stay as they are). */
    autoTicketId: id.optional(),
    /**
     * Express bet text. Its draw lines may name the next draw (`D`) or one date (`28/11`) only: more
     * (D2, two dates) is refused with AUTO_TICKET_ONE_DATE. A date is the auto ticket's first draw date.
     */
    text: text(20_000),
    /** For an account of one's downline (create only; an update keeps the owner). */
    targetUserId: id.optional(),
    /** First draw date when the text says `D` (default: today, i.e. the next open draw). */
    startDate: optionalParam(businessDate),
    /** Last draw date, inclusive. */
    endDate: optionalParam(businessDate),
    /** How many draw dates to run for; with neither endDate nor drawCount it runs until voided. */
    drawCount: z.number().int().min(1).max(MAX_AUTO_TICKET_DRAWS).optional(),
    pageInfo: text(100).optional(),
    customerPhone: text(20).optional(),
    idempotencyKey,
  })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, { path: ['endDate'], message: 'min' });
export type SaveAutoTicketBody = z.infer<typeof saveAutoTicketBody>;

export const autoTicketRun = z.object({
  drawDate: z.string(),
  status: z.enum(AUTO_TICKET_RUN_STATUSES),
  ticketId: z.number().int().nullable(),
  ticketNo: z.string().nullable(),
  /** The message key of a refusal (INSUFFICIENT_CREDIT, DRAW_CLOSED ...), SAVED when placed. */
  message: z.string().nullable(),
  at: z.string(),
});

export const autoTicketView = z.object({
  autoTicketId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  createdBy: z.string(),
  text: z.string(),
  /** Pool ids the lines play. */
  pools: z.array(z.number().int()),
  startDate: z.string(),
  endDate: z.string().nullable(),
  drawCount: z.number().int().nullable(),
  pageInfo: z.string().nullable(),
  customerPhone: z.string().nullable(),
  status: z.enum(AUTO_TICKET_STATUSES),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  /** Runs so far (placed or refused), and the latest of them, newest first. */
  runCount: z.number().int(),
  placedCount: z.number().int(),
  runs: z.array(autoTicketRun),
});
export type AutoTicketView = z.infer<typeof autoTicketView>;

export const autoTicketQuery = z.object({
  userId: optionalParam(queryId),
  autoTicketId: optionalParam(queryId),
  /** active, completed, void, or -1 for all (SPEC 9). Default all. */
  status: optionalParam(z.enum([...AUTO_TICKET_STATUSES, '-1'])),
  ...paging,
});
export const autoTicketPage = z.object({ items: z.array(autoTicketView), total: z.number().int() });
export const autoTicketIdBody = z.object({ autoTicketId: id });

// ---- receipt resend (SMS outbox) ----

/** SPEC 4 queue status: active (waiting) 0, processed (sent) 1, cancelled 2, error 99. */
export const SmsStatus = { Active: 0, Processed: 1, Cancelled: 2, Error: 99 } as const;

export const sendSmsReceiptBody = z.object({ ticketId: id });
export const smsReceiptResult = z.object({
  outboxId: z.number().int(),
  ticketId: z.number().int(),
  ticketNo: z.string(),
  phone: z.string(),
  status: z.number().int(),
  /** Ordinary resends of this ticket so far (this one included) and the caller's limit. */
  resendCount: z.number().int(),
  resendLimit: z.number().int(),
  master: z.boolean(),
});

// ---- resend order limits (/manage-resend-order-limit) ----

export const resendLimitQuery = z.object({
  /** Whose direct downlines to list; default the caller's own account. */
  parentId: optionalParam(queryId),
  search: optionalParam(text(30).trim()),
  ...paging,
});
export const resendLimitRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  userRoleId: z.number().int(),
  /** The account's own limit; null when it uses the default. */
  limit: z.number().int().nullable(),
  /** What applies: its own limit or the system default (system setting resendOrderLimit). */
  effectiveLimit: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const resendLimitPage = z.object({ items: z.array(resendLimitRow), total: z.number().int(), defaultLimit: z.number().int() });
export const updateResendLimitBody = z.object({
  /** An account strictly below the caller's. */
  userId: id,
  /** Resends per ticket; null returns the account to the default. */
  limit: z.number().int().min(0).max(1000).nullable(),
});

// ---- receipt correction (admin tool) ----

export const receiptByXidQuery = z.object({ xid: z.uuid().max(36) });
export const receiptCorrectionView = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  xid: z.string(),
  username: z.string(),
  receipt: z.string(),
  status: z.number().int(),
  /** Every draw of the ticket still open and the ticket active: the receipt may still be corrected. */
  editable: z.boolean(),
});
export const updateReceiptBody = z.object({ xid: z.uuid().max(36), receiptString: text(20_000) });

// ---- number dictionary (/number-meaning) ----

export const tipQuery = z.object({
  /** Digits (1 to 4): the meanings of that number (and of its permutations for 4 digits); else words. */
  keyword: text(50).trim().min(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const tipEntry = z.object({
  number: z.string(),
  en: z.string(),
  zh: z.string(),
  category: z.string(),
  /** exact: the number or word asked for; permutation: the same 4 digits in another order; partial: a number starting or ending with the digits (3D players ask for 3); keyword: a word containing the text. */
  match: z.enum(['exact', 'permutation', 'partial', 'keyword']),
});
export const tipResult = z.object({ items: z.array(tipEntry), total: z.number().int(), source: z.string() });
