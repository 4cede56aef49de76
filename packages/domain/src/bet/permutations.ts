// Permutations of a bet number: what box and ibox buy, and the groups that red numbers and group-base
// limits apply to (DOMAIN.md "Bets", "Position taking").
import { RedNumberType } from '../enums';
import { BetLanguageError } from './errors';

/** A bet number: 2 to 6 digits (digit types 2D to 6D, SPEC 9). Leading zeros are significant. */
export const BET_NUMBER_PATTERN = /^\d{2,6}$/;

export function isBetNumber(value: unknown): value is string {
  return typeof value === 'string' && BET_NUMBER_PATTERN.test(value);
}

function assertBetNumber(number: string): void {
  if (!isBetNumber(number)) throw new BetLanguageError('INVALID_BET_NUMBER', String(number));
}

/**
 * Every distinct arrangement of the number's digits, ascending. Generated with the classic
 * "next lexicographic permutation" step from the sorted digits, which visits each distinct arrangement
 * exactly once even with repeated digits (so 1122 gives 6, not 24 with duplicates).
 */
export function distinctPermutations(number: string): string[] {
  assertBetNumber(number);
  const a = [...number].sort();
  const out = [a.join('')];
  for (;;) {
    let i = a.length - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return out;
    let j = a.length - 1;
    while (a[j] <= a[i]) j--;
    [a[i], a[j]] = [a[j], a[i]];
    for (let l = i + 1, r = a.length - 1; l < r; l++, r--) [a[l], a[r]] = [a[r], a[l]];
    out.push(a.join(''));
  }
}

const FACTORIAL = [1, 1, 2, 6, 24, 120, 720];

/** Number of distinct permutations by the multinomial formula n! / (k1! k2! ...), k = each digit's count. */
export function permutationCount(number: string): number {
  assertBetNumber(number);
  const counts = new Map<string, number>();
  for (const d of number) counts.set(d, (counts.get(d) ?? 0) + 1);
  let denominator = 1;
  for (const k of counts.values()) denominator *= FACTORIAL[k];
  return FACTORIAL[number.length] / denominator;
}

/**
 * The key shared by all permutations of a number: its digits sorted (1234, 4321 and 2143 → "1234").
 * Red numbers of type 4P/6P/12P/24P and group-base fight limits are kept against this key.
 */
export function permutationGroupKey(number: string): string {
  assertBetNumber(number);
  return [...number].sort().join('');
}

const RED_TYPE_BY_COUNT: Record<number, RedNumberType> = {
  1: RedNumberType.Normal,
  4: RedNumberType.P4,
  6: RedNumberType.P6,
  12: RedNumberType.P12,
  24: RedNumberType.P24,
};

/**
 * The red-number type a 4-digit number's permutation group has: 1111 → normal (1), 1112 → 4P (2),
 * 1122 → 6P (3), 1123 → 12P (4), 1234 → 24P (5). Red-number types are defined for 4D only, so any other
 * length is "normal" (the red number then covers that number alone).
 */
export function redNumberTypeFor(number: string): RedNumberType {
  assertBetNumber(number);
  if (number.length !== 4) return RedNumberType.Normal;
  return RED_TYPE_BY_COUNT[permutationCount(number)];
}
