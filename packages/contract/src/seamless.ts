// Schemas of seamless API accounts' settlement callbacks and of Payment/ClaimPrizes (decision 0025).
import { z } from 'zod';
import { id, queryId, text } from './fields';
import { idempotencyKey } from './payments';

/** An absolute http(s) address (the callback the client's system receives settlements at). */
const httpUrl = text(500)
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'CALLBACK_URL_INVALID');

export const settlementCallbackQuery = z.object({ userId: queryId });
/** callbackUrl null or empty: the account is no longer seamless (nothing more is queued for it). */
export const settlementCallbackBody = z.object({ userId: id, callbackUrl: z.union([z.literal(''), httpUrl]).nullable() });
export const settlementCallbackView = z.object({ userId: z.number().int(), callbackUrl: z.string().nullable() });

export const seamlessDelivery = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  drawId: z.number().int(),
  round: z.number().int(),
  resend: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failing']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});

export const resettleSeamlessBody = z.object({ ticketId: id });
export const resettleSeamlessResult = z.object({ queued: z.number().int(), deliveries: z.array(seamlessDelivery) });

/** A ticket's prize per draw as its upline sees it: held (claimable), claimed by an upline, or released. */
export const ticketPrize = z.object({
  drawId: z.number().int(),
  drawDate: z.string(),
  poolId: z.number().int(),
  round: z.number().int(),
  amount: z.number().int(),
  state: z.enum(['pending', 'held', 'claimed', 'released']),
});
export const ticketSettlementView = z.object({ prizes: z.array(ticketPrize), deliveries: z.array(seamlessDelivery), claimable: z.number().int() });
export const ticketSettlementQuery = z.object({ ticketId: queryId });

export const claimPrizesBody = z.object({ ticketId: id, idempotencyKey });
export const claimPrizesResult = z.object({ ticketId: z.number().int(), amount: z.number().int(), draws: z.number().int() });
