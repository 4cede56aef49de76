// Credit limit changes beside the transfers in the payment history and the credit logs (issue 10 item 13):
// each says how the limit changed (set at creation, by the upline, by an admin), before and after, who and
// when, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HierarchyLevel } from '@app/domain';
import { ADMIN, XHR, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
const PASSWORD = 'Passw0rd!';
const key = () => crypto.randomUUID();

beforeAll(async () => {
  t = await createTestApp({ start: '2027-03-01T02:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
});
afterAll(async () => t?.close());

async function createOk(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: `${body.username} name`, ...body } });
  if (res.status !== 200) throw new Error(`create ${body.username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.userId;
}

const setLimit = (cookie: string, userId: number, creditLimit: number, admin = false) =>
  t.request({ url: `/api/Account/${admin ? 'AdminUpdateUserCreditLimit' : 'UpdateUserCreditLimit'}`, cookie, json: { userId, creditLimit, idempotencyKey: key() } });

const pay = (cookie: string, targetUserId: number, amount: number) =>
  t.request({ url: '/api/Payment/MakePayment', cookie, json: { targetUserId, type: 1, amount, idempotencyKey: key() } });

const MINUTE = 60_000;

describe('credit limit changes in the payment history and the credit log', () => {
  let ag: number;
  let pl: number;
  let coCookie: string;
  let agCookie: string;
  let plCookie: string;

  beforeAll(async () => {
    await createOk(admin, { username: 'limco', level: HierarchyLevel.Company, creditLimit: 1_000_000, discount: 28, positionTaking: 90 });
    coCookie = await t.login('limco', PASSWORD);
    t.clock.advance(MINUTE);
    ag = await createOk(coCookie, { username: 'limag', level: HierarchyLevel.Agent, creditLimit: 300_000 });
    agCookie = await t.login('limag', PASSWORD);
    t.clock.advance(MINUTE);
    pl = await createOk(agCookie, { username: 'limpl', level: HierarchyLevel.Player, creditLimit: 50_000 });
    plCookie = await t.login('limpl', PASSWORD);
    t.clock.advance(MINUTE);
    expect((await pay(coCookie, ag, 1_000)).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await setLimit(coCookie, ag, 400_000)).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await setLimit(admin, ag, 350_000, true)).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await setLimit(agCookie, pl, 20_000)).status).toBe(200);
    // Refused and unchanged limits leave no trace.
    expect((await setLimit(agCookie, pl, 999_999_00)).status).toBe(422);
    expect((await setLimit(agCookie, pl, 20_000)).status).toBe(200);
  });

  it('the payment history lists them beside the transfers, newest first, with type, before, after, who and when', async () => {
    const res = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: coCookie, query: { pageSize: 50 } });
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(res.body.data.total).toBe(items.length);
    expect(items.map((i: { kind: string; change?: string; targetUsername: string }) => `${i.kind}:${i.change ?? ''}:${i.targetUsername}`)).toEqual([
      'creditLimit:change:limpl',
      'creditLimit:admin:limag',
      'creditLimit:change:limag',
      'payment::limag',
      'creditLimit:create:limpl',
      'creditLimit:create:limag',
      'creditLimit:create:limco',
    ]);
    expect(items[0]).toEqual({
      kind: 'creditLimit',
      id: expect.any(Number),
      change: 'change',
      targetUserId: pl,
      targetUsername: 'limpl',
      initiateUserId: ag,
      initiateUsername: 'limag',
      before: 50_000,
      after: 20_000,
      at: '2027-03-01T02:06:00.000Z',
    });
    expect(items[1]).toMatchObject({ change: 'admin', before: 400_000, after: 350_000, initiateUsername: 'admin' });
    expect(items[3]).toMatchObject({ kind: 'payment', type: 1, amount: 1_000, initialAmount: 0, finalAmount: 1_000 });
    expect(items[6]).toMatchObject({ change: 'create', before: 0, after: 1_000_000, initiateUsername: 'admin', at: '2027-03-01T02:00:00.000Z' });
  });

  it('pages, filters by target and by business date over both kinds', async () => {
    const page2 = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: coCookie, query: { page: 2, pageSize: 3 } });
    expect(page2.body.data.total).toBe(7);
    expect(page2.body.data.items.map((i: { kind: string }) => i.kind)).toEqual(['payment', 'creditLimit', 'creditLimit']);
    const onlyAg = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: coCookie, query: { targetUserId: ag } });
    expect(onlyAg.body.data.items.map((i: { kind: string; change?: string }) => i.change ?? i.kind)).toEqual(['admin', 'change', 'payment', 'create']);
    const nextDay = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: coCookie, query: { from: '2027-03-02' } });
    expect(nextDay.body.data).toEqual({ items: [], total: 0 });
  });

  it('shows each account only the changes in its own subtree', async () => {
    const agView = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: agCookie, query: { pageSize: 50 } });
    expect(agView.body.data.items.map((i: { targetUsername: string }) => i.targetUsername)).toEqual(['limpl', 'limag', 'limag', 'limag', 'limpl', 'limag']);
    const plView = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: plCookie });
    expect(plView.body.data.items.map((i: { change: string; after: number }) => [i.change, i.after])).toEqual([
      ['change', 20_000],
      ['create', 50_000],
    ]);
    const upward = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: plCookie, query: { targetUserId: ag } });
    expect(upward.status).toBe(404);
  });

  it('the credit log interleaves the limit changes with the wallet entries', async () => {
    const res = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: coCookie, query: { userId: ag } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ creditLimit: 350_000, balance: 1_000, total: 4 });
    const items = res.body.data.items;
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['creditLimit', 'creditLimit', 'journal', 'creditLimit']);
    expect(items[0]).toEqual({
      kind: 'creditLimit',
      id: expect.any(Number),
      change: 'admin',
      before: 400_000,
      after: 350_000,
      initiatedById: 1,
      initiatedBy: 'admin',
      at: '2027-03-01T02:05:00.000Z',
    });
    expect(items[2]).toMatchObject({ kind: 'journal', type: 'transfer', amount: 1_000, preBalance: 0, postBalance: 1_000 });
    // A player without a wallet yet still reads its limit's history.
    const own = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: plCookie });
    expect(own.body.data).toMatchObject({ userId: pl, balance: 0, total: 2 });
    expect(own.body.data.items.map((i: { change: string; before: number; after: number }) => [i.change, i.before, i.after])).toEqual([
      ['change', 50_000, 20_000],
      ['create', 0, 50_000],
    ]);
    const sibling = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: plCookie, query: { userId: ag } });
    expect(sibling.status).toBe(404);
  });

  it('the CSV export carries the limit changes with their before and after', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Report/GetPlayerTransaction', query: { userId: String(ag), format: 'csv' }, headers: { ...XHR, cookie: coCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\r\n')).toEqual([
      'Date Time (Asia/Kuala_Lumpur),Type,Amount,Pre-Balance,Post-Balance,Initiated By,Remark,Transaction Id,Credit Limit Before,Credit Limit After',
      '2027-03-01 10:05:00,Credit limit changed by admin,-500.00,,,admin,,,4000.00,3500.00',
      '2027-03-01 10:04:00,Credit limit changed,1000.00,,,limco,,,3000.00,4000.00',
      expect.stringMatching(/^2027-03-01 10:03:00,Transfer Credit,10\.00,0\.00,10\.00,limco,,\d+,,$/),
      '2027-03-01 10:01:00,Credit limit set,3000.00,,,limco,,,0.00,3000.00',
    ]);
  });

  it('a deleted account leaves its limit zeroed in its upline history', async () => {
    const gone = await createOk(agCookie, { username: 'limgone', level: HierarchyLevel.Player, creditLimit: 5_000 });
    expect((await t.request({ url: '/api/Setting/DeleteUser', cookie: agCookie, json: { userId: gone } })).status).toBe(200);
    const res = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: agCookie, query: { pageSize: 2 } });
    expect(res.body.data.items.map((i: { change: string; before: number; after: number }) => [i.change, i.before, i.after])).toEqual([
      ['delete', 5_000, 0],
      ['create', 0, 5_000],
    ]);
  });
});
