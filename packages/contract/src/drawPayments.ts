// Draw payment (Payment/InitDrawPayment, SaveDrawPayment, GetDrawPaymentHistory;
// Result/UpdateDrawPaymentDetail). Amounts in cents; a positive figure is owed or paid by the downline to
// its upline, a negative one by the upline to the downline.
import { z } from 'zod';
import { amountCents, id, isoDate, text } from './fields';

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
  /** Cents, paid by the downline to its upline ('fromDownline') or by the upline to the downline ('toDownline'). */
  amount: amountCents,
  direction: z.enum(['fromDownline', 'toDownline']),
  remark: text(200).optional(),
  reference: text(100).optional(),
  /** A payment this one corrects (its opposite amount). */
  reversesId: id.optional(),
  idempotencyKey: text(100).min(8),
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
