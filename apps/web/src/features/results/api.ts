import { useQuery } from '@tanstack/react-query';
import type { PoolResultRow, SettlementStatusRow } from '@app/contract';
import type { PoolResult } from '@app/domain';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

// Calls of the result screen: a date's results, their check, save and release.

export type { PoolResultRow, SettlementStatusRow };

export const resultKeys = {
  date: (drawDate: string) => ['results', drawDate] as const,
  settlement: (drawDate: string) => ['results', drawDate, 'settlement'] as const,
};

/** SPEC 9: results refresh every 10 seconds. */
export const RESULT_REFRESH_MS = 10_000;

export const useDateResults = (drawDate: string) =>
  useQuery({
    queryKey: resultKeys.date(drawDate),
    queryFn: () => fetchData<PoolResultRow[]>(API.Result.GetPoolResult, { query: { drawDate }, busy: false }),
    refetchInterval: RESULT_REFRESH_MS,
    staleTime: 0,
  });

export const validateResult = (drawId: number, numbers: PoolResult) =>
  apiCall<{ valid: boolean; errors: { slot: string; problem: string }[] }>(API.Result.ValidateResult, { json: { drawId, numbers } });

export const saveResult = (body: { drawId: number; numbers: PoolResult; version: number; reason?: string; jackpots?: { jackpot1: number | null; jackpot2: number | null } }) =>
  apiCall<{ drawId: number; version: number; status: string }>(API.Result.SavePoolResult, { json: body, ownErrors: true });

export const releaseResult = (drawId: number, version: number) =>
  apiCall<{ drawId: number; status: string }>(API.Configuration.SubmitReleaseResultStatus, { json: { drawId, version }, ownErrors: true });

/** Each released draw's settlement of the date: round, strikes, distributed, credit released. */
export const useDateSettlement = (drawDate: string) =>
  useQuery({
    queryKey: resultKeys.settlement(drawDate),
    queryFn: () => fetchData<SettlementStatusRow[]>(API.Result.GetSettlementStatus, { query: { drawDate }, busy: false }),
    refetchInterval: RESULT_REFRESH_MS,
    staleTime: 0,
  });

export const insertWinners = (drawId: number) =>
  apiCall<{ round: number; strikes: number }>(API.Result.InsertWinners, { json: { drawId }, ownErrors: true });

export const distributeStrike = (drawId: number) =>
  apiCall<{ round: number; lines: number }>(API.Result.DistributeStrike, { json: { drawId }, ownErrors: true });

export const releaseCredit = (drawDate: string) =>
  apiCall<{ released: number; draws: number }>(API.Result.ReleaseCredit, { json: { drawDate }, ownErrors: true });

export interface FetchOutcome {
  poolId: number;
  site: string;
  outcome: 'saved' | 'confirmed' | 'same' | 'differs' | 'released' | 'auto-released' | 'failed';
  note?: string;
}

/** "Fetch now": what the job does at scrapeResultTime, for the date on the screen. */
export const fetchResultsNow = (drawDate: string) => apiCall<FetchOutcome[]>(API.Result.FetchResults, { json: { drawDate }, ownErrors: true });
