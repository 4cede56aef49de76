import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BET_LANGUAGE_HELP,
  BetLanguageError,
  BetType,
  formatBetLine,
  formatDrawSelector,
  formatExpress,
  formatNumberToken,
  parseExpress,
} from '../../src/index';
import { scenarioArb, semantic } from './arbitraries';

const today = '2025-06-10';

describe('formatExpress: canonical express text', () => {
  it('writes the DOMAIN.md sample back as it was', () => {
    const r = parseExpress(BET_LANGUAGE_HELP, { today });
    expect(r.ok && formatExpress(r.lines, { today })).toBe(BET_LANGUAGE_HELP);
  });

  it('writes markers per eat sequence, rolls with R', () => {
    expect(formatNumberToken('1234', BetType.Box)).toBe('*1234');
    expect(formatNumberToken('1234', BetType.IBox)).toBe('**1234');
    expect(formatNumberToken('1234', BetType.Box, '**/*')).toBe('**1234');
    expect(formatNumberToken('1234', BetType.IBox, '**/*')).toBe('*1234');
    expect(formatNumberToken('123', BetType.PH)).toBe('R123');
    expect(formatNumberToken('123', BetType.PB)).toBe('123R');
    expect(() => formatNumberToken('1234', BetType.PH)).toThrow(BetLanguageError);
  });

  it('writes draws as D, Dn, DD/MM or DD/MM/YYYY', () => {
    expect(formatDrawSelector({ kind: 'next', count: 1 }, today)).toBe('D');
    expect(formatDrawSelector({ kind: 'next', count: 3 }, today)).toBe('D3');
    expect(formatDrawSelector({ kind: 'dates', dates: ['2025-06-12', '2026-06-12'] }, today)).toBe('12/06,12/06/2026');
  });

  it('writes amounts in the code order, dropping trailing empty fields', () => {
    const line = { draw: { kind: 'next' as const, count: 1 }, pools: [1 as const], number: '1234', betType: BetType.Normal };
    expect(formatBetLine({ ...line, amounts: { S: 150, A: 5 } }, {})).toBe('1234##1.5##0.05');
    expect(formatBetLine({ ...line, amounts: { B: 100 } }, { codeOrder: ['C', 'B', 'S'] })).toBe('1234##1');
    expect(() => formatBetLine({ ...line, amounts: { '5D': 100 } }, {})).toThrow(BetLanguageError);
  });

  it('starts a new group when draw or pools change, or a number would repeat in its group', () => {
    const base = { draw: { kind: 'next' as const, count: 1 }, pools: [1 as const], betType: BetType.Normal, amounts: { B: 100 } };
    const text = formatExpress(
      [
        { ...base, number: '1234' },
        { ...base, number: '5678' },
        { ...base, number: '1234' },
        { ...base, number: '1234', pools: [1, 2] },
      ],
      { today },
    );
    expect(text).toBe(['D', '#1', '1234#1', '5678#1', 'D', '#1', '1234#1', 'D', '#12', '1234#1'].join('\n'));
    expect(parseExpress(text, { today }).ok).toBe(true);
  });
});

describe('round trip (property)', () => {
  it('parse(format(lines)) gives the same bets, each at the line it was written on', () => {
    fc.assert(
      fc.property(scenarioArb, ({ ctx, lines }) => {
        const text = formatExpress(lines, ctx);
        const r = parseExpress(text, ctx);
        if (!r.ok) throw new Error(`${text}\n${JSON.stringify(r.errors)}`);
        expect(r.lines.map(semantic)).toEqual(lines);
        const rows = text.split('\n');
        for (const l of r.lines) expect(l.raw).toBe(rows[l.lineNo - 1]);
      }),
      { numRuns: 300 },
    );
  });

  it('format ∘ parse ∘ format = format', () => {
    fc.assert(
      fc.property(scenarioArb, ({ ctx, lines }) => {
        const text = formatExpress(lines, ctx);
        const r = parseExpress(text, ctx);
        expect(r.ok && formatExpress(r.lines, ctx)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('whatever text parses, its canonical form parses to the same bets', () => {
    const token = fc.constantFrom(
      'D', 'D2', 'd3', '12/06', '01/01,02/01', '#1', '#23', '#8', '1234#1', '*1234#1#2', '**4321##0.5',
      'R123#1', '123r#2', '5678###1', '123####1#1', '  ', '', '1122#0.01', '*1123#3.33',
    );
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 20 }), fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        const ctx = { today, defaultPools: [1 as const] };
        const r = parseExpress(rows.join(eol), ctx);
        fc.pre(r.ok);
        if (!r.ok) return;
        const canonical = formatExpress(r.lines, ctx);
        const again = parseExpress(canonical, ctx);
        expect(again.ok && again.lines.map(semantic)).toEqual(r.lines.map(semantic));
        expect(again.ok && formatExpress(again.lines, ctx)).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });
});
