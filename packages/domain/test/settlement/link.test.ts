import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Prize } from '../../src/enums';
import {
  commissionOn,
  iboxFactor,
  linkOf,
  resultParts,
  settleLine,
  winningsOn,
  type ChainMember,
  type LinkRates,
} from '../../src/settlement/link';

const rm = (v: number) => Math.round(v * 100);
const big = (bp: number, first: number, second: number, third: number, starter: number, consolation: number): LinkRates => ({
  commissionBp: bp,
  payout: { first: rm(first), second: rm(second), third: rm(third), starter: rm(starter), consolation: rm(consolation) },
});

// DOMAIN.md "Settlement: who gets what", worked example: P bets 1234 Big 10.00.
const P = big(2600, 2500, 1000, 500, 180, 60);
const A = big(2700, 2600, 1050, 520, 190, 63);
const R = big(2500, 2500, 1000, 500, 180, 60);
const chain: ChainMember[] = [
  { userId: 1, eaten: 0, rates: P },
  { userId: 2, eaten: rm(5), rates: A },
  { userId: 3, eaten: rm(3), rates: { commissionBp: 0, payout: {} } },
];

describe('the link rule: DOMAIN worked example', () => {
  it('1234 loses: links 7.40, 3.65, 1.50; results -7.40, +3.75, +2.15, +1.50', () => {
    const s = settleLine(rm(10), chain, [], undefined, R);
    expect(s.links.map((l) => l.amount)).toEqual([740, 365, 150]);
    expect(s.results).toEqual([-740, 375, 215, 150]);
  });

  it('1234 wins 1st prize: links -24,992.60, -12,996.35, -4,998.50; results as the table', () => {
    const s = settleLine(rm(10), chain, ['first'], undefined, R);
    expect(s.links.map((l) => l.amount)).toEqual([-2_499_260, -1_299_635, -499_850]);
    expect(s.results).toEqual([2_499_260, -1_199_625, -799_785, -499_850]);
  });

  it("A's result is its own 5.00 at its rates plus the commission and payout spreads", () => {
    const parts = resultParts(rm(10), rm(5), P, A, ['first']);
    expect(parts).toEqual({ ownWinLoss: rm(3.65) - rm(13_000), commissionSpread: rm(0.1), payoutSpread: rm(1000) });
    expect(parts.ownWinLoss + parts.commissionSpread + parts.payoutSpread).toBe(-1_199_625);
  });

  it('without remote agents the company holds the unposted part: no link above it', () => {
    const s = settleLine(rm(10), chain, [], undefined, undefined);
    expect(s.links.map((l) => l.amount)).toEqual([740, 365]);
    expect(s.results).toEqual([-740, 375, 365, 0]);
  });
});

describe('rounding: half up to the cent, once per link, line and code', () => {
  it('commission 26% of 0.05 is 0.013 -> 0.01; of 0.25 is 0.065 -> 0.07', () => {
    expect(commissionOn(5, P)).toBe(1);
    expect(commissionOn(25, P)).toBe(7);
  });

  it('a number drawn in two slots wins both', () => {
    expect(winningsOn(100, P, ['starter', 'consolation'])).toBe(rm(180) + rm(60));
  });

  it('ibox pays the exact division of the written stake, not the rounded split times the payout', () => {
    // RM1 ibox on 1234 (24 permutations): each line carries 0.04 or 0.05, the winner pays 2,500/24 = 104.17.
    const stakes = [5, 5, 5, 5, ...Array.from({ length: 20 }, () => 4)];
    for (const lineStake of [4, 5]) {
      expect(winningsOn(lineStake, P, ['first'], iboxFactor(100, lineStake, 24))).toBe(10_417);
    }
    expect(stakes.reduce((a, b) => a + b)).toBe(100);
  });
});

