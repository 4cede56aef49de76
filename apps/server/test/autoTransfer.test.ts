// Auto transfer: the accounts due on a business date settle to zero against their upline, once per period.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { runAutoTransfer, runDueJobs, startJobs } from '../src/modules/jobs';
import { rows } from '../src/modules/ledger/queries';
import { checkLedger } from '../src/modules/ledger/service';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import type { Deps } from '../src/platform/http';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let deps: Deps;
beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-30T04:00:00Z' }); // Monday 2026-11-30, noon in Kuala Lumpur
  deps = { db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } };
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

let seq = 0;
const PASSWORD = 'Passw0rd!';

async function payAs(username: string, targetUserId: number, type: 1 | 2, amount: number) {
  const cookie = await t.login(username, username === ADMIN.username ? ADMIN.password : PASSWORD);
  const res = await t.request({ url: '/api/Payment/MakePayment', cookie, json: { targetUserId, type, amount, idempotencyKey: crypto.randomUUID() } });
  expect(res.status).toBe(200);
}

const balance = async (userId: number) =>
  Number((await rows<{ balance: number }>(t.db, sql`select balance from ledger_accounts where user_id = ${userId}`))[0]?.balance ?? 0);

const setAuto = (id: number, frequency: 0 | 1, day = 1) =>
  t.db.execute(sql`update users set auto_transfer = true, auto_transfer_frequency = ${frequency}, auto_transfer_day = ${day} where id = ${id}`);

/** co (company) > ag (agent) > p1, p2, p3 (players), each postpaid with room to move credit. */
async function tree() {
  const p = `at${++seq}`;
  const mk = (name: string, roleId: RoleId, uplineId: number, creditLimit = 1_000_000) =>
    t.createUser({ username: `${p}${name}`, password: PASSWORD, roleId, uplineId, creditLimit, skipTnc: true });
  const co = await mk('co', RoleId.Company, 1, 10_000_000);
  const ag = await mk('ag', RoleId.Multilevel, co, 5_000_000);
  const p1 = await mk('p1', RoleId.Player, ag);
  const p2 = await mk('p2', RoleId.Player, ag);
  const p3 = await mk('p3', RoleId.Player, ag);
  return { p, co, ag, p1, p2, p3 };
}

