// Reports (SPEC 2 and 7 "Report"; DOMAIN.md "Reports: the figures"; decision 0027). Every report reads
// the caller's subtree for a range of business draw dates, with "all" as -1 in its filters, and shows the
// figures settlement booked (settlement_figures), never money recomputed. Amounts in cents.
import { z } from 'zod';
import { BET_CODES } from '@app/domain';
import { amountCents, id, isoDate, queryId } from './fields';

/** SPEC 9: the value of "all" in a report filter. */
export const REPORT_ALL = -1;
/** The longest range one report reads (a quarter): wider asks are refused, naming the field. */
export const REPORT_MAX_DAYS = 93;

const all = z.literal('-1');
const filterShape = {
  fromDate: isoDate,
  toDate: isoDate,
  /** A pool id or -1 (every pool). */
  poolId: z.coerce.number().int().min(-1).max(32_767).default(REPORT_ALL).refine((v) => v !== 0, 'pattern'),
  /** A bet code or -1 (every code). */
  betCode: z.union([all, z.enum(BET_CODES)]).default('-1'),
  /** The account whose direct downlines are listed (drill-down); absent: the caller. */
  userId: queryId.optional(),
};
export const paging = {
  /** Bounded so that the row offset (page x pageSize) stays an int4 in SQL. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** json: a page; csv or xlsx: every filtered row and the totals as a file, headed in `lang`. */
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  lang: z.enum(['en', 'cn', 'bm']).default('en'),
};

const range = (f: unknown) => f as { fromDate: string; toDate: string };
/** A report's query: the filter (and paging, sorting) with its date range checked. */
export const withRange = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...filterShape, ...shape })
    .refine((f) => range(f).fromDate <= range(f).toDate, { path: ['toDate'], message: 'min' })
    .refine((f) => (Date.parse(range(f).toDate) - Date.parse(range(f).fromDate)) / 86_400_000 < REPORT_MAX_DAYS, { path: ['toDate'], message: 'max' });
export const reportFilter = withRange({});
export type ReportFilter = z.infer<typeof reportFilter>;

export const reportAccount = z.object({ userId: z.number().int(), username: z.string(), fullName: z.string(), roleId: z.number().int() });
export type ReportAccount = z.infer<typeof reportAccount>;

/** Dates of the range whose figures are not final: still settling, or blocked by hand (SPEC 8 message). */
export const reportState = z.object({ blockedDates: z.array(z.string()), settlingDates: z.array(z.string()) });

export const reportHead = reportState.extend({
  node: reportAccount,
  /** From the caller down to the node, for the way back. */
  breadcrumb: z.array(reportAccount),
});

// ---- Report/InitReport ----

export const initReport = z.object({
  today: z.string(),
  /** Draw dates with draws, newest first (the last 93 days and what is scheduled). */
  drawDates: z.array(z.string()),
  /**
   * The newest draw date, today or before, with a draw whose links are booked (settled); null before the
   * first. Screens of one draw date's money (draw payment, the winning report) open on it: before the
   * evening's draws, or just after midnight, today has nothing settled to show.
   */
  lastSettledDate: z.string().nullable(),
  pools: z.array(z.object({ poolId: z.number().int(), code: z.string(), name: z.string() })),
  betCodes: z.array(z.string()),
  downlines: z.array(reportAccount),
});
export type InitReport = z.infer<typeof initReport>;

// ---- win/loss (GetWinLossReport, GetWinLoss3SectionsReport, the simple view) ----

export const WIN_LOSS_SORT = ['username', 'turnover', 'memberWinLoss', 'downlineWinLoss', 'ownWinLoss', 'result', 'payableToUpline'] as const;
export const winLossQuery = withRange({ ...paging, sortBy: z.enum(WIN_LOSS_SORT).default('username') });
export type WinLossQuery = z.infer<typeof winLossQuery>;

