// Backups (issue 14 item 7, decision 0036) through HTTP on the database the suite runs on: a backup from
// the admin tool goes through its stages, is restored into a fresh database holding every ticket, bet
// line and journal entry (count and sums), old ones are pruned by backupRetentionDays, a failure names
// its reason, the daily schedule waits for the day's settlements, and every caller but the super admin
// is refused.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { runScheduledBackup } from '../src/modules/admin/backup';
import { openDatabase, type DbOrTx } from '../src/platform/db';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const run = promisify(execFile);
let t: TestApp;
let folder: string;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
let keyNo = 0;
const rowsOf = async <T>(db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
}
const express = async (who: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies[who], json: { text, idempotencyKey: `backup-key-${++keyNo}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const post = (cookie: string, json: unknown, wait = true) =>
  t.request({ url: '/api/Configuration/RunAdminJob', cookie, json, headers: wait ? { 'x-wait': '1' } : {} });
const setSettings = (settings: { key: string; value: string }[]) => t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: cookies.admin, json: { settings } });

/** What a restore must give back: every ticket, bet line and journal entry, counted and summed. */
const FIGURES = sql`
  select (select count(*)::text from tickets) as tickets, (select coalesce(sum(gross), 0)::text from tickets) as gross,
         (select coalesce(sum(net), 0)::text from tickets) as net,
         (select count(*)::text from bet_lines) as lines, (select coalesce(sum(stake), 0)::text from bet_lines) as stake,
         (select count(*)::text from journal_entries) as entries, (select coalesce(sum(abs(amount)), 0)::text from journal_entries) as moved,
         (select coalesce(sum(amount), 0)::text from journal_entries) as net_entries, (select count(*)::text from journal_transactions) as transactions,
         (select count(*)::text from users) as users`;

/** Restores a backup file into a fresh database of the suite's kind and returns its figures. */
async function restore(file: string) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    const db = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      return (await rowsOf<Record<string, string>>(db.db, FIGURES))[0];
    } finally {
      await db.close();
    }
  }
  const name = `r_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  try {
    // As the README says: pg_restore into an empty database, then the server starts on it.
    await run('pg_restore', ['--no-owner', '--no-acl', `--dbname=${u.toString()}`, file]);
    const db = await openDatabase({ databaseUrl: u.toString() });
    try {
      return (await rowsOf<Record<string, string>>(db.db, FIGURES))[0];
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

beforeAll(async () => {
  // A folder the backup itself creates (mkdtemp's own is 0700 already): its mode is tested.
  folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), '4d-backups-')), 'made');
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(cookies.admin, { username: 'bkco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await createOk(cookies.bkco, { username: 'bkagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  await createOk(cookies.bkagent, { username: 'bkplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  for (const poolId of [PoolId.Magnum, PoolId.PMP]) {
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
  }
  await express('bkplayer', 'D\n#12\n1234#10#5\n5678#10');
  await express('bkplayer', 'D\n#1\n4321#3#2');
  await express('bkagent', 'D\n#2\n9999#2#2');
});
afterAll(async () => {
  await t?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('backups', () => {
  it('refuse every caller but the super admin, and a folder that is not an absolute path', async () => {
    for (const who of ['bkco', 'bkagent', 'bkplayer']) {
      expect((await post(cookies[who], { job: 'backup' })).status, who).toBe(403);
      expect((await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies[who] })).status, who).toBe(403);
    }
    expect((await t.request({ url: '/api/Report/GetBackupStage' })).status).toBe(401);
    for (const bad of ['backups', '/tmp/../etc', '/tmp/a;rm -rf', 'C:relative']) {
      const res = await setSettings([{ key: 'backupFolder', value: bad }]);
      expect([res.status, res.body.data], bad).toEqual([400, { backupFolder: 'pattern' }]);
    }
    const late = await setSettings([{ key: 'backupRetentionDays', value: '0' }, { key: 'backupTime', value: '24:00' }]);
    expect(late.body.data).toEqual({ backupRetentionDays: 'min', backupTime: 'pattern' });
    const [n] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from admin_job_runs`);
    expect(Number(n.n)).toBe(0);
  });

  it('run from the admin tool through their stages, and restore into a fresh database with every ticket and entry', async () => {
    expect((await setSettings([{ key: 'backupFolder', value: folder }])).status).toBe(200);
    const res = await post(cookies.admin, { job: 'backup' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ job: 'backup', trigger: 'manual', by: 'admin', status: 'done' });
    const stages = await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin });
    expect(stages.status).toBe(200);
    const [b] = stages.body.data;
    expect(b.steps.map((s: { stage: string }) => s.stage)).toEqual(['started', 'dumping', 'written', 'pruned']);
    expect(b).toMatchObject({ id: res.body.data.id, status: 'done', stage: 'pruned', trigger: 'manual', reason: null, pruned: 0 });
    const kind = t.kind === 'postgres' ? 'postgres' : 'pglite';
    expect(b.file).toMatch(new RegExp(`^4d-backup-${kind}-20261122T040000Z-r${b.id}\\.(dump|tar\\.gz)$`));
    const file = path.join(folder, b.file);
    expect(fs.statSync(file).size).toBe(b.sizeBytes);
    // Private to the server's user: the file 0600, the folder it created 0700.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(b.sizeBytes).toBeGreaterThan(1000);
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('.part'))).toEqual([]);

    const live = (await rowsOf<Record<string, string>>(t.db, FIGURES))[0];
    expect(Number(live.tickets)).toBe(3);
    expect(Number(live.entries)).toBeGreaterThan(0);
    expect(await restore(file)).toEqual(live);
  });

  it('refuse a second backup while one runs, and record a failure with its reason', async () => {
    const [open] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into admin_job_runs (job, trigger, started_at, status) values ('backup', 'manual', '2026-11-22T03:59:00Z', 'running') returning id`,
    );
    const busy = await post(cookies.admin, { job: 'backup' });
    expect([busy.status, busy.body.message]).toEqual([422, 'BACKUP_RUNNING']);
    await t.db.execute(sql`delete from admin_job_runs where id = ${open.id}::int`);
    // A folder that cannot be made (a file is in the way): the run fails at once, naming why.
    const blocker = path.join(folder, 'not-a-folder');
    fs.writeFileSync(blocker, 'x');
    await setSettings([{ key: 'backupFolder', value: path.join(blocker, 'sub') }]);
    const failed = await post(cookies.admin, { job: 'backup' });
    expect(failed.body.data.status).toBe('failed');
    const [b] = (await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin })).body.data;
    expect(b).toMatchObject({ status: 'failed', stage: 'failed', file: null });
    expect(b.reason).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    fs.rmSync(blocker);
    await setSettings([{ key: 'backupFolder', value: folder }]);
  });

  it('prune backups older than backupRetentionDays, never another file nor the one just written', async () => {
    fs.writeFileSync(path.join(folder, '4d-backup-pglite-20261001T000000Z-r1.tar.gz'), 'old');
    fs.writeFileSync(path.join(folder, '4d-backup-postgres-20261101T000000Z-r2.dump'), 'old');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'kept');
    await setSettings([{ key: 'backupRetentionDays', value: '14' }]);
    const first = (await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin })).body.data.find((b: { status: string }) => b.status === 'done').file;
    const res = await post(cookies.admin, { job: 'backup' });
    expect(res.body.data.status).toBe('done');
    const [b] = (await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin })).body.data;
    expect(b.pruned).toBe(2);
    expect(fs.readdirSync(folder).sort()).toEqual([first, b.file, 'notes.txt'].sort());
    // Fifteen days later the two of the 22nd are older than 14 days.
    t.clock.set(new Date('2026-12-07T04:00:00Z'));
    cookies.admin = await t.login(ADMIN.username, ADMIN.password);
    const later = await post(cookies.admin, { job: 'backup' });
    expect(later.body.data.status).toBe('done');
    const [c] = (await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin })).body.data;
    expect(fs.readdirSync(folder).sort()).toEqual([c.file, 'notes.txt'].sort());
  });

  it('run daily once the day\'s draws are settled or at backupTime, once per day, kept in the history', async () => {
    // 2026-11-25 has two draws, not settled: nothing before backupTime (23:30 business time, 15:30 UTC).
    t.clock.set(new Date('2026-11-25T12:00:00Z'));
    expect(await runScheduledBackup({ db: t.db, clock: t.clock, config: t.config })).toBeNull();
    t.clock.set(new Date('2026-11-25T15:31:00Z'));
    // A manual backup still running refuses the schedule's: the day is not claimed, and runs once it ends.
    await t.db.execute(sql`insert into admin_job_runs (job, trigger, started_at, status) values ('backup', 'manual', '2026-11-25T15:30:00Z', 'running')`);
    await expect(runScheduledBackup({ db: t.db, clock: t.clock, config: t.config })).rejects.toThrow();
    expect(((await t.db.execute(sql`select 1 from job_runs where job = 'backup' and period = '2026-11-25'`)) as unknown as { rows: unknown[] }).rows).toEqual([]);
    await t.db.execute(sql`update admin_job_runs set status = 'failed', finished_at = '2026-11-25T15:31:00Z' where started_at = '2026-11-25T15:30:00Z' and status = 'running'`);
    const id = await runScheduledBackup({ db: t.db, clock: t.clock, config: t.config });
    expect(id).toBeTypeOf('number');
    expect(await runScheduledBackup({ db: t.db, clock: t.clock, config: t.config })).toBeNull();
    // Both draws settled (distributed) on the 26th's draws: it runs at once, before backupTime.
    t.clock.set(new Date('2026-11-26T04:00:00Z'));
    await t.db.execute(sql`update draws set draw_date = '2026-11-26' where draw_date = '2026-11-25'`);
    await t.db.execute(sql`insert into draw_settlements (draw_id, draw_date, pool_id, result_version, started_at, winners_at, distributed_at)
                           select id, draw_date, pool_id, 1, now(), now(), now() from draws where draw_date = '2026-11-26'`);
    const settled = await runScheduledBackup({ db: t.db, clock: t.clock, config: t.config });
    expect(settled).toBeTypeOf('number');
    cookies.admin = await t.login(ADMIN.username, ADMIN.password);
    const list = (await t.request({ url: '/api/Report/GetBackupStage', cookie: cookies.admin })).body.data;
    // (The manual runs of the test before are on 7 December: these two are the schedule's.)
    const scheduled = list.filter((b: { trigger: string }) => b.trigger === 'schedule');
    expect(scheduled.map((b: { id: number; trigger: string; by: string; status: string }) => [b.id, b.trigger, b.by, b.status])).toEqual([
      [settled, 'schedule', '', 'done'],
      [id, 'schedule', '', 'done'],
    ]);
    // The job history is in the database: a second server on it lists the same runs.
    const twin = await t.twin();
    const runs = await t.request({ url: '/api/Configuration/GetAdminJobRuns', cookie: cookies.admin, via: twin });
    expect(runs.body.data.filter((r: { job: string }) => r.job === 'backup').length).toBe(list.length);
  });
});
