// Amounts in bet text are currency units with up to 2 decimals; everything else works in integer cents.
// Conversion is done on the digits as text, never through a float.

/** SPEC 9 numeric clamp: the largest amount a field may hold, in units. */
export const MAX_AMOUNT_UNITS = 99_999_999;
export const MAX_AMOUNT_CENTS = MAX_AMOUNT_UNITS * 100;

const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** '1' → 100, '0.5' → 50, '2.05' → 205; null when not a positive amount ≤ 99999999 with ≤ 2 decimals. */
export function parseAmountCents(text: string): number | null {
  const m = AMOUNT_PATTERN.exec(text);
  if (!m) return null;
  const units = m[1].replace(/^0+(?=\d)/, '');
  if (units.length > String(MAX_AMOUNT_UNITS).length) return null;
  const cents = Number(units) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Cents as money is printed, always with two decimals: 1234 → '12.34'. */
export const centsText = (cents: number | string): string => (Number(cents) / 100).toFixed(2);

/** The shortest text parseAmountCents reads back as `cents`: 100 → '1', 150 → '1.5', 105 → '1.05'. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`formatAmount: bad cents ${cents}`);
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  if (rest === 0) return String(units);
  if (rest % 10 === 0) return `${units}.${rest / 10}`;
  return `${units}.${String(rest).padStart(2, '0')}`;
}