/**
 * DOMAIN's figures of one account X for the lines that came through one direct downline D (or X's own
 * tickets): the downline section (what D passed up and owes X), X's own section (eaten, at its rates, and
 * the spreads), the upline section (what X passes up and owes above).
 */
export const winLossFigures = z.object({
  /** Counted per bet code (a ticket with Big and Small counts twice): the screens show lines. */
  tickets: z.number().int(),
  lines: z.number().int(),
  turnover: z.number().int(),
  /**
   * What the downline passed up to X (X's eaten part plus what X passed on): the stake the downline's
   * commission and winnings below are on, so that received - commission - winnings = its win/loss.
   */
  downlinePass: z.number().int(),
  /** The downline's commission and winnings on what it passed up. */
  downlineCommission: z.number().int(),
  downlineWinnings: z.number().int(),
  /**
   * The downline's win/loss (会员输赢) from the downline's side, as its own detail, statement and the
   * stakeholder report show it: > 0 the downline won. = downlineCommission + downlineWinnings - downlinePass.
   * Every screen and file shows this one (DOMAIN "Reports: one name, one sign").
   */
  memberWinLoss: z.number().int(),
  /**
   * The same from X's side: the downline's link, what it owes X (> 0 X receives); = -memberWinLoss. Kept
   * for API clients that read links; no screen or file shows it.
   */
  downlineWinLoss: z.number().int(),
  eaten: z.number().int(),
  ownWinLoss: z.number().int(),
  commissionSpread: z.number().int(),
  payoutSpread: z.number().int(),
  /** X's result: received from below less owed above (= own win/loss + spreads). */
  result: z.number().int(),
  pass: z.number().int(),
  uplineCommission: z.number().int(),
  uplineWinnings: z.number().int(),
  payableToUpline: z.number().int(),
});
export type WinLossFigures = z.infer<typeof winLossFigures>;

export const winLossRow = winLossFigures.extend({
  /** The direct downline, or null for the node's own tickets. */
  account: reportAccount.nullable(),
  /** Whether the downline has downlines of its own (drill to it) or is a bettor (drill to its tickets). */
  hasDownlines: z.boolean(),
});
export type WinLossRow = z.infer<typeof winLossRow>;

export const winLossReport = reportHead.extend({ rows: z.array(winLossRow), total: z.number().int(), totals: winLossFigures });
export type WinLossReport = z.infer<typeof winLossReport>;

// ---- /winloss-detail: one bettor's settled lines ----

/** The bettor: `userId` of the caller's subtree, or the caller itself (/self-winloss-detail). */
export const winLossDetailQuery = withRange({ ...paging });
export const winLossDetailLine = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  drawDate: z.string(),
  poolId: z.number().int(),
  number: z.string(),
  betCode: z.string(),
  stake: z.number().int(),
  commission: z.number().int(),
  winnings: z.number().int(),
  /** The bettor's result on the line: winnings less its net stake. */
  result: z.number().int(),
});
export const winLossDetail = reportHead.extend({
  lines: z.array(winLossDetailLine),
  total: z.number().int(),
  totals: z.object({ stake: z.number().int(), commission: z.number().int(), winnings: z.number().int(), result: z.number().int() }),
});
export type WinLossDetail = z.infer<typeof winLossDetail>;

// ---- sales summary (GetSalesSummary, GetSumSalesSummary) ----

export const salesSummaryQuery = withRange({ ...paging, sortBy: z.enum(['username', 'turnover', 'net']).default('username') });
export type SalesSummaryQuery = z.infer<typeof salesSummaryQuery>;
export type WinLossDetailQuery = z.infer<typeof winLossDetailQuery>;
export const salesFigures = z.object({ tickets: z.number().int(), lines: z.number().int(), turnover: z.number().int(), commission: z.number().int(), net: z.number().int() });
export const salesRow = salesFigures.extend({ account: reportAccount.nullable(), hasDownlines: z.boolean(), betCode: z.string() });
export const salesSummary = reportHead.extend({ rows: z.array(salesRow), total: z.number().int(), totals: salesFigures });
export type SalesSummary = z.infer<typeof salesSummary>;
export type SalesRow = z.infer<typeof salesRow>;
export const sumSalesSummary = reportHead.extend({ byCode: z.array(salesFigures.extend({ betCode: z.string() })), totals: salesFigures });
export type SumSalesSummary = z.infer<typeof sumSalesSummary>;

