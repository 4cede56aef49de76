import { describe, expect, it } from 'vitest';
import {
  BET_CODES,
  BET_CODE_DEFS,
  DEFAULT_CODE_ORDER,
  PRIZES,
  SINGAPORE_OFFICIAL_PAYOUT,
  codeAcceptsLength,
  formatCodeOrder,
  parseCodeOrder,
  codeSoldOnPools,
  isBetCode,
} from '../../src/index';

describe('bet codes as data (DOMAIN.md "Bets")', () => {
  it('defaults to the order B#S#4A#A#C', () => {
    expect(DEFAULT_CODE_ORDER).toEqual(['B', 'S', '4A', 'A', 'C']);
  });

  it('describes every code consistently with its own key', () => {
    for (const code of BET_CODES) {
      const d = BET_CODE_DEFS[code];
      expect(d.code).toBe(code);
      expect(d.prizes.length).toBeGreaterThan(0);
      for (const p of d.prizes) expect(PRIZES).toContain(p);
      for (const tier of Object.keys(d.officialPayout ?? {})) expect(d.prizes).toContain(tier);
      expect(d.numberLengths).toContain(d.digits);
    }
    expect(Object.keys(BET_CODE_DEFS).sort()).toEqual([...BET_CODES].sort());
  });

  it('carries the official figures of DOMAIN.md', () => {
    expect(BET_CODE_DEFS.B.officialPayout).toEqual({ first: 2500, second: 1000, third: 500, starter: 180, consolation: 60 });
    expect(BET_CODE_DEFS.S.officialPayout).toEqual({ first: 3500, second: 2000, third: 1000 });
    expect(BET_CODE_DEFS.A.officialPayout).toEqual({ first: 660 });
    expect(BET_CODE_DEFS.C.officialPayout).toEqual({ first: 250, second: 210, third: 150 });
    expect(Object.values(BET_CODE_DEFS['5D'].officialPayout ?? {})).toEqual([15000, 5000, 3000, 500, 20, 5]);
    expect(Object.values(BET_CODE_DEFS['6D'].officialPayout ?? {})).toEqual([100000, 3000, 300, 30, 4]);
    expect(SINGAPORE_OFFICIAL_PAYOUT.B).toEqual({ first: 2000, second: 1000, third: 490, starter: 250, consolation: 60 });
    expect(SINGAPORE_OFFICIAL_PAYOUT.S).toEqual({ first: 3000, second: 2000, third: 800 });
  });

  it('wins the tiers DOMAIN.md lists', () => {
    expect(BET_CODE_DEFS.B.prizes).toEqual(['first', 'second', 'third', 'starter', 'consolation']);
    expect(BET_CODE_DEFS.S.prizes).toEqual(['first', 'second', 'third']);
    expect(BET_CODE_DEFS['4A'].prizes).toEqual(['first']);
    expect(BET_CODE_DEFS['4B'].prizes).toEqual(['second']);
    expect(BET_CODE_DEFS['4C'].prizes).toEqual(['third']);
    expect(BET_CODE_DEFS['4D'].prizes).toEqual(['starter']);
    expect(BET_CODE_DEFS['4E'].prizes).toEqual(['consolation']);
    expect(BET_CODE_DEFS['4F'].prizes).toEqual(['first', 'second', 'third']);
  });

  it('seeds only the five main codes on', () => {
    expect(BET_CODES.filter((c) => BET_CODE_DEFS[c].soldByDefault).sort()).toEqual(['4A', 'A', 'B', 'C', 'S']);
  });

  it('knows which number lengths carry which code: 3A/3C play the last 3 digits of a 4D number', () => {
    expect(codeAcceptsLength('B', 4)).toBe(true);
    expect(codeAcceptsLength('B', 3)).toBe(false);
    expect(codeAcceptsLength('A', 3)).toBe(true);
    expect(codeAcceptsLength('A', 4)).toBe(true);
    expect(codeAcceptsLength('C', 5)).toBe(false);
    expect(codeAcceptsLength('2A', 2)).toBe(true);
    expect(codeAcceptsLength('5D', 5)).toBe(true);
    expect(codeAcceptsLength('5D', 4)).toBe(false);
    expect(codeAcceptsLength('6D', 6)).toBe(true);
  });

  it('sells 5D on Toto only and 6D on Toto and GD', () => {
    expect(codeSoldOnPools('5D', [3])).toBe(true);
    expect(codeSoldOnPools('5D', [1, 3])).toBe(false);
    expect(codeSoldOnPools('6D', [3, 8])).toBe(true);
    expect(codeSoldOnPools('6D', [2])).toBe(false);
    expect(codeSoldOnPools('B', [1, 2, 3, 4, 5, 6, 7, 8])).toBe(true);
  });

  it('recognises codes exactly', () => {
    expect(isBetCode('4A')).toBe(true);
    expect(isBetCode('3A')).toBe(false);
    expect(isBetCode('b')).toBe(false);
    expect(isBetCode(undefined)).toBe(false);
  });
});

describe('an account\'s bet-code order', () => {
  it('reads B#S#4A#A#C and the like, each code once', () => {
    expect(parseCodeOrder('B#S#4A#A#C')).toEqual(['B', 'S', '4A', 'A', 'C']);
    expect(parseCodeOrder('c#a#b')).toEqual(['C', 'A', 'B']);
    expect(formatCodeOrder(parseCodeOrder('S#B')!)).toBe('S#B');
    expect(formatCodeOrder(DEFAULT_CODE_ORDER)).toBe('B#S#4A#A#C');
    for (const bad of ['', 'B#B', 'B#X', 'B##S', '#B', 'B#S#', 'B S', 'B#'.repeat(40), 42, null]) expect(parseCodeOrder(bad)).toBeNull();
  });
});
