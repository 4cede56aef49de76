import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToUnits, formatPercent, roundPercent, unitsToCents } from '../src/ui/money';
import { formatCents } from '../src/ui/text';
import { IdempotentAction, newIdempotencyKey, outcomeOf, stablePayload } from '../src/ui/idempotency';
import { filenameFrom } from '../src/api/download';

describe('money in cents', () => {
  it('turns typed units into integer cents without float drift', () => {
    expect(unitsToCents('12.34')).toBe(1234);
    expect(unitsToCents(12.34)).toBe(1234);
    expect(unitsToCents(0.1 + 0.2)).toBe(30);
    expect(unitsToCents(1.005)).toBe(101);
    expect(unitsToCents('1,000.5')).toBe(100050);
    expect(unitsToCents('.5')).toBe(50);
    expect(unitsToCents('7.')).toBe(700);
    expect(unitsToCents(99_999_999.99)).toBe(9_999_999_999);
    expect(unitsToCents('-3.2')).toBe(-320);
    expect(unitsToCents(0)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const v of ['', '.', 'abc', '1.2.3', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(unitsToCents(v as never), String(v)).toBeUndefined();
    }
  });

  it('round-trips every cent amount through units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_900 }), (cents) => {
        expect(unitsToCents(centsToUnits(cents))).toBe(cents);
        expect(unitsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('shows cents with 2 decimals and percentages with a sign', () => {
    expect(centsToUnits(12345)).toBe(123.45);
    expect(centsToUnits(null)).toBeUndefined();
    expect(formatCents(4900000)).toBe('49,000.00');
    expect(formatPercent(28)).toBe('28.00%');
    expect(formatPercent(null)).toBe('-');
    expect(roundPercent(12.345678)).toBe(12.35);
  });
});

describe('idempotency keys', () => {
  it('makes UUID-shaped random keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('keeps the key of one action across retries after an uncertain failure only', () => {
    let n = 0;
    const action = new IdempotentAction(() => `k${++n}`);
    const pay = { targetUserId: 4, type: 1, amount: 25000 };
    expect(action.keyFor(pay)).toBe('k1');
    action.settle('uncertain');
    // The same payload retried (keys in another order) keeps its key: applied once by the server.
    expect(action.keyFor({ amount: 25000, type: 1, targetUserId: 4 })).toBe('k1');
    action.settle('done');
    expect(action.pendingKey).toBeNull();
    expect(action.keyFor(pay)).toBe('k2');
    action.settle('refused');
    expect(action.keyFor(pay)).toBe('k3');
    // A different payload is a different action.
    expect(action.keyFor({ ...pay, amount: 1 })).toBe('k4');
  });

  it('classifies outcomes', () => {
    expect(outcomeOf({ success: true, status: 200 })).toBe('done');
    expect(outcomeOf({ success: false, status: 422 })).toBe('refused');
    expect(outcomeOf({ success: false, status: 0 })).toBe('uncertain');
    expect(outcomeOf({ success: false, status: 503 })).toBe('uncertain');
    expect(stablePayload({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });
});

describe('downloads', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameFrom('attachment; filename="credit-log-e2e.csv"', 'x.csv')).toBe('credit-log-e2e.csv');
    expect(filenameFrom("attachment; filename*=UTF-8''log%20one.csv", 'x.csv')).toBe('log one.csv');
    expect(filenameFrom(null, 'x.csv')).toBe('x.csv');
  });
});
