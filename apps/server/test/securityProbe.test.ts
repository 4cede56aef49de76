// What a security probe found from outside (2026-11-27), each reproduced through the HTTP layer: an
// undecodable path answered without the security headers, an account set its own passwords without the
// old one, a sub-account set a downline's password and logged in as it with rights it was not given, one
// ticket could expand to any number of bet lines, and a company could point the server's settlement
// callbacks at internal addresses. Decisions 0001, 0011, 0013, 0020 and 0025 say what holds now.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, HierarchyLevel, PoolId } from '@app/domain';
import { deliverDue } from '../src/modules/seamless/deliver';
import { ADMIN, createTestApp, XHR, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
let keyNo = 0;
const key = () => `probe-key-${++keyNo}-${Date.now()}`;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

let hits = 0;
const receiver = http.createServer((req, res) => {
  hits++;
  req.resume();
  res.end('ok');
});
let receiverPort = 0;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  ids.co = await createOk(admin, { username: 'spco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  const co = await t.login('spco', PASSWORD);
  ids.agent = await createOk(co, { username: 'spagent', level: HierarchyLevel.Agent, creditLimit: 50_000_000 });
  const agent = await t.login('spagent', PASSWORD);
  ids.player = await createOk(agent, { username: 'spplayer', level: HierarchyLevel.Player, creditLimit: 10_000_000 });
  ids.seam = await createOk(agent, { username: 'spseam', level: HierarchyLevel.Player, creditLimit: 10_000 });
  for (const drawDate of ['2026-11-25', '2026-11-28']) {
    for (const poolId of [PoolId.Magnum, PoolId.PMP, PoolId.Toto]) {
      const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate, isSpecial: false } });
      expect(res.status).toBe(200);
    }
  }
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('an undecodable path', () => {
  it('is answered with the API envelope and every security header, not the framework error', async () => {
    for (const url of ['/api/Account/IsLoggedIn%', '/%', '/assets/%zz.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: XHR });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'VALIDATION_FAILED', data: null, code: 400 });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe("one's own passwords", () => {
  it('are not changed through CreateOrUpdateUser (manage profile): only ChangePassword, which asks for the old one', async () => {
    const cookie = await t.login('spagent', PASSWORD);
    const self = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids.agent }, cookie })).body.data;
    const detail = Object.fromEntries(Object.entries(self).filter(([, v]) => v !== null));
    const [before] = await rows<{ p: string; s: string }>(sql`select password_hash as p, secondary_password_hash as s from users where id = ${ids.agent}`);
    for (const secret of [{ password: 'Hijacked-1' }, { secondaryPassword: 'Hijacked-2' }, { password: 'Hijacked-1', secondaryPassword: 'Hijacked-2' }]) {
      const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { ...detail, fullName: 'Renamed', ...secret } });
      expect(res.status, JSON.stringify(secret)).toBe(403);
    }
    const [after] = await rows<{ p: string; s: string; name: string }>(sql`select password_hash as p, secondary_password_hash as s, full_name as name from users where id = ${ids.agent}`);
    expect(after).toEqual({ ...before, name: 'spagent' });
    const secondary = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: 'Hijacked-2' }, cookie });
    expect(secondary.status).not.toBe(200);
    // The profile itself is still one's own to edit.
    const profile = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { ...detail, fullName: 'Renamed' } });
    expect(profile.status).toBe(200);
    expect(profile.body.data.fullName).toBe('Renamed');
  });
});

describe("a downline's password set by a sub-account", () => {
  const grants = (option: 'View' | 'Control', fns: readonly string[]) => fns.map((fn) => ({ activityId: FUNCTION_NAMES.indexOf(fn as never) + 1, option }));
  const sub = async (username: string, activities: { activityId: number; option: string }[]) => {
    const co = await t.login('spco', PASSWORD);
    const res = await t.request({ url: '/api/Account/CreateOrUpdateSubAccount', cookie: co, json: { username, fullName: username, password: PASSWORD, activities, reportAccess: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return t.login(username, PASSWORD);
  };
  const loginStatus = async (password: string) => (await t.request({ url: '/api/Account/Login', form: { username: 'spagent', password } })).status;

  it('is refused when the account holds rights the sub-account lacks: it would log in as it and use them', async () => {
    const staff = await sub('sp-downline-staff', grants('Control', ['Downline']));
    const read = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids.agent }, cookie: staff })).body.data;
    const detail = Object.fromEntries(Object.entries(read).filter(([, v]) => v !== null));
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { ...detail, password: 'Taken0ver!' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('RIGHTS_NOT_HELD');
    expect(res.body.data.missing).toEqual(expect.arrayContaining(['Payment Report:2']));
    const secondary = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { ...detail, secondaryPassword: 'Taken0ver!' } });
    expect(secondary.status).toBe(403);
    expect(await loginStatus('Taken0ver!')).toBe(401);
    expect(await loginStatus(PASSWORD)).toBe(200);
    // It still edits the account it was given (Downline control), and a sub-account holding all the
    // account holds may set its password.
    const rename = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { ...detail, fullName: 'Edited by staff' } });
    expect(rename.status).toBe(200);
    const manager = await sub('sp-manager-staff', grants('Control', FUNCTION_NAMES));
    const reset = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: manager, json: { ...detail, fullName: 'Edited by staff', password: 'Reset-by-1' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await loginStatus('Reset-by-1')).toBe(200);
  });
});

