// Payments (transfer / receive credit), credit limits, payment history and credit logs through the API,
// on PGlite and (TEST_DATABASE_URL) PostgreSQL. After every scenario the ledger check must find nothing.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, RoleId, type AccessLevel, type FunctionName } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { rows } from '../src/modules/ledger/queries';
import { ADMIN, XHR, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let adminCookie: () => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = session(ADMIN.username, ADMIN.password);
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const PASSWORD = 'Passw0rd!';
const key = () => crypto.randomUUID();
let seq = 0;

/** A login that is renewed when the test clock has moved past the session idle timeout. */
function session(username: string, password: string) {
  let cached: { cookie: string; at: number } | undefined;
  return async () => {
    const now = t.clock.now().getTime();
    if (!cached || now - cached.at > 10 * 60_000 || now < cached.at) cached = { cookie: await t.login(username, password), at: now };
    return cached.cookie;
  };
}

/** Grants a user a permission role holding just these functions and levels. */
async function grant(userId: number, fns: Partial<Record<FunctionName, AccessLevel[]>>) {
  const [role] = await rows<{ id: number }>(
    t.db,
    sql`insert into permission_roles (name, description) values (${`grant-${userId}-${++seq}`}, 'test') returning id`,
  );
  for (const [fn, levels] of Object.entries(fns)) {
    for (const level of levels!) {
      await t.db.execute(
        sql`insert into role_activity_permissions (role_id, activity_id, permission_id)
            values (${role.id}, ${FUNCTION_NAMES.indexOf(fn as FunctionName) + 1}, ${level})`,
      );
    }
  }
  await t.db.execute(sql`insert into user_permission_roles (user_id, role_id) values (${userId}, ${role.id})`);
}

interface Tree {
  [name: string]: { id: number; cookie: () => Promise<string> };
}

/**
 * admin
 * └ co (company, limit 10,000.00)       + costaff (no rights), copay (Payment Control), coview (Payment View)
 *   ├ ma (agent, limit 5,000.00)        └ pa1, pa2 (players, limit 1,000.00)
 *   └ mb (agent, limit 2,000.00)        └ pb (player, limit 1,000.00)
 */
async function tree(): Promise<Tree> {
  const p = `t${++seq}`;
  const out: Tree = {};
  const make = async (name: string, roleId: RoleId, extra: { uplineId?: number; mainAccountId?: number; creditLimit?: number }) => {
    const username = `${p}${name}`;
    const id = await t.createUser({ username, password: PASSWORD, roleId, skipTnc: true, ...extra });
    out[name] = { id, cookie: session(username, PASSWORD) };
    return id;
  };
  const co = await make('co', RoleId.Company, { uplineId: 1, creditLimit: 1_000_000 });
  const ma = await make('ma', RoleId.Multilevel, { uplineId: co, creditLimit: 500_000 });
  const mb = await make('mb', RoleId.Multilevel, { uplineId: co, creditLimit: 200_000 });
  await make('pa1', RoleId.Player, { uplineId: ma, creditLimit: 100_000 });
  await make('pa2', RoleId.Player, { uplineId: ma, creditLimit: 100_000 });
  await make('pb', RoleId.Player, { uplineId: mb, creditLimit: 100_000 });
  await make('costaff', RoleId.Company, { mainAccountId: co });
  await grant(await make('copay', RoleId.Company, { mainAccountId: co }), { 'Payment Report': [1, 2, 3] });
  await grant(await make('coview', RoleId.Company, { mainAccountId: co }), { 'Payment Report': [1] });
  return out;
}

const setCreditType = (id: number, creditType: 'prepaid' | 'postpaid') =>
  t.db.execute(sql`update users set credit_type = ${creditType} where id = ${id}`);

async function pay(cookie: string, body: { targetUserId: number; type: 1 | 2; amount: number; remark?: string; idempotencyKey?: string }) {
  return t.request({ url: '/api/Payment/MakePayment', cookie, json: { idempotencyKey: key(), ...body } });
}

/** A CSV export (testApp's request() parses JSON). */
async function csvExport(cookie: string, query: Record<string, string | number>) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/Report/GetPlayerTransaction',
    query: Object.fromEntries(Object.entries({ ...query, format: 'csv' }).map(([k, v]) => [k, String(v)])),
    headers: { ...XHR, cookie },
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

async function balanceOf(userId: number): Promise<number> {
  const [r] = await rows<{ balance: number }>(t.db, sql`select balance from ledger_accounts where user_id = ${userId}`);
  return r ? Number(r.balance) : 0;
}

describe('Payment/GetPaymentType', () => {
  it('lists transfer credit (1) and receive credit (2)', async () => {
    const res = await t.request({ url: '/api/Payment/GetPaymentType', cookie: await adminCookie() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, name: 'Transfer Credit' },
      { id: 2, name: 'Receive Credit' },
    ]);
  });
});

