// Issue 10 item 4: an account logs in, bets, is activated or is cloned only while every account above
// it is active. Flagging an account flags its downline (and ends their sessions); these tests also build
// the inconsistent state an older version could leave (an active player under a suspended agent) to show
// that each door checks the whole chain, not only the account itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const login = (username: string) => t.login(username, PASSWORD);
const statusOf = async (username: string) => (await rows<{ status: string }>(sql`select status from users where username = ${username}`))[0]?.status;
/** Sets a status in the database without the cascade, as an older version could leave it. */
const setStatus = (username: string, status: string) => t.db.execute(sql`update users set status = ${status} where username = ${username}`);

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
async function setStatusThroughApi(cookie: string, username: string, status: string) {
  const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids[username] }, cookie })).body.data;
  return t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { ...detail, status } });
}
const place = (cookie: string, extra: Record<string, unknown> = {}) =>
  t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text: 'D\n#1\n1234#1', idempotencyKey: `upline-chain-${++keyNo}`, ...extra } });

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'chco', level: HierarchyLevel.Company, creditLimit: 10_000_000 });
  const co = await login('chco');
  await createOk(co, { username: 'chmaster', level: HierarchyLevel.Master, creditLimit: 5_000_000 });
  const master = await login('chmaster');
  await createOk(master, { username: 'chagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
  const agent = await login('chagent');
  await createOk(agent, { username: 'chplayer', level: HierarchyLevel.Player, creditLimit: 10_000 });
  await createOk(agent, { username: 'chplayer2', level: HierarchyLevel.Player, creditLimit: 10_000 });
  const staff = await t.request({ url: '/api/Account/CreateOrUpdateSubAccount', cookie: agent, json: { username: 'chagent-staff', fullName: 'Staff', password: PASSWORD, activities: [] } });
  expect(staff.status).toBe(200);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status).toBe(200);
});
afterAll(async () => t?.close());

describe('activation', () => {
  it('refuses to reactivate an account while an upline is flagged, and changes nothing', async () => {
    const co = await login('chco');
    expect((await setStatusThroughApi(co, 'chagent', 'Suspended')).status).toBe(200);
    expect(await statusOf('chplayer')).toBe('Suspended');
    const res = await setStatusThroughApi(co, 'chplayer', 'Active');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('UPLINE_NOT_ACTIVE');
    expect(await statusOf('chplayer')).toBe('Suspended');
    // Reactivating the agent itself restores its downline, as before.
    expect((await setStatusThroughApi(co, 'chagent', 'Active')).status).toBe(200);
    expect(await statusOf('chplayer')).toBe('Active');
  });

  it('leaves a status an account above set to that account: the agent cannot lift its company\'s suspension', async () => {
    const [co, master, agent] = [await login('chco'), await login('chmaster'), await login('chagent')];
    expect((await setStatusThroughApi(co, 'chplayer2', 'Suspended')).status).toBe(200);
    for (const [cookie, status] of [[agent, 'Active'], [master, 'Inactive']] as const) {
      const res = await setStatusThroughApi(cookie, 'chplayer2', status);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('STATUS_SET_BY_UPLINE');
      expect(await statusOf('chplayer2')).toBe('Suspended');
    }
    // The company lifts it; a status the agent sets itself, the agent lifts (and the company above it may).
    expect((await setStatusThroughApi(co, 'chplayer2', 'Active')).status).toBe(200);
    expect((await setStatusThroughApi(agent, 'chplayer2', 'Inactive')).status).toBe(200);
    expect((await setStatusThroughApi(agent, 'chplayer2', 'Active')).status).toBe(200);
    expect((await setStatusThroughApi(agent, 'chplayer2', 'Suspended')).status).toBe(200);
    expect((await setStatusThroughApi(co, 'chplayer2', 'Active')).status).toBe(200);
    expect(await statusOf('chplayer2')).toBe('Active');
  });

  it('refuses a reactivation when an account further up is not active either', async () => {
    const co = await login('chco');
    expect((await setStatusThroughApi(co, 'chmaster', 'Inactive')).status).toBe(200);
    const agent = await setStatusThroughApi(co, 'chagent', 'Active');
    expect(agent.status).toBe(422);
    expect(await statusOf('chagent')).toBe('Inactive');
    expect((await setStatusThroughApi(co, 'chmaster', 'Active')).status).toBe(200);
    expect(await statusOf('chagent')).toBe('Active');
  });
});

describe('login', () => {
  it('refuses an active account, or a sub-account, whose upline is not active', async () => {
    await setStatus('chagent', 'Suspended');
    try {
      for (const u of ['chplayer', 'chagent-staff']) {
        const res = await t.request({ url: '/api/Account/Login', form: { username: u, password: PASSWORD } });
        expect(res.status, u).toBe(403);
        expect(res.body.message).toBe('ACCOUNT_DISABLED');
      }
      await setStatus('chagent', 'Active');
      await setStatus('chmaster', 'Suspended');
      const res = await t.request({ url: '/api/Account/Login', form: { username: 'chplayer', password: PASSWORD } });
      expect(res.status).toBe(403);
    } finally {
      await setStatus('chagent', 'Active');
      await setStatus('chmaster', 'Active');
    }
    expect((await t.request({ url: '/api/Account/Login', form: { username: 'chplayer', password: PASSWORD } })).status).toBe(200);
  });
});

describe('placing', () => {
  it('refuses a ticket, by the player or for it, while any account above is not active', async () => {
    const player = await login('chplayer');
    const co = await login('chco');
    await setStatus('chmaster', 'Suspended');
    try {
      const own = await place(player);
      expect(own.status, JSON.stringify(own.body)).toBe(422);
      expect(own.body.message).toBe('UPLINE_NOT_ACTIVE');
      const forIt = await place(co, { targetUserId: ids.chplayer });
      expect(forIt.status).toBe(422);
      expect(await rows(sql`select id from tickets`)).toEqual([]);
    } finally {
      await setStatus('chmaster', 'Active');
    }
    expect((await place(player)).status).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('cloning', () => {
  it('refuses to clone a flagged account, or one below a flagged upline, and creates nothing', async () => {
    const co = await login('chco');
    expect((await setStatusThroughApi(co, 'chagent', 'Suspended')).status).toBe(200);
    const clone = (sourceUserId: number, username: string) =>
      t.request({ url: '/api/Account/CloneAccount', cookie: co, json: { sourceUserId, username, fullName: 'Clone', password: PASSWORD } });
    const ofAgent = await clone(ids.chagent, 'chagent-clone');
    expect(ofAgent.status).toBe(422);
    expect(ofAgent.body.message).toBe('ACCOUNT_DISABLED');
    await setStatus('chplayer2', 'Active');
    const below = await clone(ids.chplayer2, 'chplayer-clone');
    expect(below.status).toBe(422);
    expect(below.body.message).toBe('UPLINE_NOT_ACTIVE');
    expect(await rows(sql`select id from users where username like '%-clone'`)).toEqual([]);
    expect((await t.request({ url: '/api/Account/Login', form: { username: 'chplayer-clone', password: PASSWORD } })).status).toBe(401);
    await setStatus('chplayer2', 'Suspended');
    expect((await setStatusThroughApi(co, 'chagent', 'Active')).status).toBe(200);
    expect((await clone(ids.chplayer2, 'chplayer-clone')).status).toBe(200);
  });
});
