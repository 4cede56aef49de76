// What every benchmark needs: the real app in-process on a throwaway database (PGlite in a temp folder,
// or a new database on the PostgreSQL server of DATABASE_URL, dropped at the end), listening on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { ensureSuperAdmin, seedReferenceData } from '../apps/server/src/db/seed';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig, type Config } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

export const BENCH_PASSWORD = 'Bench-pass-1';
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Whether a database exists on the PostgreSQL server of DATABASE_URL. */
export async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const r = await admin.query('select 1 from pg_database where datname = $1', [name]);
  await admin.end();
  return r.rowCount === 1;
}

/**
 * `webDist`: serve the built web app too (browser benchmarks); default none. PostgreSQL only: `template`
 * starts from a copy of that database (data seeded by an earlier run); `keepAs` names the database and
 * keeps it at the end (to be such a template). `apiLog: false`: the API log's hooks are not registered
 * (to measure what writing the log costs a call).
 */
export async function startBench(name: string, opts: { webDist?: string; template?: string; keepAs?: string; existing?: boolean; config?: Partial<Config>; apiLog?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fourd-bench-${name}-`));
  const dbName = opts.keepAs ?? `bench_${name}_${Date.now()}`;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // `existing` (with keepAs): open a kept database as it is, so that migrations added since it was
    // seeded run on it once (their backfills too) rather than on every copy of it.
    if (!opts.existing) await admin.query(`CREATE DATABASE ${dbName}${opts.template ? ` TEMPLATE ${opts.template} STRATEGY FILE_COPY` : ''}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedReferenceData(database.db);
  await ensureSuperAdmin(database.db, 'benchadmin', BENCH_PASSWORD);
  const config: Config = { ...loadConfig({}), webDist: opts.webDist ?? '/none', ...opts.config };
  const app = await buildApp({ db: database.db, clock: systemClock, config }, { apiLog: opts.apiLog });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  const { login, call } = clientOf(base);

  async function stop() {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL && !opts.keepAs) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }

  /**
   * PostgreSQL only: the CPU milliseconds (user + system, from /proc) the server's backends of this
   * database have used so far; null on PGlite (its work is in this process's own CPU).
   */
  async function databaseCpuMs(): Promise<number | null> {
    if (database.kind !== 'postgres') return null;
    const r = (await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] };
    const tick = 1000 / 100; // CLK_TCK is 100 on Linux
    let ms = 0;
    for (const { pid } of r.rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ms += (Number(fields[11]) + Number(fields[12])) * tick;
      } catch {
        // A backend that ended meanwhile.
      }
    }
    return ms;
  }

  return { app, db: database.db, kind: database.kind, databaseUrl, config, base, login, call, stop, databaseCpuMs };
}

/** Logging in and calling the API of an installation at `base`, as a browser does. */
export function clientOf(base: string) {
  async function login(username: string, password = BENCH_PASSWORD) {
    const res = await fetch(`${base}/api/Account/Login`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    // As the web app does at a first login: the terms are agreed before anything else is called.
    const { data } = (await res.json()) as { data: { skipTNC: boolean } };
    if (!data.skipTNC) await call(cookie, '/api/Account/AgreeTermsAndConditions', { doNotShowAgain: true });
    return cookie;
  }

  async function call(cookie: string, url: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...XHR, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; data: never; message: string };
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.message}`);
    return json.data;
  }
  return { login, call };
}

export function machine(kind: string) {
  return `${kind}, ${os.cpus().length} cores, node ${process.version}`;
}

/** The report reads a company or an agent makes over a range of days (bench:reports, bench:reportsprocs). */
export function rangeReports(range: { fromDate: string; toDate: string }, winningDate: string): [string, Record<string, string | number>][] {
  return [
    ['GetSalesSummary', range],
    ['GetSumSalesSummary', range],
    ['GetSalesStatistic', range],
    ['GetWinLossReport', range],
    ['GetWinLoss3SectionsReport', range],
    ['GetUsLineReport', range],
    ['GetStakeHolderReport', range],
    ['GetWinLossOccupiedReport', range],
    ['GetPayoutReport', range],
    ['GetPayoutStatistic', range],
    ['GetWinningReport', { drawDate: winningDate }],
  ];
}

/** Busy and total jiffies of the whole machine so far (/proc/stat); `busyCores(a, b)` is the mean busy cores between two reads. */
export function machineJiffies(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, x) => a + x, 0);
  // idle and iowait
  return { busy: total - f[3] - f[4], total };
}

export const busyCores = (a: { busy: number; total: number }, b: { busy: number; total: number }) =>
  ((b.busy - a.busy) / Math.max(1, b.total - a.total)) * os.cpus().length;
