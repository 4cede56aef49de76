// Money is integer cents in the API (DOMAIN.md): shown with 2 decimals, typed in units. Percentages
// (discount, position taking) are numbers with up to 2 decimals.

/** The largest amount a form accepts, in units (SPEC 5 numeric clamp); 9,999,999,900 cents. */
export const MAX_UNITS = 99_999_999;

/**
 * Units as typed ("12.3", 12.34, "1,000.5") to integer cents, without float drift: the decimal text is
 * split at the point, never multiplied. More than 2 decimals are rounded half up. Empty or invalid: undefined.
 */
export function unitsToCents(units: number | string | null | undefined): number | undefined {
  if (units === null || units === undefined) return undefined;
  let text: string;
  if (typeof units === 'number') {
    if (!Number.isFinite(units)) return undefined;
    // toFixed(3) keeps what the input could hold and avoids exponent notation for small numbers.
    text = units.toFixed(3);
  } else {
    text = units.replace(/,/g, '').trim();
  }
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const whole = Number(m[2] || '0');
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return m[1] ? -cents : cents;
}

/** Integer cents to units for an input's value (12345 -> 123.45); null/undefined stay undefined. */
export function centsToUnits(cents: number | null | undefined): number | undefined {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return undefined;
  return Math.trunc(cents) / 100;
}

/** A percentage with 2 decimals ("28.00%"). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toFixed(2)}%`;
}

/** Rounds a percentage to the 2 decimals the API keeps. */
export const roundPercent = (value: number) => Math.round(value * 100) / 100;
