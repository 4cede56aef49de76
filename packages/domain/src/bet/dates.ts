// Explicit bet dates are written DD/MM (optionally DD/MM/YYYY) and resolved against the business date
// (decision 0044: DD/MM is the nearest such date).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  return !!m && iso(Number(m[1]), Number(m[2]), Number(m[3])) === value;
}

/**
 * DD/MM means the nearest such date to `today` within a year either side: last year's, this year's or
 * next year's. On 30/12, 02/01 is in three days; on 10/06, 09/06 was yesterday: refused as passed
 * (parseDateToken), never placed on a draw a year away. Null when none of them exists (29/02).
 */
export function resolveDayMonth(day: number, month: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const at = (d: string) => Date.parse(`${d}T00:00:00Z`);
  let best: string | null = null;
  let bestDistance = 367 * 86_400_000;
  for (const y of [year - 1, year, year + 1]) {
    const date = iso(y, month, day);
    const distance = date ? Math.abs(at(date) - at(today)) : Infinity;
    // On a tie (half a year either way) the later date: a bet is for a draw to come.
    if (date && distance <= bestDistance) {
      best = date;
      bestDistance = distance;
    }
  }
  return best;
}

const DATE_TOKEN = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/;

export type DateTokenResult = { ok: true; date: string } | { ok: false; key: 'INVALID_BET_DATE' | 'BET_DATE_PASSED' };

/** Reads one date token of a draw line: DD/MM or DD/MM/YYYY (day and month may have one digit). */
export function parseDateToken(token: string, today: string): DateTokenResult {
  const m = DATE_TOKEN.exec(token);
  if (!m) return { ok: false, key: 'INVALID_BET_DATE' };
  const day = Number(m[1]);
  const month = Number(m[2]);
  if (m[3] === undefined) {
    const date = resolveDayMonth(day, month, today);
    if (!date) return { ok: false, key: 'INVALID_BET_DATE' };
    return date < today ? { ok: false, key: 'BET_DATE_PASSED' } : { ok: true, date };
  }
  const date = iso(Number(m[3]), month, day);
  if (!date) return { ok: false, key: 'INVALID_BET_DATE' };
  return date < today ? { ok: false, key: 'BET_DATE_PASSED' } : { ok: true, date };
}

/** DD/MM when that reads back as `date` given `today`, else DD/MM/YYYY. */
export function formatBetDate(date: string, today: string): string {
  const [y, m, d] = date.split('-');
  const short = `${d}/${m}`;
  return resolveDayMonth(Number(d), Number(m), today) === date ? short : `${short}/${y}`;
}