// ---- usline (GetUsLineReport): the link to the upline per draw date, and what was paid of it ----

export const usLineQuery = withRange({ ...paging });
export type UsLineQuery = z.infer<typeof usLineQuery>;
export const usLineRow = z.object({
  drawDate: z.string(),
  /** The account's links for the date: > 0 it owes its upline, < 0 it is owed. */
  owed: z.number().int(),
  /** Recorded by draw payment, in the same direction. */
  paid: z.number().int(),
  remaining: z.number().int(),
  status: z.enum(['paid', 'partPaid', 'open', 'none']),
});
export const usLineReport = reportHead.extend({
  upline: reportAccount.nullable(),
  rows: z.array(usLineRow),
  total: z.number().int(),
  totals: z.object({ owed: z.number().int(), paid: z.number().int(), remaining: z.number().int() }),
});
export type UsLineReport = z.infer<typeof usLineReport>;

// ---- payout (GetPayoutReport, GetSelfPayoutReport): the strikes of the subtree ----

export const payoutQuery = withRange({ ...paging });
export type PayoutQuery = z.infer<typeof payoutQuery>;
export const payoutRow = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  username: z.string(),
  drawDate: z.string(),
  poolId: z.number().int(),
  number: z.string(),
  betCode: z.string(),
  /** The prize slots the number struck, with how many times (a number in two starter slots wins both). */
  prizes: z.array(z.object({ prize: z.string(), count: z.number().int(), rate: z.number().int() })),
  stake: z.number().int(),
  /** What the bettor wins on the line at its own frozen rates (settlement's figure). */
  amount: z.number().int(),
  released: z.boolean(),
});
export const payoutReport = reportHead.extend({
  rows: z.array(payoutRow),
  total: z.number().int(),
  totals: z.object({ stake: z.number().int(), amount: z.number().int(), held: z.number().int(), released: z.number().int() }),
});
export type PayoutReport = z.infer<typeof payoutReport>;
export type PayoutRow = z.infer<typeof payoutRow>;

// ---- payout table (GetPayoutTable): the account's package as the trade prints it ----

/** DOMAIN "Reports": the amounts (RM) the printed table shows, and the codes it covers. */
export const PAYOUT_TABLE_AMOUNTS = [1, 2, 3, 4, 5, 6, 8, 10] as const;
/** Big, Small, 3A (code A), 3C (code C), 4A. */
export const PAYOUT_TABLE_CODES = ['B', 'S', 'A', 'C', '4A'] as const;
export const payoutTableQuery = z.object({ userId: queryId.optional(), gd: z.enum(['0', '1']).default('0') });
export const payoutTable = z.object({
  account: reportAccount,
  packageName: z.string(),
  amounts: z.array(z.number().int()),
  codes: z.array(
    z.object({
      code: z.string(),
      sold: z.boolean(),
      /** Per prize: the payout per RM1 in cents, and what each amount wins (0 where not sold). */
      prizes: z.array(z.object({ prize: z.string(), rate: z.number().int(), wins: z.array(z.number().int()) })),
    }),
  ),
});
export type PayoutTable = z.infer<typeof payoutTable>;

// ---- winning and strike (GetWinningReport): a date's released results and the subtree's strikes ----

