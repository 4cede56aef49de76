// A pool's result as named slots (DOMAIN.md "Results: entry, checking, release"). One result per pool
// per draw for the whole platform. 4D: first, second, third, starter 1-10, consolation 1-10 (23 numbers).
// Toto 5D: three 5-digit numbers (4th-6th are derived from the first). Toto 6D and GD 6D: one 6-digit
// number. A check names the slot it refuses, so the screen and the API can point at it.
import { hasFiveD, hasSixD, SEEDED_POOLS, type PoolDef } from '../pools';

export interface FourDResult {
  first: string;
  second: string;
  third: string;
  /** Specials, blanks dropped, order kept: exactly 10. */
  starter: string[];
  consolation: string[];
}

export interface PoolResult {
  fourD: FourDResult;
  /** Toto only: 1st, 2nd, 3rd 5-digit numbers. */
  fiveD?: [string, string, string] | null;
  /** Toto and GD: the 6D number. */
  sixD?: string | null;
}

export const STARTER_SLOTS = 10;
export const CONSOLATION_SLOTS = 10;

/** The 23 slot names of a 4D result, in the order sources print them. */
export const FOUR_D_SLOTS: readonly string[] = [
  'first',
  'second',
  'third',
  ...Array.from({ length: STARTER_SLOTS }, (_, i) => `starter${i + 1}`),
  ...Array.from({ length: CONSOLATION_SLOTS }, (_, i) => `consolation${i + 1}`),
];

/** What sources print in an empty special slot: `----`, `****`, `-`, or nothing. */
export function isBlankSlot(value: string | null | undefined): boolean {
  return value == null || /^[\s*-]*$/.test(value);
}

/** Sources print 13 special slots with 3 blanks: drop the blanks, keep the order. */
export function compactSpecials(values: readonly (string | null | undefined)[]): string[] {
  return values.filter((v) => !isBlankSlot(v)).map((v) => (v as string).trim());
}

/** The 23 numbers of a 4D result with their slot names. */
export function fourDSlots(result: FourDResult): { slot: string; number: string }[] {
  return [
    { slot: 'first', number: result.first },
    { slot: 'second', number: result.second },
    { slot: 'third', number: result.third },
    ...result.starter.map((number, i) => ({ slot: `starter${i + 1}`, number })),
    ...result.consolation.map((number, i) => ({ slot: `consolation${i + 1}`, number })),
  ];
}

export type ResultProblem = 'REQUIRED' | 'INVALID_NUMBER' | 'DUPLICATED_NUMBER' | 'TOO_MANY' | 'NOT_SOLD_BY_POOL';
export interface ResultError {
  slot: string;
  problem: ResultProblem;
}


/** Whether a draw has active 5D or 6D lines: their numbers are then part of its result. */
export interface ExtraGamesSold {
  fiveD: boolean;
  sixD: boolean;
}

/**
 * Checks a result before it is saved or released: every slot present with the right number of digits, no
 * number twice among the 23, 5D and 6D where the pool draws them and only there. Empty list = valid.
 * `sold`: where the draw's lines are known, 5D and 6D are required only when the draw sold them (a Toto
 * draw nobody bought 5D on settles on its 4D numbers); unknown, they are required wherever the pool draws them.
 */
export function validateResult(poolId: number, result: PoolResult, pools: readonly PoolDef[] = SEEDED_POOLS, sold?: ExtraGamesSold): ResultError[] {
  const errors: ResultError[] = [];
  const form = pools.find((p) => p.id === poolId)?.resultForm ?? '4D';
  const { fourD } = result;
  if (fourD.starter.length > STARTER_SLOTS) errors.push({ slot: `starter${STARTER_SLOTS + 1}`, problem: 'TOO_MANY' });
  if (fourD.consolation.length > CONSOLATION_SLOTS) {
    errors.push({ slot: `consolation${CONSOLATION_SLOTS + 1}`, problem: 'TOO_MANY' });
  }
  const padded: FourDResult = {
    ...fourD,
    starter: Array.from({ length: STARTER_SLOTS }, (_, i) => fourD.starter[i] ?? ''),
    consolation: Array.from({ length: CONSOLATION_SLOTS }, (_, i) => fourD.consolation[i] ?? ''),
  };
  const seen = new Map<string, string>();
  for (const { slot, number } of fourDSlots(padded)) {
    const value = (number ?? '').trim();
    if (value === '') errors.push({ slot, problem: 'REQUIRED' });
    else if (!/^\d{4}$/.test(value)) errors.push({ slot, problem: 'INVALID_NUMBER' });
    else if (seen.has(value)) errors.push({ slot, problem: 'DUPLICATED_NUMBER' });
    else seen.set(value, slot);
  }
  // A pool that draws 5D or 6D has those slots too: a result without them would settle every 5D and 6D
  // line of the draw as a loss.
  if (result.fiveD || (hasFiveD(form) && (sold?.fiveD ?? true))) {
    if (!hasFiveD(form)) errors.push({ slot: 'fiveD1', problem: 'NOT_SOLD_BY_POOL' });
    const fiveD = result.fiveD ?? ['', '', ''];
    fiveD.forEach((n, i) => {
      const slot = `fiveD${i + 1}`;
      if (isBlankSlot(n)) errors.push({ slot, problem: 'REQUIRED' });
      else if (!/^\d{5}$/.test(n.trim())) errors.push({ slot, problem: 'INVALID_NUMBER' });
    });
  }
  if (result.sixD != null && result.sixD !== '') {
    if (!hasSixD(form)) errors.push({ slot: 'sixD', problem: 'NOT_SOLD_BY_POOL' });
    else if (!/^\d{6}$/.test(result.sixD.trim())) errors.push({ slot: 'sixD', problem: 'INVALID_NUMBER' });
  } else if (hasSixD(form) && (sold?.sixD ?? true)) errors.push({ slot: 'sixD', problem: 'REQUIRED' });
  return errors;
}

/** Two results agree (two sources confirm each other) when every slot carries the same number. */
export function sameResult(a: PoolResult, b: PoolResult): boolean {
  const key = (r: PoolResult) =>
    JSON.stringify([fourDSlots(r.fourD).map((s) => s.number.trim()), r.fiveD ?? null, r.sixD || null]);
  return key(a) === key(b);
}
