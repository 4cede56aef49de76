// Issue 30 line 2: a new installation's first start (the real src/main.ts, in a process of its own, on an
// empty data folder or an empty PostgreSQL database) prints the generated super admin password in a box
// once the server listens, the last thing of the start, and keeps it in a file of the data folder only its
// owner can read, until that password is changed. With ADMIN_PASSWORD no file is written; the demo's printed
// accounts include its IT admin.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_PASSWORD_FILE } from '../src/modules/auth/initialPassword';
import { runOn } from './support/runOn';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An empty database on the test PostgreSQL server (no template: nothing seeded, as on a new server). */
async function emptyPostgres(url: string): Promise<string> {
  const name = `first_${crypto.randomBytes(6).toString('hex')}`;
  const run = (text: string) => runOn(url, text);
  await run(`CREATE DATABASE ${name}`);
  cleanups.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts src/main.ts on a new data folder (and database) and resolves with its output once the box is printed. */
async function firstStart(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-first-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...extraEnv };
  for (const k of ['DATABASE_URL', 'DATABASE_OWNER_URL', 'DATABASE_READ_URL', 'ADMIN_PASSWORD', 'ADMIN_USERNAME', 'DEMO', 'DEMO_HISTORY', 'NODE_OPTIONS']) {
    if (!(k in extraEnv)) delete env[k];
  }
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = await emptyPostgres(process.env.TEST_DATABASE_URL);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  const BOX = /\n(\+-+\+)\n[\s\S]*?\n\1\n/;
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => BOX.test(out) && (clearInterval(timer), done()), 100);
    void exited.then(() => (clearInterval(timer), fail(new Error(`main.ts exited before its box:\n${out}`))));
  });
  // Whatever the start would still print comes now; only request log lines (JSON) may follow the box.
  await new Promise((r) => setTimeout(r, 1500));
  const box = BOX.exec(out)!;
  const after = out.slice(box.index + box[0].length);
  const before = out.slice(0, box.index);
  const port = Number(/running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(box[0])?.[1]);
  return { box: box[0], before, after, dataDir, url: `http://127.0.0.1:${port}`, output: () => out };
}

async function call(url: string, opts: { form?: Record<string, string>; query?: Record<string, string>; cookie?: string }) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(opts.query ?? {})) u.searchParams.set(k, v);
  const headers: Record<string, string> = { ...XHR, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(u, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as { message: string }, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

describe('first start', () => {
  it('prints the generated password in a box after the server listens, keeps it in a 0600 file, and removes the file at the first change', async () => {
    const s = await firstStart();
    expect(s.box).toContain('| Super admin created:');
    const password = /password {2}(\S+)/.exec(s.box)?.[1];
    expect(password, s.output()).toMatch(/^[\w-]{16}$/);
    // The server listened before the box, and the start printed nothing of its own after it.
    expect(s.before).toMatch(/Server listening at/);
    expect(s.after.split('\n').filter((l) => l.trim() && !l.startsWith('{'))).toEqual([]);

    const file = path.join(s.dataDir, INITIAL_PASSWORD_FILE);
    expect(s.box).toContain(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('super admin');
    expect(text).toContain('username: admin');
    expect(text).toContain(`password: ${password}`);

    const login = await call(`${s.url}/api/Account/Login`, { form: { username: 'admin', password: password! } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // A wrong old password and a change of the secondary password leave it: the first password still holds.
    const wrong = await call(`${s.url}/api/Account/ChangePassword`, { cookie: login.cookie, query: { oldPassword: 'not-it-at-all', newPassword: 'Another12345' } });
    expect(wrong.status).not.toBe(200);
    const secondary = await call(`${s.url}/api/Account/ChangePassword`, { cookie: login.cookie, query: { oldPassword: password!, newPassword: 'Secondary12345', isSecondary: 'true' } });
    expect(secondary.status, JSON.stringify(secondary.body)).toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    const changed = await call(`${s.url}/api/Account/ChangePassword`, { cookie: login.cookie, query: { oldPassword: password!, newPassword: 'MyOwn12345!' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  }, 400_000);

  it('with ADMIN_PASSWORD writes no file; the demo’s printed accounts include its IT admin', async () => {
    const s = await firstStart({ ADMIN_PASSWORD: 'Chosen12345', DEMO: '1', DEMO_HISTORY: '0' });
    expect(s.box).toContain('with the password from ADMIN_PASSWORD');
    expect(s.box).not.toContain('Chosen12345');
    expect(s.box).toMatch(/Demo accounts: .*demoit/);
    expect(fs.existsSync(path.join(s.dataDir, INITIAL_PASSWORD_FILE))).toBe(false);
    const login = await call(`${s.url}/api/Account/Login`, { form: { username: 'demoit', password: 'Demo12345' } });
    expect(login.status).toBe(200);
  }, 400_000);
});
