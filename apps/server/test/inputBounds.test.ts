// Bad input is a 400 naming the field, never a 500 (issue 10, item 6). A NUL byte in a text field or an id
// above 2,147,483,647 used to reach PostgreSQL, which refused it with an error the server answered 500.
// Every registered route is walked with its declared input schemas: each string and number field gets
// values outside its bounds (generated from the schema, see support/badInputs.ts), sent as a caller the
// route admits; each must answer 400 naming the field, never reach the handler and change nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@app/domain';
import { authorize, type RouteEntry } from '../src/platform/http';
import { loadConfig } from '../src/platform/config';
import { loadSession, type AuthContext } from '../src/platform/session';
import { acceptableNames, badValues, leavesOf, missingBounds, type Leaf } from './support/badInputs';
import { ADMIN, createTestApp, XHR, type TestApp } from './support/testApp';

let t: TestApp;
const reached: string[] = [];
/** Callers of every kind, logged in with their secondary password verified: each route is sent as the first it admits. */
const callers: { name: string; cookie: string; auth: AuthContext }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    instrument: (app) =>
      app.addHook('preHandler', async (request) => {
        if (!request.is404) reached.push(`${request.method} ${request.routeOptions.url}`);
      }),
  });
  const company = await t.createUser({ username: 'company', roleId: RoleId.Company, secondaryPassword: 'Second-1', skipTnc: true });
  for (const [username, roleId] of [
    ['itadmin', RoleId.ITAdmin],
    ['agent', RoleId.Multilevel],
    ['player', RoleId.Player],
    ['house', RoleId.House],
  ] as const) {
    await t.createUser({ username, roleId, secondaryPassword: 'Second-1', skipTnc: true, uplineId: roleId === RoleId.ITAdmin ? undefined : company });
  }
  const made = [['admin', ADMIN.password], ...['itadmin', 'company', 'agent', 'player', 'house'].map((n) => [n, 'Passw0rd!'])];
  for (const [name, password] of made) {
    const cookie = await t.login(name, password);
    const secondary = name === 'admin' ? ADMIN.password : 'Second-1';
    const v = await t.request({ method: 'POST', url: '/api/Configuration/VerifySecondaryPassword', query: { secondaryPassword: secondary }, cookie });
    expect(v.status).toBe(200);
    const auth = await loadSession(t.db, t.clock, cookie.split('=')[1]);
    callers.push({ name, cookie, auth: auth! });
  }
});
afterAll(async () => t?.close());

async function callerFor(route: RouteEntry) {
  if (route.access?.kind === 'public') return null;
  for (const c of callers) {
    try {
      await authorize({ db: t.db, clock: t.clock, config: loadConfig({}) }, c.auth, route.access!);
      return c;
    } catch {
      // not this one
    }
  }
  throw new Error(`no test caller is admitted to ${route.method} ${route.url}`);
}

/** Every table's rows, hashed: what "nothing changed" compares (sessions aside: reading one may touch it). */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`)) as unknown as
    | { rows: { table_name: string }[] }
    | { table_name: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows).map((r) => r.table_name);
  const out: Record<string, string> = {};
  for (const name of names) {
    const res = (await t.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from "${name}" x`))) as unknown as
      | { rows: { f: string }[] }
      | { f: string }[];
    out[name] = (Array.isArray(res) ? res : res.rows)[0].f;
  }
  return out;
}

const fieldsOf = (route: RouteEntry) => [
  ...leavesOf(route.input.querystring).map((leaf) => ({ where: 'query' as const, leaf })),
  ...leavesOf(route.input.body).map((leaf) => ({ where: 'body' as const, leaf })),
];

