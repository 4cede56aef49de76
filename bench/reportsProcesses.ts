// npm run bench:reportsprocs (issue 30 line 11): eight different agents asking their reports at once,
// against one agent alone, with one app process and with two behind HAProxy, on one PostgreSQL database.
//
// The data is bench:reports' seed (bench/reports.ts), kept by it as bench_reports_seed_LINES: write it
// first with `SEED_REUSE=1 LINES=... npm run bench:reports` (LINES default here 1,000,000). Each run copies
// it, starts PROCS (default "1,2") real server processes on the copy (this file with `serve`: the server's
// own startup, src/server.ts, no jobs, no request log), HAProxy in front of two (a minimal configuration
// in a temp folder; `apt-get install -y haproxy` if it is missing), and measures, over HTTP, the agent's
// reports (the 11 reports over 31 days and the map, twice in a row) for ragt0 alone, then for ragt0 to
// ragt7 at once (eight subtrees: nothing to share), twice: in step (every agent the same report at the same
// instant, so all eight ask for the heaviest together) and each in an order of its own (a fixed shuffle
// per agent, as eight agents reading their screens at once would ask). It prints p50/p95 of each, the ratio
// to one agent alone, and the processor time the app processes and the database's backends took.
// ROUNDS (default 1) repeats the measurement on the same processes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { shuffledBy } from './shuffle';
import { clientOf, databaseExists, rangeReports, XHR } from './support';

const LINES = Number(process.env.LINES ?? 1_000_000);
const DATES = Number(process.env.DATES ?? 60);
const FIRST_DATE = '2026-09-01';
const AGENTS = Array.from({ length: 8 }, (_, i) => `ragt${i}`);
const dateOf = (i: number) => new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** A child: one app process on DATABASE_URL, as main.ts starts it but without jobs and request log. */
async function serveChild() {
  const { prepareDatabase, serve } = await import('../apps/server/src/server');
  const config = loadConfig();
  const { database } = await prepareDatabase(config);
  const server = await serve(database, config, systemClock, { jobs: false, logger: false });
  process.on('SIGTERM', async () => {
    await server.stop();
    process.exit(0);
  });
  process.send!({ port: server.port });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}

interface App {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

async function startApp(databaseUrl: string): Promise<App> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', ADMIN_USERNAME: 'benchadmin' };
  for (const k of ['DATABASE_OWNER_URL', 'DATABASE_READ_URL', 'DEMO', 'NODE_OPTIONS']) delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise((done) => child.on('exit', done));
  const port = await new Promise<number>((done, fail) => {
    child.once('message', (m: { port: number }) => done(m.port));
    void exited.then((code) => fail(new Error(`app process exited (${String(code)}):\n${err}`)));
  });
  return {
    child,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** HAProxy over the apps' ports, in HTTP mode: every request goes to the app with the fewest in flight. */
async function startHaproxy(ports: number[]): Promise<{ port: number; stop(): void }> {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    if (process.getuid?.() !== 0) throw new Error('haproxy is missing: apt-get install -y haproxy');
    execFileSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit' });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-bench-haproxy-'));
  const port = await freePort();
  const cfg = [
    'global',
    '    maxconn 4000',
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 120s',
    '    timeout server 120s',
    'frontend web',
    `    bind 127.0.0.1:${port}`,
    '    default_backend apps',
    'backend apps',
    '    balance leastconn',
    ...ports.map((p, i) => `    server app${i + 1} 127.0.0.1:${p}`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), cfg);
  const proxy = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Listening once a connection is accepted.
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((done) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        done(true);
      });
      s.on('error', () => done(false));
    });
    if (up) break;
    if (i > 100) throw new Error('haproxy did not start');
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    port,
    stop: () => {
      proxy.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Processor milliseconds (user + system) a process has used, from /proc. */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // fields 14 and 15; CLK_TCK 100
  } catch {
    return 0;
  }
}

/** The database's backends on `db` and the processor milliseconds each has used. */
async function backends(admin: pg.Client, db: string): Promise<Map<number, number>> {
  const pids = (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [db])).rows.map((r) => r.pid);
  return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
}

/** The whole machine's busy processor milliseconds (every process, ours and anyone's), from /proc/stat. */
function machineBusyMs(): number {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const v = f.map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - v[3] - v[4]) * 10; // less idle and iowait; CLK_TCK 100
}