const arbRates = fc.record({
  commissionBp: fc.integer({ min: 0, max: 5000 }),
  payout: fc.record({
    first: fc.integer({ min: 0, max: 700_000 }),
    second: fc.integer({ min: 0, max: 300_000 }),
    third: fc.integer({ min: 0, max: 150_000 }),
    starter: fc.integer({ min: 0, max: 30_000 }),
    consolation: fc.integer({ min: 0, max: 10_000 }),
  }),
});
const arbStrikes = fc.subarray<Prize>(['first', 'second', 'third', 'starter', 'consolation', 'starter']);

/** A stake and a chain whose accounts eat parts of what passes to them. */
const arbLine = fc
  .record({
    stake: fc.integer({ min: 1, max: 10_000_000 }),
    rates: fc.array(arbRates, { minLength: 2, maxLength: 7 }),
    eatFractions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 7, maxLength: 7 }),
    remote: fc.option(arbRates, { nil: undefined }),
    strikes: arbStrikes,
  })
  .map(({ stake, rates, eatFractions, remote, strikes }) => {
    let left = stake;
    const chain: ChainMember[] = rates.map((r, i) => {
      const eaten = i === 0 ? 0 : Math.floor(left * eatFractions[i]);
      left -= eaten;
      return { userId: i + 1, eaten, rates: r };
    });
    return { stake, chain, remote, strikes };
  });

describe('the link rule: properties', () => {
  it("a line's results always sum to exactly zero", () => {
    fc.assert(
      fc.property(arbLine, ({ stake, chain, remote, strikes }) => {
        const s = settleLine(stake, chain, strikes, undefined, remote);
        expect(s.results.reduce((a, b) => a + b, 0)).toBe(0);
      }),
    );
  });

  it('links telescope: the player loses what the chain above wins', () => {
    fc.assert(
      fc.property(arbLine, ({ stake, chain, remote, strikes }) => {
        const s = settleLine(stake, chain, strikes, undefined, remote);
        // Summed to zero rather than compared with a negation, which makes -0 of a zero result.
        expect(s.results.reduce((a, b) => a + b, 0)).toBe(0);
      }),
    );
  });

  it('each account result agrees with "eaten part plus spreads" within the rounding of its terms', () => {
    fc.assert(
      fc.property(arbLine, ({ stake, chain, strikes }) => {
        const s = settleLine(stake, chain, strikes, undefined, chain.at(-1)?.rates);
        let passBelow = stake;
        for (let i = 1; i < chain.length; i++) {
          const parts = resultParts(passBelow, chain[i].eaten, chain[i - 1].rates, chain[i].rates, strikes);
          const sum = parts.ownWinLoss + parts.commissionSpread + parts.payoutSpread;
          expect(Math.abs(sum - s.results[i])).toBeLessThanOrEqual(4);
          passBelow -= chain[i].eaten;
        }
      }),
    );
  });

  it('and exactly when no term needs rounding (whole ringgit, whole percents)', () => {
    fc.assert(
      fc.property(arbLine, ({ chain, strikes }) => {
        const whole = chain.map((m) => ({
          ...m,
          eaten: Math.round(m.eaten / 10_000) * 100,
          rates: { ...m.rates, commissionBp: Math.round(m.rates.commissionBp / 100) * 100 },
        }));
        const stake = whole.reduce((a, m) => a + m.eaten, 0) + 100;
        const s = settleLine(stake, whole, strikes, undefined, whole.at(-1)?.rates);
        let passBelow = stake;
        for (let i = 1; i < whole.length; i++) {
          const parts = resultParts(passBelow, whole[i].eaten, whole[i - 1].rates, whole[i].rates, strikes);
          expect(parts.ownWinLoss + parts.commissionSpread + parts.payoutSpread).toBe(s.results[i]);
          passBelow -= whole[i].eaten;
        }
      }),
    );
  });

  it('a link is pass - commission - winnings, never below -(winnings) nor above pass', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), arbRates, arbStrikes, (pass, rates, strikes) => {
        const link = linkOf(pass, rates, strikes);
        expect(link.amount).toBe(pass - link.commission - link.winnings);
        expect(link.amount).toBeLessThanOrEqual(pass);
        expect(link.commission).toBeLessThanOrEqual(pass);
      }),
    );
  });
});
