import { describe, expect, it } from 'vitest';
import { parseExpress, translateToBetString } from '../../src/index';

describe('translateToBetString: a posting lot as express text for a remote agent', () => {
  const items = [
    { number: '1234', betCode: 'B', amount: 500 },
    { number: '0007', betCode: 'S', amount: 200 },
    { number: '1234', betCode: 'S', amount: 100 },
    { number: '1234', betCode: 'B', amount: 50 },
  ];

  it('writes the draw in full, one line per number in the remote code order, amounts summed', () => {
    const text = translateToBetString(items, { drawDate: '2026-11-25', poolId: 1, codeOrder: ['B', 'S'], today: '2026-11-24' });
    expect(text).toBe('25/11/2026\n#1\n0007##2\n1234#5.5#1');
  });

  it('reads back as the same draw and amounts, on the draw day and after it (a resend under the same key)', () => {
    const ctx = { drawDate: '2026-11-25', poolId: 1, codeOrder: ['B', 'S'] as const, today: '2026-11-24' };
    const before = translateToBetString(items, { ...ctx, codeOrder: [...ctx.codeOrder] });
    const after = translateToBetString(items, { ...ctx, codeOrder: [...ctx.codeOrder], today: '2026-11-26' });
    expect(after).toBe(before);
    const r = parseExpress(before, { today: '2026-11-25', codeOrder: ['B', 'S'] });
    expect(r.ok && r.lines.map((l) => [l.number, l.draw, l.amounts])).toEqual([
      ['0007', { kind: 'dates', dates: ['2026-11-25'] }, { S: 200 }],
      ['1234', { kind: 'dates', dates: ['2026-11-25'] }, { B: 550, S: 100 }],
    ]);
  });
});
