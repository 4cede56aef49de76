import { describe, expect, it } from 'vitest';
import { amountToCents, drawDateOf, parseBackOffice, parseDaMaCai, parseMagnum, resultLinkOf, ResultParseError, siteTellsPoolsApart } from '../../src/settlement/parsers';
import { PoolId } from '../../src/enums';
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
  it('reads the pool\'s jackpots by the names the operators use, not other games\' on the same page', () => {
    const [record] = magnumPage.PastResultsRange.PastResults;
    expect(parseMagnum(magnumPage).jackpots).toEqual({ jackpot1: 1234567890, jackpot2: null });
    const page = { ...record, Jackpot1Amount: 18291424.63, Jackpot2Amount: '1,250,000.00', GoldJackpot1Amount: '99.00', PowerballJackpot1Amount: '98.00' };
    expect(parseMagnum(page).jackpots).toEqual({ jackpot1: 1829142463, jackpot2: 125000000 });
    expect(parseMagnum({ ...record, Jackpot1Amount: undefined, GoldJackpot1Amount: '99.00' }).jackpots).toBeUndefined();
    expect(parseDaMaCai({ ...damacaiPage, '1+3DJackpot1': '5,077,162.10', '1+3DJackpot2': '312,456.00', '3DJackpot': '1.00' }).jackpots).toEqual({ jackpot1: 507716210, jackpot2: 31245600 });
  });

  it('reads an amount only when it is one', () => {
    expect(amountToCents('RM 18,291,424.63')).toBe(1829142463);
    expect(amountToCents('MYR 2,000')).toBe(200000);
    expect(amountToCents(12.5)).toBe(1250);
    for (const v of ['RM 2.6 million', 'about 3000', '1.234', '', '-5', null, {}]) expect(amountToCents(v)).toBeNull();
  });

  it('picks the draw asked for from a page of several draws', () => {
    const [record] = magnumPage.PastResultsRange.PastResults;
    const page = { PastResultsRange: { PastResults: [{ ...record, DrawDate: '22/11/2023', FirstPrize: '1111' }, record] } };
    expect(parseMagnum(page, '2023-11-25').numbers.fourD.first).toBe('8490');
    expect(parseMagnum(page).drawDate).toBe('2023-11-22');
  });

  it('reads several pools in an operator\'s shape only from a URL that tells them apart', () => {
    const site = (urlTemplate: string, pools: number[], format: 'magnum' | 'backoffice' = 'magnum') => ({ format, urlTemplate, pools });
    expect(siteTellsPoolsApart(site('https://a/{date}', [PoolId.Magnum]))).toBe(true);
    expect(siteTellsPoolsApart(site('https://a/{poolId}/{date}', [PoolId.Magnum, PoolId.Toto]))).toBe(true);
    expect(siteTellsPoolsApart(site('https://a/{date}', [PoolId.Magnum, PoolId.Toto]))).toBe(false);
    expect(siteTellsPoolsApart(site('https://a/{date}', [PoolId.Magnum, PoolId.Toto], 'backoffice'))).toBe(true);
  });

  it('follows Da Ma Cai\'s pointer to its result file, and nothing else', () => {
    const link = 'https://example.blob.core.windows.net/drawresult/DrawDate/20260222.json?sv=1';
    expect(resultLinkOf('damacai', { link })).toBe(link);
    expect(resultLinkOf('damacai', damacaiPage)).toBeNull();
    expect(resultLinkOf('damacai', { link: 'file:///etc/passwd' })).toBeNull();
    expect(resultLinkOf('magnum', { link })).toBeNull();
  });

  it('names what is wrong in another installation\'s page instead of failing on it', () => {
    const page = (numbers: unknown) => ({ data: [{ poolId: 3, status: 'released', drawDate: '2024-06-30', numbers }] });
    expect(() => parseBackOffice(page({}), PoolId.Toto)).toThrow(/no fourD/);
    expect(() => parseBackOffice(page({ fourD: { first: '1', second: '2', third: '3', starter: '6546,1251', consolation: [] } }), PoolId.Toto)).toThrow(/starter is not a list/);
    expect(() => parseBackOffice(page({ fourD: { first: '1', second: '2', third: '3', starter: [], consolation: [] }, fiveD: ['1'] }), PoolId.Toto)).toThrow(/fiveD/);
  });
});
