// Draw payment (Payment/InitDrawPayment, SaveDrawPayment, GetDrawPaymentHistory;
// Result/UpdateDrawPaymentDetail). Amounts in cents; a positive figure is owed or paid by the downline to
// its upline, a negative one by the upline to the downline.
import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern');
const id = z.number().int().min(1).max(2_147_483_647);
const text = (max: number) => z.string().max(max).refine((s) => !s.includes('\u0000'), 'pattern');

export const drawPaymentDateQuery = z.object({ drawDate: isoDate });

export const drawPaymentStatus = z.enum(['none', 'open', 'partPaid', 'paid']);
export const drawPaymentLine = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  /** The link of the date: > 0 the downline owes its upline, < 0 it is owed. */
  owed: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  status: drawPaymentStatus,
});
export type DrawPaymentLine = z.infer<typeof drawPaymentLine>;

export const drawPaymentInit = z.object({
  drawDate: z.string(),
  /** The caller with its own upline (null for a company: its upline is the platform). */
  upline: drawPaymentLine.extend({ uplineUsername: z.string() }).nullable(),
  downlines: z.array(drawPaymentLine),
  /** Whether a draw of the date is still being settled: the figures may still change. */
  settling: z.boolean(),
});
export type DrawPaymentInit = z.infer<typeof drawPaymentInit>;

export const saveDrawPaymentBody = z.object({
  drawDate: isoDate,
  downlineId: id,
  /** Cents; > 0 the downline paid, < 0 the upline paid. */
  amount: z.number().int().min(-10_000_000_000).max(10_000_000_000).refine((n) => n !== 0, 'min'),
  remark: text(200).optional(),
  reference: text(100).optional(),
  /** A payment this one corrects (its opposite amount). */
  reversesId: id.optional(),
  idempotencyKey: z.string().min(8).max(100).refine((s) => !s.includes('\u0000'), 'pattern'),
});
export type SaveDrawPaymentBody = z.infer<typeof saveDrawPaymentBody>;

export const drawPaymentRow = z.object({
  id: z.number().int(),
  drawDate: z.string(),
  downlineId: z.number().int(),
  downline: z.string(),
  uplineId: z.number().int(),
  upline: z.string(),
  amount: z.number().int(),
  remark: z.string().nullable(),
  reference: z.string().nullable(),
  reversesId: z.number().int().nullable(),
  reversed: z.boolean(),
  at: z.string(),
  by: z.string(),
});
export type DrawPaymentRow = z.infer<typeof drawPaymentRow>;

export const drawPaymentHistoryQuery = z.object({ drawDate: isoDate.optional(), fromDate: isoDate.optional(), toDate: isoDate.optional() });

export const updateDrawPaymentDetailBody = z.object({ paymentId: id, remark: text(200).nullable().optional(), reference: text(100).nullable().optional() });
