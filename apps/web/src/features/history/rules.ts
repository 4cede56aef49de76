import { knownPool } from '../../api/knownPools';
import type { TicketFilters } from './api';

import type { LoginUser } from '@app/contract';

/** The pools of a ticket as their letters in pool order ("MPT"), as the bet text writes them. */
export const poolLetters = (poolIds: readonly number[]) => poolIds.map((id) => knownPool(id)?.letter ?? String(id)).join('');

/** Whether the viewer may void any ticket at all (else the "Void selected" button is not shown). */
export const mayVoidAny = (viewer: Pick<LoginUser, 'voidRights'> | null | undefined) => !!viewer && (viewer.voidRights.own || viewer.voidRights.downline);

/**
 * The history's filters from its address: a report's "open these tickets" link (a strike's bettors, a map
 * detail's tickets) carries the number, draw date, pool, account and outcome it means.
 */
export function filtersFromParams(params: URLSearchParams): TicketFilters {
  const num = (k: string) => (Number(params.get(k)) > 0 ? Number(params.get(k)) : undefined);
  const number = params.get('number') ?? '';
  const drawDate = params.get('drawDate') ?? '';
  return {
    status: '-1',
    number: /^\d{2,6}$/.test(number) ? number : undefined,
    drawDate: /^\d{4}-\d{2}-\d{2}$/.test(drawDate) ? drawDate : undefined,
    poolId: num('poolId'),
    userId: num('userId'),
    outcome: params.get('outcome') === 'won' ? 'won' : undefined,
  };
}

/** The history's address showing these tickets. */
export function historyHref(f: Partial<Record<'number' | 'drawDate' | 'poolId' | 'userId' | 'outcome', string | number | undefined>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== -1) q.set(k, String(v));
  return `/order/ticket-history?${q}`;
}
