import { describe, expect, it } from 'vitest';
import { BET_LANGUAGE_HELP, BetType, costLine, expandNumber, parseExpress } from '@app/domain';
import { buildExpressPreview, lineErrorsOf, lineFigures, lineKind } from '../src/features/betting/preview';
import {
  amountsInCents,
  changeDrawPick,
  checkGrid,
  drawSelectorOf,
  isBlankRow,
  newRow,
  NEXT_DRAW,
  serverErrorsToRows,
  toApiRow,
  type GridRow,
} from '../src/features/betting/webOrder';
import { checkAutoTicketText } from '../src/features/betting/autoTicket';
import { mixedDraws } from '../src/features/betting/drawClock';

const ctx = { eatSequence: '*/**' as const, today: '2026-11-22' };

describe('express preview', () => {
  it('reads a box and a roll: expanded numbers and gross in cents', () => {
    const p = buildExpressPreview('D\n#1\n*1234#1\nR123#1', ctx);
    expect(p.ok).toBe(true);
    expect(p.lines).toBe(2);
    expect(p.rows.map((r) => r.kind)).toEqual(['draw', 'pools', 'bet', 'bet']);
    // *1234 boxes 24 permutations at 1.00 each, R123 rolls 10 numbers at 1.00 each.
    expect(p.rows[2]).toMatchObject({ lineNo: 3, numbers: 24, gross: 2400 });
    expect(p.rows[3]).toMatchObject({ lineNo: 4, numbers: 10, gross: 1000 });
    expect(p.numbers).toBe(34);
    expect(p.gross).toBe(3400);
  });

  it('multiplies by pools and draws, and adds every code of a line', () => {
    const p = buildExpressPreview('D2\n#123\n1234#1#0.5', ctx);
    // (1.00 + 0.50) x 3 pools x 2 draws
    expect(p.gross).toBe(900);
    expect(p.numbers).toBe(6);
    expect(p.rows[2].line?.amounts).toEqual({ B: 100, S: 50 });
  });

  it('reads the box markers by the owner eat sequence: ** is box when it is **/*', () => {
    const normal = buildExpressPreview('D\n#1\n*1234#24', ctx);
    const reversed = buildExpressPreview('D\n#1\n*1234#24', { ...ctx, eatSequence: '**/*' });
    expect(normal.rows[2].line?.betType).toBe(BetType.Box);
    expect(normal.gross).toBe(24 * 2400);
    expect(reversed.rows[2].line?.betType).toBe(BetType.IBox);
    // ibox shares the stake: the gross is the stake itself.
    expect(reversed.gross).toBe(2400);
  });

  it('names every bad line with its key and keeps the good lines in the totals', () => {
    const p = buildExpressPreview('D\n#1\n1234#1\n1111x\n*1111#1\n1234#2\n5678#1', ctx);
    expect(p.ok).toBe(false);
    const problems = Object.fromEntries(p.rows.filter((r) => r.problems.length).map((r) => [r.lineNo, r.problems.map((x) => x.key)]));
    expect(problems).toEqual({ 4: ['UNRECOGNISED_BET_LINE'], 5: ['NUMBER_CANNOT_BE_BOXED'], 6: ['DUPLICATED_NUMBER'] });
    expect(p.rows.find((r) => r.lineNo === 3)?.line?.number).toBe('1234');
    expect(p.rows.find((r) => r.lineNo === 7)?.gross).toBe(100);
    expect(p.lines).toBe(2);
    expect(p.gross).toBe(200);
  });

  it('leaves the bet lines under a bad pools or draw line unread (no borrowed earlier pools)', () => {
    const p = buildExpressPreview('D\n#1\n1234#1\n#9\n5678#1\n#2\n9012#1', ctx);
    expect(p.rows.find((r) => r.lineNo === 4)?.problems[0].key).toBe('UNKNOWN_POOL');
    const unread = p.rows.find((r) => r.lineNo === 5)!;
    expect(unread.line).toBeUndefined();
    expect(unread.problems).toEqual([]);
    expect(p.rows.find((r) => r.lineNo === 7)?.line?.pools).toEqual([2]);
    expect(p.gross).toBe(200);
  });

  it('reports a missing draw or pools once per group, and the text-wide problems apart', () => {
    const p = buildExpressPreview('#1\n1234#1\n5678#1', ctx);
    expect(p.rows.find((r) => r.lineNo === 2)?.problems.map((x) => x.key)).toEqual(['SELECT_BET_DATE']);
    expect(p.rows.find((r) => r.lineNo === 3)?.problems).toEqual([]);
    expect(buildExpressPreview('   \n', ctx).general).toEqual([{ key: 'EMPTY_RECEIPT_STRING' }]);
    expect(buildExpressPreview('D\n#1', ctx).general).toEqual([{ key: 'NO_BET_LINES' }]);
  });

  it('resolves DD/MM against the business date and refuses a past DD/MM/YYYY', () => {
    const p = buildExpressPreview('25/11,28/11\n#1\n1234#1', ctx);
    expect(p.rows[2].line?.draw).toEqual({ kind: 'dates', dates: ['2026-11-25', '2026-11-28'] });
    // 21/11 is a few days behind the business date: it has passed (not next year's, decision 0044).
    expect(buildExpressPreview('21/11\n#1\n1234#1', ctx).rows[0].problems[0].key).toBe('BET_DATE_PASSED');
    expect(buildExpressPreview('21/11/2026\n#1\n1234#1', ctx).rows[0].problems[0].key).toBe('BET_DATE_PASSED');
  });

  it('reads a bet line with a / in an amount as a bet line, and keeps the lines after it', () => {
    const p = buildExpressPreview('D\n#1\n1234#1/2\n5678#1', ctx);
    expect(p.rows[2].problems).toEqual([{ key: 'INVALID_BET_AMOUNT', code: 'B' }]);
    expect(p.rows[3].line?.number).toBe('5678');
  });

  it('names the bet code of an amount problem', () => {
    const p = buildExpressPreview('D\n#1\n12#1', ctx);
    expect(p.rows[2].problems).toEqual([{ key: 'BET_CODE_NOT_FOR_NUMBER', code: 'B' }]);
  });

  it('the help sample reads cleanly', () => {
    expect(buildExpressPreview(BET_LANGUAGE_HELP, ctx).ok).toBe(true);
  });

  it('classifies lines as the parser does', () => {
    expect(['D', 'd3', '12/06', '#12', '1234#1', 'R123#1'].map(lineKind)).toEqual(['draw', 'draw', 'draw', 'pools', 'bet', 'bet']);
  });

  it('reads full-width text from a Chinese input method as the server does, never "not read"', () => {
    expect(['Ｄ', 'Ｄ２', '１２／０６', '＃２', '＃\u00a0１', '\u200b#1', '１２３４＃１', '\u200b\u200b'].map(lineKind)).toEqual(['draw', 'draw', 'draw', 'pools', 'pools', 'pools', 'bet', null]);
    const p = buildExpressPreview('Ｄ\n＃２\n１２３４＃１＃１\n＊５６７８＃２', ctx);
    expect(p.ok).toBe(true);
    expect(p.rows.map((r) => [r.lineNo, r.kind, r.line?.number ?? null, r.gross])).toEqual([
      [1, 'draw', null, 0],
      [2, 'pools', null, 0],
      [3, 'bet', '1234', 200],
      [4, 'bet', '5678', 24 * 200],
    ]);
    expect(p.rows[2].line?.pools).toEqual([2]);
    // The line is shown as received.
    expect(p.rows[2].raw).toBe('１２３４＃１＃１');
  });

  it('reads a refusal naming lines', () => {
    expect([...lineErrorsOf({ 'line.3': 'NO_DRAW', 'line.10': 'DRAW_CLOSED', available: 5, other: 'x' })]).toEqual([
      [3, 'NO_DRAW'],
      [10, 'DRAW_CLOSED'],
    ]);
    expect(lineErrorsOf(null).size).toBe(0);
  });
});

