import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { isBlocked } from '../src/modules/risk/numberQueue';
import { redLimitFor } from '../src/modules/risk/redNumbers';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let co: string;
let coId: number;
const PASSWORD = 'Passw0rd!';
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.username, ADMIN.password);
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: admin, json: { username: 'riskco', password: PASSWORD, fullName: 'Risk Co', level: HierarchyLevel.Company, maxFightLimit: 0 } });
  coId = res.body.data.userId;
  co = await t.login('riskco', PASSWORD);
});
afterAll(async () => t?.close());

describe('red numbers', () => {
  it('lists the permutation types', async () => {
    const res = await t.request({ url: '/api/Configuration/GetPermutationType', cookie: co });
    expect(res.body.data.map((p: { name: string; permutations: number }) => `${p.name}:${p.permutations}`)).toEqual(['Normal:1', '4P:4', '6P:6', '12P:12', '24P:24']);
  });

  it('creates a 24P red number covering the whole permutation group, and a normal one for one number', async () => {
    const group = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '1234', type: 5, limitAmount: 5_000 } });
    expect(group.status).toBe(200);
    expect(group.body.data.permutations).toHaveLength(24);
    const one = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '4321', type: 1, poolId: PoolId.Magnum, limitAmount: 1_000 } });
    expect(one.status).toBe(200);
    expect(await redLimitFor(t.db, coId, PoolId.Magnum, '3412')).toBe(5_000);
    expect(await redLimitFor(t.db, coId, PoolId.Magnum, '4321')).toBe(1_000);
    expect(await redLimitFor(t.db, coId, PoolId.Toto, '4321')).toBe(5_000);
    expect(await redLimitFor(t.db, coId, PoolId.Magnum, '5555')).toBeNull();
    const list = await t.request({ url: '/api/Configuration/GetRedNumber', query: { search: '43' }, cookie: co });
    expect(list.body.data.map((r: { number: string }) => r.number)).toEqual(['4321']);
  });

  it('refuses a type that does not match the number, a duplicate, and a bad number', async () => {
    const wrongType = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '1123', type: 5, limitAmount: 1 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.data).toEqual({ type: 'pattern' });
    const dup = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '1234', type: 5, limitAmount: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('DUPLICATED_NUMBER');
    const bad = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '12a4', type: 1, limitAmount: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('number');
  });

  it('deletes a red number (after the screen confirms), and only the owner can', async () => {
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: co, json: { number: '7777', type: 1, limitAmount: 100 } });
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: await t.login(ADMIN.username, ADMIN.password), json: { username: 'riskco2', password: PASSWORD, fullName: 'Other', level: 1 } });
    const other = await t.login('riskco2', PASSWORD);
    expect((await t.request({ url: '/api/Configuration/DeleteRedNumber', cookie: other, json: { id: created.body.data.id } })).status).toBe(404);
    expect((await t.request({ url: '/api/Configuration/DeleteRedNumber', cookie: co, json: { id: created.body.data.id } })).status).toBe(200);
    expect(await redLimitFor(t.db, coId, PoolId.Magnum, '7777')).toBeNull();
  });
});

describe('the number queue', () => {
  it('lists blocked numbers and unblocks one, then all', async () => {
    const now = t.clock.now();
    await t.db.execute(sql`insert into number_queue (owner_user_id, pool_id, draw_date, number, bet_code, reason, status, created_at)
      values (${coId}, 1, '2026-11-25', '1234', 'B', 'limit', 0, ${now}), (${coId}, 1, '2026-11-25', '5678', 'B', 'limit', 0, ${now}), (${coId}, 2, '2026-11-25', '9999', 'S', 'limit', 0, ${now})`);
    const list = await t.request({ url: '/api/Configuration/GetNumberQueues', cookie: co });
    expect(list.body.data).toHaveLength(3);
    expect(await isBlocked(t.db, coId, 1, '2026-11-25', '1234', 'B')).toBe(true);
    const one = await t.request({ url: '/api/Configuration/DeleteNumberQueue', cookie: co, json: { ids: [list.body.data[0].id] } });
    expect(one.body.data.unblocked).toBe(1);
    expect(await isBlocked(t.db, coId, 1, '2026-11-25', '1234', 'B')).toBe(false);
    const all = await t.request({ url: '/api/Configuration/DeleteNumberQueue', cookie: co, json: { all: true } });
    expect(all.body.data.unblocked).toBe(2);
    expect((await t.request({ url: '/api/Configuration/GetNumberQueues', cookie: co })).body.data).toHaveLength(0);
  });
});

describe('fight limits', () => {
  it('sets an agent eat type, limit method and limits per pool and bet code within the upline bound', async () => {
    const agent = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { username: 'eater', password: PASSWORD, fullName: 'Eater', level: HierarchyLevel.Agent, maxFightLimit: 10_000 } });
    const id = agent.body.data.userId;
    const res = await t.request({
      url: '/api/Account/UpdateUserEatLimit',
      cookie: co,
      json: { userId: id, eatType: 'amount', limitMethod: 3, eatSequence: '**/*', limits: [{ poolId: 1, betCode: 'B', amount: 10_000 }, { poolId: 8, betCode: 'B', amount: 500 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ eatType: 'amount', limitMethod: 3, eatSequence: '**/*', maxFightLimit: 10_000 });
    expect(res.body.data.limits).toHaveLength(2);
    const over = await t.request({ url: '/api/Account/UpdateUserEatLimit', cookie: co, json: { userId: id, eatType: 'amount', limitMethod: 1, limits: [{ poolId: 1, betCode: 'B', amount: 10_001 }] } });
    expect(over.status).toBe(400);
    expect(over.body.data).toEqual({ 'limits.0.amount': 'max' });
    const badCode = await t.request({ url: '/api/Account/UpdateUserEatLimit', cookie: co, json: { userId: id, eatType: 'amount', limitMethod: 1, limits: [{ poolId: 1, betCode: 'ZZ', amount: 1 }] } });
    expect(badCode.status).toBe(400);
    // The agent reads its own; a player has no fight-limit rights.
    const mine = await t.request({ url: '/api/Account/GetFightLimitRelatedData', cookie: await t.login('eater', PASSWORD) });
    expect(mine.body.data.limits).toHaveLength(2);
    await t.createUser({ username: 'riskplayer', password: PASSWORD, roleId: RoleId.Player, uplineId: id, skipTnc: true });
    expect((await t.request({ url: '/api/Account/GetFightLimitRelatedData', cookie: await t.login('riskplayer', PASSWORD) })).status).toBe(403);
    // Outside the subtree: 404.
    const other = await t.login('riskco2', PASSWORD);
    expect((await t.request({ url: '/api/Account/GetFightLimitRelatedData', query: { userId: id }, cookie: other })).status).toBe(404);
  });
});
