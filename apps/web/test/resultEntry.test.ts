// Issue 29 line 8: result entry by keyboard and paste (features/results/slots.ts).
import { describe, expect, it } from 'vitest';
import { looksLikeWholeResult, nextSlot, parseWholeResult, readSlot } from '../src/features/results/slots';

const first3 = ['1234', '5678', '9012'];
const specials = ['1001', '1002', '----', '1003', '1004', '1005', '----', '1006', '1007', '1008', '----', '1009', '1010'];
const consolations = Array.from({ length: 10 }, (_, i) => String(2001 + i));

describe('one slot', () => {
  it('refuses a number longer than the slot instead of cutting it', () => {
    expect(readSlot('first', '12345678')).toEqual({ tooLong: 4 });
    expect(readSlot('first', '12 34')).toEqual({ value: '1234' });
    expect(readSlot('fiveD1', '12345')).toEqual({ value: '12345' });
    expect(readSlot('sixD', '1234567')).toEqual({ tooLong: 6 });
  });

  it('moves on in the order sources print: third to Special 1, Special 10 to Consolation 1, the last 4D slot to 5D where the form has it', () => {
    expect(nextSlot('4D', 'first')).toBe('second');
    expect(nextSlot('4D', 'third')).toBe('starter1');
    expect(nextSlot('4D', 'starter10')).toBe('consolation1');
    expect(nextSlot('4D', 'consolation10')).toBeNull();
    expect(nextSlot('4D+5D+6D', 'consolation10')).toBe('fiveD1');
  });
});

describe('a whole result pasted', () => {
  it('fills the 23 slots from a published result with labels, lines and ---- blanks', () => {
    const text = [
      'Magnum 4D  Draw No: 5123/25  Date: 22/11/2026',
      `1st Prize ${first3[0]}`,
      `2nd Prize ${first3[1]}`,
      `3rd Prize ${first3[2]}`,
      'Special',
      specials.join(' '),
      'Consolation',
      consolations.slice(0, 5).join('\t'),
      consolations.slice(5).join('  '),
    ].join('\n');
    expect(looksLikeWholeResult(text)).toBe(true);
    const parsed = parseWholeResult('4D', text);
    expect('values' in parsed && parsed.values).toMatchObject({
      first: '1234',
      second: '5678',
      third: '9012',
      starter1: '1001',
      starter3: '1003',
      starter10: '1010',
      consolation1: '2001',
      consolation10: '2010',
    });
  });

  it('takes the 5D and 6D numbers where the form has them, and refuses a result that is not whole', () => {
    const text = [...first3, ...specials, ...consolations, '12345', '23456', '34567', '123456'].join(' ');
    const parsed = parseWholeResult('4D+5D+6D', text);
    expect('values' in parsed && parsed.values).toMatchObject({ fiveD1: '12345', fiveD3: '34567', sixD: '123456' });
    expect(parseWholeResult('4D', [...first3, ...specials].join(' '))).toEqual({ count: 13 });
    expect(looksLikeWholeResult('1234')).toBe(false);
  });
});
