import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES, parseExpress, type ParseContext, type ParseResult } from '../../src/index';

const today = '2025-06-10';

/** What any outcome must look like: a result, never a crash, with well-formed errors or lines. */
function checkShape(text: string, r: ParseResult): void {
  const rows = typeof text === 'string' ? text.split(/\r\n|\r|\n/) : [];
  if (r.ok) {
    expect(r.lines.length).toBeGreaterThan(0);
    for (const l of r.lines) {
      expect(l.raw).toBe(rows[l.lineNo - 1]);
      expect(Object.values(l.amounts).every((c) => Number.isSafeInteger(c) && c > 0)).toBe(true);
    }
    return;
  }
  expect(r.errors.length).toBeGreaterThan(0);
  for (const e of r.errors) {
    expect(e.key).not.toBe('INTERNAL_SERVER_ERROR');
    expect(MESSAGES).toHaveProperty(e.key);
    expect(e.lineNo).toBeGreaterThanOrEqual(0);
    expect(e.lineNo).toBeLessThanOrEqual(rows.length);
    expect(e.raw).toBe(e.lineNo === 0 ? '' : rows[e.lineNo - 1]);
  }
  const order = r.errors.map((e) => e.lineNo);
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

const soup = fc
  .array(
    fc.oneof(
      fc.constantFrom('D', 'd', 'D2', 'D0', 'D99999999999999999999', '#', '*', '**', 'R', 'r', '/', ',', '.', ' ', '\t',
        '\n', '\r\n', '\r', '0', '1', '9', '1234', '1111', '12/06', '29/02', '31/12/9999', '99999999', '0.01', '-', 'x',
        '１', '\u00a0', '\u2028', 'e5', '__proto__', 'constructor'),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('fuzzed input never throws', () => {
  it('arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const r = parseExpress(text, { today, defaultPools: [1] });
        checkShape(text, r);
      }),
      { numRuns: 1000 },
    );
  });

  it('express-like token soup, under every eat sequence and code order', () => {
    fc.assert(
      fc.property(
        soup,
        fc.constantFrom<ParseContext>(
          { today },
          { today, defaultPools: [1, 3], eatSequence: '**/*' },
          { today, codeOrder: ['5D', '6D', '2A', 'B'], defaultPools: [3] },
        ),
        (text, ctx) => checkShape(text, parseExpress(text, ctx)),
      ),
      { numRuns: 2000 },
    );
  });

  it('arbitrary values for the text and the settings', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (text, ctx) => {
        const r = parseExpress(text as string, ctx as ParseContext);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) for (const e of r.errors) expect(e.key).not.toBe('INTERNAL_SERVER_ERROR');
      }),
      { numRuns: 500 },
    );
  });

  it('a code named like an object property does not confuse the amount map', () => {
    const r = parseExpress('D\n#1\n1234#1', { today, codeOrder: ['__proto__'] });
    expect(r).toEqual({ ok: false, errors: [{ lineNo: 0, raw: '', key: 'INVALID_BET_SETTINGS' }] });
  });

  it('a long paste of thousands of lines parses quickly', () => {
    const rows = ['D', '#1234'];
    for (let i = 0; i < 5000; i++) rows.push(`${String(i).padStart(4, '0')}#1#1##0.5#0.5`);
    const t0 = performance.now();
    const r = parseExpress(rows.join('\n'), { today });
    expect(r.ok && r.lines.length).toBe(5000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
