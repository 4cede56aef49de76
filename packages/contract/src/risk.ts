// Schemas of the risk calls: fight (eat) limits, red numbers, the number queue.
import { z } from 'zod';
import { cents, id, isoDate, text } from './fields';
import { BET_CODES, MAX_POOL_ID } from '@app/domain';

const betCode = z.enum(BET_CODES);

export const permutationType = z.object({ id: z.number().int(), name: z.string(), permutations: z.number().int() });

export const redNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.number().int(),
  groupKey: z.string(),
  poolId: z.number().int().nullable(),
  limitAmount: z.number().int(),
  permutations: z.array(z.string()),
  createdAt: z.string(),
});
export const redNumberBody = z.object({
  id: id.optional(),
  number: text(4).regex(/^\d{4}$/, 'pattern'),
  type: z.number().int().min(1).max(5),
  poolId: z.number().int().min(1).max(MAX_POOL_ID).nullable().default(null),
  limitAmount: cents,
});
export const redNumberQuery = z.object({ search: text(6).regex(/^\d{0,6}$/).optional(), poolId: z.coerce.number().int().min(1).max(MAX_POOL_ID).optional() });
export const idBody = z.object({ id: id });

export const numberQueueRow = z.object({
  id: z.number().int(),
  poolId: z.number().int(),
  drawDate: z.string(),
  number: z.string(),
  betCode: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export const numberQueueQuery = z.object({ drawDate: isoDate.optional(), poolId: z.coerce.number().int().min(1).max(MAX_POOL_ID).optional() });
/** Unblock some ids, or all active entries (Unblock All). */
export const deleteNumberQueueBody = z.union([z.object({ ids: z.array(id).min(1) }), z.object({ all: z.literal(true) })]);

export const fightLimit = z.object({ poolId: z.number().int().min(1).max(MAX_POOL_ID), betCode, amount: cents });
export const fightLimitData = z.object({
  userId: z.number().int(),
  username: z.string(),
  eatType: z.enum(['percentage', 'amount']),
  limitMethod: z.number().int(),
  eatSequence: z.string(),
  positionTaking: z.number(),
  /** The most the upline lets this account eat on one number (0: no bound). */
  maxFightLimit: z.number().int(),
  limits: z.array(fightLimit),
  betCodes: z.array(z.string()),
});
export const updateEatLimitBody = z.object({
  userId: id,
  eatType: z.enum(['percentage', 'amount']),
  limitMethod: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  eatSequence: z.enum(['*/**', '**/*']).optional(),
  limits: z.array(fightLimit),
});
