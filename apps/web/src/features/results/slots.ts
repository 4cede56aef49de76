// The result form's model: a pool's result as named slot inputs (packages/domain PoolResult), with the
// 5D and 6D numbers where the pool draws them.
import { FOUR_D_SLOTS, hasFiveD, hasSixD, type PoolResult, type ResultForm } from '@app/domain';

export { hasFiveD, hasSixD };

export type SlotValues = Record<string, string>;


/** The slots of a result in the pool's form (its row says which: pools are data, decision 0037). */
export function slotsOf(form: ResultForm): string[] {
  return [...FOUR_D_SLOTS, ...(hasFiveD(form) ? ['fiveD1', 'fiveD2', 'fiveD3'] : []), ...(hasSixD(form) ? ['sixD'] : [])];
}

export function toSlotValues(form: ResultForm, r: PoolResult | null): SlotValues {
  const v: SlotValues = Object.fromEntries(slotsOf(form).map((s) => [s, '']));
  if (!r) return v;
  v.first = r.fourD.first;
  v.second = r.fourD.second;
  v.third = r.fourD.third;
  r.fourD.starter.forEach((n, i) => (v[`starter${i + 1}`] = n));
  r.fourD.consolation.forEach((n, i) => (v[`consolation${i + 1}`] = n));
  r.fiveD?.forEach((n, i) => (v[`fiveD${i + 1}`] = n));
  if (r.sixD) v.sixD = r.sixD;
  return v;
}

export function toPoolResult(form: ResultForm, v: SlotValues): PoolResult {
  const list = (prefix: string) => Array.from({ length: 10 }, (_, i) => v[`${prefix}${i + 1}`] ?? '');
  const five = hasFiveD(form) ? [v.fiveD1 ?? '', v.fiveD2 ?? '', v.fiveD3 ?? ''] : [];
  return {
    fourD: { first: v.first ?? '', second: v.second ?? '', third: v.third ?? '', starter: list('starter'), consolation: list('consolation') },
    fiveD: five.some((n) => n.trim() !== '') ? (five as [string, string, string]) : null,
    sixD: hasSixD(form) && (v.sixD ?? '').trim() !== '' ? v.sixD : null,
  };
}

/** How many digits a slot takes: 4 (the 23 4D slots), 5 (5D) or 6 (6D). */
export function slotLength(slot: string): number {
  return slot.startsWith('fiveD') ? 5 : slot === 'sixD' ? 6 : 4;
}

/**
 * What was typed or pasted into one slot: its digits, or `tooLong` when there are more than the slot takes
 * (a number is refused, never cut: 12345678 is not 1234).
 */
export function readSlot(slot: string, raw: string): { value: string } | { tooLong: number } {
  const digits = raw.replace(/\D/g, '');
  const len = slotLength(slot);
  return digits.length > len ? { tooLong: len } : { value: digits };
}

/** The slot after this one in the form's order (first, second, third, specials, consolations, 5D, 6D), or null. */
export function nextSlot(form: ResultForm, slot: string): string | null {
  const all = slotsOf(form);
  const i = all.indexOf(slot);
  return i >= 0 && i + 1 < all.length ? all[i + 1] : null;
}

/** A text that holds more than one number or blank: a whole result pasted, not one slot's number. */
export function looksLikeWholeResult(text: string): boolean {
  return tokensOf(text).length > 1;
}

// A word of a published result: a number (4, 5 or 6 digits) or a blank special (----, ****). Labels
// ("1st", "Special", "特别奖"), dates (2026-11-22, 22/11) and amounts (1,234.56) are not words of it.
const tokensOf = (text: string) =>
  text
    .split(/[\s,;|]+/)
    .map((w) => w.replace(/^[([:.]+|[)\]:.]+$/g, ''))
    .filter((w) => /^\d{4,6}$/.test(w) || /^[-*]{2,}$/.test(w));

/**
 * A whole result as operators publish it: first, second, third, then 13 specials of which 3 are blanks
 * (`----`), then 10 consolations — separated by spaces or lines, with or without labels. The 23 four-digit
 * numbers fill the 23 slots in order (blanks are skipped); in a 5D/6D form the 5-digit numbers fill 5D and
 * a 6-digit one 6D. Anything else than 23 four-digit numbers is refused whole: `count` says how many there were.
 */
export function parseWholeResult(form: ResultForm, text: string): { values: SlotValues } | { count: number } {
  const words = tokensOf(text);
  const four = words.filter((w) => /^\d{4}$/.test(w));
  if (four.length !== FOUR_D_SLOTS.length) return { count: four.length };
  const values: SlotValues = Object.fromEntries(FOUR_D_SLOTS.map((slot, i) => [slot, four[i]]));
  const five = words.filter((w) => /^\d{5}$/.test(w));
  if (hasFiveD(form)) five.slice(0, 3).forEach((n, i) => (values[`fiveD${i + 1}`] = n));
  const six = words.find((w) => /^\d{6}$/.test(w));
  if (hasSixD(form) && six) values.sixD = six;
  return { values };
}