/** Every boxable group of four distinct digits once: 210 numbers of 24 permutations each. */
const boxNumbers = (() => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let n = 0; n < 10_000; n++) {
    const s = String(n).padStart(4, '0');
    const sorted = [...s].sort().join('');
    if (new Set(s).size === 4 && !seen.has(sorted)) {
      seen.add(sorted);
      out.push(s);
    }
  }
  return out;
})();

describe('a ticket expanding to too many bet lines', () => {
  const ticketCount = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from tickets`))[0].n);

  it('is refused whole by every entry, before anything is written (210 boxes x 3 pools x 2 draws = 30,240 bet lines)', async () => {
    const cookie = await t.login('spplayer', PASSWORD);
    const before = await ticketCount();
    const text = `D2\n#123\n${boxNumbers.map((n) => `*${n}#0.01`).join('\n')}`;
    const express = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key() } });
    expect(express.status, JSON.stringify(express.body).slice(0, 300)).toBe(400);
    expect(express.body.message).toBe('TOO_MANY_BET_LINES');
    expect(express.body.data).toMatchObject({ lines: 'max', betLines: 30_240, max: 20_000 });
    const rowsOf = boxNumbers.map((number) => ({ number, betType: 2, amounts: { B: 1 }, pools: [1, 2, 3], draw: { kind: 'next', count: 2 } }));
    // The web order's own row limit (maxLineBetInUI, 50 by default) would refuse 210 rows first: at its
    // highest (500) the bet-line cap is what refuses them.
    const setRows = (v: string) => t.db.execute(sql`insert into system_settings (key, value) values ('maxLineBetInUI', ${v}) on conflict (key) do update set value = ${v}`);
    const was = (await rows<{ value: string }>(sql`select value from system_settings where key = 'maxLineBetInUI'`))[0]?.value ?? '50';
    await setRows('500');
    const web = await t.request({ url: '/api/Bet/PlaceWebOrder', cookie, json: { rows: rowsOf, idempotencyKey: key() } });
    await setRows(was);
    expect(web.status).toBe(400);
    expect(web.body.message).toBe('TOO_MANY_BET_LINES');
    // An auto ticket plays one draw per run: four pools make 20,160.
    const auto = await t.request({ url: '/api/Bet/SaveAutoTicket', cookie, json: { text: `D\n#1234\n${boxNumbers.map((n) => `*${n}#0.01`).join('\n')}`, idempotencyKey: key() } });
    expect(auto.status).toBe(400);
    expect(auto.body.message).toBe('TOO_MANY_BET_LINES');
    expect(await ticketCount()).toBe(before);
    expect(await rows(sql`select id from auto_tickets`)).toEqual([]);
  });
});

describe("a company's settlement callback URL", () => {
  it('may not name an internal address; a name that resolves to one is refused at each send', async () => {
    const co = await t.login('spco', PASSWORD);
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: co });
    const code = (await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: co })).body.data;
    expect((await t.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: co, json: { userId: ids.seam, ...code } })).status).toBe(200);
    for (const url of [
      `http://127.0.0.1:${receiverPort}/settle`,
      `http://localhost:${receiverPort}/settle`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:5432/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.1.2.3/settle',
      'http://192.168.0.10/settle',
      'http://2130706433/',
      'http://0/',
    ]) {
      const res = await t.request({ url: '/api/Account/UpdateSettlementCallback', cookie: co, json: { userId: ids.seam, callbackUrl: url } });
      expect(res.status, url).toBe(400);
      expect(res.body.data).toEqual({ callbackUrl: 'CALLBACK_URL_INVALID' });
    }
    expect(await rows(sql`select user_id from seamless_accounts`)).toEqual([]);
    const publicName = await t.request({ url: '/api/Account/UpdateSettlementCallback', cookie: co, json: { userId: ids.seam, callbackUrl: 'https://client.example.com/settle' } });
    expect(publicName.status).toBe(200);

    // A name resolving to this machine (as a company's own DNS name could): the send is refused, nothing reaches it.
    await t.db.execute(sql`update seamless_accounts set callback_url = ${`http://localhost:${receiverPort}/settle`} where user_id = ${ids.seam}`);
    const now = t.clock.now().toISOString();
    await t.db.execute(sql`insert into seamless_deliveries (account_id, ticket_id, draw_id, round, payload, next_attempt_at, created_at)
      values (${ids.seam}, 1, 1, 1, '{"ticketId":1}'::jsonb, ${now}::timestamptz, ${now}::timestamptz)`);
    const sent = await deliverDue({ db: t.db, clock: t.clock, config: t.config });
    expect(sent).toEqual({ delivered: 0, failed: 1 });
    expect(hits).toBe(0);
    const [d] = await rows<{ status: string; last_error: string }>(sql`select status, last_error from seamless_deliveries`);
    expect(d).toEqual({ status: 'failing', last_error: 'the address is not public' });
  });
});
