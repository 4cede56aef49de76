import { PoolId } from '@app/domain';

// The year view of /admin-setting/pool-schedule as plain data: month grids (weeks from Sunday, SPEC 9
// days Sunday 0 to Saturday 6), draws by date, and the "schedule a year" form to its call.

export interface CalendarDraw {
  drawId: number;
  poolId: number;
  letter: string;
  drawDate: string;
  isSpecial: boolean;
  recordStatus: number;
  open: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Days in a month (month 1-12), by the calendar, not the browser's time zone. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Weekday (0 Sunday) of a date. */
export const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** A month as weeks of 7 cells, Sunday first; cells outside the month are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = weekdayOf(year, month, 1);
  const days = daysInMonth(year, month);
  const cells: (string | null)[] = Array.from({ length: first }, () => null);
  for (let d = 1; d <= days; d++) cells.push(isoDate(year, month, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Draws grouped by date, each day's draws in pool order. */
export function drawsByDate<T extends CalendarDraw>(draws: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const d of draws) {
    const list = m.get(d.drawDate) ?? [];
    list.push(d);
    m.set(d.drawDate, list);
  }
  for (const list of m.values()) list.sort((a, b) => a.poolId - b.poolId);
  return m;
}

/** A draw whose sales the server says are over (enabled but no longer open): it cannot change. */
export const isClosed = (d: Pick<CalendarDraw, 'recordStatus' | 'open'>) => d.recordStatus === 1 && !d.open;

/** The usual weekdays of a pool (DOMAIN.md): Wed, Sat, Sun; GD every day. */
export function defaultWeekdays(poolId: number): number[] {
  return poolId === PoolId.GD ? [0, 1, 2, 3, 4, 5, 6] : [0, 3, 6];
}

/** The ScheduleSelectedYearDraw body: pools with at least one weekday, weekdays sorted and unique. */
export function scheduleBody(year: number, selection: Record<number, readonly number[] | undefined>): {
  year: number;
  schedules: { poolId: number; weekdays: number[] }[];
} {
  const schedules = Object.entries(selection)
    .map(([poolId, days]) => ({ poolId: Number(poolId), weekdays: [...new Set(days ?? [])].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b) }))
    .filter((s) => s.weekdays.length > 0)
    .sort((a, b) => a.poolId - b.poolId);
  return { year, schedules };
}

/** Counts for a year's summary: draws per pool (enabled), special draws, cancelled draws. */
export function yearSummary(draws: readonly CalendarDraw[]): { perPool: Record<number, number>; special: number; cancelled: number } {
  const perPool: Record<number, number> = {};
  let special = 0;
  let cancelled = 0;
  for (const d of draws) {
    if (d.recordStatus === 1) perPool[d.poolId] = (perPool[d.poolId] ?? 0) + 1;
    if (d.recordStatus === 0) cancelled++;
    if (d.isSpecial && d.recordStatus === 1) special++;
  }
  return { perPool, special, cancelled };
}