describe('Payment/MakePayment', () => {
  it('lets the super admin grant credit without bound; records payment, journal, audit in one go', async () => {
    const x = await tree();
    const before = await balanceOf(1);
    const res = await pay(await adminCookie(), { targetUserId: x.co.id, type: 1, amount: 2_500_000, remark: 'opening float' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 1,
      amount: 2_500_000,
      targetUserId: x.co.id,
      initiateUserId: 1,
      initiateUsername: 'admin',
      initialAmount: 0,
      finalAmount: 2_500_000,
      remark: 'opening float',
    });
    expect(await balanceOf(x.co.id)).toBe(2_500_000);
    expect(await balanceOf(1)).toBe(before - 2_500_000);
    const [p] = await rows<{ transaction_id: number; kind: string; initiated_by: number }>(
      t.db,
      sql`select p.transaction_id, j.kind, j.initiated_by from payments p join journal_transactions j on j.id = p.transaction_id where p.id = ${res.body.data.id}`,
    );
    expect(p).toMatchObject({ kind: 'transfer', initiated_by: 1 });
    const entries = await rows<{ amount: number }>(t.db, sql`select amount from journal_entries where transaction_id = ${p.transaction_id} order by amount`);
    expect(entries.map((e) => Number(e.amount))).toEqual([-2_500_000, 2_500_000]);
    const [audit] = await rows<{ actor_user_id: number; before: unknown; after: { amount: number; paymentId: number } }>(
      t.db,
      sql`select actor_user_id, before, after from audit_log where action = 'payment.transfer' and target_id = ${String(x.co.id)}`,
    );
    expect(audit.actor_user_id).toBe(1);
    expect(audit.before).toMatchObject({ balance: 0 });
    expect(audit.after).toMatchObject({ balance: 2_500_000, amount: 2_500_000, paymentId: res.body.data.id });
  });

  it('postpaid: the giver may go below zero down to minus its limit, not further', async () => {
    const x = await tree();
    const ma = await x.ma.cookie();
    expect((await pay(ma, { targetUserId: x.pa1.id, type: 1, amount: 300_000 })).status).toBe(200);
    const over = await pay(ma, { targetUserId: x.pa2.id, type: 1, amount: 200_001 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ success: false, message: 'INSUFFICIENT_CREDIT', data: { available: 200_000 } });
    expect((await pay(ma, { targetUserId: x.pa2.id, type: 1, amount: 200_000 })).status).toBe(200);
    expect(await balanceOf(x.ma.id)).toBe(-500_000);
    expect((await pay(ma, { targetUserId: x.pa2.id, type: 1, amount: 1 })).status).toBe(422);
    const count = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from payments where target_user_id in (${x.pa1.id}, ${x.pa2.id})`);
    expect(count[0].n).toBe(2);
  });

  it('prepaid: only the balance can be spent', async () => {
    const x = await tree();
    await setCreditType(x.mb.id, 'prepaid');
    const mb = await x.mb.cookie();
    expect((await pay(mb, { targetUserId: x.pb.id, type: 1, amount: 1 })).body.message).toBe('INSUFFICIENT_CREDIT');
    expect((await pay(await x.co.cookie(), { targetUserId: x.mb.id, type: 1, amount: 50_000 })).status).toBe(200);
    expect((await pay(mb, { targetUserId: x.pb.id, type: 1, amount: 50_001 })).status).toBe(422);
    expect((await pay(mb, { targetUserId: x.pb.id, type: 1, amount: 50_000 })).status).toBe(200);
    expect(await balanceOf(x.mb.id)).toBe(0);
  });

  it('receive credit takes back only what the downline has available (postpaid and prepaid)', async () => {
    const x = await tree();
    const ma = await x.ma.cookie();
    await pay(ma, { targetUserId: x.pa1.id, type: 1, amount: 250_000 });
    // pa1 is postpaid with limit 1,000.00 and balance 2,500.00: 3,500.00 available.
    const tooMuch = await pay(ma, { targetUserId: x.pa1.id, type: 2, amount: 350_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.data).toEqual({ available: 350_000 });
    const back = await pay(ma, { targetUserId: x.pa1.id, type: 2, amount: 350_000 });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ type: 2, initialAmount: 250_000, finalAmount: -100_000 });
    expect(await balanceOf(x.ma.id)).toBe(100_000);

    await setCreditType(x.pa2.id, 'prepaid');
    await pay(ma, { targetUserId: x.pa2.id, type: 1, amount: 1_000 });
    expect((await pay(ma, { targetUserId: x.pa2.id, type: 2, amount: 1_001 })).status).toBe(422);
    expect((await pay(ma, { targetUserId: x.pa2.id, type: 2, amount: 1_000 })).status).toBe(200);
    const [j] = await rows<{ kind: string }>(t.db, sql`select j.kind from payments p join journal_transactions j on j.id = p.transaction_id where p.target_user_id = ${x.pa2.id} and p.type = 2`);
    expect(j.kind).toBe('receive');
  });

  it('answers 404, the same as for a missing account, for anyone but a direct downline', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const missing = await pay(co, { targetUserId: 9_999_999, type: 1, amount: 100 });
    expect(missing.status).toBe(404);
    const cases = [
      { who: co, target: x.pa1.id }, // grandchild: not direct
      { who: await x.ma.cookie(), target: x.pb.id }, // sibling branch
      { who: await x.pa1.cookie(), target: x.ma.id }, // its own upline, from below
      { who: await x.ma.cookie(), target: x.mb.id }, // a sibling
      { who: co, target: x.costaff.id }, // a sub-account holds no wallet
      { who: co, target: x.co.id }, // itself
    ];
    for (const c of cases) {
      for (const type of [1, 2] as const) {
        const res = await pay(c.who, { targetUserId: c.target, type, amount: 100 });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(missing.body);
      }
    }
    expect(await rows(t.db, sql`select 1 from payments where initiate_user_id in (${x.co.id}, ${x.ma.id}, ${x.pa1.id})`)).toEqual([]);
  });

  it('a sub-account acts for its main account only with the Payment Control right', async () => {
    const x = await tree();
    const none = await pay(await x.costaff.cookie(), { targetUserId: x.ma.id, type: 1, amount: 100 });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('PERMISSION_DENIED');
    const viewOnly = await pay(await x.coview.cookie(), { targetUserId: x.ma.id, type: 1, amount: 100 });
    expect(viewOnly.status).toBe(403);
    const res = await pay(await x.copay.cookie(), { targetUserId: x.ma.id, type: 1, amount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ initiateUserId: x.copay.id, targetUserId: x.ma.id });
    expect(await balanceOf(x.co.id)).toBe(-100);
    expect(await rows(t.db, sql`select 1 from ledger_accounts where user_id = ${x.copay.id}`)).toEqual([]);
    const [j] = await rows<{ initiated_by: number }>(t.db, sql`select initiated_by from journal_transactions where id = ${res.body.data.transactionId}`);
    expect(j.initiated_by).toBe(x.copay.id);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const bad = [
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: 9_999_999_901 }, 'amount'],
      [{ type: 3 }, 'type'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ idempotencyKey: 'x'.repeat(101) }, 'idempotencyKey'],
      [{ idempotencyKey: undefined }, 'idempotencyKey'],
      [{ remark: 'r'.repeat(201) }, 'remark'],
    ] as const;
    for (const [patch, field] of bad) {
      const res = await t.request({
        url: '/api/Payment/MakePayment',
        cookie: co,
        json: { targetUserId: x.ma.id, type: 1, amount: 100, idempotencyKey: key(), ...patch },
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(res.body.data)).toContain(field);
    }
    expect((await pay(co, { targetUserId: x.ma.id, type: 1, amount: 9_999_999_900 })).status).toBe(422);
  });
});

describe('idempotency', () => {
  it('applies a retried payment once and answers with the first response', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const body = { targetUserId: x.ma.id, type: 1 as const, amount: 12_345, idempotencyKey: key() };
    const first = await pay(co, body);
    t.clock.advance(1000);
    const again = await pay(co, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(x.ma.id)).toBe(12_345);
    const n = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from payments where target_user_id = ${x.ma.id}`);
    expect(n[0].n).toBe(1);
  });

  it('keeps a refusal as the answer of its key; a new key acts on the new state', async () => {
    const x = await tree();
    const ma = await x.ma.cookie();
    const body = { targetUserId: x.pa1.id, type: 1 as const, amount: 600_000, idempotencyKey: key() };
    const first = await pay(ma, body);
    expect(first.status).toBe(422);
    await t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: await x.co.cookie(), json: { userId: x.ma.id, creditLimit: 700_000, idempotencyKey: key() } });
    const again = await pay(ma, body);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect((await pay(ma, { ...body, idempotencyKey: key() })).status).toBe(200);
  });

  it('refuses (409) a key reused for another payload or another call, and nothing is applied', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const k = key();
    expect((await pay(co, { targetUserId: x.ma.id, type: 1, amount: 100, idempotencyKey: k })).status).toBe(200);
    const other = await pay(co, { targetUserId: x.ma.id, type: 1, amount: 200, idempotencyKey: k });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('IDEMPOTENCY_KEY_REUSED');
    const limit = await t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co, json: { userId: x.ma.id, creditLimit: 1, idempotencyKey: k } });
    expect(limit.status).toBe(409);
    expect(await balanceOf(x.ma.id)).toBe(100);
    const [u] = await rows<{ credit_limit: number }>(t.db, sql`select credit_limit from users where id = ${x.ma.id}`);
    expect(Number(u.credit_limit)).toBe(500_000);
  });

  it('scopes keys to the logged-in user: another user may use the same key', async () => {
    const x = await tree();
    const k = key();
    expect((await pay(await x.co.cookie(), { targetUserId: x.ma.id, type: 1, amount: 100, idempotencyKey: k })).status).toBe(200);
    expect((await pay(await x.ma.cookie(), { targetUserId: x.pa1.id, type: 1, amount: 100, idempotencyKey: k })).status).toBe(200);
    expect((await pay(await x.copay.cookie(), { targetUserId: x.ma.id, type: 1, amount: 100, idempotencyKey: k })).status).toBe(200);
    expect(await balanceOf(x.ma.id)).toBe(100);
  });
});

