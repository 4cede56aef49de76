import { describe, expect, it } from 'vitest';
import {
  asTyped,
  BET_LANGUAGE_HELP,
  BetType,
  lineKindOf,
  MESSAGES,
  parseExpress,
  type BetLine,
  type BetLineError,
  type ParseContext,
} from '../../src/index';

const today = '2025-06-10';
const ctx: ParseContext = { today };

function ok(text: string, c: ParseContext = ctx): BetLine[] {
  const r = parseExpress(text, c);
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.errors)}`);
  return r.lines;
}
function errs(text: string, c: ParseContext = ctx): BetLineError[] {
  const r = parseExpress(text, c);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.lines)}`);
  return r.errors;
}
/** Errors as "lineNo key[:code]" for compact assertions. */
const brief = (e: BetLineError[]) => e.map((x) => `${x.lineNo} ${x.key}${x.code ? `:${x.code}` : ''}`);

describe('express syntax (DOMAIN.md "Ordering")', () => {
  it('reads the DOMAIN.md sample', () => {
    const lines = ok(BET_LANGUAGE_HELP);
    const next = { kind: 'next', count: 1 };
    const pools = [1, 2, 3, 4];
    expect(lines).toEqual([
      { lineNo: 3, raw: '1234#1#1', draw: next, pools, number: '1234', betType: BetType.Normal, amounts: { B: 100, S: 100 } },
      { lineNo: 4, raw: '5678##2', draw: next, pools, number: '5678', betType: BetType.Normal, amounts: { S: 200 } },
      { lineNo: 5, raw: '*1234#1', draw: next, pools, number: '1234', betType: BetType.Box, amounts: { B: 100 } },
      { lineNo: 6, raw: '**1234#1', draw: next, pools, number: '1234', betType: BetType.IBox, amounts: { B: 100 } },
      { lineNo: 7, raw: 'R123#1', draw: next, pools, number: '123', betType: BetType.PH, amounts: { B: 100 } },
      { lineNo: 8, raw: '123R#1', draw: next, pools, number: '123', betType: BetType.PB, amounts: { B: 100 } },
    ]);
  });

  it('maps amounts to the default order B#S#4A#A#C, in cents, empty field = no stake', () => {
    expect(ok('D\n#1\n1234#1#2.5#0.01#3#4.05')[0].amounts).toEqual({ B: 100, S: 250, '4A': 1, A: 300, C: 405 });
    expect(ok('D\n#1\n1234###7')[0].amounts).toEqual({ '4A': 700 });
    expect(ok('D\n#1\n1234#1####')[0].amounts).toEqual({ B: 100 });
  });

  it("uses the account's own code order", () => {
    const lines = ok('D\n#1\n1234#1#2#3', { today, codeOrder: ['C', 'A', 'B'] });
    expect(lines[0].amounts).toEqual({ C: 100, A: 200, B: 300 });
  });

  it('plays 3A/3C on 3-digit numbers and on the last 3 digits of a 4-digit one', () => {
    expect(ok('D\n#1\n123####1#2')[0]).toMatchObject({ number: '123', amounts: { A: 100, C: 200 } });
    expect(ok('D\n#1\n1234####1#2')[0]).toMatchObject({ number: '1234', amounts: { A: 100, C: 200 } });
  });

  it('reads 5D and 6D numbers when the order has those codes and the pool sells them', () => {
    const c = { today, codeOrder: ['B', '5D', '6D'] };
    expect(ok('D\n#3\n12345##1\n123456###2', c).map((l) => l.amounts)).toEqual([{ '5D': 100 }, { '6D': 200 }]);
    expect(ok('D\n#8\n654321###2', c)[0].pools).toEqual([8]);
  });

  it("reads box and ibox markers per the eat sequence '*/**' (default) and '**/*'", () => {
    const text = 'D\n#1\n*1234#1\n**5678#1';
    expect(ok(text).map((l) => l.betType)).toEqual([BetType.Box, BetType.IBox]);
    expect(ok(text, { today, eatSequence: '*/**' }).map((l) => l.betType)).toEqual([BetType.Box, BetType.IBox]);
    expect(ok(text, { today, eatSequence: '**/*' }).map((l) => l.betType)).toEqual([BetType.IBox, BetType.Box]);
  });

  it('reads roll head and roll back in either case of R', () => {
    expect(ok('D\n#1\nr123#1\n123r#1').map((l) => [l.number, l.betType])).toEqual([
      ['123', BetType.PH],
      ['123', BetType.PB],
    ]);
  });

  it('reads draw lines: D, D2, D3, D12, lower case, leading zeros', () => {
    for (const [line, count] of [['D', 1], ['D2', 2], ['d3', 3], ['D12', 12], ['D02', 2], ['D 2', 2]] as const) {
      expect(ok(`${line}\n#1\n1234#1`)[0].draw, line).toEqual({ kind: 'next', count });
    }
  });

  it('reads explicit dates (DD/MM the nearest such date), comma or space separated, sorted and distinct', () => {
    expect(ok('12/06\n#1\n1234#1')[0].draw).toEqual({ kind: 'dates', dates: ['2025-06-12'] });
    expect(ok('12/06,15/06\n#1\n1234#1')[0].draw).toEqual({ kind: 'dates', dates: ['2025-06-12', '2025-06-15'] });
    expect(ok('15/06 12/06, 01/12\n#1\n1234#1')[0].draw).toEqual({
      kind: 'dates',
      dates: ['2025-06-12', '2025-06-15', '2025-12-01'],
    });
    expect(ok('01/01/2026\n#1\n1234#1')[0].draw).toEqual({ kind: 'dates', dates: ['2026-01-01'] });
    expect(ok('10/06,10/06\n#1\n1234#1')[0].draw).toEqual({ kind: 'dates', dates: ['2025-06-10'] });
    expect(ok('01/02/2027\n#1\n1234#1')[0].draw).toEqual({ kind: 'dates', dates: ['2027-02-01'] });
  });

  it('reads pools by digit, ascending and distinct; the account default applies without a pools line', () => {
    expect(ok('D\n#8 3 1 3\n1234#1')[0].pools).toEqual([1, 3, 8]);
    expect(ok('D\n1234#1', { today, defaultPools: [2, 1] })[0].pools).toEqual([1, 2]);
    expect(ok('D\n#5\n1234#1', { today, defaultPools: [1, 2] })[0].pools).toEqual([5]);
  });

  it('starts a new group at each draw or pools line; the other selector carries on', () => {
    const lines = ok('D\n#1\n1234#1\n#23\n1234#1\nD2\n1234#1\n5678#1');
    expect(lines.map((l) => [l.lineNo, l.draw, l.pools])).toEqual([
      [3, { kind: 'next', count: 1 }, [1]],
      [5, { kind: 'next', count: 1 }, [2, 3]],
      [7, { kind: 'next', count: 2 }, [2, 3]],
      [8, { kind: 'next', count: 2 }, [2, 3]],
    ]);
  });

  it('tolerates whitespace, blank lines and CRLF, and counts every line', () => {
    const lines = ok('\r\n  D  \r\n\r\n # 1 2 \r\n\t1234 # 1 # 2  \r\n\r\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ lineNo: 5, raw: '\t1234 # 1 # 2  ', pools: [1, 2], amounts: { B: 100, S: 200 } });
    expect(ok('D\r#1\r1234#1')[0].lineNo).toBe(3);
  });

  it('reads text pasted from a chat app: full-width characters of a Chinese input method, no-break and zero-width spaces', () => {
    const lines = ok('Ｄ２\n＃１２\n１２３４＃１．５＃１\n＊５６７８＃２\n１２／０６\n＃３\n\u00a01234\u00a0#1\u200b\n\ufeffR123#1');
    expect(lines.map((l) => [l.number, l.betType, l.amounts, l.pools, l.draw])).toEqual([
      ['1234', BetType.Normal, { B: 150, S: 100 }, [1, 2], { kind: 'next', count: 2 }],
      ['5678', BetType.Box, { B: 200 }, [1, 2], { kind: 'next', count: 2 }],
      ['1234', BetType.Normal, { B: 100 }, [3], { kind: 'dates', dates: ['2025-06-12'] }],
      ['123', BetType.PH, { B: 100 }, [3], { kind: 'dates', dates: ['2025-06-12'] }],
    ]);
    // The raw line is kept as received.
    expect(lines[0].raw).toBe('１２３４＃１．５＃１');
    expect(brief(errs('Ｄ\n＃１\n１２３４＃Ｘ'))).toEqual(['3 INVALID_BET_AMOUNT:B']);
    // Direction marks a chat app copies in front of a line are as invisible as zero-width spaces.
    expect(ok('\u200eD\n\u200f#1\n\u202a1234#1\u202c').map((l) => [l.number, l.amounts, l.pools])).toEqual([['1234', { B: 100 }, [1]]]);
  });

  it('folds a line as typed (asTyped) and tells its kind by it (lineKindOf), the one reading the browser preview shares', () => {
    expect(asTyped('Ｄ２')).toBe('D2');
    expect(asTyped('＃１２')).toBe('#12');
    expect(asTyped('１２３４＃１．５＃＊')).toBe('1234#1.5#*');
    expect(asTyped('1234\u00a0#1')).toBe('1234 #1');
    expect(asTyped('\u200b\ufeff\u200e#1\u2060')).toBe('#1');
    expect(asTyped('plain 1234#1')).toBe('plain 1234#1');
    expect(['Ｄ', 'ｄ３', '１２／０６', '＃２', '\u200b#1', '１２３４＃１', ' \u200b ', ''].map(lineKindOf)).toEqual(['next', 'next', 'dates', 'pools', 'pools', 'bet', null, null]);
  });

  it('gives each line its own draw and pools objects', () => {
    const [a, b] = ok('D\n#1\n1234#1\n5678#1');
    a.pools.push(2);
    expect(b.pools).toEqual([1]);
  });
});

describe('errors name the line and use the message catalogue', () => {
  it('empty text: EMPTY_RECEIPT_STRING', () => {
    for (const t of ['', '   ', '\n\r\n \t\n']) expect(brief(errs(t))).toEqual(['0 EMPTY_RECEIPT_STRING']);
  });

  it('a draw or pools line that governs no bet (replaced, or last) is refused on its line, never dropped', () => {
    expect(brief(errs('D\n#1\n1234#1\n#2'))).toEqual(['4 NO_BET_UNDER_LINE']);
    expect(brief(errs('D\n#1\n1234#1\nD2'))).toEqual(['4 NO_BET_UNDER_LINE']);
    expect(brief(errs('D2\nD\n#1\n1234#1'))).toEqual(['1 NO_BET_UNDER_LINE']);
    expect(brief(errs('D\n#1\n#2\n1234#1\n5678#1'))).toEqual(['2 NO_BET_UNDER_LINE']);
    // a draw line and a pools line above the same numbers govern them both, in either order
    expect(parseExpress('#1\nD\n1234#1\nD2\n#12\n5678#1', ctx).ok).toBe(true);
  });

  it('no bet line at all: NO_BET_LINES', () => {
    expect(brief(errs('D\n#1'))).toEqual(['0 NO_BET_LINES']);
  });

  it('bet lines before any draw line: SELECT_BET_DATE, once per group, on its first bet line', () => {
    expect(brief(errs('#1\n1234#1\n5678#1'))).toEqual(['2 SELECT_BET_DATE']);
    expect(brief(errs('#1\n1234#1\n#2\n5678#1'))).toEqual(['2 SELECT_BET_DATE', '4 SELECT_BET_DATE']);
    expect(brief(errs('1234#1\nD\n#1\n5678#1'))).toEqual(['1 SELECT_BET_DATE', '1 SELECT_AT_LEAST_ONE_POOL']);
  });

  it('no pools line and no default pools: SELECT_AT_LEAST_ONE_POOL; an empty pools line too', () => {
    expect(brief(errs('D\n1234#1'))).toEqual(['2 SELECT_AT_LEAST_ONE_POOL']);
    expect(brief(errs('D\n#\n1234#1', { today, defaultPools: [1] }))).toEqual(['2 SELECT_AT_LEAST_ONE_POOL']);
  });

  it('unknown pool digit: UNKNOWN_POOL (and the lines under it are not placed)', () => {
    expect(brief(errs('D\n#19\n1234#1'))).toEqual(['2 UNKNOWN_POOL']);
    expect(brief(errs('D\n#0\n1234#1'))).toEqual(['2 UNKNOWN_POOL']);
    expect(brief(errs('D\n#1M\n1234#1'))).toEqual(['2 UNKNOWN_POOL']);
  });

  it('the same number and bet type twice in a group: DUPLICATED_NUMBER on the second', () => {
    expect(brief(errs('D\n#1\n1234#1\n5678#1\n1234#2'))).toEqual(['5 DUPLICATED_NUMBER']);
    expect(MESSAGES.DUPLICATED_NUMBER).toBe('Duplicated Number');
    // A box of 4321 buys the same numbers as a box of 1234.
    expect(brief(errs('D\n#1\n*1234#1\n*4321#1'))).toEqual(['4 DUPLICATED_NUMBER']);
    expect(brief(errs('D\n#1\nR123#1\nr123#1'))).toEqual(['4 DUPLICATED_NUMBER']);
  });

  it('not duplicates: another bet type, another group, normal permutations', () => {
    expect(ok('D\n#1\n1234#1\n*1234#1\n**1234#1\n4321#1')).toHaveLength(4);
    expect(ok('D\n#1\nR123#1\n123R#1')).toHaveLength(2);
    expect(ok('D\n#1\n1234#1\n#1\n1234#1')).toHaveLength(2);
  });

  it('bad number: INVALID_BET_NUMBER', () => {
    for (const bad of ['1#1', '1234567#1', '12a4#1', '*R123#1', '***1234#1', 'R12#1', 'R1234#1', '12R3#1', 'abc#1', '*#1', '12*34']) {
      expect(brief(errs(`D\n#1\n${bad}`)), bad).toEqual(['3 INVALID_BET_NUMBER']);
    }
  });

  it('a line that is neither a selector nor a bet: UNRECOGNISED_BET_LINE', () => {
    expect(brief(errs('D\n#1\nhello\n1234#1'))).toEqual(['3 UNRECOGNISED_BET_LINE']);
  });

  it('a zero beside a stake is no stake on that code, as an empty field is', () => {
    expect(ok('D\n#1\n1234#0#1')[0].amounts).toEqual({ S: 100 });
    expect(ok('D\n#1\n1234#1#0.00#00#0.0#2')[0].amounts).toEqual({ B: 100, C: 200 });
    expect(ok('D\n#1\n1234#0#1', { today, codeOrder: ['S', 'B'] })[0].amounts).toEqual({ B: 100 });
    expect(brief(errs('D\n#1\n1234#0'))).toEqual(['3 NO_BET_AMOUNT']);
    expect(brief(errs('D\n#1\n1234#0#0.00'))).toEqual(['3 NO_BET_AMOUNT']);
  });

  it('bad amount: INVALID_BET_AMOUNT with the code', () => {
    expect(brief(errs('D\n#1\n1234#0.001'))).toEqual(['3 INVALID_BET_AMOUNT:B']);
    expect(brief(errs('D\n#1\n1234#1#1.234'))).toEqual(['3 INVALID_BET_AMOUNT:S']);
    expect(brief(errs('D\n#1\n1234#100000000'))).toEqual(['3 INVALID_BET_AMOUNT:B']);
    expect(brief(errs('D\n#1\n1234#-1##x'))).toEqual(['3 INVALID_BET_AMOUNT:B', '3 INVALID_BET_AMOUNT:4A']);
    expect(ok('D\n#1\n1234#99999999')[0].amounts).toEqual({ B: 9_999_999_900 });
    // A bad amount on a bet line is that, not a date line (a date line has no '#').
    expect(brief(errs('D\n#1\n1234#1/2'))).toEqual(['3 INVALID_BET_AMOUNT:B']);
  });

  it('a space inside a number or an amount is refused, never joined over', () => {
    expect(brief(errs('D\n#1\n1234#1 2'))).toEqual(['3 INVALID_BET_AMOUNT:B']);
    expect(brief(errs('D\n#1\n1234#1#2 .5'))).toEqual(['3 INVALID_BET_AMOUNT:S']);
    expect(brief(errs('D\n#1\n123 4##1'))).toEqual(['3 INVALID_BET_NUMBER']);
    // Around the separators and the markers it is layout.
    expect(ok('D\n#1\n 1234 # 1 # 2 ')[0].amounts).toEqual({ B: 100, S: 200 });
    expect(ok('D\n#1\n* 1234 #1')[0]).toMatchObject({ number: '1234', amounts: { B: 100 } });
  });

  it('more fields than codes: TOO_MANY_BET_AMOUNTS', () => {
    expect(brief(errs('D\n#1\n1234#1#1#1#1#1#1'))).toEqual(['3 TOO_MANY_BET_AMOUNTS']);
    expect(brief(errs('D\n#1\n1234#1#1', { today, codeOrder: ['B'] }))).toEqual(['3 TOO_MANY_BET_AMOUNTS']);
  });

  it('no stake on the line: NO_BET_AMOUNT', () => {
    for (const bad of ['1234', '1234#', '1234#####', '*1234##']) {
      expect(brief(errs(`D\n#1\n${bad}`)), bad).toEqual(['3 NO_BET_AMOUNT']);
    }
  });

  it('box or ibox of a single-permutation number: NUMBER_CANNOT_BE_BOXED', () => {
    expect(brief(errs('D\n#1\n*1111#1'))).toEqual(['3 NUMBER_CANNOT_BE_BOXED']);
    expect(brief(errs('D\n#1\n**1111#1'))).toEqual(['3 NUMBER_CANNOT_BE_BOXED']);
  });

  it('ibox stake below a cent per permutation: IBOX_AMOUNT_TOO_SMALL', () => {
    expect(brief(errs('D\n#1\n**1234#0.23'))).toEqual(['3 IBOX_AMOUNT_TOO_SMALL:B']);
    expect(ok('D\n#1\n**1234#0.24')[0].amounts).toEqual({ B: 24 });
  });

  it('a code that does not fit the number or the pool', () => {
    expect(brief(errs('D\n#1\n123#1'))).toEqual(['3 BET_CODE_NOT_FOR_NUMBER:B']);
    expect(brief(errs('D\n#1\n12345#1'))).toEqual(['3 BET_CODE_NOT_FOR_NUMBER:B']);
    expect(brief(errs('D\n#13\n12345#1', { today, codeOrder: ['5D'] }))).toEqual(['3 BET_CODE_NOT_FOR_POOL:5D']);
  });

  it('bad draw line: INVALID_DRAW, TOO_MANY_DRAWS', () => {
    expect(brief(errs('D0\n#1\n1234#1'))).toEqual(['1 INVALID_DRAW']);
    expect(brief(errs('Dx\n#1\n1234#1'))).toEqual(['1 INVALID_DRAW']);
    expect(brief(errs('D13\n#1\n1234#1'))).toEqual(['1 TOO_MANY_DRAWS']);
    const dates = Array.from({ length: 13 }, (_, i) => `${String(i + 11).padStart(2, '0')}/06`).join(',');
    expect(brief(errs(`${dates}\n#1\n1234#1`))).toEqual(['1 TOO_MANY_DRAWS']);
  });

  it('bad date: INVALID_BET_DATE; explicit past date: BET_DATE_PASSED', () => {
    expect(brief(errs('31/02\n#1\n1234#1'))).toEqual(['1 INVALID_BET_DATE']);
    expect(brief(errs('12/06,40/06\n#1\n1234#1'))).toEqual(['1 INVALID_BET_DATE']);
    expect(brief(errs('12/13\n#1\n1234#1'))).toEqual(['1 INVALID_BET_DATE']);
    expect(brief(errs('09/06/2025\n#1\n1234#1'))).toEqual(['1 BET_DATE_PASSED']);
    expect(brief(errs('09/06\n#1\n1234#1'))).toEqual(['1 BET_DATE_PASSED']);
  });

  it('untrustworthy account settings: INVALID_BET_SETTINGS', () => {
    const text = 'D\n#1\n1234#1';
    for (const c of [
      { today: '2025-13-01' },
      { today, codeOrder: [] },
      { today, codeOrder: ['B', 'X'] },
      { today, codeOrder: ['B', 'B'] },
      { today, eatSequence: '*' },
      { today, defaultPools: [9] },
    ]) {
      expect(brief(errs(text, c as ParseContext)), JSON.stringify(c)).toEqual(['0 INVALID_BET_SETTINGS']);
    }
  });

  it('collects every problem of every line, in line order, and places nothing', () => {
    const text = ['D', '#1', '1234#1', '*1111#1', '12#1', '5678#1#1#1#1#1#1', '1234#2', '**1234#0.1#x'].join('\n');
    const r = parseExpress(text, ctx);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : brief(r.errors)).toEqual([
      '4 NUMBER_CANNOT_BE_BOXED',
      '5 BET_CODE_NOT_FOR_NUMBER:B',
      '6 TOO_MANY_BET_AMOUNTS',
      '7 DUPLICATED_NUMBER',
      '8 INVALID_BET_AMOUNT:S',
      '8 IBOX_AMOUNT_TOO_SMALL:B',
    ]);
    expect('lines' in r).toBe(false);
  });

  it('keeps the raw line in each error', () => {
    const [e] = errs('D\r\n#1\r\n  1234#x  \r\n');
    expect(e).toEqual({ lineNo: 3, raw: '  1234#x  ', key: 'INVALID_BET_AMOUNT', code: 'B' });
  });

  it('every key it reports has an English message', () => {
    const keys = [
      'EMPTY_RECEIPT_STRING', 'NO_BET_LINES', 'SELECT_BET_DATE', 'SELECT_AT_LEAST_ONE_POOL', 'UNKNOWN_POOL',
      'DUPLICATED_NUMBER', 'INVALID_BET_NUMBER', 'UNRECOGNISED_BET_LINE', 'INVALID_BET_AMOUNT', 'TOO_MANY_BET_AMOUNTS',
      'NO_BET_AMOUNT', 'NUMBER_CANNOT_BE_BOXED', 'IBOX_AMOUNT_TOO_SMALL', 'BET_CODE_NOT_FOR_NUMBER',
      'BET_CODE_NOT_FOR_POOL', 'INVALID_DRAW', 'TOO_MANY_DRAWS', 'INVALID_BET_DATE', 'BET_DATE_PASSED',
      'INVALID_BET_SETTINGS', 'NO_BET_UNDER_LINE',
    ];
    for (const k of keys) expect(typeof (MESSAGES as Record<string, string>)[k], k).toBe('string');
  });
});
