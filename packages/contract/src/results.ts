// Schemas of the result calls (Result controller; Configuration/GetReleaseResultStatus and
// SubmitReleaseResultStatus). A result travels as packages/domain PoolResult: named slots.
import { z } from 'zod';
import { RESULT_FORMS } from '@app/domain';
import { cents, id, int4, isoDate, text } from './fields';

const drawId = id;
/** A slot as typed or fetched: digits, or empty while being entered (the check names an empty slot). */
const slot = z.string().max(8).regex(/^[0-9 *-]*$/, 'pattern');

export const poolResultNumbers = z.object({
  fourD: z.object({
    first: slot,
    second: slot,
    third: slot,
    starter: z.array(slot).max(13),
    consolation: z.array(slot).max(10),
  }),
  fiveD: z.tuple([slot, slot, slot]).nullable().optional(),
  sixD: slot.nullable().optional(),
});

/** Jackpot amounts published with a result, in cents; absent or null where the pool publishes none. */
export const jackpots = z.object({ jackpot1: cents.nullable().optional(), jackpot2: cents.nullable().optional() });

export const resultError = z.object({ slot: z.string(), problem: z.string() });

export const validateResultBody = z.object({ drawId, numbers: poolResultNumbers });
export const validateResultAnswer = z.object({ valid: z.boolean(), errors: z.array(resultError) });

export const saveResultBody = z.object({
  drawId,
  numbers: poolResultNumbers,
  /** The version the screen showed (0 for a new result): a change made meanwhile by someone else is refused. */
  version: int4(0),
  /** Required to correct a released result. */
  reason: text(500).optional(),
  /** Absent: the jackpots saved stay as they are. */
  jackpots: jackpots.optional(),
});

export const resultHistoryRow = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  numbers: poolResultNumbers.nullable(),
});

export const poolResultRow = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  poolName: z.string(),
  /** The form the pool's result is entered in (4D, 4D+5D+6D, 4D+6D; decision 0037). */
  resultForm: z.enum(RESULT_FORMS),
  drawDate: z.string(),
  cutoffAt: z.string(),
  /** Sales are closed: a result may be entered. */
  closed: z.boolean(),
  numbers: poolResultNumbers.nullable(),
  jackpots: jackpots.nullable(),
  status: z.enum(['none', 'entered', 'fetched', 'released']),
  source: z.string().nullable(),
  confirmed: z.boolean(),
  version: z.number().int(),
  enteredBy: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** Whether the caller may release it now (four eyes), and if not, the message key saying why. */
  canRelease: z.boolean(),
  releaseBlockedBy: z.string().nullable(),
  history: z.array(resultHistoryRow),
});
export type PoolResultRow = z.infer<typeof poolResultRow>;

export const resultDateQuery = z.object({ drawDate: isoDate });
export const releaseResultBody = z.object({ drawId, version: int4(1) });
export const releaseStatus = z.object({ drawId: z.number().int(), status: z.string(), releasedBy: z.string().nullable(), releasedAt: z.string().nullable() });

// ---- settlement (DOMAIN "Settlement: who gets what") ----

export const settleDrawBody = z.object({ drawId });
export const settleStepAnswer = z.object({ round: z.number().int(), strikes: z.number().int().optional(), lines: z.number().int().optional() });
export const releaseCreditBody = z.object({ drawDate: isoDate });
export const releaseCreditAnswer = z.object({ released: z.number().int(), draws: z.number().int() });
export const blockReportBody = z.object({ drawDate: isoDate, blocked: z.boolean() });
export const reportAccess = z.object({ blocked: z.boolean(), byHand: z.boolean(), settling: z.boolean() });
export const settlementStatusRow = z.object({
  drawId: z.number().int(),
  round: z.number().int(),
  winnersAt: z.string().nullable(),
  distributedAt: z.string().nullable(),
  strikes: z.number().int(),
  released: z.boolean(),
});
export type SettlementStatusRow = z.infer<typeof settlementStatusRow>;