describe('credit limits', () => {
  const setLimit = async (cookie: string, userId: number, creditLimit: number, url = '/api/Account/UpdateUserCreditLimit') =>
    t.request({ url, cookie, json: { userId, creditLimit, idempotencyKey: key() } });

  it('an upline sets a direct downline within its own limit less what its other downlines hold', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    // co 10,000.00; mb holds 2,000.00, so ma may have at most 8,000.00.
    const over = await setLimit(co, x.ma.id, 800_001);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ message: 'CREDIT_LIMIT_EXCEEDS_UPLINE', data: { max: 800_000 } });
    const ok = await setLimit(co, x.ma.id, 800_000);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ userId: x.ma.id, previousCreditLimit: 500_000, creditLimit: 800_000, balance: 0, availableCredit: 800_000 });
    expect((await setLimit(co, x.mb.id, 200_001)).status).toBe(422);
    const [audit] = await rows<{ actor_user_id: number; before: unknown; after: unknown }>(
      t.db,
      sql`select actor_user_id, before, after from audit_log where action = 'user.credit-limit' and target_id = ${String(x.ma.id)}`,
    );
    expect(audit).toEqual({ actor_user_id: x.co.id, before: { creditLimit: 500_000 }, after: { creditLimit: 800_000 } });
  });

  it('keeps a limit above what the account granted its downline, and a postpaid account above its debt', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const below = await setLimit(co, x.ma.id, 199_999);
    expect(below.status).toBe(422);
    expect(below.body).toMatchObject({ message: 'CREDIT_LIMIT_BELOW_USED', data: { min: 200_000, reason: 'downline' } });
    // mb (postpaid, 2,000.00) gives pb 1,500.00: it owes 1,500.00, so its limit cannot drop below that.
    expect((await pay(await x.mb.cookie(), { targetUserId: x.pb.id, type: 1, amount: 150_000 })).status).toBe(200);
    await t.db.execute(sql`update users set credit_limit = 0 where id = ${x.pb.id}`);
    const debt = await setLimit(co, x.mb.id, 149_999);
    expect(debt.status).toBe(422);
    expect(debt.body).toMatchObject({ message: 'CREDIT_LIMIT_BELOW_USED', data: { min: 150_000, reason: 'outstanding' } });
    expect((await setLimit(co, x.mb.id, 150_000)).body.data).toMatchObject({ availableCredit: 0 });
    // A prepaid account spends only its balance: its limit is not bound by it.
    await setCreditType(x.mb.id, 'prepaid');
    expect((await setLimit(co, x.mb.id, 0)).status).toBe(200);
  });

  it('the super admin grants companies any limit; nobody sets a limit outside its direct downline', async () => {
    const x = await tree();
    expect((await setLimit(await adminCookie(), x.co.id, 9_999_999_900)).status).toBe(200);
    const co = await x.co.cookie();
    expect((await setLimit(co, x.pa1.id, 1)).status).toBe(404); // not direct
    expect((await setLimit(await x.ma.cookie(), x.pb.id, 1)).status).toBe(404); // sibling branch
    expect((await setLimit(await x.pa1.cookie(), x.ma.id, 1)).status).toBe(403); // a player lacks Downline
    expect((await setLimit(await x.ma.cookie(), x.co.id, 1)).status).toBe(404); // from below
    expect((await setLimit(await x.costaff.cookie(), x.ma.id, 1)).status).toBe(403); // sub-account without rights
    expect((await setLimit(co, 9_999_999, 1)).status).toBe(404);
  });

  it('admins set any account within its upline bound (AdminUpdateUserCreditLimit)', async () => {
    const x = await tree();
    await t.createUser({ username: `it${x.co.id}`, password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
    const it2 = await t.login(`it${x.co.id}`, PASSWORD);
    const url = '/api/Account/AdminUpdateUserCreditLimit';
    const over = await setLimit(it2, x.pa1.id, 400_001, url); // ma 5,000.00 less pa2 1,000.00
    expect(over.body).toMatchObject({ message: 'CREDIT_LIMIT_EXCEEDS_UPLINE', data: { max: 400_000 } });
    expect((await setLimit(it2, x.pa1.id, 400_000, url)).status).toBe(200);
    expect((await setLimit(await adminCookie(), x.co.id, 5_000_000, url)).status).toBe(200);
    expect((await setLimit(await x.co.cookie(), x.ma.id, 1, url)).status).toBe(403);
    expect((await setLimit(await adminCookie(), x.costaff.id, 1, url)).status).toBe(404);
    const [audit] = await rows<{ actor_user_id: number }>(
      t.db,
      sql`select actor_user_id from audit_log where action = 'user.credit-limit.admin' and target_id = ${String(x.pa1.id)}`,
    );
    expect(audit.actor_user_id).not.toBe(1);
  });

  it('a retried limit change answers the first response', async () => {
    const x = await tree();
    const co = await x.co.cookie();
    const body = { userId: x.ma.id, creditLimit: 600_000, idempotencyKey: key() };
    const first = await t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co, json: body });
    await t.db.execute(sql`update users set credit_limit = 550000 where id = ${x.ma.id}`);
    const again = await t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: co, json: body });
    expect(again.body).toEqual(first.body);
    const [u] = await rows<{ credit_limit: number }>(t.db, sql`select credit_limit from users where id = ${x.ma.id}`);
    expect(Number(u.credit_limit)).toBe(550_000);
  });
});