const row = (over: Partial<GridRow>): GridRow => ({ ...newRow(), ...over });

describe('web order grid rows', () => {
  it('converts typed units to integer cents, leaving out empty and zero amounts', () => {
    expect(amountsInCents({ B: 1.1, S: 0.05, '4A': 0, A: undefined, C: 12345678.99 })).toEqual({ B: 110, S: 5, C: 1234567899 });
  });

  it('a grid row becomes the API row: cents, sorted distinct pools, the draw selector', () => {
    const r = row({ number: '1234', betType: BetType.Box, amounts: { B: 2, S: 0.5 }, pools: [3, 1, 3], draw: ['2026-11-28', '2026-11-25'] });
    expect(toApiRow(r)).toEqual({ number: '1234', betType: 2, amounts: { B: 200, S: 50 }, pools: [1, 3], draw: { kind: 'dates', dates: ['2026-11-25', '2026-11-28'] } });
    expect(toApiRow(row({ number: '12', amounts: { A: 1 }, pools: [1] })).draw).toEqual({ kind: 'next', count: 1 });
  });

  it('reads the draw field: next wins, dates sorted, nothing is null', () => {
    expect(drawSelectorOf([NEXT_DRAW])).toEqual({ kind: 'next', count: 1 });
    expect(drawSelectorOf([])).toBeNull();
    expect(drawSelectorOf(['2026-12-02', '2026-11-29'])).toEqual({ kind: 'dates', dates: ['2026-11-29', '2026-12-02'] });
    expect(changeDrawPick([NEXT_DRAW], [NEXT_DRAW, '2026-11-25'])).toEqual(['2026-11-25']);
    expect(changeDrawPick(['2026-11-25'], ['2026-11-25', NEXT_DRAW])).toEqual([NEXT_DRAW]);
    expect(changeDrawPick(['2026-11-25', '2026-11-28'], ['2026-11-28'])).toEqual(['2026-11-28']);
  });

  it('skips blank rows and totals the good ones (client preview)', () => {
    const rows = [
      row({ number: '1234', betType: BetType.Box, amounts: { B: 1 }, pools: [1, 2] }),
      row({}),
      row({ number: '123', betType: BetType.PH, amounts: { B: 1, S: 1 }, pools: [1] }),
    ];
    expect(isBlankRow(rows[1])).toBe(true);
    const c = checkGrid(rows, ctx);
    expect(c.errors.size).toBe(0);
    expect(c.sentIds).toEqual([rows[0].id, rows[2].id]);
    expect(c.gross.get(rows[0].id)).toBe(24 * 100 * 2);
    expect(c.gross.get(rows[2].id)).toBe(10 * 200);
    expect(c.totalGross).toBe(4800 + 2000);
    expect(c.totalNumbers).toBe(48 + 10);
    expect(c.apiRows[1]).toEqual({ number: '123', betType: 4, amounts: { B: 100, S: 100 }, pools: [1], draw: { kind: 'next', count: 1 } });
    expect(checkGrid([row({}), row({})], ctx).empty).toBe(true);
  });

  it('checks pools, bet date and duplicates before any call (SPEC 5 messages)', () => {
    const a = row({ number: '1234', amounts: { B: 1 }, pools: [] });
    const b = row({ number: '5678', amounts: { B: 1 }, pools: [1], draw: [] });
    const c = row({ number: '1111', amounts: { B: 1 }, pools: [1] });
    const d = row({ number: '1111', amounts: { B: 2 }, pools: [1] });
    const e = row({ number: '1111', betType: BetType.Box, amounts: { B: 1 }, pools: [1] });
    const f = row({ number: '9', amounts: { B: 1 }, pools: [1] });
    const h = row({ number: '12', amounts: { B: 1 }, pools: [1] });
    const check = checkGrid([a, b, c, d, e, f, h], ctx);
    expect(Object.fromEntries([...check.errors].map(([id, key]) => [[a, b, c, d, e, f, h].findIndex((r) => r.id === id) + 1, key]))).toEqual({
      1: 'SELECT_AT_LEAST_ONE_POOL',
      2: 'SELECT_BET_DATE',
      4: 'DUPLICATED_NUMBER',
      5: 'NUMBER_CANNOT_BE_BOXED',
      6: 'INVALID_BET_NUMBER',
      7: 'BET_CODE_NOT_FOR_NUMBER',
    });
    expect(checkGrid([row({ number: '4321', pools: [1] })], ctx).errors.values().next().value).toBe('NO_BET_AMOUNT');
    expect(check.sentIds).toEqual([c.id]);
  });

  it('refuses a picked date on which a chosen pool has no open draw', () => {
    const openDraws = new Map([['2026-11-25', new Set([1, 2, 8])]]);
    const good = row({ number: '1234', amounts: { B: 1 }, pools: [1, 8], draw: ['2026-11-25'] });
    const bad = row({ number: '5678', amounts: { B: 1 }, pools: [1, 4], draw: ['2026-11-25'] });
    const c = checkGrid([good, bad], { ...ctx, openDraws });
    expect(c.errors.get(good.id)).toBeUndefined();
    expect(c.errors.get(bad.id)).toBe('NO_DRAW');
  });

  it('maps the server line.N (position among the rows sent) back to grid rows', () => {
    const rows = [row({ number: '1234', amounts: { B: 1 }, pools: [1] }), row({}), row({ number: '5678', amounts: { B: 1 }, pools: [1] })];
    const c = checkGrid(rows, ctx);
    const byRow = serverErrorsToRows(new Map([[2, 'DRAW_CLOSED'], [9, 'NO_DRAW']]), c.sentIds);
    expect([...byRow]).toEqual([[rows[2].id, 'DRAW_CLOSED']]);
  });
});

