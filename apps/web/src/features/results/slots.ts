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

/** Digits only, as many as the slot takes. */
export function cleanSlot(slot: string, raw: string): string {
  const len = slot.startsWith('fiveD') ? 5 : slot === 'sixD' ? 6 : 4;
  return raw.replace(/\D/g, '').slice(0, len);
}
