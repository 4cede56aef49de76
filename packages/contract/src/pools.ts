// Schemas of the draw calendar and cutoff calls (Pools controller).
import { z } from 'zod';
import { MAX_POOL_ID, MAX_POOLS, RESULT_FORMS } from '@app/domain';
import { id, isoDate, text } from './fields';


export const draw = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  letter: z.string(),
  poolName: z.string(),
  drawDate: z.string(),
  isSpecial: z.boolean(),
  recordStatus: z.number().int(),
  cutoffAt: z.string(),
  /** The cutoff as a wall-clock time of the draw date in the business time zone. */
  cutoffHour: z.number().int(),
  cutoffMinute: z.number().int(),
  /** The draw has a cutoff of its own (a special draw's), not its pool's time for the weekday. */
  ownCutoff: z.boolean(),
  /** Whether sales are still open by the server's clock. */
  open: z.boolean(),
});
export type Draw = z.infer<typeof draw>;

export const poolSelection = z.object({
  poolId: z.number().int(),
  letter: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** The pool's default cutoff: the time of every weekday without its own. */
  cutoffHour: z.number().int(),
  cutoffMinute: z.number().int(),
  /** The cutoff of each weekday (Sunday 0 to Saturday 6); own: the day has its own time. */
  weekdays: z.array(z.object({ weekday: z.number().int(), cutoffHour: z.number().int(), cutoffMinute: z.number().int(), own: z.boolean() })),
  nextDraw: draw.nullable(),
  /** Pools as data (decision 0037): what the screens need to read and write bets and results of the pool. */
  digit: z.string(),
  packageType: z.number().int(),
  resultForm: z.enum(RESULT_FORMS),
  drawDays: z.array(z.number().int()),
});

/**
 * Setting/CreatePoolRow. Shapes only: uniqueness, the letter's and digit's one character and the bounds
 * are checked by the server (validateNewPool), which names each bad field.
 */
export const createPoolBody = z.object({
  name: text(200),
  code: text(200),
  letter: text(10),
  digit: text(10),
  // Loose ranges here; the server's check (validateNewPool) names the exact bound it refuses.
  packageType: z.number().int().min(0).max(99),
  resultForm: text(20),
  drawDays: z.array(z.number().int().min(-1).max(99)).max(7),
  cutoffHour: z.number().int().min(-1).max(99),
  cutoffMinute: z.number().int().min(-1).max(99),
});
export type CreatePoolBody = z.infer<typeof createPoolBody>;

export const scheduleYearBody = z.object({
  year: z.number().int().min(2000).max(2100),
  schedules: z.array(z.object({ poolId: z.number().int().min(1).max(MAX_POOL_ID), weekdays: z.array(z.number().int().min(0).max(6)) })).min(1),
});
export const scheduleYearResult = z.object({ created: z.number().int() });
export const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100), poolId: z.coerce.number().int().min(1).max(MAX_POOL_ID).optional() });
/** Most days one calendar read covers (the betting screens read their date pickers' window at once). */
export const MAX_SCHEDULE_DAYS = 31;
/** A day of the calendar (absent: the server's business date), or `days` days from it in one read. */
export const dayQuery = z.object({ date: isoDate.optional(), days: z.coerce.number().int().min(1).max(MAX_SCHEDULE_DAYS).default(1) });
const hour = z.number().int().min(0).max(23);
const secondaryPassword = text(200).min(1);
const minute = z.number().int().min(0).max(59);
/** A draw's own cutoff is given whole (hour and minute) or not at all; null drops it (edit only). */
const bothOrNeither = (b: { cutoffHour?: number | null; cutoffMinute?: number | null }) =>
  (b.cutoffHour === undefined) === (b.cutoffMinute === undefined) && (b.cutoffHour === null) === (b.cutoffMinute === null);

export const newDrawBody = z
  .object({
    poolId: z.number().int().min(1).max(MAX_POOL_ID),
    drawDate: isoDate,
    isSpecial: z.boolean().default(true),
    /** The draw's own cutoff time; absent: its pool's time for the weekday. */
    cutoffHour: hour.optional(),
    cutoffMinute: minute.optional(),
  })
  .refine(bothOrNeither, { path: ['cutoffMinute'], message: 'required' });
export const editDrawBody = z
  .object({
    drawId: id,
    drawDate: isoDate.optional(),
    recordStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    /** A new own cutoff time; null: follow the pool's time again; absent: unchanged. */
    cutoffHour: hour.nullable().optional(),
    cutoffMinute: minute.nullable().optional(),
    /** The caller's secondary password, checked on every change (issue 29 line 6): a change can close sales for every agent. */
    secondaryPassword,
  })
  .refine(bothOrNeither, { path: ['cutoffMinute'], message: 'required' });
