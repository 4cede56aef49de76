import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BetLanguageError,
  RedNumberType,
  distinctPermutations,
  isBetNumber,
  permutationCount,
  permutationGroupKey,
  redNumberTypeFor,
} from '../../src/index';

/** Independent reference: every ordering of the digit positions, collected in a Set. */
function bruteForce(number: string): Set<string> {
  const out = new Set<string>();
  const walk = (rest: string[], acc: string) => {
    if (rest.length === 0) out.add(acc);
    rest.forEach((d, i) => walk([...rest.slice(0, i), ...rest.slice(i + 1)], acc + d));
  };
  walk([...number], '');
  return out;
}

const all4 = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));

describe('distinct permutations (DOMAIN.md bet types)', () => {
  it("gives DOMAIN.md's counts: 1234→24, 1123→12, 1122→6, 1112→4, 1111→1", () => {
    expect(['1234', '1123', '1122', '1112', '1111'].map(permutationCount)).toEqual([24, 12, 6, 4, 1]);
    expect(['1234', '1123', '1122', '1112', '1111'].map((n) => distinctPermutations(n).length)).toEqual([24, 12, 6, 4, 1]);
  });

  it('lists them ascending and distinct', () => {
    expect(distinctPermutations('1122')).toEqual(['1122', '1212', '1221', '2112', '2121', '2211']);
    expect(distinctPermutations('2111')).toEqual(['1112', '1121', '1211', '2111']);
    expect(distinctPermutations('0007')).toEqual(['0007', '0070', '0700', '7000']);
  });

  it('for EVERY 4-digit number 0000..9999: list = brute force, length = multinomial count ∈ {1,4,6,12,24}', () => {
    const tally: Record<number, number> = {};
    for (const n of all4) {
      const list = distinctPermutations(n);
      const count = permutationCount(n);
      expect(list.length, n).toBe(count);
      expect(new Set(list), n).toEqual(bruteForce(n));
      expect(list, n).toEqual([...list].sort());
      tally[count] = (tally[count] ?? 0) + 1;
    }
    // 10·9·8·7 all distinct; C(4,2)·10·9·8 one pair; C(10,2)·6 two pairs; 10·9·4 a triple; 10 all same.
    expect(tally).toEqual({ 24: 5040, 12: 4320, 6: 270, 4: 360, 1: 10 });
  });

  it('matches brute force for 2 to 6 digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,6}$/), (n) => {
        const list = distinctPermutations(n);
        expect(list.length).toBe(permutationCount(n));
        expect(new Set(list)).toEqual(bruteForce(n));
      }),
    );
    expect(permutationCount('123456')).toBe(720);
    expect(permutationCount('112233')).toBe(90);
    expect(permutationCount('12')).toBe(2);
    expect(permutationCount('11')).toBe(1);
  });

  it('refuses what is not a 2-6 digit number', () => {
    for (const bad of ['', '1', '1234567', '12a4', ' 1234', '１２３４']) {
      expect(() => distinctPermutations(bad)).toThrow(BetLanguageError);
      expect(() => permutationCount(bad)).toThrow(BetLanguageError);
      expect(isBetNumber(bad)).toBe(false);
    }
    try {
      permutationGroupKey('x');
      expect.unreachable();
    } catch (e) {
      expect((e as BetLanguageError).key).toBe('INVALID_BET_NUMBER');
    }
  });
});

describe('permutation groups and red-number types', () => {
  it('groups every permutation under the sorted digits', () => {
    expect(permutationGroupKey('4321')).toBe('1234');
    expect(permutationGroupKey('0900')).toBe('0009');
    for (const p of distinctPermutations('3919')) expect(permutationGroupKey(p)).toBe('1399');
  });

  it('types 4-digit numbers by permutation count: 1 normal, 4P 2, 6P 3, 12P 4, 24P 5 (SPEC 9)', () => {
    expect(redNumberTypeFor('1111')).toBe(RedNumberType.Normal);
    expect(redNumberTypeFor('1112')).toBe(2);
    expect(redNumberTypeFor('1122')).toBe(3);
    expect(redNumberTypeFor('1123')).toBe(4);
    expect(redNumberTypeFor('1234')).toBe(5);
    const byCount = { 1: 1, 4: 2, 6: 3, 12: 4, 24: 5 } as Record<number, number>;
    for (const n of all4) expect(redNumberTypeFor(n)).toBe(byCount[permutationCount(n)]);
  });

  it('other lengths are normal red numbers (the type is defined for 4D)', () => {
    expect(redNumberTypeFor('123')).toBe(RedNumberType.Normal);
    expect(redNumberTypeFor('123456')).toBe(RedNumberType.Normal);
  });
});
