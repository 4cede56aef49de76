// How a bet line's number expands into the numbers actually bought (DOMAIN.md "Bets", bet types table).
import { BetType } from '../enums';
import { BetLanguageError } from './errors';
import { distinctPermutations, isBetNumber } from './permutations';

/** Roll bets are written with 3 known digits plus R (R123, 123R) and buy 4-digit numbers. */
export const ROLL_KNOWN_DIGITS = 3;
export const ROLL_SIZE = 10;

export interface Expansion {
  /** The numbers bought, ascending (for box/ibox the distinct permutations, for rolls the 10 numbers). */
  numbers: string[];
  /** The cost of one code's stake is stake × costMultiplier: 1 normal and ibox, permutations box, 10 rolls. */
  costMultiplier: number;
  /** ibox: the stake is shared among the numbers instead of repeated on each. */
  splitsStake: boolean;
}

/** Whether `number` is well formed for the bet type: 3 known digits for a roll, 2-6 digits otherwise. */
export function isNumberForBetType(number: string, betType: BetType): boolean {
  if (betType === BetType.PH || betType === BetType.PB) {
    return typeof number === 'string' && number.length === ROLL_KNOWN_DIGITS && /^\d+$/.test(number);
  }
  return isBetNumber(number);
}

/** Length of each number actually bought: a roll of 3 known digits buys 4-digit numbers. */
export function boughtLength(number: string, betType: BetType): number {
  return betType === BetType.PH || betType === BetType.PB ? number.length + 1 : number.length;
}

/**
 * Expands a bet line's number. `number` is the digits only: for PH and PB the 3 known digits ('123' for
 * R123 and 123R). Throws BetLanguageError INVALID_BET_NUMBER for a malformed number and
 * NUMBER_CANNOT_BE_BOXED for box/ibox of a number with a single permutation (1111).
 */
export function expandNumber(number: string, betType: BetType): Expansion {
  if (!isNumberForBetType(number, betType)) throw new BetLanguageError('INVALID_BET_NUMBER', String(number));
  switch (betType) {
    case BetType.Normal:
      return { numbers: [number], costMultiplier: 1, splitsStake: false };
    case BetType.Box:
    case BetType.IBox: {
      const numbers = distinctPermutations(number);
      if (numbers.length < 2) throw new BetLanguageError('NUMBER_CANNOT_BE_BOXED', number);
      return betType === BetType.Box
        ? { numbers, costMultiplier: numbers.length, splitsStake: false }
        : { numbers, costMultiplier: 1, splitsStake: true };
    }
    case BetType.PH:
      return { numbers: digits().map((d) => d + number), costMultiplier: ROLL_SIZE, splitsStake: false };
    case BetType.PB:
      return { numbers: digits().map((d) => number + d), costMultiplier: ROLL_SIZE, splitsStake: false };
    default:
      throw new BetLanguageError('INVALID_BET_NUMBER', `bet type ${String(betType)}`);
  }
}

function digits(): string[] {
  return ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
}

/**
 * Splits `total` cents into `parts` integer shares that sum to exactly `total`: every share gets
 * floor(total / parts) and the first (total mod parts) shares get one cent more. "First" is the
 * ascending order of the expansion, so the split is deterministic and reproducible at settlement.
 */
export function splitCents(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`splitCents: bad total ${total}`);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`splitCents: bad parts ${parts}`);
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The stake (cents) that lands on each bought number for one code's stake: the whole stake on every
 * number, except ibox where splitCents shares it. Used for per-number limits and positions.
 */
export function stakePerNumber(expansion: Expansion, stakeCents: number): { number: string; stake: number }[] {
  const shares = expansion.splitsStake
    ? splitCents(stakeCents, expansion.numbers.length)
    : expansion.numbers.map(() => stakeCents);
  return expansion.numbers.map((number, i) => ({ number, stake: shares[i] }));
}