export const cutoffBody = z.object({
  poolId: z.number().int().min(1).max(MAX_POOL_ID),
  /** The weekday whose cutoff this is (Sunday 0 to Saturday 6); absent: the pool's default. */
  weekday: z.number().int().min(0).max(6).optional(),
  cutoffHour: hour,
  cutoffMinute: minute,
  /** The caller's secondary password, checked on every change. */
  secondaryPassword,
});

/** PreviewCutoffChange: the change UpdateCutoffTime would make, without the password. */
export const cutoffPreviewQuery = z.object({
  poolId: z.coerce.number().int().min(1).max(MAX_POOL_ID),
  weekday: z.coerce.number().int().min(0).max(6).optional(),
  cutoffHour: z.coerce.number().int().min(0).max(23),
  cutoffMinute: z.coerce.number().int().min(0).max(59),
});
/** Query value "null": drop the draw's own cutoff (follow the pool's time again). */
const nullableQueryInt = (max: number) => z.preprocess((v) => (v === 'null' || v === '' ? null : v), z.coerce.number().int().min(0).max(max).nullable().optional());
/** PreviewDrawChange: the change SubmitEditedDraw would make, without the password. */
export const drawPreviewQuery = z
  .object({
    drawId: z.coerce.number().int().min(1).max(2_147_483_647),
    drawDate: isoDate.optional(),
    recordStatus: z.coerce.number().int().min(0).max(2).optional(),
    cutoffHour: nullableQueryInt(23),
    cutoffMinute: nullableQueryInt(59),
  })
  .refine(bothOrNeither, { path: ['cutoffMinute'], message: 'required' });
/** One open draw a change touches, with what is sold on it (stake in cents) and its close time after the change. */
export const changedDraw = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  letter: z.string(),
  poolName: z.string(),
  drawDate: z.string(),
  newDrawDate: z.string(),
  cutoffAt: z.string(),
  /** The close time after the change; null when the change cancels the draw. */
  newCutoffAt: z.string().nullable(),
  /** Milliseconds from serverTime to the new close time; 0 or less: sales close at once. Null when cancelled. */
  msLeft: z.number().int().nullable(),
  tickets: z.number().int(),
  agents: z.number().int(),
  stake: z.number().int(),
});
export const changePreview = z.object({
  serverTime: z.string(),
  timeZone: z.string(),
  draws: z.array(changedDraw),
  /** Over every draw listed: an agent with tickets on several draws counts once. */
  totals: z.object({ draws: z.number().int(), tickets: z.number().int(), agents: z.number().int(), stake: z.number().int(), closingAtOnce: z.number().int() }),
  /** The message key the change would be refused with (DRAW_CLOSED, DRAW_HAS_TICKETS, DUPLICATE_DRAW), or null. */
  refusal: z.string().nullable(),
});
export type ChangePreview = z.infer<typeof changePreview>;

/** `poolIds=1,3,8` (or repeated): the pools a betting screen has chosen; absent or empty: every pool. */
export const drawClockQuery = z.object({
  poolIds: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter((x) => x !== '')),
    z.array(z.coerce.number().int().min(1).max(MAX_POOL_ID)).max(MAX_POOLS),
  ),
  /** How many coming draws per pool (the express preview names the dates of D2, D3 ...). */
  count: z.coerce.number().int().min(1).max(12).default(1),
});
export const clockDraw = z.object({
  drawId: z.number().int(),
  drawDate: z.string(),
  isSpecial: z.boolean(),
  cutoffAt: z.string(),
  cutoffHour: z.number().int(),
  cutoffMinute: z.number().int(),
  ownCutoff: z.boolean(),
  /** Milliseconds from serverTime to the cutoff. */
  msLeft: z.number().int(),
});
export const drawClock = z.object({
  /** The server's clock when it answered: the browser counts down from it, never from its own clock. */
  serverTime: z.string(),
  businessDate: z.string(),
  timeZone: z.string(),
  pools: z.array(
    z.object({
      poolId: z.number().int(),
      letter: z.string(),
      name: z.string(),
      active: z.boolean(),
      /** The coming open draws, earliest first (at most `count`). */
      draws: z.array(clockDraw),
    }),
  ),
});
export type DrawClock = z.infer<typeof drawClock>;
