import { describe, expect, it } from 'vitest';
import { compactSpecials, validateResult, sameResult, type PoolResult } from '../../src/settlement/result';
import { strikesOf } from '../../src/settlement/strikes';

// Magnum 4D, a real-looking draw: 13 special slots printed with 3 blanks.
const printedSpecials = ['1357', '----', '2468', '0001', '****', '9999', '4321', '5678', '-', '1111', '2222', '3333', '8765'];
const result: PoolResult = {
  fourD: {
    first: '1234',
    second: '5555',
    third: '0987',
    starter: compactSpecials(printedSpecials),
    consolation: ['0100', '0200', '0300', '0400', '0500', '0600', '0700', '0800', '0900', '6234'],
  },
  fiveD: ['12345', '67890', '24680'],
  sixD: '123456',
};

describe('results: slots and checks', () => {
  it('drops printed blanks from the specials, keeping their order', () => {
    expect(result.fourD.starter).toEqual(['1357', '2468', '0001', '9999', '4321', '5678', '1111', '2222', '3333', '8765']);
  });

  it('a valid result has no errors', () => {
    expect(validateResult(3, result)).toEqual([]);
  });

  it('names the slot of a missing, malformed or duplicated number', () => {
    const bad: PoolResult = {
      fourD: { ...result.fourD, second: '', third: '12a4', consolation: [...result.fourD.consolation.slice(0, 9), '1234'] },
    };
    expect(validateResult(1, bad)).toEqual([
      { slot: 'second', problem: 'REQUIRED' },
      { slot: 'third', problem: 'INVALID_NUMBER' },
      { slot: 'consolation10', problem: 'DUPLICATED_NUMBER' },
    ]);
  });

  it('needs 10 specials and 10 consolations', () => {
    const short: PoolResult = { fourD: { ...result.fourD, starter: result.fourD.starter.slice(0, 9) } };
    expect(validateResult(1, short)).toEqual([{ slot: 'starter10', problem: 'REQUIRED' }]);
  });

  it('5D only for Toto, 6D only for Toto and GD', () => {
    expect(validateResult(1, result)).toEqual([
      { slot: 'fiveD1', problem: 'NOT_SOLD_BY_POOL' },
      { slot: 'sixD', problem: 'NOT_SOLD_BY_POOL' },
    ]);
    expect(validateResult(8, { fourD: result.fourD, sixD: '123456' })).toEqual([]);
    expect(validateResult(3, { fourD: result.fourD, fiveD: ['12345', '1234', ''], sixD: '123456' })).toEqual([
      { slot: 'fiveD2', problem: 'INVALID_NUMBER' },
      { slot: 'fiveD3', problem: 'REQUIRED' },
    ]);
  });

  it('a pool that draws 5D or 6D needs them: without, every 5D and 6D line would settle as a loss', () => {
    expect(validateResult(3, { fourD: result.fourD })).toEqual([
      { slot: 'fiveD1', problem: 'REQUIRED' },
      { slot: 'fiveD2', problem: 'REQUIRED' },
      { slot: 'fiveD3', problem: 'REQUIRED' },
      { slot: 'sixD', problem: 'REQUIRED' },
    ]);
    expect(validateResult(8, { fourD: result.fourD, sixD: null })).toEqual([{ slot: 'sixD', problem: 'REQUIRED' }]);
    expect(validateResult(3, { fourD: result.fourD, fiveD: ['12345', '23456', '34567'], sixD: '123456' })).toEqual([]);
  });

  it('where the draw\'s lines are known, 5D and 6D are needed only when it sold them', () => {
    const none = { fiveD: false, sixD: false };
    expect(validateResult(3, { fourD: result.fourD }, undefined, none)).toEqual([]);
    expect(validateResult(8, { fourD: result.fourD }, undefined, none)).toEqual([]);
    expect(validateResult(3, { fourD: result.fourD }, undefined, { fiveD: true, sixD: false }).map((e) => e.slot)).toEqual(['fiveD1', 'fiveD2', 'fiveD3']);
    expect(validateResult(3, { fourD: result.fourD, fiveD: ['12345', '23456', '34567'] }, undefined, { fiveD: false, sixD: true })).toEqual([{ slot: 'sixD', problem: 'REQUIRED' }]);
    // Given anyway, they are checked as always.
    expect(validateResult(3, { fourD: result.fourD, fiveD: ['1234', '23456', '34567'] }, undefined, none)).toEqual([{ slot: 'fiveD1', problem: 'INVALID_NUMBER' }]);
  });

  it('two sources agree only when every slot agrees', () => {
    expect(sameResult(result, structuredClone(result))).toBe(true);
    const other = structuredClone(result);
    other.fourD.consolation[9] = '6235';
    expect(sameResult(result, other)).toBe(false);
  });
});

