// Explicit bet dates are written DD/MM (optionally DD/MM/YYYY) and resolved against the business date.

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
 * DD/MM means the next such date on or after `today`: this year's, or next year's if this year's has
 * passed or does not exist (29/02). Null when neither year has it.
 */
export function resolveDayMonth(day: number, month: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const thisYear = iso(year, month, day);
  if (thisYear && thisYear >= today) return thisYear;
  return iso(year + 1, month, day);
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
    return date ? { ok: true, date } : { ok: false, key: 'INVALID_BET_DATE' };
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
