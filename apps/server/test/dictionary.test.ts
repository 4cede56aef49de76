// The number dictionary (/number-meaning): numbers by keyword and keywords by number, from the dataset
// the project ships.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary, lookUp } from '../src/modules/dictionary/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let player: string;
let playerId: number;
beforeAll(async () => {
  t = await createTestApp();
  playerId = await t.createUser({ username: 'dictplayer', password: 'Passw0rd!', roleId: 5, skipTnc: true });
  player = await t.login('dictplayer', 'Passw0rd!');
});
afterAll(async () => t?.close());

const tip = (keyword: string, cookie = player, extra: Record<string, string | number> = {}) =>
  t.request({ url: '/api/Configuration/GetTipSourceByKeyword', cookie, query: { keyword, ...extra } });

describe('the dataset', () => {
  it('is the project’s own compilation of a few hundred entries, every number four digits', () => {
    const dict = loadDictionary();
    expect(dict.source).toMatch(/project's own compilation/);
    expect(dict.entries.length).toBeGreaterThanOrEqual(300);
    for (const e of dict.entries) {
      expect(e.number).toMatch(/^\d{4}$/);
      expect(e.en.trim()).not.toBe('');
      expect(e.zh.trim()).not.toBe('');
    }
  });

  it('refuses a broken dataset when loading, so a bad file stops the start', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dict-')), 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'x', source: 'x', version: 1, entries: [{ number: '12345', en: 'a', zh: 'b', category: 'c' }] }));
    expect(() => loadDictionary(file)).toThrow();
  });
});

describe('Configuration/GetTipSourceByKeyword', () => {
  it('gives the meanings of a number, then those of its permutations', async () => {
    const res = await tip('8888');
    expect(res.status).toBe(200);
    expect(res.body.data.items[0]).toEqual({ number: '8888', en: 'prosperity four times', zh: '发发发发', category: 'luck', match: 'exact' });
    const perm = await tip('8861');
    const matches = perm.body.data.items.map((i: { number: string; match: string }) => `${i.number}:${i.match}`);
    expect(matches).toContain('1688:permutation');
    expect(matches).toContain('8168:permutation');
    expect(perm.body.data.source).toMatch(/own compilation/);
  });

  it('gives the numbers ending or starting with fewer digits (3D)', async () => {
    const res = await tip('168');
    const numbers = res.body.data.items.map((i: { number: string }) => i.number);
    expect(numbers).toEqual(expect.arrayContaining(['1688', '0168', '5168']));
    expect(res.body.data.items.every((i: { match: string; number: string }) => i.match === 'partial' && (i.number.startsWith('168') || i.number.endsWith('168')))).toBe(true);
  });

  it('finds numbers by an English or Chinese word, whole words first', async () => {
    const snake = await tip('Snake');
    expect(snake.body.data.items[0]).toMatchObject({ number: '0006', en: 'snake', match: 'exact' });
    expect(snake.body.data.items.map((i: { number: string }) => i.number)).toEqual(expect.arrayContaining(['1106', '2206', '6106']));
    const fish = await tip('鱼');
    expect(fish.body.data.items.map((i: { zh: string }) => i.zh)).toEqual(expect.arrayContaining(['鱼', '金鱼', '鳄鱼']));
    const limited = await tip('a', player, { limit: 5 });
    expect(limited.body.data.items).toHaveLength(5);
    expect(limited.body.data.total).toBeGreaterThan(5);
    expect((await tip('no-such-meaning-here')).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('is open to any logged-in account, a sub-account too, and to nobody else', async () => {
    const admin = await t.login(ADMIN.username, ADMIN.password);
    expect((await tip('8888', admin)).status).toBe(200);
    const staffId = await t.createUser({ username: 'dictstaff', password: 'Passw0rd!', roleId: 5, mainAccountId: playerId, skipTnc: true });
    expect(staffId).toBeGreaterThan(0);
    expect((await tip('8888', await t.login('dictstaff', 'Passw0rd!'))).status).toBe(200);
    const anonymous = await t.request({ url: '/api/Configuration/GetTipSourceByKeyword', query: { keyword: '8888' } });
    expect(anonymous.status).toBe(401);
    expect((await tip('')).status).toBe(400);
  });

  it('answers from memory', () => {
    const dict = loadDictionary();
    expect(lookUp(dict, '9999', 10).items[0]).toMatchObject({ zh: '长长久久', match: 'exact' });
  });
});
