// Pools as data (decision 0037): the parser, the formatter, the code check and the result check read the
// pool list they are given, so a pool added by the super admin is read and checked like a seeded one.
import { describe, expect, it } from 'vitest';
import { codeSoldOnPools, formatExpress, parseExpress, SEEDED_POOLS, validateNewPool, validateResult, type PoolDef } from '../src';

const NEW: PoolDef = { id: 9, letter: 'X', digit: '9', code: 'Lucky', name: 'Lucky 6D', packageType: 0, resultForm: '4D+6D', drawDays: [2, 5] };
const POOLS = [...SEEDED_POOLS, NEW];
const ctx = { today: '2026-11-25', pools: POOLS };
const fourD = {
  first: '1111',
  second: '2222',
  third: '3333',
  starter: Array.from({ length: 10 }, (_, i) => String(4000 + i)),
  consolation: Array.from({ length: 10 }, (_, i) => String(5000 + i)),
};

describe('a pool added to the list', () => {
  it('is read from its bet-text digit, and unknown without the list', () => {
    const r = parseExpress('D\n#19\n1234#1', ctx);
    expect(r.ok && r.lines[0].pools).toEqual([1, 9]);
    expect(parseExpress('D\n#9\n1234#1', { today: ctx.today })).toMatchObject({ ok: false, errors: [{ key: 'UNKNOWN_POOL' }] });
  });

  it('is written back with its digit (format and parse agree)', () => {
    const r = parseExpress('D\n#9\n1234#1', ctx);
    if (!r.ok) throw new Error('not read');
    const text = formatExpress(r.lines, ctx);
    expect(text).toBe('D\n#9\n1234#1');
  });

  it('sells 6D when its result form draws 6D, and never 5D', () => {
    expect(codeSoldOnPools('6D', [9], POOLS)).toBe(true);
    expect(codeSoldOnPools('5D', [9], POOLS)).toBe(false);
    expect(codeSoldOnPools('6D', [1], POOLS)).toBe(false);
    expect(parseExpress('D\n#9\n123456###1', { ...ctx, codeOrder: ['B', '5D', '6D'] })).toMatchObject({ ok: true });
  });

  it('has its result checked in its form', () => {
    expect(validateResult(9, { fourD, sixD: '123456' }, POOLS)).toEqual([]);
    expect(validateResult(9, { fourD, fiveD: ['12345', '23456', '34567'], sixD: '123456' }, POOLS)).toEqual([{ slot: 'fiveD1', problem: 'NOT_SOLD_BY_POOL' }]);
    expect(validateResult(9, { fourD, sixD: '123456' })).toEqual([{ slot: 'sixD', problem: 'NOT_SOLD_BY_POOL' }]);
  });
});

describe('validateNewPool', () => {
  const ok = { name: 'Lucky 6D', code: 'Lucky', letter: 'X', digit: '9', packageType: 0, resultForm: '4D', drawDays: [2], cutoffHour: 18, cutoffMinute: 30 };
  it('accepts a pool whose name, code, letter and digit are free', () => {
    expect(validateNewPool(ok, SEEDED_POOLS)).toEqual([]);
  });
  it('names every bad field', () => {
    expect(validateNewPool({ ...ok, name: 'magnum 4d', code: '', letter: 'M', digit: '1', packageType: 3, resultForm: '7D', drawDays: [], cutoffHour: 24, cutoffMinute: -1 }, SEEDED_POOLS)).toEqual([
      { field: 'name', problem: 'TAKEN' },
      { field: 'code', problem: 'REQUIRED' },
      { field: 'letter', problem: 'TAKEN' },
      { field: 'digit', problem: 'TAKEN' },
      { field: 'packageType', problem: 'INVALID' },
      { field: 'resultForm', problem: 'INVALID' },
      { field: 'drawDays', problem: 'REQUIRED' },
      { field: 'cutoffHour', problem: 'INVALID' },
      { field: 'cutoffMinute', problem: 'INVALID' },
    ]);
    expect(validateNewPool({ ...ok, letter: 'xy', digit: 'a' }, SEEDED_POOLS)).toEqual([
      { field: 'letter', problem: 'INVALID' },
      { field: 'digit', problem: 'INVALID' },
    ]);
  });
  it('allows ten pools at most (one per digit)', () => {
    const ten = [...POOLS, { ...NEW, id: 10, letter: 'Y', digit: '0', name: 'Other', code: 'Other' }];
    expect(validateNewPool({ ...ok, letter: 'Z', digit: '5', name: 'Z', code: 'Z' }, ten).map((e) => e.problem)).toContain('TOO_MANY');
  });
});
