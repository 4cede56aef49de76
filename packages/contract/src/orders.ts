// Schemas of ordering: placing tickets (express text or the web order grid), receipts, history, voids.
import { z } from 'zod';
import { ticketSettlementView } from './seamless';
import { cents, id, isoDate, queryId, text } from './fields';
import { BET_CODES, MAX_POOL_ID } from '@app/domain';

const idempotencyKey = text(100).min(8);

export const placeExpressBody = z.object({
  text: text(100_000),
  /** Order for an account of one's downline (an upline ordering for a player). */
  targetUserId: id.optional(),
  pageInfo: text(100).optional(),
  customerPhone: text(20).optional(),
  idempotencyKey,
});

export const webOrderRow = z.object({
  number: text(6).regex(/^\d{2,6}$/, 'pattern'),
  betType: z.number().int().min(1).max(5),
  /** Cents per bet code; 0 (as an absent code) is no stake on it. */
  amounts: z.partialRecord(z.enum(BET_CODES), cents),
  pools: z.array(z.number().int().min(1).max(MAX_POOL_ID)).min(1),
  draw: z.union([z.object({ kind: z.literal('next'), count: z.number().int().min(1).max(12) }), z.object({ kind: z.literal('dates'), dates: z.array(isoDate).min(1).max(12) })]),
});
export const placeWebOrderBody = z.object({
  rows: z.array(webOrderRow).min(1).max(500),
  sourceType: z.union([z.literal(1), z.literal(2)]).default(1),
  targetUserId: id.optional(),
  pageInfo: text(100).optional(),
  customerPhone: text(20).optional(),
  idempotencyKey,
});

export const placedTicket = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  xid: z.string(),
  orderedAt: z.string(),
  gross: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
  lines: z.number().int(),
  unposted: z.number().int(),
  receipt: z.string(),
  availableCredit: z.number().int(),
});
export type PlacedTicket = z.infer<typeof placedTicket>;

export const ticketIdBody = z.object({ ticketId: id });
export const ticketIdsBody = z.object({ ticketIds: z.array(id).max(500) });
export const voidResult = z.array(z.object({ ticketId: z.number().int(), ticketNo: z.string(), refunded: z.number().int() }));
export const receiptQuery = z.object({ ticketId: queryId });
export const receiptView = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  xid: z.string(),
  receipt: z.string(),
  inboxString: z.string().nullable(),
  /** Its prizes and, for a seamless account's ticket, its settlement callbacks (decision 0025). */
  settlement: ticketSettlementView,
});

/** The ticket history's sortable columns (GetTicket's sortBy). */
export const TICKET_SORT_COLUMNS = ['orderedAt', 'ticketNo', 'username', 'gross', 'commission', 'net', 'drawDate'] as const;
export const ticketQuery = z.object({
  userId: queryId.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(['1', '0', '-1']).optional(),
  search: text(30).optional(),
  /** Tickets having a line on this bought number ("where is my bet on 8888?"). */
  number: text(6).regex(/^\d{2,6}$/, 'pattern').optional(),
  /** Tickets having a line on this draw date and/or pool. */
  drawDate: isoDate.optional(),
  poolId: z.coerce.number().int().min(1).max(MAX_POOL_ID).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  /** won: only the tickets that won something (winnings booked by settlement). */
  outcome: z.enum(['won']).optional(),
  /** The page's order (issue 29 line 4): one of these columns, newest first when absent. */
  sortBy: z.enum(TICKET_SORT_COLUMNS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  /** json: a page; csv or xlsx: every filtered ticket as a file, headed in `lang`. */
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  lang: z.enum(['en', 'cn', 'bm']).default('en'),
});
export const ticketRow = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  xid: z.string(),
  orderedAt: z.string(),
  userId: z.number().int(),
  username: z.string(),
  placedBy: z.string(),
  sourceType: z.number().int(),
  gross: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
  status: z.number().int(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  receipt: z.string(),
  /** Every draw of the ticket still open (a void is still possible). */
  open: z.boolean(),
  /** The draw dates and pools its lines are on, ascending. */
  drawDates: z.array(z.string()),
  poolIds: z.array(z.number().int()),
  /** Every draw of the (active) ticket is settled (booked). */
  settled: z.boolean(),
  /** void; won (winnings booked, maybe more draws to come); lost (every draw settled, nothing won); pending. */
  outcome: z.enum(['void', 'won', 'lost', 'pending']),
  /** What the player won, as settlement booked it, and the part of it still held (not yet in its wallet). */
  winnings: z.number().int(),
  winningsHeld: z.number().int(),
  /**
   * Why the caller's Void, Resend and Master resend would be refused (the calls' own message keys, from
   * the same rule), or null when they would succeed. Whether the caller holds the function at all is its
   * access (a button not shown).
   */
  voidRefusal: z.string().nullable(),
  resendRefusal: z.string().nullable(),
  masterResendRefusal: z.string().nullable(),
});
/** Sums over every filtered ticket (not only the page): active tickets, or void ones when only voids are asked for; winnings as booked. */
export const ticketTotals = z.object({ count: z.number().int(), gross: z.number().int(), commission: z.number().int(), net: z.number().int(), winnings: z.number().int() });
export const ticketPage = z.object({ items: z.array(ticketRow), total: z.number().int(), totals: ticketTotals });
export const bettingAgent = z.object({ userId: z.number().int(), username: z.string(), fullName: z.string(), userRoleId: z.number().int() });

/** Report/GetTicketTotal: the totals of the ticket history's filter (the same sums GetTicket answers with). */
export const ticketTotalQuery = ticketQuery.omit({ page: true, pageSize: true, format: true, lang: true, sortBy: true, sortOrder: true });

/** A ticket's detail (Bet/GetTicketDetail): the history's row, its lines with what each won, its draws with their results. */
export const ticketDetailQuery = z.object({ ticketId: queryId });
export const ticketDetailLine = z.object({
  lineId: z.number().int(),
  lineNo: z.number().int(),
  drawId: z.number().int(),
  drawDate: z.string(),
  poolId: z.number().int(),
  writtenNumber: z.string(),
  number: z.string(),
  betType: z.number().int(),
  betCode: z.string(),
  stake: z.number().int(),
  commission: z.number().int(),
  status: z.number().int(),
  /** The prize slots the number matched in the draw's current round (a slot twice: counted twice), and what the line won (null while not booked). */
  prizes: z.array(z.object({ slot: z.string(), count: z.number().int() })),
  winnings: z.number().int().nullable(),
});
export const ticketDetailDraw = z.object({
  drawId: z.number().int(),
  drawDate: z.string(),
  poolId: z.number().int(),
  cutoffAt: z.string(),
  /** The released result's numbers (null before release); settled: the current round is booked. */
  result: z.unknown().nullable(),
  settled: z.boolean(),
});
export const ticketDetailView = z.object({
  ticket: ticketRow,
  inboxString: z.string().nullable(),
  lines: z.array(ticketDetailLine),
  draws: z.array(ticketDetailDraw),
  settlement: ticketSettlementView,
});
