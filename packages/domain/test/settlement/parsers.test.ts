import { describe, expect, it } from 'vitest';
import { drawDateOf, parseDaMaCai, parseMagnum, ResultParseError } from '../../src/settlement/parsers';
import { validateResult } from '../../src/settlement/result';

// Pages shaped as the operators publish them: Magnum prints 13 special slots with three blanks, Da Ma Cai
// a starter list with its blanks; both are read into the 23 named slots and pass the result check.
const magnumPage = {
  PastResultsRange: {
    PastResults: [
      {
        DrawID: '4977/23',
        DrawDate: '25/11/2023',
        FirstPrize: '8490',
        SecondPrize: '2291',
        ThirdPrize: '1614',
        ...Object.fromEntries(['0365', '----', '5177', '2712', '----', '9016', '3340', '7721', '----', '6412', '0958', '4403', '1187'].map((n, i) => [`Special${i + 1}`, n])),
        ...Object.fromEntries(['5568', '0712', '3349', '8821', '2210', '6634', '9905', '4471', '1058', '7382'].map((n, i) => [`Console${i + 1}`, n])),
        Jackpot1Amount: 'RM 12,345,678.90',
      },
    ],
  },
};

const damacaiPage = {
  drawDate: '20231125',
  drawNo: '5690/23',
  p1: '1572',
  p2: '3118',
  p3: '3873',
  starterList: ['4467', '0932', '----', '2285', '7719', '6601', '----', '5530', '8843', '----', '1196', '0074', '3321'],
  consolidateList: ['9015', '2268', '7734', '0401', '5587', '3312', '6649', '8170', '4923', '1806'],
};

describe('result pages', () => {
  it('reads a Magnum page into the named slots, blanks dropped, order kept', () => {
    const r = parseMagnum(magnumPage);
    expect(r.drawDate).toBe('2023-11-25');
    expect(r.numbers.fourD.first).toBe('8490');
    expect(r.numbers.fourD.starter).toEqual(['0365', '5177', '2712', '9016', '3340', '7721', '6412', '0958', '4403', '1187']);
    expect(r.numbers.fourD.consolation).toHaveLength(10);
    expect(validateResult(1, r.numbers)).toEqual([]);
  });

  it('reads a Da Ma Cai page into the named slots', () => {
    const r = parseDaMaCai(damacaiPage);
    expect(r.drawDate).toBe('2023-11-25');
    expect(r.numbers.fourD).toMatchObject({ first: '1572', second: '3118', third: '3873' });
    expect(r.numbers.fourD.starter).toHaveLength(10);
    expect(validateResult(2, r.numbers)).toEqual([]);
  });

  it('keeps the leading zeros of numbers a page sent as JSON numbers', () => {
    const r = parseDaMaCai({ ...damacaiPage, p1: 123, consolidateList: [9015, 2268, 7734, 401, 5587, 3312, 6649, 8170, 4923, 1806] });
    expect(r.numbers.fourD.first).toBe('0123');
    expect(r.numbers.fourD.consolation[3]).toBe('0401');
  });

  it('reads the draw date however a relaying page writes it, and refuses what is no date', () => {
    for (const s of ['25/11/2023', '25-11-2023', '2023-11-25', '20231125', '2023-11-25T00:00:00', 'Sat, 25/11/2023', '2023-11-25 19:00']) {
      expect(drawDateOf(s)).toBe('2023-11-25');
    }
    for (const s of ['', '31/02/2023', '2023-13-01', 'tomorrow', '25/11/23']) expect(() => drawDateOf(s)).toThrow(ResultParseError);
  });
});
