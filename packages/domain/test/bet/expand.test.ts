import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BetLanguageError,
  BetType,
  boughtLength,
  distinctPermutations,
  expandNumber,
  permutationCount,
  splitCents,
  stakePerNumber,
} from '../../src/index';

const keyOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof BetLanguageError ? e.key : `not a BetLanguageError: ${String(e)}`;
  }
  return 'no error';
};

describe('expansion by bet type (DOMAIN.md bet types table)', () => {
  it('normal buys the number itself at the stake', () => {
    expect(expandNumber('1234', BetType.Normal)).toEqual({ numbers: ['1234'], costMultiplier: 1, splitsStake: false });
  });

  it('box buys every distinct permutation at stake × count', () => {
    const e = expandNumber('1122', BetType.Box);
    expect(e.numbers).toEqual(['1122', '1212', '1221', '2112', '2121', '2211']);
    expect(e.costMultiplier).toBe(6);
    expect(e.splitsStake).toBe(false);
    expect(expandNumber('4321', BetType.Box).costMultiplier).toBe(24);
  });

  it('ibox buys every distinct permutation at the stake, split', () => {
    const e = expandNumber('1123', BetType.IBox);
    expect(e.numbers).toHaveLength(12);
    expect(e.costMultiplier).toBe(1);
    expect(e.splitsStake).toBe(true);
  });

  it('PH R123 buys 0123 ... 9123 and PB 123R buys 1230 ... 1239, at stake × 10', () => {
    const ph = expandNumber('123', BetType.PH);
    expect(ph.numbers).toEqual(['0123', '1123', '2123', '3123', '4123', '5123', '6123', '7123', '8123', '9123']);
    expect(ph.costMultiplier).toBe(10);
    const pb = expandNumber('123', BetType.PB);
    expect(pb.numbers).toEqual(['1230', '1231', '1232', '1233', '1234', '1235', '1236', '1237', '1238', '1239']);
    expect(pb.costMultiplier).toBe(10);
    expect(boughtLength('123', BetType.PH)).toBe(4);
  });

  it('refuses to box or ibox a number with one permutation (1111)', () => {
    expect(keyOf(() => expandNumber('1111', BetType.Box))).toBe('NUMBER_CANNOT_BE_BOXED');
    expect(keyOf(() => expandNumber('77', BetType.IBox))).toBe('NUMBER_CANNOT_BE_BOXED');
  });

  it('refuses malformed numbers per bet type', () => {
    expect(keyOf(() => expandNumber('1', BetType.Normal))).toBe('INVALID_BET_NUMBER');
    expect(keyOf(() => expandNumber('1234567', BetType.Box))).toBe('INVALID_BET_NUMBER');
    expect(keyOf(() => expandNumber('1234', BetType.PH))).toBe('INVALID_BET_NUMBER');
    expect(keyOf(() => expandNumber('R123', BetType.PH))).toBe('INVALID_BET_NUMBER');
    expect(keyOf(() => expandNumber('12', BetType.PB))).toBe('INVALID_BET_NUMBER');
    expect(keyOf(() => expandNumber('1234', 9 as BetType))).toBe('INVALID_BET_NUMBER');
  });

  it('expansion counts per bet type (property, 2-6 digits)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,6}$/), (n) => {
        expect(expandNumber(n, BetType.Normal).numbers).toEqual([n]);
        const count = permutationCount(n);
        if (count === 1) {
          expect(keyOf(() => expandNumber(n, BetType.Box))).toBe('NUMBER_CANNOT_BE_BOXED');
          return;
        }
        const box = expandNumber(n, BetType.Box);
        expect(box.numbers).toEqual(distinctPermutations(n));
        expect(box.costMultiplier).toBe(count);
        expect(expandNumber(n, BetType.IBox).numbers).toHaveLength(count);
      }),
    );
  });

  it('rolls always buy 10 distinct 4-digit numbers containing the known digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), (k) => {
        for (const t of [BetType.PH, BetType.PB]) {
          const e = expandNumber(k, t);
          expect(new Set(e.numbers).size).toBe(10);
          for (const n of e.numbers) expect(t === BetType.PH ? n.slice(1) : n.slice(0, 3)).toBe(k);
        }
      }),
    );
  });
});

describe('ibox stake split (integer cents, nothing lost or created)', () => {
  it('gives the first numbers one cent more: 100 over 24 → 4 × 5 then 20 × 4', () => {
    const s = splitCents(100, 24);
    expect(s.slice(0, 4)).toEqual([5, 5, 5, 5]);
    expect(s.slice(4)).toEqual(Array(20).fill(4));
  });

  it('splits evenly when it can', () => {
    expect(splitCents(600, 6)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(splitCents(0, 3)).toEqual([0, 0, 0]);
  });

  it('sums exactly to the stake, shares differ by at most a cent, larger first (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_900 }), fc.integer({ min: 1, max: 720 }), (total, parts) => {
        const s = splitCents(total, parts);
        expect(s).toHaveLength(parts);
        expect(s.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
        expect(s).toEqual([...s].sort((a, b) => b - a));
        for (const x of s) expect(Number.isInteger(x)).toBe(true);
      }),
    );
  });

  it('ibox stake per number sums to the stake; other types repeat it on each number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{2,6}$/).filter((n) => permutationCount(n) > 1),
        fc.integer({ min: 1, max: 9_999_999_900 }),
        (n, stake) => {
          const ibox = stakePerNumber(expandNumber(n, BetType.IBox), stake);
          expect(ibox.reduce((a, x) => a + x.stake, 0)).toBe(stake);
          const box = stakePerNumber(expandNumber(n, BetType.Box), stake);
          expect(box.every((x) => x.stake === stake)).toBe(true);
        },
      ),
    );
  });

  it('refuses non-integer input', () => {
    expect(() => splitCents(1.5, 2)).toThrow(RangeError);
    expect(() => splitCents(10, 0)).toThrow(RangeError);
    expect(() => splitCents(-1, 2)).toThrow(RangeError);
  });
});
