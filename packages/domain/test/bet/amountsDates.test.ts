import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_AMOUNT_CENTS,
  formatAmount,
  formatBetDate,
  isIsoDate,
  parseAmountCents,
  parseDateToken,
  resolveDayMonth,
} from '../../src/index';

describe('amounts: units with up to 2 decimals → integer cents', () => {
  it('reads amounts exactly, without floats', () => {
    expect(parseAmountCents('1')).toBe(100);
    expect(parseAmountCents('0.5')).toBe(50);
    expect(parseAmountCents('2.05')).toBe(205);
    expect(parseAmountCents('0.01')).toBe(1);
    expect(parseAmountCents('007')).toBe(700);
    expect(parseAmountCents('1.10')).toBe(110);
    // 0.29 * 100 is 28.999999999999996 in floating point: the digits are read as text instead.
    expect(parseAmountCents('0.29')).toBe(29);
    expect(parseAmountCents('99999999')).toBe(MAX_AMOUNT_CENTS);
  });

  it('refuses zero, negatives, 3 decimals, over 99999999 and anything else', () => {
    for (const bad of ['0', '0.00', '-1', '1.234', '99999999.01', '100000000', '1e2', '.5', '1.', '1,5', '', ' 1', 'x', '0x10', 'Infinity']) {
      expect(parseAmountCents(bad), bad).toBeNull();
    }
  });

  it('formats the shortest text that reads back the same (property)', () => {
    expect(formatAmount(100)).toBe('1');
    expect(formatAmount(150)).toBe('1.5');
    expect(formatAmount(105)).toBe('1.05');
    expect(formatAmount(1)).toBe('0.01');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (c) => {
        expect(parseAmountCents(formatAmount(c))).toBe(c);
      }),
    );
  });
});

describe('bet dates: DD/MM is the nearest such date; a passed one is refused', () => {
  const today = '2025-06-10';
  it('resolves DD/MM against the business date', () => {
    expect(resolveDayMonth(12, 6, today)).toBe('2025-06-12');
    expect(resolveDayMonth(10, 6, today)).toBe('2025-06-10');
    expect(resolveDayMonth(9, 6, today)).toBe('2025-06-09');
    expect(resolveDayMonth(1, 12, today)).toBe('2025-12-01');
    expect(resolveDayMonth(1, 1, '2025-12-30')).toBe('2026-01-01');
    expect(resolveDayMonth(30, 12, '2026-01-02')).toBe('2025-12-30');
    expect(resolveDayMonth(31, 12, '2025-12-31')).toBe('2025-12-31');
  });

  it('refuses a DD/MM that has just passed instead of placing it a year later', () => {
    expect(parseDateToken('09/06', today)).toEqual({ ok: false, key: 'BET_DATE_PASSED' });
    expect(parseDateToken('30/12', '2026-01-02')).toEqual({ ok: false, key: 'BET_DATE_PASSED' });
    expect(parseDateToken('02/01', '2025-12-30')).toEqual({ ok: true, date: '2026-01-02' });
  });

  it('29/02 is the nearest leap day within a year, or is invalid', () => {
    expect(resolveDayMonth(29, 2, '2024-01-15')).toBe('2024-02-29');
    expect(resolveDayMonth(29, 2, '2027-03-01')).toBe('2028-02-29');
    expect(resolveDayMonth(29, 2, today)).toBeNull();
  });

  it('reads DD/MM, D/M and DD/MM/YYYY tokens', () => {
    expect(parseDateToken('12/06', today)).toEqual({ ok: true, date: '2025-06-12' });
    expect(parseDateToken('1/7', today)).toEqual({ ok: true, date: '2025-07-01' });
    expect(parseDateToken('01/07/2027', today)).toEqual({ ok: true, date: '2027-07-01' });
    expect(parseDateToken('09/06/2025', today)).toEqual({ ok: false, key: 'BET_DATE_PASSED' });
    for (const bad of ['32/01', '00/01', '12/13', '12/00', '31/04', '12-06', '12/06/25', '120/6', '12/6/2025x']) {
      expect(parseDateToken(bad, today), bad).toEqual({ ok: false, key: 'INVALID_BET_DATE' });
    }
  });

  it('writes DD/MM when it reads back the same, DD/MM/YYYY otherwise (property)', () => {
    expect(formatBetDate('2025-06-12', today)).toBe('12/06');
    expect(formatBetDate('2026-06-12', today)).toBe('12/06/2026');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2001-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 900 }),
        (d, ahead) => {
          const t = d.toISOString().slice(0, 10);
          const date = new Date(d.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
          expect(parseDateToken(formatBetDate(date, t), t)).toEqual({ ok: true, date });
        },
      ),
    );
  });

  it('validates ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-6-1')).toBe(false);
    expect(isIsoDate(20250601)).toBe(false);
  });
});