describe('auto ticket text', () => {
  const check = (text: string) => checkAutoTicketText(buildExpressPreview(text, ctx));

  it('accepts the next draw or one date, and names the date', () => {
    expect(check('D\n#12\n1234#1\n*5678#1')).toEqual({ problems: new Map(), date: undefined });
    expect(check('25/11\n#1\n1234#1\n#2\n5678#1')).toEqual({ problems: new Map(), date: '2026-11-25' });
  });

  it('refuses more than one date: D2, two dates, or two groups with different draws (SPEC 5 message)', () => {
    expect([...check('D2\n#1\n1234#1').problems]).toEqual([[3, 'AUTO_TICKET_ONE_DATE']]);
    expect([...check('25/11,28/11\n#1\n1234#1').problems]).toEqual([[3, 'AUTO_TICKET_ONE_DATE']]);
    expect([...check('D\n#1\n1234#1\n25/11\n5678#1').problems]).toEqual([[5, 'AUTO_TICKET_ONE_DATE']]);
  });
});

describe('D on pools whose next draws differ', () => {
  const clock = {
    serverTime: '2026-12-02T11:00:00.000Z',
    businessDate: '2026-12-02',
    timeZone: 'Asia/Kuala_Lumpur',
    receivedAt: 0,
    pools: [
      // M still sells today's draw; H's cutoff for today passed, so its next draw is tomorrow.
      { poolId: 1, letter: 'M', name: 'M', active: true, draws: ['2026-12-02', '2026-12-05'].map((d) => ({ drawId: 1, drawDate: d, isSpecial: false, cutoffAt: `${d}T12:00:00.000Z`, cutoffHour: 20, cutoffMinute: 0, ownCutoff: false, msLeft: 0 })) },
      { poolId: 8, letter: 'H', name: 'H', active: true, draws: ['2026-12-02', '2026-12-03'].map((d) => ({ drawId: 2, drawDate: d, isSpecial: false, cutoffAt: `${d}T10:00:00.000Z`, cutoffHour: 18, cutoffMinute: 0, ownCutoff: false, msLeft: 0 })) },
    ],
  };
  const now = Date.parse('2026-12-02T11:00:00.000Z');
  const line = (lineNo: number, pools: number[], draw: { kind: 'next'; count: number } | { kind: 'dates'; dates: string[] }) => ({ lineNo, pools: pools as never, draw });

  it('names the lines and each pool\'s dates, grouped; one pool, explicit dates and matching draws say nothing', () => {
    const next = { kind: 'next', count: 1 } as const;
    expect(mixedDraws([line(3, [1, 8], next), line(4, [1, 8], next), line(6, [1], next), line(7, [1, 8], { kind: 'dates', dates: ['2026-12-05'] })], clock, now)).toEqual([
      { lineNos: [3, 4], byPool: [[1, ['2026-12-02']], [8, ['2026-12-03']]] },
    ]);
    expect(mixedDraws([line(3, [1, 8], { kind: 'next', count: 2 })], clock, now)[0].byPool).toEqual([[1, ['2026-12-02', '2026-12-05']], [8, ['2026-12-03']]]);
    // Before H's cutoff both buy today: nothing to say.
    expect(mixedDraws([line(3, [1, 8], next)], clock, Date.parse('2026-12-02T09:00:00.000Z'))).toEqual([]);
    expect(mixedDraws([line(3, [1, 8], next)], undefined, now)).toEqual([]);
  });
});

describe('preview figures', () => {
  it('counts numbers and gross as the bet language expands and costs them, without listing the numbers', () => {
    const parsed = parseExpress('D2\n#123\n1234#1#2\n*1123#1#0.5\n**1234#2.4\nR123#1\n123R##1\n123#1', { today: '2026-11-22', codeOrder: ['A', 'B', 'S'] });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    for (const line of parsed.lines) {
      expect(lineFigures(line)).toEqual({
        numbers: expandNumber(line.number, line.betType).numbers.length * line.pools.length * 2,
        gross: costLine(line, { commissionPct: {} }).gross,
      });
    }
  });
});
