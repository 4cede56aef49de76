// Which prize tiers a bought number wins on one bet code (DOMAIN.md "Bets"; "Settlement: who gets what").
// A 4D-family code compares its last `digits` digits with the same digits of each slot of its tiers, and a
// number drawn in several slots wins each of them. Toto 5D and 6D pay one prize per number, the highest
// (the operator's rule: the 4th-6th of 5D and the 2nd-5th of 6D are parts of the same drawn number).
import { BET_CODE_DEFS, type BetCode } from '../bet/betCodes';
import type { Prize } from '../enums';
import type { PoolResult } from './result';

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

function fiveDStrike(number: string, result: PoolResult): Prize[] {
  const five = result.fiveD;
  if (!five) return [];
  if (number === five[0]) return ['first'];
  if (number === five[1]) return ['second'];
  if (number === five[2]) return ['third'];
  const first = five[0];
  if (number.slice(-4) === first.slice(-4)) return ['fourth'];
  if (number.slice(-3) === first.slice(-3)) return ['fifth'];
  if (number.slice(-2) === first.slice(-2)) return ['sixth'];
  return [];
}

function sixDStrike(number: string, result: PoolResult): Prize[] {
  const six = result.sixD;
  if (!six) return [];
  if (number === six) return ['first'];
  const tiers: Prize[] = ['second', 'third', 'fourth', 'fifth'];
  for (let i = 0; i < tiers.length; i++) {
    const len = 5 - i;
    if (number.slice(0, len) === six.slice(0, len) || number.slice(-len) === six.slice(-len)) return [tiers[i]];
  }
  return [];
}

/** The prize tiers `number` wins on `code`, once per slot it matches (empty when it loses). */
export function strikesOf(code: BetCode, number: string, result: PoolResult): Prize[] {
  if (code === '5D') return fiveDStrike(number, result);
  if (code === '6D') return sixDStrike(number, result);
  const def = BET_CODE_DEFS[code];
  const tail = number.slice(-def.digits);
  const won: Prize[] = [];
  for (const prize of def.prizes) {
    for (const slot of fourDTier(result, prize)) if (slot.slice(-def.digits) === tail) won.push(prize);
  }
  return won;
}
