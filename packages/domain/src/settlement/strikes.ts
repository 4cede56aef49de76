// Which prize tiers a bought number wins on one bet code (DOMAIN.md "Bets"; "Settlement: who gets what").
// A 4D-family code compares its last `digits` digits with the same digits of each slot of its tiers, and a
// number drawn in several slots wins each of them. Toto 5D and 6D pay one prize per number, the highest
// (the operator's rule: the 4th-6th of 5D and the 2nd-5th of 6D are parts of the same drawn number).
//
// The rule is written once as a table of patterns (strikePatterns): strikesOf reads it for one number, and
// set-based settlement joins the same rows against every bet line of a draw.
import { BET_CODE_DEFS, BET_CODES, type BetCode } from '../bet/betCodes';
import type { Prize } from '../enums';
import type { PoolResult } from './result';

/** One way a number can strike: its last (tail) or first (head) `length` digits equal `pattern`. */
export interface StrikePattern {
  code: BetCode;
  side: 'tail' | 'head';
  length: number;
  pattern: string;
  prize: Prize;
  /** For highest-only codes (5D, 6D) the lowest rank matched is the one prize paid. */
  rank: number;
  highestOnly: boolean;
}

function fourDTier(result: PoolResult, prize: Prize): string[] {
  const r = result.fourD;
  switch (prize) {
    case 'first':
      return [r.first];
    case 'second':
      return [r.second];
    case 'third':
      return [r.third];
    case 'starter':
      return r.starter;
    case 'consolation':
      return r.consolation;
    default:
      return [];
  }
}

function fiveDPatterns(result: PoolResult): StrikePattern[] {
  const five = result.fiveD;
  if (!five) return [];
  const p = (side: 'tail', length: number, pattern: string, prize: Prize, rank: number): StrikePattern => ({ code: '5D', side, length, pattern, prize, rank, highestOnly: true });
  const first = five[0];
  return [
    p('tail', 5, five[0], 'first', 0),
    p('tail', 5, five[1], 'second', 1),
    p('tail', 5, five[2], 'third', 2),
    p('tail', 4, first.slice(-4), 'fourth', 3),
    p('tail', 3, first.slice(-3), 'fifth', 4),
    p('tail', 2, first.slice(-2), 'sixth', 5),
  ];
}

function sixDPatterns(result: PoolResult): StrikePattern[] {
  const six = result.sixD;
  if (!six) return [];
  const out: StrikePattern[] = [{ code: '6D', side: 'tail', length: 6, pattern: six, prize: 'first', rank: 0, highestOnly: true }];
  const tiers: Prize[] = ['second', 'third', 'fourth', 'fifth'];
  tiers.forEach((prize, i) => {
    const length = 5 - i;
    out.push({ code: '6D', side: 'head', length, pattern: six.slice(0, length), prize, rank: i + 1, highestOnly: true });
    out.push({ code: '6D', side: 'tail', length, pattern: six.slice(-length), prize, rank: i + 1, highestOnly: true });
  });
  return out;
}

/** Every pattern of a result, for the given codes (all codes by default). */
export function strikePatterns(result: PoolResult, codes: readonly BetCode[] = BET_CODES): StrikePattern[] {
  const out: StrikePattern[] = [];
  for (const code of codes) {
    if (code === '5D') out.push(...fiveDPatterns(result));
    else if (code === '6D') out.push(...sixDPatterns(result));
    else {
      const def = BET_CODE_DEFS[code];
      for (const prize of def.prizes) {
        for (const slot of fourDTier(result, prize)) {
          out.push({ code, side: 'tail', length: def.digits, pattern: slot.slice(-def.digits), prize, rank: 0, highestOnly: false });
        }
      }
    }
  }
  return out;
}

export function matchesPattern(number: string, p: StrikePattern): boolean {
  if (number.length < p.length) return false;
  return (p.side === 'tail' ? number.slice(-p.length) : number.slice(0, p.length)) === p.pattern;
}

/** The prize tiers `number` wins on `code`, once per slot it matches (empty when it loses). */
export function strikesOf(code: BetCode, number: string, result: PoolResult): Prize[] {
  const matched = strikePatterns(result, [code]).filter((p) => matchesPattern(number, p));
  if (matched.length === 0 || !matched[0].highestOnly) return matched.map((p) => p.prize);
  return [matched.reduce((best, p) => (p.rank < best.rank ? p : best)).prize];
}