describe('runAutoTransfer', () => {
  it('settles due accounts to zero both ways, deepest first, as auto-transfer payments initiated by the upline', async () => {
    const x = await tree();
    await payAs(`${x.p}co`, x.ag, 1, 300_000);
    await payAs(`${x.p}ag`, x.p1, 1, 5_000); // p1 holds +50.00
    await payAs(`${x.p}ag`, x.p2, 2, 7_000); // p2 owes 70.00
    await payAs(`${x.p}ag`, x.p3, 1, 1_000); // p3 not on auto transfer
    await setAuto(x.p1, 1);
    await setAuto(x.p2, 1);
    await setAuto(x.ag, 1);
    const agBefore = await balance(x.ag); // 3,000.00 - 50.00 + 70.00 - 10.00 = 3,010.00
    expect(agBefore).toBe(301_000);

    const r = await runAutoTransfer(deps, '2026-11-30');
    expect(r).toMatchObject({ ran: true, period: '2026-11-30' });
    expect([await balance(x.p1), await balance(x.p2), await balance(x.ag), await balance(x.p3)]).toEqual([0, 0, 0, 1_000]);
    // ag first received p1's 50.00 and paid p2's 70.00, then settled its 2,990.00 with co.
    expect(await balance(x.co)).toBe(-300_000 + 299_000);

    const pays = await rows<{ type: number; amount: number; target_user_id: number; initiate_user_id: number; initial_amount: number; final_amount: number; kind: string }>(
      t.db,
      sql`select p.type, p.amount, p.target_user_id, p.initiate_user_id, p.initial_amount, p.final_amount, j.kind
          from payments p join journal_transactions j on j.id = p.transaction_id
          where j.kind = 'auto-transfer' and p.target_user_id in (${x.p1}, ${x.p2}, ${x.ag}) order by p.id`,
    );
    const norm = pays.map((p) => ({ ...p, amount: Number(p.amount), initial_amount: Number(p.initial_amount), final_amount: Number(p.final_amount) }));
    expect(norm).toEqual(
      expect.arrayContaining([
        { type: 2, amount: 5_000, target_user_id: x.p1, initiate_user_id: x.ag, initial_amount: 5_000, final_amount: 0, kind: 'auto-transfer' },
        { type: 1, amount: 7_000, target_user_id: x.p2, initiate_user_id: x.ag, initial_amount: -7_000, final_amount: 0, kind: 'auto-transfer' },
        { type: 2, amount: 299_000, target_user_id: x.ag, initiate_user_id: x.co, initial_amount: 299_000, final_amount: 0, kind: 'auto-transfer' },
      ]),
    );
    expect(norm).toHaveLength(3);
    const audit = await rows<{ target_id: string; before: { balance: number }; after: { balance: number; period: string } }>(
      t.db,
      sql`select target_id, before, after from audit_log where action = 'payment.auto-transfer' and target_id in (${String(x.p1)}, ${String(x.p2)}, ${String(x.ag)})`,
    );
    expect(audit).toHaveLength(3);
    expect(audit.find((a) => a.target_id === String(x.p2))).toMatchObject({ before: { balance: -7_000 }, after: { balance: 0, period: '2026-11-30' } });
    // The credit log shows the settlement with its pre- and post-balance.
    const log = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: await t.login(`${x.p}ag`, PASSWORD), query: { userId: x.p2 } });
    expect(log.body.data.items[0]).toMatchObject({ type: 'auto-transfer', amount: 7_000, preBalance: -7_000, postBalance: 0, initiatedBy: `${x.p}ag` });
  });

  it('runs once per period: a second run of the same date does nothing', async () => {
    const x = await tree();
    await setAuto(x.p1, 1);
    await payAs(`${x.p}ag`, x.p1, 1, 2_500);
    const again = await runAutoTransfer(deps, '2026-11-30');
    expect(again).toEqual({ ran: false, period: '2026-11-30', accounts: 0, moved: 0 });
    expect(await balance(x.p1)).toBe(2_500);
    const next = await runAutoTransfer(deps, '2026-12-01');
    expect(next.ran).toBe(true);
    expect(await balance(x.p1)).toBe(0);
    const [run] = await rows<{ finished_at: Date | null; result: { accounts: number } }>(
      t.db,
      sql`select finished_at, result from job_runs where job = 'auto-transfer' and period = '2026-12-01'`,
    );
    expect(run.finished_at).not.toBeNull();
    expect(run.result.accounts).toBeGreaterThanOrEqual(1);
  });

  it('settles weekly accounts only on their day of week, and leaves accounts without auto transfer alone', async () => {
    const x = await tree();
    await setAuto(x.p1, 0, 3); // weekly, Wednesday
    await setAuto(x.p2, 0, 4); // weekly, Thursday
    await payAs(`${x.p}ag`, x.p1, 1, 1_000);
    await payAs(`${x.p}ag`, x.p2, 1, 2_000);
    await payAs(`${x.p}ag`, x.p3, 1, 3_000);
    await runAutoTransfer(deps, '2026-12-02'); // a Wednesday
    expect([await balance(x.p1), await balance(x.p2), await balance(x.p3)]).toEqual([0, 2_000, 3_000]);
    await runAutoTransfer(deps, '2026-12-03'); // a Thursday
    expect([await balance(x.p1), await balance(x.p2), await balance(x.p3)]).toEqual([0, 0, 3_000]);
  });
});

describe('the schedule', () => {
  it('runs the current business date once it is past 00:05 business time, then not again that day', async () => {
    const x = await tree();
    await setAuto(x.p1, 1);
    await payAs(`${x.p}ag`, x.p1, 1, 4_000);
    t.clock.set('2026-12-09T16:03:00Z'); // 2026-12-10 00:03 in Kuala Lumpur
    expect(await runDueJobs(deps)).toEqual({});
    expect(await balance(x.p1)).toBe(4_000);
    t.clock.set('2026-12-09T16:06:00Z'); // 00:06
    const r = await runDueJobs(deps);
    expect(r.autoTransfer).toMatchObject({ ran: true, period: '2026-12-10' });
    expect(await balance(x.p1)).toBe(0);
    t.clock.advance(60_000);
    expect(await runDueJobs(deps)).toEqual({});
  });

  it('starts and stops its timer without keeping the process alive', () => {
    const stop = startJobs(deps, { log: () => {} });
    expect(typeof stop).toBe('function');
    stop();
  });
});

describe('two server processes on one PostgreSQL database', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('apply a period once when both run it at the same moment', async () => {
    const x = await tree();
    for (const id of [x.p1, x.p2, x.p3]) await setAuto(id, 1);
    await payAs(`${x.p}ag`, x.p1, 1, 1_000);
    await payAs(`${x.p}ag`, x.p2, 2, 2_000);
    await payAs(`${x.p}ag`, x.p3, 1, 3_000);
    const [{ name }] = await rows<{ name: string }>(t.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = await openDatabase({ databaseUrl: url.toString() });
    try {
      const otherDeps: Deps = { ...deps, db: other.db };
      const results = await Promise.all([runAutoTransfer(deps, '2027-03-01'), runAutoTransfer(otherDeps, '2027-03-01')]);
      expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
      const [n] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from payments p join journal_transactions j on j.id = p.transaction_id
            where j.kind = 'auto-transfer' and p.target_user_id in (${x.p1}, ${x.p2}, ${x.p3})`,
      );
      expect(n.n).toBe(3);
      expect([await balance(x.p1), await balance(x.p2), await balance(x.p3)]).toEqual([0, 0, 0]);
    } finally {
      await other.close();
    }
  });
});
