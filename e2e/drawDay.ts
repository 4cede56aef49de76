import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { ADMIN, api } from './support';

// The draw-day specs (seamless, settlement, stakeholder) each need a draw of today that a player bet on
// before its cutoff and that has closed since. Waiting for three cutoffs one after the other cost CI six
// minutes, so the draw-day setup project (drawDay.setup.ts) opens the three draws and places their bets
// before every other spec; by the time those specs run, the cutoffs are long past. This file is what the
// setup hands them.

/** One spec's draw: the pool, the draw, its cutoff and the ticket placed on it. */
export type DayDraw = { poolId: number; drawId: number; drawDate: string; cutoffAt: string; ticketId: number };
export type DrawDay = { seamless: DayDraw; settlement: DayDraw; stakeholder: DayDraw; outcome: DayDraw & { loserTicketId: number } };

/** The first prize each draw will be given, so each spec's player holds a winning ticket. */
export const WINNERS = { seamless: '7391', settlement: '4821', stakeholder: '3377', outcome: '5602' } as const;

const file = () => `${process.env.E2E_DATA_DIR ?? 'test-results/e2e/data'}.draw-day.json`;

export function saveDrawDay(day: DrawDay) {
  fs.writeFileSync(file(), JSON.stringify(day));
}

export function drawDay(): DrawDay {
  return JSON.parse(fs.readFileSync(file(), 'utf8')) as DrawDay;
}

/** Sales close by the server's clock: when a spec runs alone, this waits for the cutoff. */
export async function afterCutoff(draw: Pick<DayDraw, 'cutoffAt'>) {
  // The local clock only: polled often, so no spec waits longer than it must.
  await expect.poll(async () => Date.now() >= Date.parse(draw.cutoffAt) + 2_000, { timeout: 200_000, intervals: [1_000] }).toBe(true);
}

/** The cutoff of a draw, by the server's clock, as the player reads it. */
export async function cutoffOf(page: Page, poolId: number, drawId: number): Promise<string> {
  const clock = await api<{ pools: { draws: { drawId: number; cutoffAt: string }[] }[] }>(page.request, 'GET', `/api/Pools/GetDrawClock?poolIds=${poolId}`);
  return clock.pools[0].draws.find((d) => d.drawId === drawId)?.cutoffAt ?? clock.pools[0].draws[0].cutoffAt;
}

/**
 * As the super admin: moves an open draw's cutoff to the first whole minute at least 10 s from now (server
 * time). A spec that must still sell on its draw after the setup ran (posting: the lay-off is a bet on this
 * same server, refused once the draw closes) opens it with a later cutoff, closes it this way as soon as it
 * has sold, and goes on with its other screens while the cutoff passes. The new cutoff, for afterCutoff.
 */
export async function closeSoon(page: Page, draw: { drawId: number; poolId: number }): Promise<{ cutoffAt: string }> {
  const clock = await api<{ serverTime: string; timeZone: string }>(page.request, 'GET', `/api/Pools/GetDrawClock?poolIds=${draw.poolId}`);
  const at = new Date(Math.ceil((Date.parse(clock.serverTime) + 10_000) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  await api(page.request, 'POST', '/api/Pools/SubmitEditedDraw', { drawId: draw.drawId, cutoffHour: Number(parts.hour), cutoffMinute: Number(parts.minute), secondaryPassword: ADMIN.password });
  return { cutoffAt: at.toISOString() };
}
