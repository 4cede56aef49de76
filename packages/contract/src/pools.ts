// Schemas of the draw calendar and cutoff calls (Pools controller).
import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern');

export const draw = z.object({
  drawId: z.number().int(),
  poolId: z.number().int(),
  letter: z.string(),
  poolName: z.string(),
  drawDate: z.string(),
  isSpecial: z.boolean(),
  recordStatus: z.number().int(),
  cutoffAt: z.string(),
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
  cutoffHour: z.number().int(),
  cutoffMinute: z.number().int(),
  nextDraw: draw.nullable(),
});

export const scheduleYearBody = z.object({
  year: z.number().int().min(2000).max(2100),
  schedules: z.array(z.object({ poolId: z.number().int().min(1).max(8), weekdays: z.array(z.number().int().min(0).max(6)) })).min(1),
});
export const scheduleYearResult = z.object({ created: z.number().int() });
export const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100), poolId: z.coerce.number().int().min(1).max(8).optional() });
export const dayQuery = z.object({ date: isoDate.optional() });
export const newDrawBody = z.object({ poolId: z.number().int().min(1).max(8), drawDate: isoDate, isSpecial: z.boolean().default(true) });
export const editDrawBody = z.object({ drawId: z.number().int().positive(), drawDate: isoDate.optional(), recordStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional() });
export const cutoffBody = z.object({ poolId: z.number().int().min(1).max(8), cutoffHour: z.number().int().min(0).max(23), cutoffMinute: z.number().int().min(0).max(59) });
