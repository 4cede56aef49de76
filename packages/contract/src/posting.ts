// Schemas of posting (DOMAIN "Posting: laying off to remote agents"; decision 0032): remote agents,
// unposted book, posting batches, distribution, invoices and their payout check.
import { z } from 'zod';
import { BET_CODES } from '@app/domain';
import { amountCents, id, int4, isoDate, queryId, text } from './fields';
import { paging, withRange } from './reports';

const httpUrl = text(300)
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'CALLBACK_URL_INVALID');

/** Payout per RM1 of stake, in cents (2,500.00 = 250000). */
const payout = z.number().int().min(0).max(100_000_000);
export const remoteRate = z.object({
  betCode: z.enum(BET_CODES),
  /** Commission in basis points (25.00% = 2500). */
  commissionBp: z.number().int().min(0).max(10_000),
  first: payout,
  second: payout,
  third: payout,
  starter: payout,
  consolation: payout,
});
export type RemoteRateInput = z.infer<typeof remoteRate>;

const codeOrder = text(60).regex(/^[0-9A-Z]{1,2}(#[0-9A-Z]{1,2})*$/, 'pattern').refine((s) => {
  const codes = s.split('#');
  return codes.every((c) => (BET_CODES as readonly string[]).includes(c)) && new Set(codes).size === codes.length;
}, 'pattern');

export const manageRemoteAgentBody = z.object({
  /** Absent: a new remote agent. */
  id: id.optional(),
  name: text(50).trim().min(1),
  baseUrl: httpUrl,
  clientOpcode: text(100).trim().min(1),
  /** Required for a new remote; absent or empty keeps the stored one. */
  clientSecret: text(200).optional(),
  /** Absent: the codes the rates price, in the order B#S#4A#A#C; a code named here must have a rate. */
  codeOrder: codeOrder.optional(),
  priority: int4(1).max(1000),
  postEnabled: z.boolean(),
  capPerNumber: amountCents.nullable().default(null),
  timeoutMs: z.number().int().min(500).max(60_000).default(10_000),
  /**
   * The remote's own cutoff: minutes after a draw's house cutoff that it still takes bets (automatic posting
   * offers it nothing after). null: not known (tried until it refuses the draw as closed); absent: the stored
   * value is kept (a new remote: null).
   */
  cutoffMinutes: z.number().int().min(0).max(1440).nullable().optional(),
  rates: z.array(remoteRate).min(1).max(14),
  /** true: the remote agent is deleted (its invoices keep naming it). */
  delete: z.boolean().default(false),
});
export type ManageRemoteAgentBody = z.infer<typeof manageRemoteAgentBody>;

export const remoteAgentView = z.object({
  id: z.number().int(),
  name: z.string(),
  baseUrl: z.string(),
  clientOpcode: z.string(),
  /** The secret is never returned: only whether one is kept. */
  hasSecret: z.boolean(),
  codeOrder: z.string(),
  priority: z.number().int(),
  postEnabled: z.boolean(),
  capPerNumber: z.number().int().nullable(),
  timeoutMs: z.number().int(),
  cutoffMinutes: z.number().int().nullable(),
  rates: z.array(remoteRate),
  lastAnsweredAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type RemoteAgentView = z.infer<typeof remoteAgentView>;
export const remoteAgentBrief = z.object({ id: z.number().int(), name: z.string(), priority: z.number().int(), postEnabled: z.boolean(), capPerNumber: z.number().int().nullable() });

const page = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};
/** The company whose book is read: the super admin names one; a company reads its own. */
const companyId = queryId.optional();

export const unpostQuery = z.object({ drawId: queryId, companyId, ...page });
export const unpostRow = z.object({ number: z.string(), betCode: z.string(), amount: z.number().int(), lines: z.number().int() });
export const unpostSummary = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  drawDate: z.string(),
  companyId: z.number().int(),
  rows: z.array(unpostRow),
  total: z.number().int(),
  totals: z.object({ amount: z.number().int(), lines: z.number().int() }),
});
export const unpostDetailQuery = z.object({ drawId: queryId, companyId, number: text(6).regex(/^\d{2,6}$/, 'pattern'), ...page });
export const unpostDetail = z.object({
  rows: z.array(
    z.object({
      ticketId: z.number().int(),
      ticketNo: z.string(),
      username: z.string(),
      lineNo: z.number().int(),
      betCode: z.string(),
      stake: z.number().int(),
      unposted: z.number().int(),
      source: z.enum(['line', 'run']),
    }),
  ),
  total: z.number().int(),
});

export const doPostBody = z.object({ drawId: id, companyId: id.optional() });
export const postedBatch = z.object({ batchId: z.number().int(), items: z.number().int(), amount: z.number().int(), lines: z.number().int(), runs: z.number().int() });