export const winningQuery = z.object({
  drawDate: isoDate,
  poolId: z.coerce.number().int().min(-1).max(32_767).default(REPORT_ALL).refine((v) => v !== 0, 'pattern'),
  userId: queryId.optional(),
});
export type WinningQuery = z.infer<typeof winningQuery>;
export const winningStrike = z.object({
  number: z.string(),
  betCode: z.string(),
  prize: z.string(),
  /** Struck lines, their bettors, stake, and the bettors' winnings settlement booked. */
  lines: z.number().int(),
  bettors: z.number().int(),
  stake: z.number().int(),
  winnings: z.number().int(),
});
export const winningDraw = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  numbers: z.unknown(),
  /** The settlement of the draw: its round, and whether step 1 and 2 are done. */
  round: z.number().int().nullable(),
  winnersFound: z.boolean(),
  distributed: z.boolean(),
  strikes: z.array(winningStrike),
  totals: z.object({ lines: z.number().int(), stake: z.number().int(), winnings: z.number().int() }),
});
export const winningReport = z.object({ node: reportAccount, breadcrumb: z.array(reportAccount), drawDate: z.string(), draws: z.array(winningDraw) });
export type WinningReport = z.infer<typeof winningReport>;
export type WinningDraw = z.infer<typeof winningDraw>;

// ---- map (GetMapReport, GetMapReportTicket): a draw's exposure per number ----

export const MAP_PRIZES = ['first', 'second', 'third', 'starter', 'consolation'] as const;
export const mapQuery = z.object({
  drawId: queryId,
  userId: queryId.optional(),
  /** Digits a number starts with (search). */
  number: z.string().max(6).regex(/^\d*$/, 'pattern').optional(),
  page: paging.page,
  pageSize: paging.pageSize,
  sortBy: z.enum(['risk', 'number', 'stake', 'eaten']).default('risk'),
});
export type MapQuery = z.infer<typeof mapQuery>;
export const mapRow = z.object({
  number: z.string(),
  /** Stake of the subtree on the number, per bet code, and in all. */
  stake: z.record(z.string(), z.number().int()),
  stakeTotal: z.number().int(),
  /** What the node itself ate of it, per code and in all. */
  eaten: z.record(z.string(), z.number().int()),
  eatenTotal: z.number().int(),
  /** What the node laid off of it by run tickets (decision 0030), per code and in all. */
  run: z.record(z.string(), z.number().int()),
  runTotal: z.number().int(),
  /** What the eaten part net of the run would pay (at the node's rates) if the number struck each prize. */
  payouts: z.record(z.string(), z.number().int()),
  /** The largest of those: the number's risk. */
  risk: z.number().int(),
});
export const mapReport = z.object({
  node: reportAccount,
  breadcrumb: z.array(reportAccount),
  draw: z.object({ drawId: z.number().int(), poolId: z.number().int(), drawDate: z.string(), hasResult: z.boolean() }),
  rows: z.array(mapRow),
  total: z.number().int(),
  totals: z.object({ stakeTotal: z.number().int(), eatenTotal: z.number().int(), runTotal: z.number().int() }),
});
export type MapReport = z.infer<typeof mapReport>;
export type MapRow = z.infer<typeof mapRow>;

export const mapTicketQuery = z.object({ drawId: queryId, number: z.string().min(2).max(6).regex(/^\d+$/, 'pattern'), userId: queryId.optional() });
export const mapTicket = z.object({
  ticketId: z.number().int(),
  ticketNo: z.string(),
  username: z.string(),
  betCode: z.string(),
  stake: z.number().int(),
  eaten: z.number().int(),
  orderedAt: z.string(),
});
export type MapTicket = z.infer<typeof mapTicket>;

// ---- map detail (GetMapDetailReport, /map-detail): one number of the map per direct downline ----

