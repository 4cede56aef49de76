// Text of the files the app hands out (CSV exports): money and free text written the same way everywhere.

/** Cents as a plain decimal with 2 places ("-1234.50"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Quotes a CSV field and defuses spreadsheet formulas in free text. */
export function csvText(v: string | null): string {
  let s = v ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== (v ?? '') ? `"${s.replace(/"/g, '""')}"` : s;
}
