// Pools as data (issue 14 item 5, decision 0037): the super admin adds a pool with Setting/CreatePoolRow
// (refused to anyone else; bad input names each field and adds nothing), and with no code change the new
// pool has draws, takes bets by express text (its digit) and by web order, prints its letter on the
// receipt, has its result checked in its own form (4D + 6D here), is settled on release, and shows in the
// sales statistic and the win/loss report filtered by it. checkLedger holds after every test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BetType, HierarchyLevel, PackageType, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { poolRegistry } from '../src/modules/pools/registry';
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
let poolId = 0;
let drawId = 0;
let keyNo = 0;
const key = () => `pools-key-${++keyNo}-${Date.now()}`;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

const LUCKY = { name: 'Lucky 6D', code: 'Lucky', letter: 'X', digit: '9', packageType: PackageType.Normal, resultForm: '4D+6D', drawDays: [2], cutoffHour: 18, cutoffMinute: 30 };

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}

const SIX_D = { first: 10_000_000, second: 300_000, third: 30_000, fourth: 3_000, fifth: 400 };
const BIG = { first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 };
const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});
const createPool = (cookie: string, body: Record<string, unknown>) => t.request({ url: '/api/Setting/CreatePoolRow', cookie, json: body });
const poolCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from pools`))[0].n;

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'plit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  await createOk(admin, { username: 'plco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('plco', PASSWORD);
  await createOk(co, { username: 'plagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50, canEditPackage: true });
  agent = await t.login('plagent', PASSWORD);
  await createOk(agent, { username: 'plplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000, betCodeOrder: 'B#6D' });
  player = await t.login('plplayer', PASSWORD);
  for (const [name, pct, user, cookie] of [
    ['House', 12, 'plco', admin],
    ['For A', 11, 'plagent', co],
    ['For P', 10, 'plplayer', agent],
  ] as const) {
    const rates = [
      { code: 'B', commissionPct: pct, payouts: BIG },
      { code: '6D', commissionPct: pct, payouts: SIX_D },
    ];
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: { packageType: PackageType.Normal, name, rates } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const assigned = await t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId: ids[user], packageType: PackageType.Normal, packageId: created.body.data.packageId } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('Setting/CreatePoolRow', () => {
  it('is refused to anyone but the super admin, and adds nothing', async () => {
    for (const cookie of [co, agent, player, await t.login('plit2', PASSWORD)]) {
      expect((await createPool(cookie, LUCKY)).status).toBe(403);
    }
    expect((await t.request({ url: '/api/Setting/CreatePoolRow', json: LUCKY })).status).toBe(401);
    expect(await poolCount()).toBe(8);
  });

  it('refuses bad input naming each field, and adds nothing', async () => {
    const res = await createPool(admin, { ...LUCKY, name: ' magnum 4d ', letter: 'M', digit: '1', resultForm: '7D', drawDays: [], cutoffHour: 24, packageType: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('VALIDATION_FAILED');
    expect(res.body.data).toEqual({ name: 'POOL_FIELD_TAKEN', letter: 'POOL_FIELD_TAKEN', digit: 'POOL_FIELD_TAKEN', packageType: 'pattern', resultForm: 'pattern', drawDays: 'required', cutoffHour: 'pattern' });
    const shape = await createPool(admin, { ...LUCKY, letter: 'x', digit: '10' });
    expect(shape.status).toBe(400);
    expect(shape.body.data).toEqual({ letter: 'pattern', digit: 'pattern' });
    const missing = await createPool(admin, { name: 'No digit' });
    expect(missing.status).toBe(400);
    expect(await poolCount()).toBe(8);
    expect((await rows(sql`select 1 from audit_log where action = 'pools.create'`)).length).toBe(0);
  });

  it('adds the pool with its cutoff and regular draws from today, audited; the pool list and the registry have it', async () => {
    const res = await createPool(admin, LUCKY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    poolId = res.body.data.poolId;
    expect(poolId).toBe(9);
    expect(res.body.data).toMatchObject({ letter: 'X', digit: '9', name: 'Lucky 6D', resultForm: '4D+6D', packageType: 0, drawDays: [2], cutoffHour: 18, cutoffMinute: 30, active: true });
    // Tuesdays from today (Sunday 22 November) to the end of next year; none back-dated.
    const draws = await rows<{ first: string; n: number }>(sql`select min(draw_date)::text as first, count(*)::int as n from draws where pool_id = ${poolId}`);
    expect(draws[0].first).toBe('2026-11-24');
    expect(draws[0].n).toBe(6 + 52);
    const audit = await rows<{ target_id: string; after: { letter: string; draws: number } }>(sql`select target_id, after from audit_log where action = 'pools.create'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: '9', after: { letter: 'X', draws: 58 } });
    const list = await t.request({ url: '/api/Pools/GetPoolsSelection', cookie: player });
    expect(list.body.data.map((p: { letter: string }) => p.letter).join('')).toBe('MPTSBKWHX');
    expect((await poolRegistry(t.db)).find((p) => p.id === poolId)).toMatchObject({ digit: '9', resultForm: '4D+6D' });
    // Letter, digit and name are now taken.
    const again = await createPool(admin, { ...LUCKY, code: 'Other' });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual({ name: 'POOL_FIELD_TAKEN', letter: 'POOL_FIELD_TAKEN', digit: 'POOL_FIELD_TAKEN' });
  });

  it('opens a special draw on it', async () => {
    const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate: DATE, isSpecial: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    drawId = res.body.data.drawId;
    expect(res.body.data).toMatchObject({ letter: 'X', poolName: 'Lucky 6D', open: true });
  });
});