describe('strikes per bet code', () => {
  it('Big wins on any of the 23, Small only on the top three', () => {
    expect(strikesOf('B', '1234', result)).toEqual(['first']);
    expect(strikesOf('B', '1357', result)).toEqual(['starter']);
    expect(strikesOf('S', '1357', result)).toEqual([]);
    expect(strikesOf('S', '5555', result)).toEqual(['second']);
  });

  it('4A..4F take their tiers', () => {
    expect(strikesOf('4A', '1234', result)).toEqual(['first']);
    expect(strikesOf('4B', '5555', result)).toEqual(['second']);
    expect(strikesOf('4C', '0987', result)).toEqual(['third']);
    expect(strikesOf('4D', '9999', result)).toEqual(['starter']);
    expect(strikesOf('4E', '0500', result)).toEqual(['consolation']);
    expect(strikesOf('4F', '0987', result)).toEqual(['third']);
  });

  it('3A/3C and 2A/2C match the last digits, on a 3- or 4-digit number', () => {
    expect(strikesOf('A', '234', result)).toEqual(['first']);
    expect(strikesOf('A', '9234', result)).toEqual(['first']);
    expect(strikesOf('C', '555', result)).toEqual(['second']);
    expect(strikesOf('C', '987', result)).toEqual(['third']);
    expect(strikesOf('2A', '34', result)).toEqual(['first']);
    expect(strikesOf('2C', '87', result)).toEqual(['third']);
  });

  it('a number drawn in two slots wins each of them', () => {
    const twice: PoolResult = { fourD: { ...result.fourD, consolation: [...result.fourD.consolation.slice(0, 9), '1357'] } };
    expect(strikesOf('B', '1357', twice)).toEqual(['starter', 'consolation']);
    // 3C on 234: the 1st prize 1234 and, in this result, no other top-three ending in 234.
    expect(strikesOf('C', '234', result)).toEqual(['first']);
  });

  it('5D: exact 1st-3rd, then the last 4, 3, 2 digits of the 1st; the highest only', () => {
    expect(strikesOf('5D', '12345', result)).toEqual(['first']);
    expect(strikesOf('5D', '67890', result)).toEqual(['second']);
    expect(strikesOf('5D', '24680', result)).toEqual(['third']);
    expect(strikesOf('5D', '92345', result)).toEqual(['fourth']);
    expect(strikesOf('5D', '99345', result)).toEqual(['fifth']);
    expect(strikesOf('5D', '99945', result)).toEqual(['sixth']);
    expect(strikesOf('5D', '99999', result)).toEqual([]);
  });

  it('6D: exact, then the first or last 5, 4, 3, 2 digits; the highest only', () => {
    expect(strikesOf('6D', '123456', result)).toEqual(['first']);
    expect(strikesOf('6D', '923456', result)).toEqual(['second']);
    expect(strikesOf('6D', '123450', result)).toEqual(['second']);
    expect(strikesOf('6D', '993456', result)).toEqual(['third']);
    expect(strikesOf('6D', '999456', result)).toEqual(['fourth']);
    expect(strikesOf('6D', '129999', result)).toEqual(['fifth']);
    expect(strikesOf('6D', '999999', result)).toEqual([]);
  });
});
