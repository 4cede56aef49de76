import { knownPool } from '../../api/knownPools';
import type { TicketRow } from './api';

import type { LoginUser } from '@app/contract';

/**
 * Whether the viewer may void a ticket from the history (the server decides the same way): an active
 * ticket of its own with "allow self void" while every draw is open; a downline's with void authority.
 */
export const voidable = (r: Pick<TicketRow, 'status' | 'open' | 'userId'>, viewer: Pick<LoginUser, 'actingUserId' | 'voidRights'> | null | undefined) => {
  if (r.status !== 1 || !viewer) return false;
  return r.userId === viewer.actingUserId ? viewer.voidRights.own && r.open : viewer.voidRights.downline;
};

/** The pools of a ticket as their letters in pool order ("MPT"), as the bet text writes them. */
export const poolLetters = (poolIds: readonly number[]) => poolIds.map((id) => knownPool(id)?.letter ?? String(id)).join('');
