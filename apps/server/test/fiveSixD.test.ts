// Toto 5D, Toto 6D and GD 6D end to end (issue 11 items 1 and 13): sold by packages that enable the codes,
// bought by express text and by web order (a 5- or 6-digit number in its own amount field of the account's
// code order), refused where the pool does not draw the game, and settled after a released result: one
// prize per number, the highest, at the tier's rate (5D 4th-6th from the 1st prize's last digits, 6D 2nd-5th
// from the head or the tail of the drawn number).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BetType, HierarchyLevel, PackageType, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const DATE = '2026-11-25';
let admin: string;
let admin2: string;
let co: string;
let agent: string;
let player: string;
const ids: Record<string, number> = {};
const draws: Record<number, number> = {};
let keyNo = 0;
const key = () => `fivesix-key-${++keyNo}-${Date.now()}`;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}

/** Official 5D and 6D figures (DOMAIN "Bets"), in cents per RM1; Big as a normal package has it. */
const FIVE_D = { first: 1_500_000, second: 500_000, third: 300_000, fourth: 50_000, fifth: 2_000, sixth: 500 };
const SIX_D = { first: 10_000_000, second: 300_000, third: 30_000, fourth: 3_000, fifth: 400 };
const BIG = { first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 };
const sheet = (name: string, packageType: number, commissionPct: number) => ({
  packageType,
  name,
  rates: [
    { code: 'B', commissionPct, payouts: BIG },
    ...(packageType === PackageType.GD ? [] : [{ code: '5D', commissionPct, payouts: FIVE_D }]),
    { code: '6D', commissionPct, payouts: SIX_D },
  ],
});

const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

const express = (text: string, cookie = player) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key() } });
const webOrder = (orderRows: Record<string, unknown>[], cookie = player) =>
  t.request({
    url: '/api/Bet/PlaceWebOrder',
    cookie,
    json: { rows: orderRows.map((r) => ({ betType: BetType.Normal, draw: { kind: 'next', count: 1 }, ...r })), idempotencyKey: key() },
  });

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'fsit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  await createOk(admin, { username: 'fsco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('fsco', PASSWORD);
  await createOk(co, { username: 'fsagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50, canEditPackage: true });
  agent = await t.login('fsagent', PASSWORD);
  // The player writes its amounts Big, then 5D, then 6D.
  await createOk(agent, { username: 'fsplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000, betCodeOrder: 'B#5D#6D' });
  player = await t.login('fsplayer', PASSWORD);
  for (const poolId of [PoolId.Magnum, PoolId.Toto, PoolId.GD]) {
    const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate: DATE, isSpecial: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    draws[poolId] = res.body.data.drawId;
  }
  // Every level's sheets sell 5D and 6D: normal (Toto) and GD, platform -> company -> agent -> player.
  for (const packageType of [PackageType.Normal, PackageType.GD]) {
    for (const [name, pct, user, cookie] of [
      [`House ${packageType}`, 12, 'fsco', admin],
      [`For A ${packageType}`, 11, 'fsagent', co],
      [`For P ${packageType}`, 10, 'fsplayer', agent],
    ] as const) {
      const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: sheet(name, packageType, pct) });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const assigned = await t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId: ids[user], packageType, packageId: created.body.data.packageId } });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
  }
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

const linesOf = (ticketId: number) =>
  rows<{ pool_id: number; number: string; bet_code: string; stake: string }>(
    sql`select d.pool_id, bl.number, bl.bet_code, bl.stake::text as stake from bet_lines bl join draws d on d.id = bl.draw_id
        where bl.ticket_id = ${ticketId} order by d.pool_id, bl.number, bl.bet_code`,
  );

