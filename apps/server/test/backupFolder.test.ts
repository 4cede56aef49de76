// Issue 30 line 3: `backupFolder` refuses a folder where a backup
// could be served or could harm the application or the system: the web build, the application's own
// folders, the PGlite data folder, system folders, each found through symbolic links. The refusal is a
// 400 VALIDATION_FAILED naming the field, and changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/modules/ledger/queries';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let scratch: string;
let webDist: string;
let dataDir: string;
const appRoot = path.resolve(import.meta.dirname, '../../..');

const setFolder = (value: string) =>
  t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: admin, json: { settings: [{ key: 'backupFolder', value }] } });

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-folder-'));
  webDist = path.join(scratch, 'web');
  dataDir = path.join(scratch, 'state', 'data');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
  fs.mkdirSync(dataDir, { recursive: true });
  // A link elsewhere that leads into the web build: the folder it names is the web build's.
  fs.symlinkSync(webDist, path.join(scratch, 'innocent'));
  t = await createTestApp({ webDist, config: { dataDir } });
  admin = await t.login(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('backupFolder', () => {
  it('refuses the web build, the application, the system folders, through links too, with a 400 naming the field', async () => {
    const refused = [
      webDist,
      path.join(webDist, 'assets'),
      path.join(webDist, 'not-yet', 'made'),
      path.join(scratch, 'innocent'),
      path.join(scratch, 'innocent', 'deeper'),
      appRoot,
      path.join(appRoot, 'apps'),
      path.join(appRoot, 'apps', 'server', 'src'),
      path.join(appRoot, 'node_modules', 'backups'),
      path.join(appRoot, 'docs'),
      dataDir,
      '/',
      '/etc',
      '/etc/4d-backups',
      '/usr/local/backups',
      '/lib/x',
      '/bin',
      '/boot',
      '/dev/shm/b',
      '/proc/self',
      '/root/backups',
      '/run/b',
      '/var/run/b',
      '/sys/b',
      '/var/log/4d',
      '/var/www/html/b',
      '/var/lib/postgresql/backups',
      '/var',
      '/home',
      '/tmp',
    ];
    for (const folder of refused) {
      const res = await setFolder(folder);
      expect([res.status, res.body.message, res.body.data], folder).toEqual([400, 'VALIDATION_FAILED', { backupFolder: 'folderNotAllowed' }]);
    }
    // Nothing was written: no value, no audit row.
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where action = 'system-setting.update'`);
    expect(Number(n.n)).toBe(0);
  });

  it('refuses the data folder, and inside it when it holds the PGlite database (each backup would copy the others)', async () => {
    const own = await setFolder(dataDir);
    expect([own.status, own.body.data]).toEqual([400, { backupFolder: 'folderNotAllowed' }]);
    const inside = await setFolder(path.join(dataDir, 'backups'));
    if (t.kind === 'postgres') expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    else expect([inside.status, inside.body.data]).toEqual([400, { backupFolder: 'folderNotAllowed' }]);
  });

  it('accepts the default folder beside the data folder, a folder of its own elsewhere, and /var/backups', async () => {
    for (const folder of [path.join(path.dirname(dataDir), 'backups'), path.join(scratch, 'mine', 'backups'), '/var/backups/4d', '/srv/4d/backups', '/home/operator/backups']) {
      const res = await setFolder(folder);
      expect([res.status, res.body.data?.find?.((s: { key: string }) => s.key === 'backupFolder')?.value], folder).toEqual([200, folder]);
    }
    // Empty: the default.
    expect((await setFolder('')).status).toBe(200);
  });

  it('a folder stored before these rules (the web build) is refused by the backup itself: the run fails, nothing is written there', async () => {
    await t.db.execute(sql`insert into system_settings (key, value) values ('backupFolder', ${webDist}) on conflict (key) do update set value = excluded.value`);
    const res = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: admin, json: { job: 'backup' }, headers: { 'x-wait': '1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('failed');
    expect(fs.readdirSync(webDist).sort()).toEqual(['assets', 'index.html']);
    await t.db.execute(sql`delete from system_settings where key = 'backupFolder'`);
  });
});
