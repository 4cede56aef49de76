import { distinctPermutations, permutationCount, RedNumberType } from '@app/domain';

// Red numbers (SPEC 9 types normal 1, 4P 2, 6P 3, 12P 4, 24P 5): a permutation type covers the number's
// whole permutation group, so it must match the number (1123 has 12 permutations: 12P, never 24P).

export const RED_NUMBER_PATTERN = /^\d{4}$/;

export interface PermutationType {
  id: number;
  name: string;
  permutations: number;
}

/** The numbers a red number covers: itself for normal, its distinct permutations for nP. */
export function coveredNumbers(number: string, type: number): string[] {
  if (!RED_NUMBER_PATTERN.test(number)) return [];
  return type === RedNumberType.Normal ? [number] : distinctPermutations(number);
}

/** Whether a type fits the number (normal fits any 4-digit number). */
export function typeFits(number: string, type: PermutationType | undefined): boolean {
  if (!type || !RED_NUMBER_PATTERN.test(number)) return false;
  return type.id === RedNumberType.Normal || permutationCount(number) === type.permutations;
}

/** The permutation type that matches a 4-digit number's group (1234 -> 24P), if the list has one. */
export function matchingType(number: string, types: readonly PermutationType[]): PermutationType | undefined {
  if (!RED_NUMBER_PATTERN.test(number)) return undefined;
  const n = permutationCount(number);
  return n === 1 ? types.find((t) => t.id === RedNumberType.Normal) : types.find((t) => t.id !== RedNumberType.Normal && t.permutations === n);
}
