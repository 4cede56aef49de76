// The dashboard (Dashboard/GetDashboard; issue 14 item 8, decision 0036): each caller reads today's draws
// with the server's cutoff and time left, its own subtree's sales today (GetSumSalesSummary's totals for
// today, the same function), and the latest released results; a sub-account reads its main account's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const drawIds: Record<number, number> = {};
// 12:00 in Kuala Lumpur on 2026-11-22: the business date.
const TODAY = { fromDate: '2026-11-22', toDate: '2026-11-22' };
let keyNo = 0;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
}
const express = async (who: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies[who], json: { text, idempotencyKey: `dash-${++keyNo}-${Date.now()}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const dashboard = async (who: string) => {
  const res = await t.request({ url: '/api/Dashboard/GetDashboard', cookie: cookies[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const sumSales = async (viewer: string, userId?: number) => {
  const res = await t.request({ url: '/api/Report/GetSumSalesSummary', cookie: cookies[viewer], query: { ...TODAY, ...(userId ? { userId } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.totals;
};
const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(cookies.admin, { username: 'dashco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await createOk(cookies.admin, { username: 'dashco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await createOk(cookies.dashco, { username: 'dashmaster', level: HierarchyLevel.Master, creditLimit: 20_000_000, positionTaking: 80 });
  await createOk(cookies.dashmaster, { username: 'dashagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  await createOk(cookies.dashagent, { username: 'dashplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.dashco, { username: 'dashdirect', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.dashco2, { username: 'dashother', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await t.createUser({ username: 'dashstaff', password: PASSWORD, roleId: RoleId.Company, skipTnc: true, mainAccountId: ids.dashco });
  cookies.dashstaff = await t.login('dashstaff', PASSWORD);
  const seller = await t.request({
    url: '/api/Account/CreateOrUpdateSubAccount',
    cookie: cookies.dashco,
    json: {
      username: 'dashseller', fullName: 'Seller', password: PASSWORD, secondaryPassword: PASSWORD,
      activities: [{ activityId: FUNCTION_NAMES.indexOf('Group Sales Report') + 1, option: 'View' }], reportAccess: ['Group Sales Report'],
    },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(200);
  cookies.dashseller = await t.login('dashseller', PASSWORD);
  for (const poolId of [PoolId.Magnum, PoolId.PMP]) {
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId, drawDate: TODAY.fromDate, isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
    drawIds[poolId] = draw.body.data.drawId;
  }
  await express('dashplayer', 'D\n#12\n1234#10#5\n5678#10');
  await express('dashplayer', 'D\n#1\n4321#3#2');
  await express('dashdirect', 'D\n#12\n1234#4');
  await express('dashother', 'D\n#1\n1234#10');
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('dashboard', () => {
  it("gives each caller its own subtree's sales today, equal to GetSumSalesSummary's totals", async () => {
    // Every figure but the tickets, which Home counts once per ticket (the summary once per ticket and draw).
    const co = await dashboard('dashco');
    expect({ ...co.sales, tickets: 0 }).toEqual({ ...(await sumSales('dashco')), tickets: 0 });
    const agent = await dashboard('dashagent');
    expect({ ...agent.sales, tickets: 0 }).toEqual({ ...(await sumSales('dashagent')), tickets: 0 });
    // The company's subtree holds its agent's and its direct player's; the other company's sales are not in it.
    expect(co.sales.turnover).toBe(agent.sales.turnover + (await sumSales('dashco', ids.dashdirect)).turnover);
    expect(co.sales.net).toBe(co.sales.turnover - co.sales.commission);
    expect((await dashboard('dashco2')).sales.turnover).toBe(1000);
    // A sub-account holding the sales report reads its main account's.
    expect((await dashboard('dashseller')).sales).toEqual(co.sales);
  });

  it('counts today\'s tickets once each, not once per draw (issue 28 line 9: a ticket on M and P is one ticket)', async () => {
    // dashplayer: one ticket on M and P, one on M; dashdirect: one on M and P. The summary's unit counts 3 and 2.
    expect((await sumSales('dashagent')).tickets).toBe(3);
    expect((await dashboard('dashagent')).sales.tickets).toBe(2);
    expect((await sumSales('dashco')).tickets).toBe(5);
    expect((await dashboard('dashco')).sales.tickets).toBe(3);
    expect((await dashboard('dashseller')).sales.tickets).toBe(3);
    expect((await dashboard('dashco2')).sales.tickets).toBe(1);
  });

  it('shows no sales to a caller without the sales report (a player, a sub-account without it)', async () => {
    expect((await t.request({ url: '/api/Report/GetSumSalesSummary', cookie: cookies.dashplayer, query: TODAY })).status).toBe(403);
    expect((await dashboard('dashplayer')).sales).toBeNull();
    expect((await t.request({ url: '/api/Report/GetSumSalesSummary', cookie: cookies.dashstaff, query: TODAY })).status).toBe(403);
    const staff = await dashboard('dashstaff');
    expect(staff.sales).toBeNull();
    expect(staff.draws.length).toBe(2);
  });

  it("lists today's draws with the server's cutoff and time left, open until the cutoff", async () => {
    const d = await dashboard('dashplayer');
    expect(d).toMatchObject({ serverTime: '2026-11-22T04:00:00.000Z', businessDate: '2026-11-22', results: null });
    expect(d.draws.map((x: { poolId: number }) => x.poolId)).toEqual([PoolId.Magnum, PoolId.PMP]);
    for (const x of d.draws) {
      expect(x.open).toBe(true);
      expect(x.msLeft).toBe(Date.parse(x.cutoffAt) - Date.parse(d.serverTime));
      expect(x.msLeft).toBeGreaterThan(0);
      expect(x.drawId).toBe(drawIds[x.poolId]);
    }
    t.clock.set('2026-11-22T12:00:00Z');
    const closed = await t.request({ url: '/api/Dashboard/GetDashboard', cookie: await t.login('dashplayer', PASSWORD) });
    expect(closed.status).toBe(200);
    for (const x of closed.body.data.draws) {
      expect(x.open).toBe(false);
      expect(x.msLeft).toBeLessThan(0);
    }
  });

  it('shows the latest released results (top three per pool), not an entered one', async () => {
    t.clock.set('2026-11-22T12:00:00Z');
    for (const who of ['admin', 'dashco', 'dashplayer']) cookies[who] = await t.login(who === 'admin' ? ADMIN.username : who, who === 'admin' ? ADMIN.password : PASSWORD);
    await t.db.execute(sql`insert into system_settings (key, value) values ('autoSettleAfterRelease', 'false') on conflict (key) do update set value = 'false'`);
    for (const poolId of [PoolId.Magnum, PoolId.PMP]) {
      const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: cookies.admin, json: { drawId: drawIds[poolId], numbers: { fourD: fourD(poolId === PoolId.Magnum ? '1234' : '7777') }, version: 0 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    // Entered, not released: nothing shown, even to the super admin.
    expect((await dashboard('admin')).results).toBeNull();
    await t.createUser({ username: 'dashit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: await t.login('dashit2', PASSWORD), json: { drawId: drawIds[PoolId.Magnum], version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    for (const who of ['admin', 'dashco', 'dashplayer']) {
      expect((await dashboard(who)).results, who).toEqual({
        drawDate: '2026-11-22',
        pools: [{ drawId: drawIds[PoolId.Magnum], poolId: PoolId.Magnum, poolName: expect.any(String), first: '1234', second: '5555', third: '6666' }],
      });
    }
    // The next day, before its draws have results, the latest released date is still shown.
    t.clock.set('2026-11-23T04:00:00Z');
    const next = await t.request({ url: '/api/Dashboard/GetDashboard', cookie: await t.login('dashplayer', PASSWORD) });
    expect(next.body.data).toMatchObject({ businessDate: '2026-11-23', draws: [], sales: null, results: { drawDate: '2026-11-22' } });
  });

  it('refuses a caller without login', async () => {
    const res = await t.request({ url: '/api/Dashboard/GetDashboard' });
    expect(res.status).toBe(401);
  });
});
