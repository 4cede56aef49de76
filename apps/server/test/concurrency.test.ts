// Real lock contention exists only on PostgreSQL: these run with TEST_DATABASE_URL and are skipped on PGlite.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { checkLedger, retryStats } from '../src/modules/ledger/service';
import { createTestApp, type TestApp } from './support/testApp';

const onPg = !!process.env.TEST_DATABASE_URL;
const PASSWORD = 'Passw0rd!';

let t: TestApp;
beforeAll(async () => {
  if (onPg) t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(async () => {
  if (onPg) expect(await checkLedger(t.db)).toEqual([]);
});

let seq = 0;
async function account(name: string, roleId: RoleId, uplineId: number, creditLimit: number) {
  const username = `cc${++seq}${name}`;
  const id = await t.createUser({ username, password: PASSWORD, roleId, uplineId, creditLimit, skipTnc: true });
  return { id, cookie: await t.login(username, PASSWORD) };
}

const pay = (cookie: string, targetUserId: number, type: 1 | 2, amount: number, idempotencyKey = crypto.randomUUID()) =>
  t.request({ url: '/api/Payment/MakePayment', cookie, json: { targetUserId, type, amount, idempotencyKey } });

async function balances(ids: number[]) {
  const r = await rows<{ user_id: number; balance: number }>(
    t.db,
    sql`select user_id, balance from ledger_accounts where user_id in (${sql.join(ids.map((i) => sql`${i}::int`), sql`, `)})`,
  );
  return new Map(r.map((x) => [x.user_id, Number(x.balance)]));
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});

describe.skipIf(!onPg)('concurrent payments on PostgreSQL', () => {
  it('100 parallel transfers from an upline whose credit covers 40: exactly 40 applied, no money made', async () => {
    const A = 10_000;
    const co = await account('co', RoleId.Company, 1, 40 * A);
    const agents: { id: number; cookie: string }[] = [];
    for (let i = 0; i < 4; i++) agents.push(await account(`ag${i}`, RoleId.Multilevel, co.id, 0));
    const res = await Promise.all(Array.from({ length: 100 }, (_, i) => pay(co.cookie, agents[i % 4].id, 1, A)));
    expect(tally(res.map((r) => r.status))).toEqual({ 200: 40, 422: 60 });
    expect(res.filter((r) => r.status === 422).every((r) => r.body.message === 'INSUFFICIENT_CREDIT')).toBe(true);
    const b = await balances([co.id, ...agents.map((a) => a.id)]);
    expect(b.get(co.id)).toBe(-40 * A);
    expect(agents.reduce((s, a) => s + (b.get(a.id) ?? 0), 0)).toBe(40 * A);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from payments where initiate_user_id = ${co.id}`);
    expect(n.n).toBe(40);
  });

  it('first payments between new accounts at once create their wallets without a deadlock', async () => {
    const deadlocksBefore = retryStats['40P01'] ?? 0;
    for (let round = 0; round < 5; round++) {
      // Neither the upline nor its downlines hold a wallet yet: every call may create some.
      const co = await account(`co${round}`, RoleId.Company, 1, 100_000_000);
      const fresh: number[] = [];
      for (let i = 0; i < 8; i++) fresh.push((await account(`new${round}x${i}`, RoleId.Multilevel, co.id, 0)).id);
      const res = await Promise.all(Array.from({ length: 40 }, (_, i) => pay(co.cookie, fresh[i % 8], 1, 100)));
      expect(tally(res.map((r) => r.status))).toEqual({ 200: 40 });
      expect([...(await balances(fresh)).values()]).toEqual(Array(8).fill(500));
    }
    // Wallets are created before any is locked, so the database never had to break a deadlock.
    expect(retryStats['40P01'] ?? 0).toBe(deadlocksBefore);
  });

  it('50 transfers in opposite directions over shared wallets at once: all finish, none with a 500', async () => {
    const co = await account('co', RoleId.Company, 1, 10_000_000);
    const ag = await account('ag', RoleId.Multilevel, co.id, 5_000_000);
    const pl = await account('pl', RoleId.Player, ag.id, 1_000_000);
    // Wallets created bottom-up, so that ascending wallet id order is the reverse of the hierarchy.
    expect((await pay(ag.cookie, pl.id, 1, 1)).status).toBe(200);
    expect((await pay(co.cookie, ag.id, 1, 1)).status).toBe(200);
    const before = await balances([co.id, ag.id, pl.id]);
    const calls = Array.from({ length: 50 }, (_, i) => {
      switch (i % 4) {
        case 0: return pay(co.cookie, ag.id, 1, 100 + i);
        case 1: return pay(co.cookie, ag.id, 2, 50 + i);
        case 2: return pay(ag.cookie, pl.id, 1, 100 + i);
        default: return pay(ag.cookie, pl.id, 2, 50 + i);
      }
    });
    const res = await Promise.all(calls);
    expect(res.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const after = await balances([co.id, ag.id, pl.id]);
    const sum = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);
    expect(sum(after)).toBe(sum(before));
    const expected = { co: 0, ag: 0, pl: 0 };
    for (let i = 0; i < 50; i++) {
      if (i % 4 === 0) { expected.co -= 100 + i; expected.ag += 100 + i; }
      if (i % 4 === 1) { expected.co += 50 + i; expected.ag -= 50 + i; }
      if (i % 4 === 2) { expected.ag -= 100 + i; expected.pl += 100 + i; }
      if (i % 4 === 3) { expected.ag += 50 + i; expected.pl -= 50 + i; }
    }
    expect(after.get(co.id)! - before.get(co.id)!).toBe(expected.co);
    expect(after.get(ag.id)! - before.get(ag.id)!).toBe(expected.ag);
    expect(after.get(pl.id)! - before.get(pl.id)!).toBe(expected.pl);
  });

  it('50 submissions with one idempotency key: one payment, fifty identical answers', async () => {
    const co = await account('co', RoleId.Company, 1, 1_000_000);
    const ag = await account('ag', RoleId.Multilevel, co.id, 0);
    const k = crypto.randomUUID();
    const res = await Promise.all(Array.from({ length: 50 }, () => pay(co.cookie, ag.id, 1, 7_777, k)));
    expect(res.every((r) => r.status === 200)).toBe(true);
    expect(new Set(res.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(res.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from payments where target_user_id = ${ag.id}`);
    expect(n.n).toBe(1);
    expect((await balances([ag.id])).get(ag.id)).toBe(7_777);
  });

  it('parallel limit changes under one upline never grant more than its own limit', async () => {
    const co = await account('co', RoleId.Company, 1, 100_000);
    const agents: { id: number; cookie: string }[] = [];
    for (let i = 0; i < 10; i++) agents.push(await account(`ag${i}`, RoleId.Multilevel, co.id, 0));
    const res = await Promise.all(
      agents.map((a) =>
        t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co.cookie, json: { userId: a.id, creditLimit: 30_000, idempotencyKey: crypto.randomUUID() } }),
      ),
    );
    expect(tally(res.map((r) => r.status))).toEqual({ 200: 3, 422: 7 });
    const [s] = await rows<{ total: string }>(t.db, sql`select sum(credit_limit)::text as total from users where upline_id = ${co.id}`);
    expect(Number(s.total)).toBe(90_000);
  });

  it('a payment and a limit cut on the same downline at once: the downline never ends below zero available', async () => {
    const co = await account('co', RoleId.Company, 1, 1_000_000);
    const ag = await account('ag', RoleId.Multilevel, co.id, 500_000);
    const pl = await account('pl', RoleId.Player, ag.id, 0);
    for (let round = 0; round < 10; round++) {
      await t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co.cookie, json: { userId: ag.id, creditLimit: 500_000, idempotencyKey: crypto.randomUUID() } });
      const [p, l] = await Promise.all([
        pay(ag.cookie, pl.id, 1, 400_000),
        t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co.cookie, json: { userId: ag.id, creditLimit: 300_000, idempotencyKey: crypto.randomUUID() } }),
      ]);
      expect([200, 422]).toContain(p.status);
      expect([200, 422]).toContain(l.status);
      const [u] = await rows<{ credit_limit: number; balance: number }>(
        t.db,
        sql`select u.credit_limit, coalesce(l.balance, 0) as balance from users u left join ledger_accounts l on l.user_id = u.id where u.id = ${ag.id}`,
      );
      expect(Number(u.credit_limit) + Number(u.balance)).toBeGreaterThanOrEqual(0);
      // Give the credit back for the next round.
      if (p.status === 200) expect((await pay(ag.cookie, pl.id, 2, 400_000)).status).toBe(200);
    }
  });
});