export const distributionQuery = z.object({ drawDate: isoDate, companyId });
export const batchSummary = z.object({
  batchId: z.number().int(),
  companyId: z.number().int(),
  drawId: z.number().int(),
  poolId: z.number().int(),
  drawDate: z.string(),
  postedAt: z.string(),
  /** Posted by the automatic posting job (system setting autoPosting), not by a person. */
  auto: z.boolean(),
  amount: z.number().int(),
  distributed: z.number().int(),
  inDoubt: z.number().int(),
  undistributed: z.number().int(),
  invoices: z.number().int(),
});
export const distributionSummary = z.object({ rows: z.array(batchSummary) });
export const batchQuery = z.object({ batchId: queryId });
export const undistributedDetail = z.object({
  batch: batchSummary,
  rows: z.array(z.object({ itemId: z.number().int(), number: z.string(), betCode: z.string(), amount: z.number().int(), distributed: z.number().int(), inDoubt: z.number().int(), left: z.number().int() })),
});
export const doDistributeBody = z.object({ batchId: id });
export const invoiceStatus = z.enum(['in-doubt', 'accepted', 'refused', 'unreachable']);
export const invoiceRow = z.object({
  invoiceId: z.number().int(),
  companyId: z.number().int(),
  batchId: z.number().int().nullable(),
  remoteAgentId: z.number().int(),
  remoteName: z.string(),
  drawId: z.number().int(),
  poolId: z.number().int(),
  drawDate: z.string(),
  status: invoiceStatus,
  manual: z.boolean(),
  total: z.number().int(),
  remoteTicketNo: z.string().nullable(),
  message: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  payoutRemote: z.number().int().nullable(),
  payoutExpected: z.number().int().nullable(),
  /** The payout read back differs from what the remote's package says. */
  flagged: z.boolean(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;
export const distributeResult = z.object({ invoices: z.array(invoiceRow), undistributed: z.number().int() });

export const translateBody = z.object({
  drawId: id,
  /** The remote the text is for: written in its code order (the order its account reads bet text by). */
  remoteAgentId: id.optional(),
  /** Without a remote: the code order to write in (B#S#4A#A#C when neither is given). */
  codeOrder: codeOrder.optional(),
  items: z.array(z.object({ number: text(6).regex(/^\d{2,6}$/, 'pattern'), betCode: z.enum(BET_CODES), amount: amountCents })).min(1).max(10_000),
});
export const translated = z.object({ text: z.string() });

export const manualDistributeBody = z.object({
  batchId: id,
  remoteAgentId: id,
  /** The remote's ticket number as it answered by phone or chat. */
  remoteTicketNo: text(50).trim().min(1),
  items: z.array(z.object({ number: text(6).regex(/^\d{2,6}$/, 'pattern'), betCode: z.enum(BET_CODES), amount: amountCents })).min(1).max(10_000),
});

/** A lot in doubt resolved by hand (decision 0035): accepted, with the remote's ticket number, or not. */
export const resolveInvoiceBody = z
  .object({ invoiceId: id, accepted: z.boolean(), remoteTicketNo: text(50).trim().min(1).optional() })
  .superRefine((b, ctx) => {
    if (b.accepted && !b.remoteTicketNo) ctx.addIssue({ code: 'custom', path: ['remoteTicketNo'], message: 'required' });
  });

export const invoiceListQuery = z.object({ drawDate: isoDate, companyId, remoteAgentId: queryId.optional(), ...page });
export const invoiceList = z.object({ rows: z.array(invoiceRow), total: z.number().int() });
export const invoiceQuery = z.object({ invoiceId: queryId });
export const invoiceLine = z.object({ lineNo: z.number().int(), number: z.string(), betCode: z.string(), amount: z.number().int() });
export const invoiceDetails = z.object({ invoice: invoiceRow, betText: z.string(), lines: z.array(invoiceLine) });
export const invoicePayoutDetails = z.object({
  invoice: invoiceRow,
  /** The result is released here: the expected payout can be computed. */
  resulted: z.boolean(),
  lines: z.array(invoiceLine.extend({ strikes: z.array(z.string()), expected: z.number().int() })),
  expected: z.number().int(),
  /** What the remote booked as the ticket's payout (null: not read, the remote is not settled yet, or unreachable). */
  remote: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  flagged: z.boolean(),
  readError: z.string().nullable(),
});
export const remoteAgentIdQuery = z.object({ remoteAgentId: queryId.optional() });

export type UnpostSummary = z.infer<typeof unpostSummary>;
export type UnpostDetail = z.infer<typeof unpostDetail>;
export type BatchSummary = z.infer<typeof batchSummary>;
export type DistributionSummary = z.infer<typeof distributionSummary>;
export type UndistributedDetail = z.infer<typeof undistributedDetail>;
export type DistributeResult = z.infer<typeof distributeResult>;
export type InvoiceList = z.infer<typeof invoiceList>;
export type InvoiceDetails = z.infer<typeof invoiceDetails>;
export type InvoicePayoutDetails = z.infer<typeof invoicePayoutDetails>;
export type RemoteAgentBrief = z.infer<typeof remoteAgentBrief>;

/**
 * Configuration/GetCommStatus: every party the product calls out to (remote agents, result sites, seamless
 * callbacks, the SMS gateway), when it last answered, its last error, and what waits for it.
 */
const commParty = { id: z.number().int(), name: z.string(), lastAnsweredAt: z.string().nullable(), lastError: z.string().nullable(), waiting: z.number().int() };
export const commStatus = z.array(
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('remote-agent'),
      ...commParty,
      postEnabled: z.boolean(),
      /** Deleted, listed only while lots sent to it are in doubt (they wait for Posting/ResolveInvoice). */
      deleted: z.boolean(),
      /** Placements sent whose answer is still in doubt (asked again by the next distribution), and their amount. */
      waitingAmount: z.number().int(),
      /**
       * What the next distribution (automatic posting's or by hand) offers it, before its cap: what is left
       * undistributed of the posted batches of draws without a released result that it still takes (post
       * enabled, before its own cutoff, not refused as closed), and of how many draws.
       */
      queuedAmount: z.number().int(),
      queuedDraws: z.number().int(),
    }),
    /** waiting: today's closed draws of its pools whose result is not released. */
    z.object({ kind: z.literal('result-site'), ...commParty }),
    /** id: the seamless API account; waiting: its deliveries not acknowledged. */
    z.object({ kind: z.literal('seamless-callback'), ...commParty }),
    /** name: the gateway's host; waiting: the messages in the outbox. */
    z.object({ kind: z.literal('sms-gateway'), ...commParty }),
  ]),
);
export type CommStatus = z.infer<typeof commStatus>;
export type CommParty = CommStatus[number];

