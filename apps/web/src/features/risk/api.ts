import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { downline, fightLimitData, numberQueueRow, poolSelection, redNumber } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import type { FightLimit } from './fightLimit';
import type { PermutationType } from './redNumber';
import { rememberPools } from '../../api/knownPools';

// Calls of the risk screens: fight (eat) limits, red numbers, the number queue.

export type FightLimitData = z.infer<typeof fightLimitData>;
export type RedNumber = z.infer<typeof redNumber>;
export type QueueRow = z.infer<typeof numberQueueRow>;
export type Downline = z.infer<typeof downline>;
export type Pool = z.infer<typeof poolSelection>;

export const riskKeys = {
  fight: (userId: number | undefined) => ['risk', 'fight', userId ?? 'self'] as const,
  downlines: ['risk', 'downlines'] as const,
  pools: ['risk', 'pools'] as const,
  types: ['risk', 'permutationTypes'] as const,
  red: (search: string, poolId: number | undefined) => ['risk', 'red', search, poolId ?? 'all'] as const,
  redAll: ['risk', 'red'] as const,
  queue: (drawDate: string | undefined, poolId: number | undefined) => ['risk', 'queue', drawDate ?? 'all', poolId ?? 'all'] as const,
  queueAll: ['risk', 'queue'] as const,
};

/** Fight-limit data of oneself or a downline; a refusal (outside the subtree) is the screen's to show. */
export const useFightLimit = (userId: number | undefined) =>
  useQuery({
    queryKey: riskKeys.fight(userId),
    queryFn: async () => {
      const r = await apiCall<FightLimitData>(API.Account.GetFightLimitRelatedData, { query: { userId }, handleErrors: true });
      if (!r.success || !r.data) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data;
    },
    staleTime: 0,
  });

export const useDownlines = (enabled: boolean) =>
  useQuery({ queryKey: riskKeys.downlines, queryFn: () => fetchData<Downline[]>(API.Account.GetDirectDownlines), enabled, staleTime: 0 });

export const usePools = () => useQuery({ queryKey: riskKeys.pools, queryFn: () => fetchData<Pool[]>(API.Pools.GetPoolsSelection).then((list) => {
        rememberPools(list);
        return list;
      }), staleTime: 60_000 });

export interface EatLimitBody {
  userId: number;
  eatType: 'percentage' | 'amount';
  limitMethod: 1 | 2 | 3;
  eatSequence?: '*/**' | '**/*';
  limits: FightLimit[];
}

export const updateEatLimit = (body: EatLimitBody) => apiCall<FightLimitData>(API.Account.UpdateUserEatLimit, { json: body, handleErrors: true });

export const usePermutationTypes = () =>
  useQuery({ queryKey: riskKeys.types, queryFn: () => fetchData<PermutationType[]>(API.Configuration.GetPermutationType), staleTime: Infinity });

export const useRedNumbers = (search: string, poolId: number | undefined) =>
  useQuery({
    queryKey: riskKeys.red(search, poolId),
    queryFn: () => fetchData<RedNumber[]>(API.Configuration.GetRedNumber, { query: { search: search || undefined, poolId } }),
    staleTime: 0,
  });

export const saveRedNumber = (body: { id?: number; number: string; type: number; poolId: number | null; limitAmount: number }) =>
  apiCall<RedNumber>(API.Configuration.CreateOrUpdateRedNumber, { json: body, handleErrors: true });

export const deleteRedNumber = (id: number) => apiCall<null>(API.Configuration.DeleteRedNumber, { json: { id }, handleErrors: true });

export const useNumberQueue = (drawDate: string | undefined, poolId: number | undefined) =>
  useQuery({
    queryKey: riskKeys.queue(drawDate, poolId),
    queryFn: () => fetchData<QueueRow[]>(API.Configuration.GetNumberQueues, { query: { drawDate, poolId } }),
    staleTime: 0,
  });

export const unblockNumbers = (body: { ids: number[] } | { all: true }) =>
  apiCall<{ unblocked: number }>(API.Configuration.DeleteNumberQueue, { json: body, handleErrors: true });
