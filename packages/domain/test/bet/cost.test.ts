import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BetType,
  commissionCents,
  costLine,
  costLines,
  drawCount,
  expandNumber,
  parseExpress,
  pctToHundredths,
  stakePerNumber,
  type BetLine,
} from '../../src/index';
import { scenarioArb } from './arbitraries';

const today = '2025-06-10';
function line(text: string): BetLine {
  const r = parseExpress(text, { today });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.lines[0];
}
const pct = { B: 26.5, S: 26.5, '4A': 27, A: 19, C: 19 };

describe('costLine: gross, commission, net in integer cents', () => {
  it('normal: stake × pools × draws per code, commission per code', () => {
    // B 1.00 and S 2.00 on 4 pools for 2 draws: B 800, S 1600.
    const c = costLine(line('D2\n#1234\n1234#1#2'), { commissionPct: pct });
    expect(c.byCode).toEqual({ B: { gross: 800, commission: 212, net: 588 }, S: { gross: 1600, commission: 424, net: 1176 } });
    expect(c).toMatchObject({ gross: 2400, commission: 636, net: 1764 });
  });

  it('box: × permutations; ibox: the stake; rolls: × 10; dates count as draws', () => {
    expect(costLine(line('D\n#1\n*1234#1'), { commissionPct: {} }).gross).toBe(2400);
    expect(costLine(line('D\n#1\n*1122#1'), { commissionPct: {} }).gross).toBe(600);
    expect(costLine(line('D\n#1\n**1234#1'), { commissionPct: {} }).gross).toBe(100);
    expect(costLine(line('D\n#12\nR123#1'), { commissionPct: {} }).gross).toBe(2000);
    expect(costLine(line('12/06,15/06\n#1\n123R#1'), { commissionPct: {} }).gross).toBe(2000);
  });

  it('a code without a commission rate gets none', () => {
    expect(costLine(line('D\n#1\n1234#1'), { commissionPct: {} })).toMatchObject({ gross: 100, commission: 0, net: 100 });
  });

  it('rounds half up to the cent, once per code', () => {
    expect(commissionCents(1, 5000)).toBe(1); // 0.5 → 1
    expect(commissionCents(1, 4999)).toBe(0); // 0.4999 → 0
    expect(commissionCents(3, 1667)).toBe(1); // 0.5001 → 1
    expect(commissionCents(199, 2650)).toBe(53); // 52.735 → 53
    expect(commissionCents(9_999_999_900 * 720 * 8, 9999)).toBe(Math.round((9_999_999_900 * 720 * 8 * 9999) / 10000));
    // B 0.01 and S 0.01 at 50%: each rounds 0.5 → 1, so 2 in all (not round(1.0) of the sum).
    const c = costLine(line('D\n#1\n1234#0.01#0.01'), { commissionPct: { B: 50, S: 50 } });
    expect(c).toMatchObject({ gross: 2, commission: 2, net: 0 });
  });

  it('takes percents with up to 2 decimals, 0 to 100', () => {
    expect(pctToHundredths(26.5)).toBe(2650);
    expect(pctToHundredths(0.07)).toBe(7);
    expect(pctToHundredths(100)).toBe(10000);
    for (const bad of [26.555, -1, 100.01, NaN, Infinity]) expect(() => pctToHundredths(bad), String(bad)).toThrow(RangeError);
  });

  it('sums lines for the preview total', () => {
    const lines = [line('D\n#1\n1234#1'), line('D\n#12\n*1122#1')];
    expect(costLines(lines, { commissionPct: { B: 10 } })).toEqual({ gross: 1300, commission: 130, net: 1170 });
  });

  it('is integer, gross = net + commission, 0 ≤ commission ≤ gross, gross from the expansion (property)', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.dictionary(fc.constantFrom('B', 'S', '4A', 'A', 'C', '5D', '6D', '2A'), fc.integer({ min: 0, max: 10000 }).map((h) => h / 100)),
        ({ lines }, commissionPct) => {
          for (const l of lines) {
            const c = costLine(l, { commissionPct });
            for (const v of [c.gross, c.commission, c.net]) expect(Number.isSafeInteger(v)).toBe(true);
            expect(c.gross).toBe(c.net + c.commission);
            expect(c.commission).toBeGreaterThanOrEqual(0);
            expect(c.commission).toBeLessThanOrEqual(c.gross);
            // Independently: what lands on each bought number, summed, times pools and draws.
            const e = expandNumber(l.number, l.betType);
            const expected = Object.values(l.amounts).reduce(
              (sum, stake) => sum + stakePerNumber(e, stake).reduce((a, x) => a + x.stake, 0) * l.pools.length * drawCount(l.draw),
              0,
            );
            expect(c.gross).toBe(expected);
            if (l.betType === BetType.IBox) expect(e.costMultiplier).toBe(1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
