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

/** Why the viewer may not void a ticket (a translation key), or null when it may: the Void button's tooltip. */
export const voidBlockedReason = (r: Pick<TicketRow, 'status' | 'open' | 'userId'>, viewer: Pick<LoginUser, 'actingUserId' | 'voidRights'> | null | undefined) => {
  if (voidable(r, viewer) || !viewer) return null;
  if (r.status !== 1) return 'history.voidNotActive';
  if (r.userId === viewer.actingUserId && viewer.voidRights.own) return 'history.voidDrawClosed';
  return 'history.voidNoRight';
};

/** Whether the viewer may void any ticket at all (else the "Void selected" button is not shown). */
export const mayVoidAny = (viewer: Pick<LoginUser, 'voidRights'> | null | undefined) => !!viewer && (viewer.voidRights.own || viewer.voidRights.downline);