// ---- payments between the company and its remote agents (Result/PayPosting; decision 0035) ----

/** Per remote agent and draw date: the company's links to it (owed > 0: the company owes it), what was paid, what is open. */
export const postingPaymentLine = z.object({
  remoteAgentId: z.number().int(),
  remoteName: z.string(),
  drawDate: z.string(),
  owed: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  status: z.enum(['none', 'open', 'partPaid', 'paid']),
});
export type PostingPaymentLine = z.infer<typeof postingPaymentLine>;
export const postingPaymentsQuery = z.object({ drawDate: isoDate, companyId });
export const postingPayments = z.object({ rows: z.array(postingPaymentLine), settling: z.boolean() });
export const payPostingBody = z.object({
  drawDate: isoDate,
  remoteAgentId: id,
  /** The super admin names the company; a company pays for itself. */
  companyId: id.optional(),
  /** Cents, paid by the company to the remote ('toRemote') or by the remote to the company ('fromRemote'). */
  amount: amountCents,
  direction: z.enum(['toRemote', 'fromRemote']),
  remark: text(200).optional(),
  idempotencyKey: text(100).min(8),
});
export type PayPostingBody = z.infer<typeof payPostingBody>;

// ---- what each remote took (Report/GetPostingAgentEatDetails; decision 0035) ----

export const POSTING_EAT_SORTS = ['drawDate', 'remote', 'number', 'betCode', 'amount', 'winnings', 'link'] as const;
export const postingEatDetailQuery = withRange({
  companyId,
  /** A remote agent or -1 (every one). */
  remoteAgentId: z.coerce.number().int().min(-1).max(2_147_483_647).default(-1),
  /** The column sorted on (sortOrder: its direction); ties fall back to date, pool, remote, number, code. */
  sortBy: z.enum(POSTING_EAT_SORTS).default('drawDate'),
  ...paging,
});
export type PostingEatDetailQuery = z.infer<typeof postingEatDetailQuery>;
/** Per draw date, pool, remote, number and code: what the remote accepted; after settlement its payout and the company's link to it. */
export const postingEatDetailRow = z.object({
  drawDate: z.string(),
  poolId: z.number().int(),
  remoteAgentId: z.number().int(),
  remoteName: z.string(),
  number: z.string(),
  betCode: z.string(),
  amount: z.number().int(),
  /** Null until the draw is settled. */
  winnings: z.number().int().nullable(),
  link: z.number().int().nullable(),
});
export type PostingEatDetailRow = z.infer<typeof postingEatDetailRow>;
export const postingEatDetail = z.object({
  rows: z.array(postingEatDetailRow),
  total: z.number().int(),
  totals: z.object({ amount: z.number().int(), winnings: z.number().int(), link: z.number().int() }),
});
export type PostingEatDetail = z.infer<typeof postingEatDetail>;
