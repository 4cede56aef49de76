// Real lock contention exists only on PostgreSQL: these run when TEST_DATABASE_URL is set (CI sets it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const onPg = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
const PASSWORD = 'Passw0rd!';
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

describe.skipIf(!onPg)('ordering under concurrency (PostgreSQL)', () => {
  let coId: number;
  let agent: string;
  beforeAll(async () => {
    t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
    const admin = await t.login(ADMIN.username, ADMIN.password);
    const create = async (cookie: string, body: Record<string, unknown>) => {
      const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data.userId as number;
    };
    coId = await create(admin, { username: 'ccco', level: HierarchyLevel.Company, creditLimit: 100_000_000 });
    const co = await t.login('ccco', PASSWORD);
    await create(co, { username: 'ccagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000 });
    agent = await t.login('ccagent', PASSWORD);
    await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
    // The company eats Big on Magnum by amount, up to RM 50 per number.
    await t.request({ url: '/api/Account/UpdateUserEatLimit', cookie: co, json: { userId: coId, eatType: 'amount', limitMethod: 1, limits: [{ poolId: 1, betCode: 'B', amount: 5_000 }] } });
  });
  afterAll(async () => t?.close());

  const place = (cookie: string, text: string, key: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key } });

  it('200 parallel tickets against a credit that covers 50: exactly 50 placed', async () => {
    // Net of a RM 1 Big at 26% commission is 74 cents: a limit of 50 x 74 covers exactly 50 tickets.
    const agentCookie = agent;
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agentCookie, json: { username: 'ccplayer', password: PASSWORD, fullName: 'P', level: HierarchyLevel.Player, creditLimit: 50 * 74 } });
    const player = await t.login('ccplayer', PASSWORD);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => place(player, `D\n#1\n${String(1000 + i)}#1`, `credit-${i}-key`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([]);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer'`);
    expect(n.n).toBe(50);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('200 parallel tickets on one number against a fight limit: the amount eaten never exceeds it', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer2', password: PASSWORD, fullName: 'P2', level: HierarchyLevel.Player, creditLimit: 1_000_000 } });
    const player = await t.login('ccplayer2', PASSWORD);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => place(player, 'D\n#1\n7777#1', `limit-${i}-key`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(200);
    const [eaten] = await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and key = 'n:7777:B'`);
    expect(Number(eaten.amount)).toBe(5_000);
    const [shares] = await rows<{ total: string }>(sql`select sum(es.amount)::text as total from eat_shares es join bet_lines bl on bl.id = es.bet_line_id where es.user_id = ${coId} and bl.number = '7777'`);
    expect(Number(shares.total)).toBe(5_000);
    const [unposted] = await rows<{ total: string }>(sql`select sum(unposted)::text as total from bet_lines where number = '7777'`);
    expect(Number(unposted.total)).toBe(200 * 100 - 5_000);
    const [queued] = await rows<{ n: number }>(sql`select count(*)::int as n from number_queue where owner_user_id = ${coId} and number = '7777' and status = 0`);
    expect(queued.n).toBe(1);
  });

  it('50 submissions with one idempotency key: one ticket', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer3', password: PASSWORD, fullName: 'P3', level: HierarchyLevel.Player, creditLimit: 100_000 } });
    const player = await t.login('ccplayer3', PASSWORD);
    const results = await Promise.all(Array.from({ length: 50 }, () => place(player, 'D\n#1\n2222#1', 'the-same-key-1')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.ticketId)).size).toBe(1);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer3'`);
    expect(n.n).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