describe('buying 5D and 6D', () => {
  it('places 5D and 6D numbers by express text in their own amount fields', async () => {
    const res = await express('D\n#3\n12345#0#1\n123456###2\n#8\n654321###1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.gross).toBe(400);
    expect(res.body.data.net).toBe(360);
    expect(await linesOf(res.body.data.ticketId)).toEqual([
      { pool_id: PoolId.Toto, number: '12345', bet_code: '5D', stake: '100' },
      { pool_id: PoolId.Toto, number: '123456', bet_code: '6D', stake: '200' },
      { pool_id: PoolId.GD, number: '654321', bet_code: '6D', stake: '100' },
    ]);
    // The receipt names the code of each amount.
    expect(res.body.data.receipt).toMatch(/12345.*5D/);
    expect(res.body.data.receipt).toMatch(/123456.*6D/);
  });

  it('places them by web order, 6D on Toto and GD in one row', async () => {
    const res = await webOrder([
      { number: '02345', amounts: { '5D': 100 }, pools: [PoolId.Toto] },
      { number: '99945', amounts: { '5D': 100 }, pools: [PoolId.Toto] },
      { number: '67890', amounts: { '5D': 100 }, pools: [PoolId.Toto] },
      { number: '123450', amounts: { '6D': 100 }, pools: [PoolId.Toto, PoolId.GD] },
      { number: '999456', amounts: { '6D': 100 }, pools: [PoolId.Toto] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.gross).toBe(600);
    expect((await linesOf(res.body.data.ticketId)).map((l) => `${l.pool_id}:${l.number}:${l.bet_code}`)).toEqual([
      '3:02345:5D',
      '3:123450:6D',
      '3:67890:5D',
      '3:99945:5D',
      '3:999456:6D',
      '8:123450:6D',
    ]);
  });

  it('refuses 5D outside Toto and 6D outside Toto and GD, naming the line, placing nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from tickets`);
    const magnum = await express('D\n#3\n12345##1\n#1\n54321##1');
    expect(magnum.status).toBe(400);
    expect(magnum.body.message).toBe('BET_CODE_NOT_FOR_POOL');
    expect(magnum.body.data.lines).toEqual([{ lineNo: 5, text: '54321##1', key: 'BET_CODE_NOT_FOR_POOL', code: '5D' }]);
    const gd5 = await express('D\n#8\n54321##1');
    expect(gd5.status).toBe(400);
    expect(gd5.body.message).toBe('BET_CODE_NOT_FOR_POOL');
    const web = await webOrder([
      { number: '11111', amounts: { '5D': 100 }, pools: [PoolId.Toto] },
      { number: '222222', amounts: { '6D': 100 }, pools: [PoolId.Magnum] },
    ]);
    expect(web.status).toBe(400);
    expect(web.body.data['line.2']).toBe('BET_CODE_NOT_FOR_POOL');
    expect(web.body.data.lines[0]).toMatchObject({ lineNo: 2, key: 'BET_CODE_NOT_FOR_POOL', code: '6D' });
    // A number of the wrong length for its code.
    const short = await webOrder([{ number: '1234', amounts: { '5D': 100 }, pools: [PoolId.Toto] }]);
    expect(short.status).toBe(400);
    expect(short.body.data.lines[0]).toMatchObject({ lineNo: 1, key: 'BET_CODE_NOT_FOR_NUMBER', code: '5D' });
    const long = await express('D\n#3\n123456#0#1');
    expect(long.status).toBe(400);
    expect(long.body.data.lines).toEqual([{ lineNo: 3, text: '123456#0#1', key: 'BET_CODE_NOT_FOR_NUMBER', code: '5D' }]);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from tickets`)).toEqual(before);
  });

  it('refuses 5D to an account whose package does not sell it', async () => {
    await createOk(agent, { username: 'fsplayer2', level: HierarchyLevel.Player, creditLimit: 100_000, betCodeOrder: 'B#5D' });
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: agent, json: { packageType: 0, name: 'Big only', rates: [{ code: 'B', commissionPct: 10, payouts: BIG }] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: agent, json: { userId: ids.fsplayer2, packageType: 0, packageId: created.body.data.packageId } })).status).toBe(200);
    const other = await t.login('fsplayer2', PASSWORD);
    const res = await express('D\n#3\n12345##1', other);
    expect(res.status).toBe(422);
    expect(res.body.data.lines).toEqual([{ lineNo: 3, text: '12345##1', key: 'INVALID_PACKAGE_INFO' }]);
  });
});

describe('settling 5D and 6D', () => {
  const held = async () => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where code = ${`held-winnings:${ids.fsco}`}), 0)::text as b`))[0].b);

  it('pays one prize per number, the highest, at the tier\'s rate', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('fsit2', PASSWORD);
    const release = async (poolId: number, numbers: Record<string, unknown>) => {
      const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: draws[poolId], numbers, version: 0 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId: draws[poolId], version: 1 } });
      expect(released.status, JSON.stringify(released.body)).toBe(200);
    };
    // The draws sold 5D and 6D: a result without those numbers would settle every such line as a loss.
    const without = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: draws[PoolId.Toto], numbers: { fourD: fourD('1234') }, version: 0 } });
    expect(without.status).toBe(400);
    expect(without.body.data).toMatchObject({ fiveD1: 'RESULT_SLOT_REQUIRED', sixD: 'RESULT_SLOT_REQUIRED' });
    // 5D: 12345 is the 1st prize (its last 4/3/2 digits are the 4th-6th), 67890 the 2nd.
    await release(PoolId.Toto, { fourD: fourD('1234'), fiveD: ['12345', '67890', '11111'], sixD: '123456' });
    await release(PoolId.GD, { fourD: fourD('4321'), sixD: '654321' });
    const won = await rows<{ pool_id: number; number: string; code: string; tiers: string }>(
      sql`select d.pool_id, bl.number, bl.bet_code as code,
                 concat_ws(',', 'f' || w.n_first, 's' || w.n_second, 't' || w.n_third, '4:' || w.n_fourth, '5:' || w.n_fifth, '6:' || w.n_sixth) as tiers
          from winners w join bet_lines bl on bl.id = w.bet_line_id join draws d on d.id = bl.draw_id order by d.pool_id, bl.number`,
    );
    const one = (tier: string) => ['f', 's', 't', '4:', '5:', '6:'].map((p) => `${p}${p === tier ? 1 : 0}`).join(',');
    expect(won).toEqual([
      // 02345: its last four are the 1st prize's: 4th prize.
      { pool_id: PoolId.Toto, number: '02345', code: '5D', tiers: one('4:') },
      // 12345: 1st only, not also 4th, 5th and 6th.
      { pool_id: PoolId.Toto, number: '12345', code: '5D', tiers: one('f') },
      // 6D 123450: its first five are the drawn number's: 2nd.
      { pool_id: PoolId.Toto, number: '123450', code: '6D', tiers: one('s') },
      // 6D 123456: 1st only.
      { pool_id: PoolId.Toto, number: '123456', code: '6D', tiers: one('f') },
      { pool_id: PoolId.Toto, number: '67890', code: '5D', tiers: one('s') },
      // 99945: the 1st prize's last two digits: 6th.
      { pool_id: PoolId.Toto, number: '99945', code: '5D', tiers: one('6:') },
      // 999456: the drawn number's last three: 4th.
      { pool_id: PoolId.Toto, number: '999456', code: '6D', tiers: one('4:') },
      { pool_id: PoolId.GD, number: '654321', code: '6D', tiers: one('f') },
    ]);
    // GD's 123450 shares no head or tail with 654321.
    // The player's winnings, held until released: stake x its package's rate for the tier.
    const expected =
      FIVE_D.fourth + FIVE_D.first + SIX_D.second + 2 * SIX_D.first + FIVE_D.second + FIVE_D.sixth + SIX_D.fourth + SIX_D.first;
    expect(await held()).toBe(expected);
    const figures = await rows<{ winnings: string }>(sql`select sum(winnings)::text as winnings from settlement_figures where user_id = ${ids.fsplayer}`);
    expect(Number(figures[0].winnings)).toBe(expected);
  });

  it('shows the code of every amount in the ticket history and the receipt', async () => {
    player = await t.login('fsplayer', PASSWORD);
    const res = await t.request({ url: '/api/Report/GetTicket', cookie: player, query: { drawDate: DATE } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byText = res.body.data.items.find((i: { sourceType: number }) => i.sourceType === 3);
    expect(byText.receipt.split('\n').slice(2, -1)).toEqual(['25/11 T', '12345 5D1', '123456 6D2', '25/11 H', '654321 6D1']);
    const receipt = await t.request({ url: '/api/Bet/GetBetReceipt', cookie: player, query: { ticketId: byText.ticketId } });
    expect(receipt.body.data.receipt).toBe(byText.receipt);
  });
});