describe('Payment/GetPaymentHistory', () => {
  const DAY = 24 * 3600_000;

  it('lists payments whose target is in the caller subtree, newest first, paged, with names', async () => {
    const x = await tree();
    t.clock.set('2026-12-01T02:00:00Z'); // 10:00 in Kuala Lumpur
    await pay(await adminCookie(), { targetUserId: x.co.id, type: 1, amount: 1_000 });
    const co = x.co.cookie;
    await pay(await co(), { targetUserId: x.ma.id, type: 1, amount: 2_000 });
    t.clock.advance(DAY);
    await pay(await co(), { targetUserId: x.mb.id, type: 1, amount: 3_000 });
    await pay(await x.ma.cookie(), { targetUserId: x.pa1.id, type: 1, amount: 400 });
    t.clock.advance(DAY);
    await pay(await x.mb.cookie(), { targetUserId: x.pb.id, type: 1, amount: 500 });
    await pay(await x.copay.cookie(), { targetUserId: x.ma.id, type: 2, amount: 600 });

    const all = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { page: 1, pageSize: 50 } });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(6);
    expect(all.body.data.items.map((p: { amount: number }) => p.amount)).toEqual([600, 500, 400, 3_000, 2_000, 1_000]);
    expect(all.body.data.items[0]).toMatchObject({
      type: 2,
      targetUserId: x.ma.id,
      targetUsername: expect.stringMatching(/ma$/),
      initiateUserId: x.copay.id,
      initiateUsername: expect.stringMatching(/copay$/),
      initialAmount: 2_000 - 400,
      finalAmount: 2_000 - 400 - 600,
    });

    const page2 = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { page: 2, pageSize: 4 } });
    expect(page2.body.data).toMatchObject({ total: 6 });
    expect(page2.body.data.items.map((p: { amount: number }) => p.amount)).toEqual([2_000, 1_000]);
    const past = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { page: 9, pageSize: 4 } });
    expect(past.body.data).toEqual({ items: [], total: 6 });

    const ma = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.ma.cookie() });
    expect(ma.body.data.items.map((p: { amount: number }) => p.amount)).toEqual([600, 400, 2_000]);
    const pa1 = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.pa1.cookie() });
    expect(pa1.body.data.items.map((p: { amount: number }) => p.amount)).toEqual([400]);
    const view = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.coview.cookie() });
    expect(view.body.data.total).toBe(6);
    expect((await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.costaff.cookie() })).status).toBe(403);

    const onlyMa = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { targetUserId: x.ma.id } });
    expect(onlyMa.body.data.items.map((p: { amount: number }) => p.amount)).toEqual([600, 2_000]);
    // A target outside the subtree: 404, like a missing one.
    const outside = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.ma.cookie(), query: { targetUserId: x.pb.id } });
    expect(outside.status).toBe(404);
    const upward = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await x.pa1.cookie(), query: { targetUserId: x.ma.id } });
    expect(upward.status).toBe(404);
  });

  it('filters by business date (Asia/Kuala_Lumpur calendar days, both ends inclusive)', async () => {
    const x = await tree();
    const co = x.co.cookie;
    // 2026-12-10 23:30 and 2026-12-11 00:30 in Kuala Lumpur (UTC+8).
    t.clock.set('2026-12-10T15:30:00Z');
    await pay(await co(), { targetUserId: x.ma.id, type: 1, amount: 1 });
    t.clock.set('2026-12-10T16:30:00Z');
    await pay(await co(), { targetUserId: x.ma.id, type: 1, amount: 2 });
    t.clock.set('2026-12-12T15:59:59Z');
    await pay(await co(), { targetUserId: x.ma.id, type: 1, amount: 3 });
    const q = async (query: Record<string, string>) =>
      (await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { targetUserId: x.ma.id, ...query } })).body.data.items.map(
        (p: { amount: number }) => p.amount,
      );
    expect(await q({ from: '2026-12-10', to: '2026-12-10' })).toEqual([1]);
    expect(await q({ from: '2026-12-11' })).toEqual([3, 2]);
    expect(await q({ to: '2026-12-11' })).toEqual([2, 1]);
    expect(await q({ from: '2026-12-12', to: '2026-12-12' })).toEqual([3]);
    expect(await q({ from: '', to: '' })).toEqual([3, 2, 1]);
    const inverted = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { from: '2026-12-12', to: '2026-12-11' } });
    expect(inverted.status).toBe(400);
    const badDate = await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { from: '2026-02-30' } });
    expect(badDate.status).toBe(400);
    expect((await t.request({ url: '/api/Payment/GetPaymentHistory', cookie: await co(), query: { pageSize: 501 } })).status).toBe(400);
  });
});