async function measure(procs: number, databaseUrl: string, dbName: string, admin: pg.Client) {
  const apps = await Promise.all(Array.from({ length: procs }, () => startApp(databaseUrl)));
  const proxy = procs > 1 ? await startHaproxy(apps.map((a) => a.port)) : null;
  const base = `http://127.0.0.1:${proxy?.port ?? apps[0].port}`;
  const { login } = clientOf(base);
  try {
    const cookies = await Promise.all(AGENTS.map((a) => login(a)));
    const range = { fromDate: dateOf(DATES - 31), toDate: dateOf(DATES - 1) };
    const reports: [string, Record<string, string | number>][] = [...rangeReports(range, dateOf(DATES - 1)), ['GetMapReport', { drawId: mapDrawId }]];
    const time = async (cookie: string, name: string, q: Record<string, string | number>) => {
      const s = performance.now();
      const res = await fetch(`${base}/api/Report/${name}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { headers: { ...XHR, cookie } });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - s;
    };
    type Call = (typeof reports)[number];
    const round = async (cookie: string, order: readonly Call[] = reports) => {
      const t: number[] = [];
      for (const [name, q] of order) t.push(await time(cookie, name, q));
      return t;
    };
    const twice = async (cookie: string) => (await round(cookie)).concat(await round(cookie));
    const ownOrderTwice = async (cookie: string, agent: number) =>
      (await round(cookie, shuffledBy(agent + 1, reports))).concat(await round(cookie, shuffledBy(agent + 101, reports)));
    for (const cookie of cookies) await round(cookie); // warm: every agent's plans and pages once
    const rounds = Number(process.env.ROUNDS ?? 1);
    const results: string[] = [];
    /** The eight at once (`ask`), with the processor time each part of the machine took meanwhile. */
    const eightAtOnce = async (how: string, alone: number[], ask: (cookie: string, agent: number) => Promise<number[]>) => {
      const before = { apps: apps.map((a) => cpuMs(a.child.pid!)), db: await backends(admin, dbName), machine: machineBusyMs() };
      const s = performance.now();
      const eight = (await Promise.all(cookies.map((c, i) => ask(c, i)))).flat();
      const wall = performance.now() - s;
      const machine = machineBusyMs() - before.machine;
      const appCpu = apps.map((a, i) => cpuMs(a.child.pid!) - before.apps[i]);
      // Backends opened during the run count from zero; one closed during it is lost (pools keep theirs).
      const dbCpu = [...(await backends(admin, dbName))].reduce((sum, [pid, ms]) => sum + ms - (before.db.get(pid) ?? 0), 0);
      const others = machine - appCpu.reduce((a, b) => a + b, 0) - dbCpu;
      const ratio = pct(eight, 95) / pct(alone, 95);
      results.push(
        `${procs} process${procs > 1 ? 'es (HAProxy)' : ''}: 1 agent p50 ${pct(alone, 50).toFixed(0)} ms, p95 ${pct(alone, 95).toFixed(0)} ms; ` +
          `8 agents at once ${how} p50 ${pct(eight, 50).toFixed(0)} ms, p95 ${pct(eight, 95).toFixed(0)} ms (${ratio.toFixed(2)}x) in ${(wall / 1000).toFixed(1)} s; ` +
          `cores busy: app${appCpu.map((c) => ` ${(c / wall).toFixed(2)}`).join(' +')}, database ${(dbCpu / wall).toFixed(2)}, everything else on the machine ${(others / wall).toFixed(2)} (of ${os.cpus().length}); load ${os.loadavg()[0].toFixed(1)}`,
      );
      console.log(results.at(-1));
    };
    for (let r = 0; r < rounds; r++) {
      await eightAtOnce('in step', await twice(cookies[0]), (c) => twice(c));
      await eightAtOnce('each its own order', await ownOrderTwice(cookies[0], 0), (c, i) => ownOrderTwice(c, i));
    }
    return results;
  } finally {
    proxy?.stop();
    await Promise.all(apps.map((a) => a.stop()));
  }
}

let mapDrawId = 0;

async function main() {
  if (process.argv[2] === 'serve') return serveChild();
  if (!process.env.DATABASE_URL) throw new Error('bench:reportsprocs runs on PostgreSQL: set DATABASE_URL');
  const seedName = `bench_reports_seed_${LINES}`;
  if (!(await databaseExists(seedName))) throw new Error(`no ${seedName}: write it first with SEED_REUSE=1 LINES=${LINES} npm run bench:reports`);
  const dbName = `bench_procs_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${seedName} STRATEGY FILE_COPY`);
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // The eight agents sign in with the company's password (as bench/reports.ts sets them).
    await db.query(`update users a set password_hash = c.password_hash, skip_tnc = c.skip_tnc, tnc_agreed_at = c.tnc_agreed_at
                    from users c where c.username = 'rco' and a.username = any($1)`, [AGENTS]);
    await db.query(`insert into user_permission_roles (user_id, role_id) select u.id, r.id from users u, permission_roles r
                    where u.username = any($1) and r.seed_key = 'agent'
                      and not exists (select 1 from user_permission_roles x where x.user_id = u.id and x.role_id = r.id)`, [AGENTS]);
    await db.query('analyze');
    mapDrawId = (await db.query<{ id: number }>('select max(draw_id) as id from bet_lines')).rows[0].id;
    const lines = (await db.query<{ n: string }>('select count(*)::text as n from bet_lines')).rows[0].n;
    console.log(`data: ${Number(lines).toLocaleString()} lines over ${DATES} draw dates (a copy of ${seedName}); ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`report gate per process: REPORT_CONCURRENCY ${process.env.REPORT_CONCURRENCY ?? `unset (${os.availableParallelism()})`}`);
    const all: string[] = [];
    for (const procs of (process.env.PROCS ?? '1,2').split(',').map(Number)) all.push(...(await measure(procs, databaseUrl, dbName, admin)));
    console.log(`\n${all.join('\n')}`);
  } finally {
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
