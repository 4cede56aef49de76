import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { AccountDetail, AutoTicketView, bettingAgent, Draw, PlacedTicket, poolSelection } from '@app/contract';
import type { EatSequence, PoolDef } from '@app/domain';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import type { ApiRow } from './webOrder';
import { rememberPools } from '../../api/knownPools';
import { useDrawClock } from './drawClock';

export type BettingAgent = z.infer<typeof bettingAgent>;
export type PoolChoice = z.infer<typeof poolSelection>;
export type { AutoTicketView, Draw, PlacedTicket };

export const bettingKeys = {
  all: ['betting'] as const,
  pools: ['betting', 'pools'] as const,
  agents: ['betting', 'agents'] as const,
  days: ['betting', 'days'] as const,
  owner: (userId: number | undefined) => ['betting', 'owner', userId] as const,
};

/** How many days ahead the date pickers offer open draws. */
export const DATE_WINDOW_DAYS = 14;

export const usePools = () =>
  useQuery({ queryKey: bettingKeys.pools, queryFn: () => fetchData<PoolChoice[]>(API.Pools.GetPoolsSelection).then((list) => {
        rememberPools(list);
        return list;
      }), staleTime: 60_000 });

/** The pools as the bet language reads them (digits, result forms): pools are data (decision 0037). */
export const poolDefsOf = (list: readonly PoolChoice[]): PoolDef[] =>
  list.map((p) => ({ id: p.poolId, letter: p.letter, digit: p.digit, code: p.code, name: p.name, packageType: p.packageType, resultForm: p.resultForm, drawDays: p.drawDays }));

/**
 * The server's business date (YYYY-MM-DD), never the browser's clock: the draw clock's, which the betting
 * screens read anyway (one call fewer than asking a day's draws for it); the browser's date only as a last
 * resort when the clock cannot be read (the server re-reads every date anyway).
 */
export function useBusinessDate(): { today: string | undefined; loading: boolean } {
  const clock = useDrawClock();
  const date = clock.data?.businessDate;
  const loading = clock.isLoading;
  return useMemo(() => {
    if (date) return { today: date, loading: false };
    if (loading) return { today: undefined, loading: true };
    return { today: dayjs().format('YYYY-MM-DD'), loading: false };
  }, [date, loading]);
}

export interface OpenDay {
  date: string;
  /** Pools with an open draw that day. */
  pools: Set<number>;
}

/**
 * Open draws of the next DATE_WINDOW_DAYS days from the business date, by day (ascending): one call for
 * the whole window, asked from the server's own date (so it runs beside the clock, not after it).
 */
export function useOpenDays(today: string | undefined): { days: OpenDay[]; byDate: Map<string, Set<number>>; loading: boolean } {
  const window = useQuery({
    queryKey: bettingKeys.days,
    queryFn: () => fetchData<Draw[]>(API.Pools.GetPoolScheduleByDay, { query: { days: DATE_WINDOW_DAYS } }),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const byDate = new Map<string, Set<number>>();
    for (const d of window.data ?? []) {
      // A window read before midnight may still hold yesterday's draws.
      if (!d.open || d.recordStatus !== 1 || (today && d.drawDate < today)) continue;
      const set = byDate.get(d.drawDate) ?? new Set<number>();
      set.add(d.poolId);
      byDate.set(d.drawDate, set);
    }
    const days = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, pools]) => ({ date, pools }));
    return { days, byDate, loading: window.isLoading };
  }, [window.data, window.isLoading, today]);
}

export const useBettingAgents = () =>
  useQuery({ queryKey: bettingKeys.agents, queryFn: () => fetchData<BettingAgent[]>(API.Account.GetBettingAgents), staleTime: 60_000 });

/** The account the order is for: its eat sequence reads the box markers, its credit is shown. */
export const useOwner = (userId: number | undefined) =>
  useQuery({
    queryKey: bettingKeys.owner(userId),
    queryFn: () => fetchData<AccountDetail & { eatSequence: EatSequence }>(API.Account.GetUserDetailsById, { query: { userId } }),
    enabled: userId !== undefined,
    staleTime: 0,
  });

/** After a ticket is placed: the owner's credit, the dashboard balance and the ticket history are stale. */
export function useAfterPlace() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['betting', 'owner'] });
    void queryClient.invalidateQueries({ queryKey: ['userDetailsById'] });
    void queryClient.invalidateQueries({ queryKey: ['history'] });
  };
}

// Refusals (400 per line, 422 credit / draw) come back to the screen, which shows them by the lines.
export const placeExpressOrder = (body: { text: string; targetUserId?: number; idempotencyKey: string }) =>
  apiCall<PlacedTicket>(API.Bet.PlaceExpressOrder, { json: body, handleErrors: true });

export const placeWebOrder = (body: { rows: ApiRow[]; sourceType: 1 | 2; targetUserId?: number; idempotencyKey: string }) =>
  apiCall<PlacedTicket>(API.Bet.PlaceWebOrder, { json: body, handleErrors: true });

// ---- auto tickets ----


export interface AutoTicketFilters {
  /** active, completed, void, or -1 for all. */
  status: string;
}

export const autoTicketKeys = {
  all: ['betting', 'auto'] as const,
  list: (f: AutoTicketFilters, p: { page: number; pageSize: number }) => ['betting', 'auto', f, p] as const,
};

export const useAutoTickets = (filters: AutoTicketFilters, paging: { page: number; pageSize: number }) =>
  useQuery({
    queryKey: autoTicketKeys.list(filters, paging),
    queryFn: () => fetchData<{ items: AutoTicketView[]; total: number }>(API.Report.GetAutoTicket, { query: { ...filters, ...paging } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export interface SaveAutoTicketInput {
  text: string;
  targetUserId?: number;
  startDate?: string;
  endDate?: string;
  drawCount?: number;
  idempotencyKey: string;
}

/** Refusals (400 per line, 409, 422) come back to the form. */
export const saveAutoTicket = (body: SaveAutoTicketInput) => apiCall<AutoTicketView>(API.Bet.SaveAutoTicket, { json: body, handleErrors: true });

/** AUTO_TICKET_NOT_ACTIVE and the like are alerted by the call wrapper. */
export const stopAutoTicket = (autoTicketId: number) => apiCall<AutoTicketView>(API.Report.VoidAutoTicket, { json: { autoTicketId } });
