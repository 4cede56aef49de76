// The betting screens' draw clock: the server's time and every pool's coming draws, read from
// GetDrawClock and counted down in the browser from the server's time (the browser's own clock only
// measures how long ago the answer came, never what time it is).
import { useQuery } from '@tanstack/react-query';
import type { DrawClock } from '@app/contract';
import type { BetLine, DrawSelector } from '@app/domain';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

export type { DrawClock };
export type ClockDraw = DrawClock['pools'][number]['draws'][number];

/** Draws per pool the screens read: enough to name the dates of D12, the most a line may ask for. */
const COUNT = 12;
const REFRESH_MS = 30_000;

export interface ClockData extends DrawClock {
  /** performance.now() when the answer arrived: server time now = serverTime + (performance.now() - receivedAt). */
  receivedAt: number;
}

export const clockKeys = { all: ['betting', 'clock'] as const };

/** Every pool's next 12 open draws, read again every 30 s and after a placement (a cutoff may have passed). */
export const useDrawClock = () =>
  useQuery({
    queryKey: clockKeys.all,
    queryFn: async (): Promise<ClockData> => {
      const data = await fetchData<DrawClock>(API.Pools.GetDrawClock, { query: { count: COUNT } });
      return { ...data, receivedAt: performance.now() };
    },
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });

/** The server's time now, in ms since the epoch. */
export const serverNow = (clock: ClockData, at = performance.now()) => Date.parse(clock.serverTime) + (at - clock.receivedAt);

/** The draws a pool still sells at `now` (a cutoff that passed since the answer no longer counts). */
export function openDraws(clock: ClockData, poolId: number, now: number): ClockDraw[] {
  const pool = clock.pools.find((p) => p.poolId === poolId);
  return (pool?.draws ?? []).filter((d) => Date.parse(d.cutoffAt) > now);
}

/**
 * The dates a draw selector buys on each pool: D / Dn the pool's next n open draws, explicit dates as
 * written. A pool that has fewer coming draws than asked gets those it has (the server refuses the line).
 */
export function datesOf(clock: ClockData | undefined, selector: DrawSelector, pools: readonly number[], now: number): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of pools) {
    if (selector.kind === 'dates') out.set(p, selector.dates);
    else if (clock) out.set(p, openDraws(clock, p, now).slice(0, selector.count).map((d) => d.drawDate));
  }
  return out;
}

/** "01:02:03" (or "2d 01:02:03") of a duration in ms; "00:00:00" once past. */
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hms = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days ? `${days}d ${hms}` : hms;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const formatCutoff = (d: Pick<ClockDraw, 'cutoffHour' | 'cutoffMinute'>) => `${pad(d.cutoffHour)}:${pad(d.cutoffMinute)}`;

/** Bet lines whose "next draw" (D, Dn) falls on different dates for their pools, grouped by those dates. */
export interface MixedDraw {
  lineNos: number[];
  /** Each pool of the lines and the dates D buys on it, in pool order. */
  byPool: [number, string[]][];
}

/**
 * The lines of an order whose D / Dn buys different dates on different pools (one pool's cutoff passed, or
 * the pools draw on different days), so the agent is told before placing: a pool past its cutoff quietly
 * moves to its next draw, which the bettor may not expect.
 */
export function mixedDraws(lines: readonly Pick<BetLine, 'lineNo' | 'draw' | 'pools'>[], clock: ClockData | undefined, now: number): MixedDraw[] {
  if (!clock) return [];
  const groups = new Map<string, MixedDraw>();
  for (const line of lines) {
    if (line.draw.kind !== 'next' || line.pools.length < 2) continue;
    const byPool = datesOf(clock, line.draw, line.pools, now);
    const texts = line.pools.map((p) => (byPool.get(p) ?? []).join(','));
    if (texts.every((x) => x === texts[0])) continue;
    const entries = line.pools.map((p) => [p, byPool.get(p) ?? []] as [number, string[]]);
    const key = JSON.stringify(entries);
    const group = groups.get(key) ?? { lineNos: [], byPool: entries };
    group.lineNos.push(line.lineNo);
    groups.set(key, group);
  }
  return [...groups.values()];
}