describe('Report/GetPlayerTransaction (credit logs)', () => {
  it('lists a wallet entries with pre- and post-balance, type, who and when', async () => {
    const x = await tree();
    t.clock.set('2027-01-05T04:00:00Z');
    const co = await x.co.cookie();
    await pay(co, { targetUserId: x.ma.id, type: 1, amount: 10_000, remark: 'float' });
    t.clock.advance(60_000);
    await pay(await x.copay.cookie(), { targetUserId: x.ma.id, type: 2, amount: 2_500 });
    t.clock.advance(60_000);
    await pay(await x.ma.cookie(), { targetUserId: x.pa1.id, type: 1, amount: 1_000 });

    const own = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.ma.cookie() });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ userId: x.ma.id, creditType: 'postpaid', creditLimit: 500_000, balance: 6_500, availableCredit: 506_500, total: 3 });
    expect(own.body.data.items.map((e: object) => ({ ...e, id: 0, transactionId: 0 }))).toEqual([
      { kind: 'journal', id: 0, transactionId: 0, type: 'transfer', amount: -1_000, preBalance: 7_500, postBalance: 6_500, initiatedById: x.ma.id, initiatedBy: expect.stringMatching(/ma$/), remark: null, at: '2027-01-05T04:02:00.000Z' },
      { kind: 'journal', id: 0, transactionId: 0, type: 'receive', amount: -2_500, preBalance: 10_000, postBalance: 7_500, initiatedById: x.copay.id, initiatedBy: expect.stringMatching(/copay$/), remark: null, at: '2027-01-05T04:01:00.000Z' },
      { kind: 'journal', id: 0, transactionId: 0, type: 'transfer', amount: 10_000, preBalance: 0, postBalance: 10_000, initiatedById: x.co.id, initiatedBy: expect.stringMatching(/co$/), remark: 'float', at: '2027-01-05T04:00:00.000Z' },
    ]);

    const coView = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: co, query: { userId: x.ma.id, page: 2, pageSize: 2 } });
    expect(coView.body.data.total).toBe(3);
    expect(coView.body.data.items.map((e: { amount: number }) => e.amount)).toEqual([10_000]);
    const coOwn = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: co });
    expect(coOwn.body.data.items.map((e: { amount: number }) => e.amount)).toEqual([2_500, -10_000]);
    // A fresh account without any movement: an empty log.
    const fresh = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: co, query: { userId: x.mb.id } });
    expect(fresh.body.data).toMatchObject({ items: [], total: 0, balance: 0, availableCredit: 200_000 });
  });

  it('refuses accounts outside the subtree (404) and callers without the right (403)', async () => {
    const x = await tree();
    await pay(await x.co.cookie(), { targetUserId: x.mb.id, type: 1, amount: 100 });
    const sibling = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.ma.cookie(), query: { userId: x.mb.id } });
    expect(sibling.status).toBe(404);
    const up = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.pb.cookie(), query: { userId: x.mb.id } });
    expect(up.status).toBe(404);
    const missing = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.ma.cookie(), query: { userId: 9_999_999 } });
    expect(sibling.body).toEqual(missing.body);
    expect((await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.costaff.cookie() })).status).toBe(403);
    const staff = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await x.coview.cookie() });
    expect(staff.body.data).toMatchObject({ userId: x.co.id, total: 1 });
    const csv = await csvExport(await x.ma.cookie(), { userId: x.mb.id });
    expect(csv.status).toBe(404);
  });

  it('filters by business date and exports CSV with a header row', async () => {
    const x = await tree();
    const co = x.co.cookie;
    t.clock.set('2027-02-01T15:59:00Z'); // 2027-02-01 23:59 in Kuala Lumpur
    await pay(await co(), { targetUserId: x.ma.id, type: 1, amount: 123_456, remark: '=HYPERLINK("x")' });
    t.clock.set('2027-02-01T16:01:00Z'); // 2027-02-02 00:01
    await pay(await co(), { targetUserId: x.ma.id, type: 2, amount: 100_006, remark: 'back, "quoted"' });
    const day1 = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await co(), query: { userId: x.ma.id, from: '2027-02-01', to: '2027-02-01' } });
    expect(day1.body.data.items.map((e: { amount: number }) => e.amount)).toEqual([123_456]);
    expect(day1.body.data.total).toBe(1);
    const day2 = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await co(), query: { userId: x.ma.id, from: '2027-02-02' } });
    expect(day2.body.data.items.map((e: { amount: number }) => e.amount)).toEqual([-100_006]);

    const csv = await csvExport(await co(), { userId: x.ma.id, pageSize: 1 });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="credit-log-t\d+ma\.csv"$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Date Time (Asia/Kuala_Lumpur),Type,Amount,Pre-Balance,Post-Balance,Initiated By,Remark,Transaction Id,Credit Limit Before,Credit Limit After',
      expect.stringMatching(/^2027-02-02 00:01:00,Receive Credit,-1000\.06,1234\.56,234\.50,t\d+co,"back, ""quoted""",\d+,,$/),
      expect.stringMatching(/^2027-02-01 23:59:00,Transfer Credit,1234\.56,0\.00,1234\.56,t\d+co,"'=HYPERLINK\(""x""\)",\d+,,$/),
    ]);
    const filtered = await csvExport(await co(), { userId: x.ma.id, from: '2027-02-02', to: '2027-02-02' });
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(filtered.headers['content-disposition']).toContain('-2027-02-02_to_2027-02-02.csv');
  });
});

