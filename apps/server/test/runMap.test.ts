// Run map, map detail and jackpots (issue 12 items 8 and 10; decision 0030): the run of an account is
// what it ate of a number over its limit (fight limit, lowered by a red number), read against its eat
// shares; a run ticket lays it off once however often it is saved, and the map then shows it covered;
// the map's detail per downline sums to the map's row; a result's jackpots are saved, fetched and read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, parseDaMaCai, parseMagnum, PoolId, RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let admin2: string;
let co: string;
let co2: string;
let agent: string;
let player: string;
let player2: string;
const ids: Record<string, number> = {};
let drawId: number;
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}

const secondary = async (cookie: string, secondaryPassword = PASSWORD) => {
  const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword }, cookie });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
};
const express = (cookie: string, text: string) =>
  t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: `runmap-key-${++keyNo}-${Date.now()}` } });
const runMap = (cookie: string, query: Record<string, string | number> = {}) => t.request({ url: '/api/Report/GetRunMapReport', cookie, query: { drawId, ...query } });
const saveRun = (cookie: string, json: Record<string, unknown>) => t.request({ url: '/api/Report/SaveRunTicket', method: 'POST', cookie, json: { drawId, ...json } });
const mapOf = (cookie: string, query: Record<string, string | number> = {}) => t.request({ url: '/api/Report/GetMapReport', cookie, query: { drawId, ...query } });
/** What an account ate of a number on a code, from its eat shares. */
const eaten = async (userId: number, number: string, code: string) =>
  Number(
    (
      await rows<{ s: string }>(sql`select coalesce(sum(e.amount), 0)::text as s from eat_shares e join bet_lines l on l.id = e.bet_line_id
        where e.user_id = ${userId} and e.draw_id = ${drawId} and l.number = ${number} and l.bet_code = ${code} and l.status = 1`)
    )[0].s,
  );

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'rmit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  admin2 = await t.login('rmit2', PASSWORD);
  await createOk(admin, { username: 'rmco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await createOk(admin, { username: 'rmco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('rmco', PASSWORD);
  co2 = await t.login('rmco2', PASSWORD);
  await createOk(co, { username: 'rmagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  agent = await t.login('rmagent', PASSWORD);
  await createOk(agent, { username: 'rmplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(co, { username: 'rmplayer2', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(co2, { username: 'rmother', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  player = await t.login('rmplayer', PASSWORD);
  player2 = await t.login('rmplayer2', PASSWORD);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status, JSON.stringify(draw.body)).toBe(200);
  drawId = draw.body.data.drawId;
  // The agent takes 50% by position and its run limit on Big is 2.00; the company's is 1.00.
  for (const [cookie, userId, amount] of [
    [co, ids.rmagent, 200],
    [co, ids.rmco, 100],
  ] as const) {
    const limits = await t.request({
      url: '/api/Account/UpdateUserEatLimit',
      cookie,
      json: { userId, eatType: 'percentage', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount }] },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  }
  // A red number lowers the agent's limit on 5678 (and its group, by type 4P) to 1.00.
  await t.db.execute(sql`insert into red_numbers (owner_user_id, number, type, group_key, pool_id, limit_amount, record_status, created_at)
    values (${ids.rmagent}, '5678', 2, '5678', null, 100, 1, now())`);
  expect((await express(player, 'D\n#1\n1234#10\n5678#10\n9999#1')).status).toBe(200);
  expect((await express(player2, 'D\n#1\n1234#4')).status).toBe(200);
  const other = await t.login('rmother', PASSWORD);
  expect((await express(other, 'D\n#1\n1234#10')).status).toBe(200);
});
afterAll(async () => t?.close());

describe('run map', () => {
  it('is the super admin\'s and the companies\', behind the secondary password', async () => {
    expect((await runMap(co)).status).toBe(403);
    expect((await runMap(co)).body.message).toBe('SECONDARY_PASSWORD_REQUIRED');
    await secondary(agent);
    expect((await runMap(agent)).status).toBe(403);
    await secondary(co);
    await secondary(co2);
    await secondary(admin, ADMIN.password);
    expect((await runMap(co)).status).toBe(200);
  });

  it('shows what each account ate over its limit, per code, against its eat shares', async () => {
    const agentEats = { '1234': await eaten(ids.rmagent, '1234', 'B'), '5678': await eaten(ids.rmagent, '5678', 'B'), '9999': await eaten(ids.rmagent, '9999', 'B') };
    expect(agentEats['1234']).toBe(500);
    const res = await runMap(co, { userId: ids.rmagent });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byNumber = Object.fromEntries(res.body.data.rows.map((r: { number: string }) => [r.number, r]));
    // 1234: ate 5.00 over a 2.00 limit; 5678: the red number's 1.00; 9999 ate 0.50, under its limit.
    expect(byNumber['1234']).toEqual({ number: '1234', betCode: 'B', eaten: agentEats['1234'], limit: 200, run: agentEats['1234'] - 200, laidOff: 0, toLayOff: agentEats['1234'] - 200 });
    expect(byNumber['5678']).toMatchObject({ eaten: agentEats['5678'], limit: 100, run: agentEats['5678'] - 100 });
    expect(byNumber['9999']).toBeUndefined();
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.totals.run).toBe(agentEats['1234'] - 200 + agentEats['5678'] - 100);
    // The most left to lay off first.
    expect(res.body.data.rows.map((r: { number: string }) => r.number)).toEqual(['5678', '1234']);
    // The company's own: what it ate of both players' lines over its 1.00.
    const coEats = await eaten(ids.rmco, '1234', 'B');
    expect(coEats).toBeGreaterThan(100);
    const own = await runMap(co);
    expect(own.body.data.rows.find((r: { number: string }) => r.number === '1234')).toMatchObject({ eaten: coEats, limit: 100, run: coEats - 100 });
    // The super admin reads a company's run map (as company).
    const asCom = await runMap(admin, { userId: ids.rmco });
    expect(asCom.status).toBe(200);
    expect(asCom.body.data.rows).toEqual(own.body.data.rows);
  });

  it('refuses an account of another branch, and bad input naming the field', async () => {
    expect((await runMap(co2, { userId: ids.rmagent })).status).toBe(404);
    expect((await runMap(co, { userId: ids.rmco2 })).status).toBe(404);
    expect((await saveRun(co2, { userId: ids.rmagent, items: [{ number: '1234', betCode: 'B' }] })).status).toBe(404);
    const bad = await t.request({ url: '/api/Report/GetRunMapReport', cookie: co, query: { drawId: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('drawId');
    const empty = await saveRun(co, { items: [] });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.data)).toContain('items');
    const number = await saveRun(co, { items: [{ number: '12a4', betCode: 'B' }] });
    expect(number.status).toBe(400);
    expect(Object.keys(number.body.data).join()).toContain('number');
    expect((await t.request({ url: '/api/Report/GetMapDetailReport', cookie: co, query: { drawId, number: '1' } })).status).toBe(400);
  });

  it('refuses laying off without Map Report edit', async () => {
    // rmco2 keeps its view of the map but loses its edit.
    await t.db.execute(sql`delete from user_activity_permissions where user_id = ${ids.rmco2} and permission_id = 3
      and activity_id = (select id from activities where name = 'Map Report')`);
    await t.db.execute(sql`delete from user_permission_roles where user_id = ${ids.rmco2}`);
    await t.db.execute(sql`insert into user_activity_permissions (user_id, activity_id, permission_id)
      select ${ids.rmco2}, id, 1 from activities where name = 'Map Report' on conflict do nothing`);
    co2 = await t.login('rmco2', PASSWORD);
    await secondary(co2);
    expect((await runMap(co2)).status).toBe(200);
    const refused = await saveRun(co2, { items: [{ number: '1234', betCode: 'B' }] });
    expect(refused.status).toBe(403);
    expect(await rows(sql`select 1 from run_tickets`)).toHaveLength(0);
  });

  it('lays off the run once however often it is saved, and the map shows it covered', async () => {
    const before = (await mapOf(co, { userId: ids.rmagent, number: '1234' })).body.data.rows[0];
    expect(before.runTotal).toBe(0);
    const first = await saveRun(co, { userId: ids.rmagent, items: [{ number: '1234', betCode: 'B', upTo: 100 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ saved: 1, rows: [{ number: '1234', laidOff: 100, toLayOff: 200 }] });
    // A double click: both at once, then again; the whole run is laid off once.
    const twice = await Promise.all([1, 2].map(() => saveRun(co, { userId: ids.rmagent, items: [{ number: '1234', betCode: 'B' }] })));
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect((await saveRun(co, { userId: ids.rmagent, items: [{ number: '1234', betCode: 'B' }] })).body.data.saved).toBe(0);
    // Lowering is not a thing: upTo below what is laid off leaves it.
    expect((await saveRun(co, { userId: ids.rmagent, items: [{ number: '1234', betCode: 'B', upTo: 50 }] })).body.data.saved).toBe(0);
    const tickets = await rows<{ number: string; bet_code: string; amount: string; user_id: number; pool_id: number; created_by: number }>(
      sql`select number, bet_code, amount::text, user_id, pool_id, created_by from run_tickets`,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ number: '1234', bet_code: 'B', amount: '300', user_id: ids.rmagent, pool_id: PoolId.Magnum });
    expect(await rows(sql`select 1 from audit_log where action = 'run-ticket.save'`)).toHaveLength(2);
    const after = await runMap(co, { userId: ids.rmagent });
    expect(after.body.data.rows.map((r: { number: string }) => r.number)).toEqual(['5678', '1234']);
    expect(after.body.data.rows.find((r: { number: string }) => r.number === '1234')).toMatchObject({ run: 300, laidOff: 300, toLayOff: 0 });
    // The map: eaten unchanged, the run shown, the risk priced on what is left (2.00 of 5.00).
    const map = (await mapOf(co, { userId: ids.rmagent, number: '1234' })).body.data.rows[0];
    expect(map).toMatchObject({ eatenTotal: before.eatenTotal, run: { B: 300 }, runTotal: 300 });
    // The totals row adds the laid-off column up like the others (the whole draw: 1234's run only).
    const whole = (await mapOf(co, { userId: ids.rmagent })).body.data;
    expect(whole.totals.runTotal).toBe(300);
    expect(whole.totals.eatenTotal).toBe(whole.rows.reduce((s: number, r: { eatenTotal: number }) => s + r.eatenTotal, 0));
    expect(before.risk).toBeGreaterThan(0);
    expect(map.risk).toBe(Math.floor((before.risk * 200) / 500));
    // A sibling's map knows nothing of it.
    expect((await mapOf(co, { number: '1234' })).body.data.rows[0].runTotal).toBe(0);
  });

  it('is closed with the draw', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    co = await t.login('rmco', PASSWORD);
    co2 = await t.login('rmco2', PASSWORD);
    player = await t.login('rmplayer', PASSWORD);
    await secondary(co);
    const late = await saveRun(co, { items: [{ number: '1234', betCode: 'B' }] });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('DRAW_CLOSED');
    expect((await runMap(co)).body.data.draw.closed).toBe(true);
  });
});

describe('map detail', () => {
  it('lists the number per direct downline, summing to the map\'s row', async () => {
    const map = (await mapOf(co, { number: '1234' })).body.data.rows[0];
    const res = await t.request({ url: '/api/Report/GetMapDetailReport', cookie: co, query: { drawId, number: '1234' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.rows.map((r: { account: { username: string } | null }) => r.account?.username)).toEqual(['rmagent', 'rmplayer2']);
    expect(d.rows[0]).toMatchObject({ hasDownlines: true, tickets: 1, stake: { B: 1000 }, stakeTotal: 1000 });
    expect(d.rows[1]).toMatchObject({ hasDownlines: false, stake: { B: 400 }, stakeTotal: 400 });
    expect(d.totals.stakeTotal).toBe(map.stakeTotal);
    expect(d.totals.eatenTotal).toBe(map.eatenTotal);
    expect(d.totals.stake).toEqual(map.stake);
    expect(d.totals.eaten).toEqual(map.eaten);
    // Down to the agent: its player.
    const down = await t.request({ url: '/api/Report/GetMapDetailReport', cookie: co, query: { drawId, number: '1234', userId: ids.rmagent } });
    expect(down.body.data.rows).toHaveLength(1);
    expect(down.body.data.rows[0]).toMatchObject({ account: { username: 'rmplayer' }, eatenTotal: 500 });
    expect(down.body.data.breadcrumb.map((a: { username: string }) => a.username)).toEqual(['rmco', 'rmagent']);
    // Another branch: 404.
    expect((await t.request({ url: '/api/Report/GetMapDetailReport', cookie: co2, query: { drawId, number: '1234', userId: ids.rmagent } })).status).toBe(404);
  });
});

describe('jackpots', () => {
  it('are taken from the pages that carry them, and a page without is still a result', () => {
    const magnum = { DrawDate: '25/11/2026', FirstPrize: '1234', SecondPrize: '5555', ThirdPrize: '6666', Jackpot1: 'RM 12,345,678.90', Jackpot2: '345678.5' };
    expect(parseMagnum(magnum).jackpots).toEqual({ jackpot1: 1_234_567_890, jackpot2: 34_567_850 });
    expect(parseMagnum({ ...magnum, Jackpot1: undefined, Jackpot2: '-' }).jackpots).toBeUndefined();
    expect(parseDaMaCai({ drawDate: '20261125', p1: '1234', p2: '5555', p3: '6666', starterList: [], consolidateList: [], jackpot: 1500000 }).jackpots).toEqual({
      jackpot1: 150_000_000,
      jackpot2: null,
    });
  });

  it('are entered with the result and read once it is released', async () => {
    const fourD = {
      first: '1234',
      second: '5555',
      third: '6666',
      starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
      consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
    };
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('rmit2', PASSWORD);
    const tooBig = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD }, version: 0, jackpots: { jackpot1: -1 } } });
    expect(tooBig.status).toBe(400);
    expect(Object.keys(tooBig.body.data).join()).toContain('jackpot1');
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD }, version: 0, jackpots: { jackpot1: 250_000_000 } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const range = { fromDate: '2026-11-25', toDate: '2026-11-25', poolId: -1 };
    // Not released yet: not shown.
    expect((await t.request({ url: '/api/Report/GetDetailJackpot', cookie: player, query: range })).body.data.rows).toEqual([]);
    // The second jackpot added alone: no new version.
    const more = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD }, version: 1, jackpots: { jackpot1: 250_000_000, jackpot2: 12_345 } } });
    expect(more.body.data.version).toBe(1);
    await t.db.execute(sql`insert into system_settings (key, value) values ('autoSettleAfterRelease', 'false') on conflict (key) do update set value = 'false'`);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    player = await t.login('rmplayer', PASSWORD);
    const read = await t.request({ url: '/api/Report/GetDetailJackpot', cookie: player, query: range });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.rows).toEqual([{ drawId, poolId: PoolId.Magnum, drawDate: '2026-11-25', jackpot1: 250_000_000, jackpot2: 12_345, source: 'manual' }]);
    expect((await t.request({ url: '/api/Report/GetDetailJackpot', cookie: player, query: { ...range, poolId: PoolId.PMP } })).body.data.rows).toEqual([]);
    const result = await t.request({ url: '/api/Result/GetPoolResult', cookie: admin, query: { drawDate: '2026-11-25' } });
    expect(result.body.data.find((r: { drawId: number }) => r.drawId === drawId).jackpots).toEqual({ jackpot1: 250_000_000, jackpot2: 12_345 });
    const bad = await t.request({ url: '/api/Report/GetDetailJackpot', cookie: player, query: { ...range, fromDate: '2026-11-26' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('toDate');
  });
});