describe('a draw on the new pool, end to end', () => {
  const linesOf = (ticketId: number) =>
    rows<{ pool_id: number; number: string; bet_code: string; stake: string }>(
      sql`select bl.pool_id, bl.number, bl.bet_code, bl.stake::text as stake from bet_lines bl where bl.ticket_id = ${ticketId} order by bl.number, bl.bet_code`,
    );

  it('takes bets by express text (its digit) and prints its letter on the receipt', async () => {
    const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: '25/11\n#9\n1234#2\n123456##1', idempotencyKey: key() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await linesOf(res.body.data.ticketId)).toEqual([
      { pool_id: 9, number: '1234', bet_code: 'B', stake: '200' },
      { pool_id: 9, number: '123456', bet_code: '6D', stake: '100' },
    ]);
    expect(res.body.data.receipt).toContain('25/11 X');
    // Its result form has no 5D: a 5D stake on it is refused, naming the line.
    const five = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: '25/11\n#9\n12345##1', idempotencyKey: key() } });
    expect(five.status).toBe(400);
  });

  it('takes bets by web order', async () => {
    const res = await t.request({
      url: '/api/Bet/PlaceWebOrder',
      cookie: player,
      json: { rows: [{ number: '5678', betType: BetType.Normal, amounts: { B: 300 }, pools: [poolId], draw: { kind: 'dates', dates: [DATE] } }], idempotencyKey: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await linesOf(res.body.data.ticketId)).toEqual([{ pool_id: 9, number: '5678', bet_code: 'B', stake: '300' }]);
  });

  it('checks its result in its form (5D refused, naming the slot), releases it and settles', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('plit2', PASSWORD);
    const wrong = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234'), fiveD: ['12345', '23456', '34567'], sixD: '123456' }, version: 0 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('RESULT_INVALID');
    expect(wrong.body.data).toEqual({ fiveD1: 'RESULT_SLOT_NOT_FOR_POOL' });
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234'), sixD: '123456' }, version: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const won = await rows<{ number: string; bet_code: string }>(
      sql`select bl.number, bl.bet_code from winners w join bet_lines bl on bl.id = w.bet_line_id where bl.draw_id = ${drawId} order by bl.number`,
    );
    expect(won).toEqual([
      { number: '1234', bet_code: 'B' },
      { number: '123456', bet_code: '6D' },
    ]);
    const figures = await rows<{ winnings: string }>(sql`select sum(winnings)::text as winnings from settlement_figures where user_id = ${ids.plplayer}`);
    // 2 x Big 1st + 1 x 6D 1st, at the player's package.
    expect(Number(figures[0].winnings)).toBe(2 * BIG.first + SIX_D.first);
  });

  it('shows in the sales statistic and the win/loss report of the pool', async () => {
    co = await t.login('plco', PASSWORD);
    const range = { fromDate: DATE, toDate: DATE };
    const stat = await t.request({ url: '/api/Report/GetSalesStatistic', cookie: co, query: { ...range, poolId } });
    expect(stat.status, JSON.stringify(stat.body)).toBe(200);
    const byCode = Object.fromEntries(stat.body.data.rows.map((r: { poolId: number; betCode: string; turnover: number }) => [`${r.poolId}:${r.betCode}`, r.turnover]));
    expect(byCode).toEqual({ '9:B': 500, '9:6D': 100 });
    // The agent reads its player's whole winnings; the company the half the agent (50% position) passed up.
    agent = await t.login('plagent', PASSWORD);
    const forAgent = await t.request({ url: '/api/Report/GetWinLossReport', cookie: agent, query: { ...range, poolId } });
    expect(forAgent.status, JSON.stringify(forAgent.body)).toBe(200);
    expect(forAgent.body.data.totals).toMatchObject({ turnover: 600, downlineWinnings: 2 * BIG.first + SIX_D.first });
    const forCompany = await t.request({ url: '/api/Report/GetWinLossReport', cookie: co, query: { ...range, poolId } });
    expect(forCompany.body.data.totals).toMatchObject({ turnover: 600, downlineWinnings: (2 * BIG.first + SIX_D.first) / 2 });
    // Another pool's filter does not find them.
    const magnum = await t.request({ url: '/api/Report/GetWinLossReport', cookie: co, query: { ...range, poolId: 1 } });
    expect(magnum.body.data.totals.turnover).toBe(0);
  });

  it('is named by its name in the report files (sales and payout statistic, occupied), as on the screens', async () => {
    const range = { fromDate: DATE, toDate: DATE };
    const csv = async (url: string, cookie: string) => {
      const res = await t.app.inject({ method: 'GET', url, query: { ...range, format: 'csv', lang: 'en' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    };
    const sales = await csv('/api/Report/GetSalesStatistic', co);
    expect(sales.filter((l) => l.startsWith(`${DATE},`))).toEqual([expect.stringMatching(/^2026-11-25,Lucky 6D,6D,/), expect.stringMatching(/^2026-11-25,Lucky 6D,B,/)].sort());
    const payout = await csv('/api/Report/GetPayoutStatistic', co);
    expect(payout.filter((l) => l.startsWith(`${DATE},`)).every((l) => l.startsWith(`${DATE},Lucky 6D,`))).toBe(true);
    expect(payout.some((l) => l.startsWith(`${DATE},`))).toBe(true);
    const occupied = await csv('/api/Report/GetWinLossOccupiedReport', agent);
    expect(occupied.slice(1, -1).map((l) => l.split(',')[0])).toEqual(expect.arrayContaining(['Lucky 6D']));
    expect(occupied.slice(1, -1).every((l) => l.startsWith('Lucky 6D,'))).toBe(true);
  });
});

describe('its result fetched from a result site', () => {
  it('is named in a result-site setting (a pool there is not is refused) and fetched, checked in its form', async () => {
    // Another installation's Result/GetPoolResult carrying this pool (an operator's page in the Magnum shape
    // has no 6D, which this pool's result needs).
    const server = http.createServer((req, res) => {
      if (req.url !== `/lucky/${poolId}/20261201`) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const fourD = {
        first: '4321',
        second: '5555',
        third: '6666',
        starter: Array.from({ length: 10 }, (_, i) => String(1001 + i)),
        consolation: Array.from({ length: 10 }, (_, i) => String(2001 + i)),
      };
      res.end(JSON.stringify({ data: [{ poolId, status: 'released', drawDate: '2026-12-01', numbers: { fourD, fiveD: null, sixD: '654321' } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const site = (pools: number[]) => JSON.stringify([{ name: 'lucky', urlTemplate: `${base}/lucky/{poolId}/{yyyymmdd}`, format: 'backoffice', pools }]);
      const settings = (value: string) => t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: admin, json: { settings: [{ key: 'normalScrapeResultSite', value }] } });
      const none = await settings(site([poolId + 1]));
      expect(none.status).toBe(400);
      expect(none.body.data).toEqual({ normalScrapeResultSite: 'pattern' });
      const saved = await settings(site([poolId]));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Tuesday 2026-12-01, after its 18:30 cutoff: its regular draw is fetched.
      t.clock.set('2026-12-01T12:00:00Z');
      admin = await t.login(ADMIN.username, ADMIN.password);
      const fetched = await t.request({ url: '/api/Result/FetchResults', cookie: admin, json: { drawDate: '2026-12-01' } });
      expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
      expect(fetched.body.data).toEqual([{ poolId, site: 'lucky', outcome: 'saved' }]);
      const [r] = await rows<{ status: string; source: string; first: string; sixD: string }>(
        sql`select r.status, r.source, r.numbers->'fourD'->>'first' as first, r.numbers->>'sixD' as "sixD" from pool_results r join draws d on d.id = r.draw_id where d.pool_id = ${poolId} and d.draw_date = '2026-12-01'`,
      );
      expect(r).toEqual({ status: 'fetched', source: 'lucky', first: '4321', sixD: '654321' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a pool whose bet-text digit is not its id', () => {
  it('is written with its digit in the bet text laid off to a remote agent', async () => {
    const made = await createPool(admin, { ...LUCKY, name: 'Zero 4D', code: 'Zero', letter: 'Z', digit: '0', resultForm: '4D', drawDays: [3] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.poolId).not.toBe(0);
    // Its first scheduled draw.
    const [draw] = await rows<{ id: number }>(sql`select id from draws where pool_id = ${made.body.data.poolId} order by draw_date limit 1`);
    const res = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: admin, json: { drawId: draw.id, codeOrder: 'B#S', items: [{ number: '1234', betCode: 'B', amount: 200 }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.text.split('\n')).toContain('#0');
  });
});