describe('every field of every registered route', () => {
  it('walks the routes and finds their fields', () => {
    const fields = t.app.routeTable.flatMap(fieldsOf);
    expect(t.app.routeTable.length).toBeGreaterThan(50);
    expect(fields.length).toBeGreaterThan(150);
  });

  it('declares the bounds of its column: text has a maximum length, a number a range', () => {
    const unbounded = t.app.routeTable.flatMap((r) =>
      fieldsOf(r).flatMap(({ where, leaf }) => {
        const problem = missingBounds(leaf);
        return problem ? [`${r.method} ${r.url} ${where} ${leaf.path.join('.')}: ${problem}`] : [];
      }),
    );
    expect(unbounded).toEqual([]);
  });

  it('answers a value outside its bounds (NUL in text, an id above int4, a date that does not exist) with a 400 naming it, and changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let sent = 0;
    for (const route of t.app.routeTable) {
      const caller = await callerFor(route);
      for (const { where, leaf } of fieldsOf(route)) {
        for (const bad of badValues(leaf)) {
          reached.length = 0;
          const res = await send(route, caller?.cookie, where, leaf, bad.value);
          sent++;
          const body = res.json() as { message: string; data: Record<string, string> | null };
          const named = Object.keys(body.data ?? {}).some((k) => acceptableNames(leaf).includes(k));
          if (res.statusCode !== 400 || !named || reached.length) {
            wrong.push(
              `${route.method} ${route.url} ${where} ${leaf.path.join('.')} ${bad.label}: ${res.statusCode} ${body.message} ${JSON.stringify(body.data)}${reached.length ? ' (handler reached)' : ''}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    expect(await fingerprint()).toEqual(before);
    // Hundreds of calls one after another: on PGlite beside the browser tests at load 14 it took over 90 s.
  }, 240_000);
});

describe('the requests of the report, otherwise valid', () => {
  const key = 'key-12345678';
  const NUL = 'a\u0000b';
  const ABOVE_INT4 = 2_147_483_648;
  it.each([
    ['POST /api/Payment/MakePayment', { json: { targetUserId: 2, type: 1, amount: 100, remark: NUL, idempotencyKey: key } }, 'remark'],
    ['POST /api/Payment/MakePayment', { json: { targetUserId: 2, type: 1, amount: 100, idempotencyKey: `${key}\u0000` } }, 'idempotencyKey'],
    ['POST /api/Bet/SaveAutoTicket', { json: { text: 'D\nT\n1234#1', customerPhone: NUL, idempotencyKey: key } }, 'customerPhone'],
    ['POST /api/Account/Login', { json: { username: NUL, password: 'whatever1' } }, 'username'],
    ['GET /api/Account/GetUserDetailByUsername', { query: { username: NUL } }, 'username'],
    ['POST /api/Account/CreateOrUpdateUser', { json: { userId: 2, fullName: NUL } }, 'fullName'],
    ['POST /api/Payment/MakePayment', { json: { targetUserId: ABOVE_INT4, type: 1, amount: 100, idempotencyKey: key } }, 'targetUserId'],
    ['POST /api/Account/UpdateUserCreditLimit', { json: { userId: ABOVE_INT4, creditLimit: 100, idempotencyKey: key } }, 'userId'],
    ['GET /api/Account/GetUserDetailsById', { query: { userId: ABOVE_INT4 } }, 'userId'],
    ['GET /api/Report/GetPlayerTransaction', { query: { userId: ABOVE_INT4 } }, 'userId'],
  ] as const)('%s with a bad %# answers 400 naming the field', async (name, input, field) => {
    const [method, url] = name.split(' ');
    const route = t.app.routeTable.find((r) => r.method === method && r.url === url)!;
    const caller = await callerFor(route);
    reached.length = 0;
    const res = await t.request({ method: method as 'GET', url, cookie: caller?.cookie, ...input });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.data)).toEqual([field]);
    expect(reached).toEqual([]);
  });
});

function send(route: RouteEntry, cookie: string | undefined, where: 'query' | 'body', leaf: Leaf, value: string | number) {
  const headers = { ...XHR, ...(cookie ? { cookie } : {}) };
  if (where === 'query') {
    const url = `${route.url}?${new URLSearchParams({ [String(leaf.path[0])]: String(value) })}`;
    return t.app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'POST' ? { payload: {} } : {}) });
  }
  return t.app.inject({ method: route.method as 'POST', url: route.url, headers, payload: leaf.build(value) as object });
}
