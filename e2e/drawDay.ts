import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { api } from './support';

// The draw-day specs (seamless, settlement, stakeholder) each need a draw of today that a player bet on
// before its cutoff and that has closed since. Waiting for three cutoffs one after the other cost CI six
// minutes, so the draw-day setup project (drawDay.setup.ts) opens the three draws and places their bets
// before every other spec; by the time those specs run, the cutoffs are long past. This file is what the
// setup hands them.

/** One spec's draw: the pool, the draw, its cutoff and the ticket placed on it. */
export type DayDraw = { poolId: number; drawId: number; drawDate: string; cutoffAt: string; ticketId: number };
export type DrawDay = { seamless: DayDraw; settlement: DayDraw; stakeholder: DayDraw };

/** The first prize each draw will be given, so each spec's player holds a winning ticket. */
export const WINNERS = { seamless: '7391', settlement: '4821', stakeholder: '3377' } as const;

const file = () => `${process.env.E2E_DATA_DIR ?? 'test-results/e2e/data'}.draw-day.json`;

export function saveDrawDay(day: DrawDay) {
  fs.writeFileSync(file(), JSON.stringify(day));
}

export function drawDay(): DrawDay {
  return JSON.parse(fs.readFileSync(file(), 'utf8')) as DrawDay;
}

/** Sales close by the server's clock: when a spec runs alone, this waits for the cutoff. */
export async function afterCutoff(draw: DayDraw) {
  await expect.poll(async () => Date.now() >= Date.parse(draw.cutoffAt) + 2_000, { timeout: 200_000, intervals: [5_000] }).toBe(true);
}

/** The cutoff of a draw, by the server's clock, as the player reads it. */
export async function cutoffOf(page: Page, poolId: number, drawId: number): Promise<string> {
  const clock = await api<{ pools: { draws: { drawId: number; cutoffAt: string }[] }[] }>(page.request, 'GET', `/api/Pools/GetDrawClock?poolIds=${poolId}`);
  return clock.pools[0].draws.find((d) => d.drawId === drawId)?.cutoffAt ?? clock.pools[0].draws[0].cutoffAt;
}
