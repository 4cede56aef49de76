// Schemas of the payment, credit limit and credit log calls (issue 3). Money is integer cents.
import { z } from 'zod';
import { amountCents, cents, id, isoDate, queryId, text } from './fields';

/**
 * Every call that moves money or changes a limit carries a key the client generates once per intended
 * action (e.g. a UUID made when the form opens): a retry or a double click with the same key is applied
 * once and answers with the first response.
 */
export const idempotencyKey = text(100).min(8);

/** An empty query parameter counts as absent (forms send `from=`). */
const optionalParam = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A calendar date (YYYY-MM-DD) in the business time zone. */
export const businessDate = isoDate;

const dateRange = {
  from: optionalParam(businessDate),
  to: optionalParam(businessDate),
};
const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const PAYMENT_TYPES = [
  { id: 1, name: 'Transfer Credit' },
  { id: 2, name: 'Receive Credit' },
] as const;
export const paymentTypeItem = z.object({ id: z.number().int(), name: z.string() });

export const makePaymentBody = z.object({
  /** A direct downline of the caller's (acting) account. */
  targetUserId: id,
  /** 1 transfer credit to the target, 2 receive credit from it. */
  type: z.union([z.literal(1), z.literal(2)]),
  amount: amountCents,
  remark: text(200).trim().optional(),
  idempotencyKey,
});
export type MakePaymentBody = z.infer<typeof makePaymentBody>;

export const payment = z.object({
  id: z.number().int(),
  type: z.number().int(),
  amount: z.number().int(),
  targetUserId: z.number().int(),
  targetUsername: z.string(),
  initiateUserId: z.number().int(),
  initiateUsername: z.string(),
  /** The target's balance before and after, in cents. */
  initialAmount: z.number().int(),
  finalAmount: z.number().int(),
  remark: z.string().nullable(),
  /** ISO instant (UTC). */
  at: z.string(),
  transactionId: z.number().int(),
});
export type Payment = z.infer<typeof payment>;

export const paymentHistoryQuery = z
  .object({ targetUserId: optionalParam(queryId), ...dateRange, ...paging })
  .refine(fromNotAfterTo, { message: 'pattern', path: ['to'] });
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuery>;
/**
 * How a credit limit came to change (read from the audit log): set when the account was created, changed
 * by its upline, changed by a platform admin, or zeroed when the account was deleted.
 */
export const creditLimitChangeKind = z.enum(['create', 'change', 'admin', 'delete']);
export type CreditLimitChangeKind = z.infer<typeof creditLimitChangeKind>;

/** Fields of a credit limit change, beside the payments and journal entries of the same lists. */
const limitChange = {
  kind: z.literal('creditLimit'),
  /** The audit record's id (unique among credit limit changes, not among payments). */
  id: z.number().int(),
  change: creditLimitChangeKind,
  /** The limit before and after, in cents. */
  before: z.number().int(),
  after: z.number().int(),
  at: z.string(),
};

export const paymentHistoryItem = z.discriminatedUnion('kind', [
  payment.extend({ kind: z.literal('payment') }),
  z.object({
    ...limitChange,
    targetUserId: z.number().int(),
    targetUsername: z.string(),
    initiateUserId: z.number().int().nullable(),
    initiateUsername: z.string().nullable(),
  }),
]);
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;
/** Payments and credit limit changes of the accounts in reach, newest first. */
export const paymentHistory = z.object({ items: z.array(paymentHistoryItem), total: z.number().int() });
export type PaymentHistory = z.infer<typeof paymentHistory>;

export const updateCreditLimitBody = z.object({
  userId: id,
  /** The new credit limit, in cents. */
  creditLimit: cents,
  idempotencyKey,
});
export type UpdateCreditLimitBody = z.infer<typeof updateCreditLimitBody>;

export const creditLimitResult = z.object({
  userId: z.number().int(),
  username: z.string(),
  creditType: z.string(),
  previousCreditLimit: z.number().int(),
  creditLimit: z.number().int(),
  balance: z.number().int(),
  availableCredit: z.number().int(),
});
export type CreditLimitResult = z.infer<typeof creditLimitResult>;

export const playerTransactionQuery = z
  .object({
    /** The account whose credit log to read; default the caller's own (acting) account. */
    userId: optionalParam(queryId),
    ...dateRange,
    ...paging,
    /** csv: the whole filtered log as a text/csv attachment (paging ignored). */
    format: z.enum(['json', 'csv']).default('json'),
    /** The csv's language: its header, kinds and system memos (a memo a user typed stays as typed). */
    lang: z.enum(['en', 'cn', 'bm']).default('en'),
  })
  .refine(fromNotAfterTo, { message: 'pattern', path: ['to'] });
export type PlayerTransactionQuery = z.infer<typeof playerTransactionQuery>;

export const creditLogEntry = z.object({
  kind: z.literal('journal'),
  id: z.number().int(),
  transactionId: z.number().int(),
  /** The journal transaction kind: transfer, receive, auto-transfer (stake, void, winning ... later). */
  type: z.string(),
  amount: z.number().int(),
  preBalance: z.number().int(),
  postBalance: z.number().int(),
  initiatedById: z.number().int().nullable(),
  initiatedBy: z.string().nullable(),
  remark: z.string().nullable(),
  at: z.string(),
});
export type CreditLogEntry = z.infer<typeof creditLogEntry>;

export const creditLogItem = z.discriminatedUnion('kind', [
  creditLogEntry,
  z.object({ ...limitChange, initiatedById: z.number().int().nullable(), initiatedBy: z.string().nullable() }),
]);
export type CreditLogItem = z.infer<typeof creditLogItem>;

export const creditLog = z.object({
  userId: z.number().int(),
  username: z.string(),
  creditType: z.string(),
  creditLimit: z.number().int(),
  balance: z.number().int(),
  availableCredit: z.number().int(),
  /** The wallet's journal entries and the account's credit limit changes, newest first. */
  items: z.array(creditLogItem),
  total: z.number().int(),
});
export type CreditLog = z.infer<typeof creditLog>;
