// Stakeholder and occupied reports, and an account's eaten totals (SPEC 7 Report/GetStakeHolderReport,
// GetWinLossOccupiedReport, GetUserEatData; DOMAIN "Reports: the figures"; decisions 0027 and 0028).
// Amounts in cents; a share is a percentage with two decimals (of the node's turnover).
import { z } from 'zod';
import { paging, reportAccount, reportHead, withRange } from './reports';

// ---- stakeholder (GetStakeHolderReport) ----

export const STAKEHOLDER_SORT = ['level', 'username', 'turnover', 'eaten', 'result'] as const;
export const stakeholderQuery = withRange({ ...paging, sortBy: z.enum(STAKEHOLDER_SORT).default('level') });
export type StakeholderQuery = z.infer<typeof stakeholderQuery>;

/**
 * Who took part in the node's lines: an account of its subtree (itself included), its direct upline,
 * the levels above that upline as one (up to the company and what it left unposted), or the unposted part.
 */
export const STAKEHOLDER_KINDS = ['account', 'upline', 'higher', 'unposted'] as const;
export const stakeholderRow = z.object({
  kind: z.enum(STAKEHOLDER_KINDS),
  account: reportAccount.nullable(),
  /** DOMAIN's hierarchy level (1 company ... 7 player); null for the levels above the upline and unposted. */
  level: z.number().int().nullable(),
  hasDownlines: z.boolean(),
  /** The stake of the node's lines that reached this part of the chain. */
  turnover: z.number().int(),
  eaten: z.number().int(),
  /** eaten / the node's turnover, in percent. */
  share: z.number(),
  /** What this part of the chain won (+) or lost (-) on the node's lines. */
  result: z.number().int(),
});
export type StakeholderRow = z.infer<typeof stakeholderRow>;

/** One level of the chain: every account of that hierarchy level together, or a part above the node. */
export const stakeholderLevel = z.object({
  kind: z.enum(STAKEHOLDER_KINDS),
  level: z.number().int().nullable(),
  account: reportAccount.nullable(),
  accounts: z.number().int(),
  eaten: z.number().int(),
  share: z.number(),
  result: z.number().int(),
});
export type StakeholderLevel = z.infer<typeof stakeholderLevel>;

export const stakeholderTotals = z.object({ turnover: z.number().int(), eaten: z.number().int(), share: z.number(), result: z.number().int() });

export const stakeholderReport = reportHead.extend({
  /** The node's lines: their whole stake. */
  turnover: z.number().int(),
  /** Bottom to top: the levels of the subtree, the node, then above it; they sum to the turnover and a nil result. */
  levels: z.array(stakeholderLevel),
  /** The parts above the node (its upline, higher levels, unposted): on every page, before the accounts. */
  top: z.array(stakeholderRow),
  /** The accounts of the subtree that had a part (a page of them). */
  rows: z.array(stakeholderRow),
  total: z.number().int(),
  /** Every part of the chain together: eaten is the turnover, the result nil. */
  totals: stakeholderTotals,
});
export type StakeholderReport = z.infer<typeof stakeholderReport>;

// ---- occupied (GetWinLossOccupiedReport) ----

export const OCCUPIED_SORT = ['pool', 'turnover', 'eaten', 'ownWinLoss'] as const;
export const occupiedQuery = withRange({ ...paging, sortBy: z.enum(OCCUPIED_SORT).default('pool') });
export type OccupiedQuery = z.infer<typeof occupiedQuery>;
export const occupiedFigures = z.object({
  lines: z.number().int(),
  turnover: z.number().int(),
  eaten: z.number().int(),
  share: z.number(),
  ownWinLoss: z.number().int(),
});
export const occupiedRow = occupiedFigures.extend({ poolId: z.number().int(), betCode: z.string() });
export type OccupiedRow = z.infer<typeof occupiedRow>;
export const occupiedReport = reportHead.extend({ rows: z.array(occupiedRow), total: z.number().int(), totals: occupiedFigures });
export type OccupiedReport = z.infer<typeof occupiedReport>;

// ---- an account's eaten totals per draw (GetUserEatData) ----

/** The account is `userId` (of the caller's subtree; absent: the caller). */
export const userEatDataQuery = withRange({});
export type UserEatDataQuery = z.infer<typeof userEatDataQuery>;
export const userEatDraw = z.object({
  drawId: z.number().int(),
  drawDate: z.string(),
  poolId: z.number().int(),
  /** open: not settled (read from the eat shares written at placement); settling; settled (the figures). */
  state: z.enum(['open', 'settling', 'settled']),
  eaten: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export const userEatData = reportHead.extend({ draws: z.array(userEatDraw), totals: z.record(z.string(), z.number().int()), total: z.number().int() });
export type UserEatData = z.infer<typeof userEatData>;
