// Builds the real app on a fresh database: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { RoleId } from '@app/domain';
import { buildApp } from '../../src/app';
import { ensureSuperAdmin, seedReferenceData } from '../../src/db/seed';
import { createAccount } from '../../src/modules/accounts/service';
import { ManualClock } from '../../src/platform/clock';
import { loadConfig, type Config } from '../../src/platform/config';
import { openDatabase, type Database } from '../../src/platform/db';
import type { HttpApp } from '../../src/platform/http';
import { hashPassword } from '../../src/platform/password';

import { ADMIN } from './constants';
import { runOn } from './runOn';

export { ADMIN };
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

export async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // A copy of the run's migrated and seeded template (globalSetup.ts) when there is one.
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A new login role owning nothing (roles belong to the whole server: dropped after the database). */
async function createLoginRole(url: string): Promise<{ name: string; password: string; drop: () => Promise<void> }> {
  const name = `app_${crypto.randomBytes(6).toString('hex')}`;
  const password = crypto.randomBytes(12).toString('hex');
  const run = (text: string) => runOn(url, text);
  await run(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
  return { name, password, drop: () => run(`DROP ROLE IF EXISTS ${name}`) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response data freely
type ApiBody = { success: boolean; message: string; data: any; code: number };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export interface TestAppOptions {
  start?: string;
  /** Folder of a built web app (index.html): the static routes and the single-page fallback then exist. */
  webDist?: string;
  /** Where the app writes its log (pino JSON lines); no log when absent. */
  logStream?: { write(line: string): void };
  /** Settings that differ from the defaults (loadConfig of an empty environment). */
  config?: Partial<Config>;
  /**
   * PostgreSQL only: the fresh database's owner runs the migrations and the server works as a new role
   * owning nothing (DATABASE_OWNER_URL beside DATABASE_URL). `appRole` then names that role.
   */
  appRole?: boolean;
  /** Called with the app before its routes are registered, e.g. to add a probe hook. */
  instrument?: (app: HttpApp) => void;
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const clock = new ManualClock(opts.start ?? '2026-11-22T04:00:00Z');
  const pgUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  let appRole: string | undefined;
  if (pgUrl) {
    const fresh = await freshPostgres(pgUrl);
    drop = fresh.drop;
    if (opts.appRole) {
      const role = await createLoginRole(pgUrl);
      appRole = role.name;
      drop = async () => {
        await fresh.drop();
        await role.drop();
      };
      const appUrl = new URL(fresh.url);
      appUrl.username = role.name;
      appUrl.password = role.password;
      database = await openDatabase({ databaseUrl: appUrl.toString(), ownerUrl: fresh.url });
    } else {
      database = await openDatabase({ databaseUrl: fresh.url });
    }
  } else {
    const template = inject('pgliteTemplate');
    database = await openDatabase({ dataDir: 'memory', loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined });
  }
  await seedReferenceData(database.db);
  await ensureSuperAdmin(database.db, ADMIN.username, ADMIN.password);
  const config: Config = { ...loadConfig({}), webDist: opts.webDist ?? '/nonexistent', ...opts.config };
  const app = await buildApp({ db: database.db, clock, config }, { logger: opts.logStream ? { stream: opts.logStream } : false, instrument: opts.instrument });
  const db = database.db;
  const twins: (typeof app)[] = [];

  async function request(opts: {
    method?: 'GET' | 'POST';
    url: string;
    cookie?: string;
    query?: Record<string, string | number>;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    ip?: string;
    /** Another app on the same database (see `twin`); this one when absent. */
    via?: typeof app;
  }) {
    const headers: Record<string, string> = { ...XHR, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers };
    let payload: string | object | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      payload = opts.json as object;
    }
    const res = await (opts.via ?? app).inject({
      method: opts.method ?? (payload !== undefined ? 'POST' : 'GET'),
      url: opts.url,
      query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
      payload,
    });
    return { status: res.statusCode, body: res.json() as ApiBody, headers: res.headers, raw: res };
  }

  /** Logs in and returns the cookie header to send as that user. */
  async function login(username: string, password: string, ip?: string): Promise<string> {
    const res = await request({ url: '/api/Account/Login', form: { username, password }, ip });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.message}`);
    const set = res.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set[0] : String(set)).split(';')[0];
    // As the web app does at a first login: the terms are agreed before anything else is called (the
    // refusal before agreeing is tested with a login of its own, auth.test.ts).
    if (!(res.body.data as { skipTNC: boolean }).skipTNC) {
      const agreed = await request({ method: 'POST', url: '/api/Account/AgreeTermsAndConditions', json: {}, cookie, ip });
      if (agreed.status !== 200) throw new Error(`terms of ${username}: ${agreed.status} ${agreed.body.message}`);
    }
    return cookie;
  }

  /** Inserts an account directly (account screens come with issue 3) with its default permission role. */
  async function createUser(u: {
    username: string;
    password?: string;
    roleId: RoleId;
    uplineId?: number;
    mainAccountId?: number;
    status?: string;
    secondaryPassword?: string;
    skipTnc?: boolean;
    creditLimit?: number;
  }): Promise<number> {
    const parentId = u.mainAccountId ?? u.uplineId ?? 1;
    return db.transaction(async (tx) =>
      createAccount(tx, {
        username: u.username,
        fullName: `${u.username} name`,
        passwordHash: await hashPassword(u.password ?? 'Passw0rd!'),
        secondaryPasswordHash: u.secondaryPassword ? await hashPassword(u.secondaryPassword) : null,
        roleId: u.roleId,
        parentId,
        isMainAccount: !u.mainAccountId,
        status: u.status,
        skipTnc: u.skipTnc,
        creditLimit: u.creditLimit,
      }),
    );
  }

  return {
    app,
    db,
    clock,
    config,
    kind: database.kind,
    /** The role the server works as, when created with `appRole`. */
    appRole,
    request,
    login,
    createUser,
    /** A second app on the same database, as a second server process would be (closed with this one). */
    twin: async () => {
      const other = await buildApp({ db, clock, config });
      twins.push(other);
      return other;
    },
    close: async () => {
      for (const other of twins) await other.close();
      await app.close();
      await database.close();
      await drop();
    },
  };
}