describe('object-level security matrix (issue 3, point 8)', () => {
  // Each call aimed at `mb`'s branch: by a sibling-branch account (ma), by an account from below (pb),
  // by a sub-account without the right (costaff), and by the owner (co) for contrast.
  type Call = (cookie: string, x: Tree) => ReturnType<TestApp['request']>;
  const calls: Record<string, Call> = {
    'MakePayment type 1': (c, x) => pay(c, { targetUserId: x.mb.id, type: 1, amount: 1 }),
    'MakePayment type 2': (c, x) => pay(c, { targetUserId: x.mb.id, type: 2, amount: 1 }),
    GetPaymentHistory: (c, x) => t.request({ url: '/api/Payment/GetPaymentHistory', cookie: c, query: { targetUserId: x.mb.id } }),
    UpdateUserCreditLimit: (c, x) =>
      t.request({ url: '/api/Account/UpdateUserCreditLimit', cookie: c, json: { userId: x.mb.id, creditLimit: 150_000, idempotencyKey: key() } }),
    AdminUpdateUserCreditLimit: (c, x) =>
      t.request({ url: '/api/Account/AdminUpdateUserCreditLimit', cookie: c, json: { userId: x.mb.id, creditLimit: 150_000, idempotencyKey: key() } }),
    GetPlayerTransaction: (c, x) => t.request({ url: '/api/Report/GetPlayerTransaction', cookie: c, query: { userId: x.mb.id } }),
  };
  // 404: not found, indistinguishable from a missing account; 403: the right is missing.
  const expected: Record<string, { sibling: number; below: number; staff: number; owner: number }> = {
    'MakePayment type 1': { sibling: 404, below: 404, staff: 403, owner: 200 },
    'MakePayment type 2': { sibling: 404, below: 404, staff: 403, owner: 200 },
    GetPaymentHistory: { sibling: 404, below: 404, staff: 403, owner: 200 },
    UpdateUserCreditLimit: { sibling: 404, below: 403, staff: 403, owner: 200 },
    AdminUpdateUserCreditLimit: { sibling: 403, below: 403, staff: 403, owner: 403 },
    GetPlayerTransaction: { sibling: 404, below: 404, staff: 403, owner: 200 },
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: sibling ${expected[name].sibling}, from below ${expected[name].below}, sub-account without the right ${expected[name].staff}`, async () => {
      const x = await tree();
      await pay(await x.co.cookie(), { targetUserId: x.mb.id, type: 1, amount: 10 });
      const got = {
        sibling: await call(await x.ma.cookie(), x),
        below: await call(await x.pb.cookie(), x),
        staff: await call(await x.costaff.cookie(), x),
        owner: await call(await x.co.cookie(), x),
      };
      expect(Object.fromEntries(Object.entries(got).map(([k, r]) => [k, r.status]))).toEqual(expected[name]);
      for (const r of Object.values(got)) {
        if (r.status === 404) expect(r.body).toEqual({ success: false, message: 'NO_RECORD_FOUND', data: null, code: 404 });
        if (r.status === 403) expect(r.body).toEqual({ success: false, message: 'PERMISSION_DENIED', data: null, code: 403 });
      }
    });
  }
});
