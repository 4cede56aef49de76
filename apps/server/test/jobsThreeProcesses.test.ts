// Issue 30 line 9: scheduled jobs run once per period across server processes. Three real server
// processes (test/support/serverProcess.ts with TEST_JOBS=1: main.ts's startup and timers) on one
// PostgreSQL database, started together at 00:10 business time, race for the day's auto transfer: the
// claim in job_runs lets exactly one of them settle the accounts due, once. PostgreSQL only: PGlite is one
// process's database.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const pgUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Passw0rd!';
/** 00:10 on Tuesday 2026-12-01 in Kuala Lumpur: the day's auto transfer is due. */
const CLOCK = '2026-11-30T16:10:00Z';
const PERIOD = '2026-12-01';
/** startJobs' first check comes 5 s after a process starts. */
const FIRST_CHECK_MS = 5_000;

interface Child {
  process: ChildProcess;
  output: () => string;
  listening: Promise<number>;
  exited: Promise<unknown>;
}

function startChild(databaseUrl: string): Child {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: ADMIN.password, TEST_CLOCK: CLOCK, TEST_IT_ADMIN: '', TEST_JOBS: '1' };
  for (const k of ['DATABASE_OWNER_URL', 'DATABASE_READ_URL', 'DATA_DIR', 'REMOTE_AGENT_KEY', 'NODE_OPTIONS', 'DEMO']) delete env[k];
  env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/serverProcess.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise((done) => child.on('exit', done));
  const listening = new Promise<number>((done, fail) => {
    child.once('message', (m: { port?: number }) => (m.port ? done(m.port) : fail(new Error(`unexpected message ${JSON.stringify(m)}`))));
    void exited.then((code) => fail(new Error(`server process exited (${String(code)}) before listening:\n${out}`)));
  });
  return { process: child, output: () => out, listening, exited };
}

describe.skipIf(!pgUrl)('scheduled jobs in three server processes on one database', () => {
  let t: TestApp;
  const children: Child[] = [];
  const due: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ start: '2026-11-30T04:00:00Z' });
    // co > ag > p1 (+50.00), p2 (-70.00), p3 (+10.00, not on auto transfer); p1, p2 and ag settle daily.
    const mk = (name: string, roleId: RoleId, uplineId: number, creditLimit = 1_000_000) =>
      t.createUser({ username: `j3${name}`, password: PASSWORD, roleId, uplineId, creditLimit, skipTnc: true });
    const co = await mk('co', RoleId.Company, 1, 10_000_000);
    const ag = await mk('ag', RoleId.Multilevel, co, 5_000_000);
    const [p1, p2, p3] = [await mk('p1', RoleId.Player, ag), await mk('p2', RoleId.Player, ag), await mk('p3', RoleId.Player, ag)];
    const pay = async (from: string, targetUserId: number, type: 1 | 2, amount: number) => {
      const res = await t.request({ url: '/api/Payment/MakePayment', cookie: await t.login(`j3${from}`, PASSWORD), json: { targetUserId, type, amount, idempotencyKey: crypto.randomUUID() } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await pay('co', ag, 1, 300_000);
    await pay('ag', p1, 1, 5_000);
    await pay('ag', p2, 2, 7_000);
    await pay('ag', p3, 1, 1_000);
    due.push(p1, p2, ag);
    await t.db.execute(sql`update users set auto_transfer = true, auto_transfer_frequency = 1 where id in (${p1}, ${p2}, ${ag})`);
    const [{ name }] = await rows<{ name: string }>(t.db, sql`select current_database() as name`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) children.push(startChild(url.toString()));
    await Promise.all(children.map((c) => c.listening));
  }, 120_000);
  afterAll(async () => {
    for (const c of children) {
      if (c.process.exitCode === null) c.process.kill('SIGTERM');
      const killer = setTimeout(() => c.process.kill('SIGKILL'), 10_000);
      await c.exited;
      clearTimeout(killer);
    }
    await t?.close();
  });

  it("runs the day's auto transfer once, in one of the three processes", async () => {
    const started = Date.now();
    const finished = async () => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from job_runs where job = 'auto-transfer' and period = ${PERIOD} and finished_at is not null`))[0].n;
    while ((await finished()) === 0) {
      if (Date.now() - started > 60_000) throw new Error(`no auto transfer after 60 s:\n${children.map((c) => c.output()).join('\n---\n')}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    // Every process has had its first check by now (they all started before the first claim).
    await new Promise((done) => setTimeout(done, FIRST_CHECK_MS + 3_000));
    const ran = children.filter((c) => c.output().includes(`auto transfer ${PERIOD}:`));
    expect(ran, children.map((c) => c.output()).join('\n---\n')).toHaveLength(1);
    expect(ran[0].output()).toContain(`auto transfer ${PERIOD}: 3 accounts settled`);
    for (const c of children) expect(c.output()).not.toMatch(/scheduled job failed/);

    const pays = await rows<{ target_user_id: number; n: number }>(
      t.db,
      sql`select p.target_user_id, count(*)::int as n from payments p join journal_transactions j on j.id = p.transaction_id
          where j.kind = 'auto-transfer' group by 1 order by 1`,
    );
    expect(pays).toEqual([...due].sort((a, b) => a - b).map((id) => ({ target_user_id: id, n: 1 })));
    const balances = await rows<{ balance: number }>(t.db, sql`select balance from ledger_accounts where user_id in (${sql.join(due.map((id) => sql`${id}`), sql`, `)})`);
    expect(balances.map((b) => Number(b.balance))).toEqual([0, 0, 0]);
    expect(await rows(t.db, sql`select job from job_runs where job = 'auto-transfer'`)).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 90_000);
});
