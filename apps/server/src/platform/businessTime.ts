// Business-time-zone calendar helpers (config.tzBusiness, default Asia/Kuala_Lumpur). Dates the user
// picks are calendar dates in that zone; instants are stored in UTC.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql, type SQL } from 'drizzle-orm';

dayjs.extend(utc);
dayjs.extend(timezone);

// Building an Intl.DateTimeFormat costs far more than formatting with one; every ticket formats a time.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let fmt = formatters.get(tz);
  if (fmt) return fmt;
  fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  formatters.set(tz, fmt);
  return fmt;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
/** The last instant formatted, to the second: every order of a busy second asks for the same one. */
let last: { tz: string; second: number; parts: Parts } | undefined;

function parts(at: Date, tz: string): Parts {
  const second = Math.floor(at.getTime() / 1000);
  if (last && last.second === second && last.tz === tz) return last.parts;
  const p = Object.fromEntries(formatter(tz).formatToParts(at).map((x) => [x.type, x.value])) as Parts;
  last = { tz, second, parts: p };
  return p;
}

/** The business date (YYYY-MM-DD) of an instant. */
export function businessDateOf(at: Date, tz: string): string {
  const p = parts(at, tz);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes since business midnight of an instant. */
export function businessMinuteOfDay(at: Date, tz: string): number {
  const p = parts(at, tz);
  return Number(p.hour) * 60 + Number(p.minute);
}

/** "YYYY-MM-DD HH:mm:ss" in the business time zone (CSV exports). */
export function formatBusinessDateTime(at: Date, tz: string): string {
  const p = parts(at, tz);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Day of week of a calendar date: Sunday 0 to Saturday 6 (SPEC 9). */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * SQL conditions keeping `column` (a timestamptz) within the business dates [from, to], both inclusive;
 * the database converts the zone's midnights, so daylight-saving zones work too.
 */
export function businessDateRange(column: SQL | SQL.Aliased | unknown, tz: string, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= (${from}::date::timestamp at time zone ${tz})`);
  if (to) out.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`);
  return out;
}

/** The instant of a wall-clock time on a business date in the business time zone. */
export function businessInstant(date: string, hour: number, minute: number, tz: string): Date {
  return dayjs.tz(`${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, tz).toDate();
}