const mapNumber = z.string().min(2).max(6).regex(/^\d+$/, 'pattern');
export const mapDetailQuery = z.object({ drawId: queryId, number: mapNumber, userId: queryId.optional() });
export const mapDetailFigures = z.object({
  /** Tickets and the subtree's stake on the number, per bet code and in all. */
  tickets: z.number().int(),
  stake: z.record(z.string(), z.number().int()),
  stakeTotal: z.number().int(),
  /** What the node ate of the lines that came through this downline, per code and in all. */
  eaten: z.record(z.string(), z.number().int()),
  eatenTotal: z.number().int(),
});
export const mapDetailRow = mapDetailFigures.extend({
  /** The direct downline the lines came through, or null for the node's own tickets. */
  account: reportAccount.nullable(),
  hasDownlines: z.boolean(),
});
export const mapDetail = z.object({
  node: reportAccount,
  breadcrumb: z.array(reportAccount),
  draw: z.object({ drawId: z.number().int(), poolId: z.number().int(), drawDate: z.string(), hasResult: z.boolean() }),
  number: z.string(),
  rows: z.array(mapDetailRow),
  totals: mapDetailFigures,
});
export type MapDetail = z.infer<typeof mapDetail>;
export type MapDetailRow = z.infer<typeof mapDetailRow>;

// ---- run map (GetRunMapReport, SaveRunTicket; decision 0030): what the node ate over its limit ----

export const runMapQuery = z.object({
  drawId: queryId,
  /** The company (run map as company) or an account of the caller's subtree; absent: the caller. */
  userId: queryId.optional(),
  page: paging.page,
  pageSize: paging.pageSize,
});
export type RunMapQuery = z.infer<typeof runMapQuery>;
export const runMapRow = z.object({
  number: z.string(),
  betCode: z.string(),
  /** What the node ate of the number on this code. */
  eaten: z.number().int(),
  /** Its limit there: the fight limit of the pool and code, lowered by a red number. */
  limit: z.number().int(),
  /** eaten - limit: the run. */
  run: z.number().int(),
  /** Laid off already by run tickets, and what is left to lay off. */
  laidOff: z.number().int(),
  toLayOff: z.number().int(),
});
export type RunMapRow = z.infer<typeof runMapRow>;
export const runMapReport = z.object({
  node: reportAccount,
  breadcrumb: z.array(reportAccount),
  draw: z.object({ drawId: z.number().int(), poolId: z.number().int(), drawDate: z.string(), hasResult: z.boolean(), closed: z.boolean() }),
  rows: z.array(runMapRow),
  total: z.number().int(),
  totals: z.object({ eaten: z.number().int(), run: z.number().int(), laidOff: z.number().int(), toLayOff: z.number().int() }),
});
export type RunMapReport = z.infer<typeof runMapReport>;

export const saveRunTicketBody = z.object({
  drawId: id,
  userId: id.optional(),
  /** The numbers and codes to lay off; each is laid off up to its run at the time of saving. */
  items: z
    .array(
      z.object({
        number: mapNumber,
        betCode: z.enum(BET_CODES),
        /** The total to have laid off on it, at most its run (the screen's laid off plus what was typed); absent: the whole run. */
        upTo: amountCents.optional(),
      }),
    )
    .min(1)
    .max(500),
});
export const saveRunTicketAnswer = z.object({
  /** Rows whose run ticket grew by this save (0 when everything was laid off already). */
  saved: z.number().int(),
  rows: z.array(runMapRow),
});

// ---- jackpot detail (GetDetailJackpot, /jackpot-detail) ----

export const jackpotQuery = z
  .object({ fromDate: isoDate, toDate: isoDate, poolId: filterShape.poolId })
  .refine((f) => f.fromDate <= f.toDate, { path: ['toDate'], message: 'min' })
  .refine((f) => (Date.parse(f.toDate) - Date.parse(f.fromDate)) / 86_400_000 < REPORT_MAX_DAYS, { path: ['toDate'], message: 'max' });
export const jackpotRow = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  drawDate: z.string(),
  jackpot1: z.number().int().nullable(),
  jackpot2: z.number().int().nullable(),
  source: z.string().nullable(),
});
export type JackpotRow = z.infer<typeof jackpotRow>;
export const jackpotReport = z.object({ rows: z.array(jackpotRow) });
