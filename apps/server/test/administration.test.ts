// Administration (issue 14, decision 0033) through HTTP: system settings, announcements, currencies,
// the API logs and the admin tool, each with a caller who must be refused.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId, SETTING_DEFS, SYSTEM_SETTING_DEFAULTS } from '@app/domain';
import { apiAccounts } from '../src/db/schema';
import { flushApiLogs, loggedFetch } from '../src/platform/apiLog';
import { rows } from '../src/modules/ledger/queries';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let coA: string;
let playerA: string;
let playerA2: string;
let playerB: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
  ids.coA = await t.createUser({ username: 'admco_a', roleId: RoleId.Company, skipTnc: true });
  ids.coB = await t.createUser({ username: 'admco_b', roleId: RoleId.Company, skipTnc: true });
  ids.agentA = await t.createUser({ username: 'admagent_a', roleId: RoleId.Multilevel, uplineId: ids.coA, skipTnc: true });
  ids.playerA = await t.createUser({ username: 'admplayer_a', roleId: RoleId.Player, uplineId: ids.agentA, skipTnc: true });
  ids.playerA2 = await t.createUser({ username: 'admplayer_a2', roleId: RoleId.Player, uplineId: ids.agentA, skipTnc: true });
  ids.playerB = await t.createUser({ username: 'admplayer_b', roleId: RoleId.Player, uplineId: ids.coB, skipTnc: true });
  coA = await t.login('admco_a', 'Passw0rd!');
  playerA = await t.login('admplayer_a', 'Passw0rd!');
  playerA2 = await t.login('admplayer_a2', 'Passw0rd!');
  playerB = await t.login('admplayer_b', 'Passw0rd!');
});
afterAll(async () => t?.close());

const get = (url: string, cookie: string, query?: Record<string, string | number>) => t.request({ url, cookie, query });
const post = (url: string, cookie: string, json: unknown, headers?: Record<string, string>) => t.request({ url, cookie, json, headers });

describe('system settings', () => {
  it('lists every key of SPEC 3 and every key the product reads, with its kind and bounds', async () => {
    const res = await get('/api/Configuration/GetSystemSetting', admin);
    expect(res.status).toBe(200);
    const keys = res.body.data.map((s: { key: string }) => s.key);
    for (const k of ['agentMaxDiscountPercentage', 'scrapeResultTime', 'maxLineBetInUI', 'dailyPool', 'normalScrapeResultSite', 'gdScrapeResultSite']) {
      expect(keys).toContain(k);
    }
    // Every seeded key has a definition and every definition a default: nothing is left without an editor.
    expect([...keys].sort()).toEqual(Object.keys(SYSTEM_SETTING_DEFAULTS).sort());
    expect(SETTING_DEFS.length).toBe(keys.length);
    const idle = res.body.data.find((s: { key: string }) => s.key === 'sessionIdleTimeout');
    expect(idle).toMatchObject({ kind: 'integer', min: 1, max: 1440, value: '30', unit: 'minutes' });
  });

  it('refuses a value out of bounds naming its key, and changes nothing of the request', async () => {
    const res = await post('/api/Configuration/UpdateSystemSetting', admin, {
      settings: [
        { key: 'agentMaxDiscountPercentage', value: '25' },
        { key: 'sessionIdleTimeout', value: '0' },
        { key: 'scrapeResultTime', value: '25:00' },
        { key: 'dailyPool', value: 'yes' },
        { key: 'normalScrapeResultSite', value: '[{"name":"x"}]' },
        { key: 'noSuchKey', value: '1' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ sessionIdleTimeout: 'min', scrapeResultTime: 'pattern', dailyPool: 'pattern', normalScrapeResultSite: 'pattern', noSuchKey: 'pattern' });
    const after = await get('/api/Configuration/GetSystemSetting', admin);
    expect(after.body.data.find((s: { key: string }) => s.key === 'agentMaxDiscountPercentage').value).toBe('30');
    const big = await post('/api/Configuration/UpdateSystemSetting', admin, { settings: [{ key: 'maxLineBetInUI', value: '501' }] });
    expect(big.body.data).toEqual({ maxLineBetInUI: 'max' });
  });

  it('saves, audits before and after, and the server reads the new value at once (no restart)', async () => {
    const before = await get('/api/Account/GetUserDetailInit', admin);
    expect(before.body.data.maxDiscount).toBe(30);
    const res = await post('/api/Configuration/UpdateSystemSetting', admin, {
      settings: [
        { key: 'agentMaxDiscountPercentage', value: '25.5' },
        { key: 'scrapeResultTime', value: '9:30' },
        { key: 'autoSettleAfterRelease', value: 'false' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = Object.fromEntries(res.body.data.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(saved).toMatchObject({ agentMaxDiscountPercentage: '25.5', scrapeResultTime: '09:30', autoSettleAfterRelease: 'false' });
    const now = await get('/api/Account/GetUserDetailInit', admin);
    expect(now.body.data.maxDiscount).toBe(25.5);
    const audit = await get('/api/Configuration/GetAuditLog', admin, { action: 'system-setting', target: 'scrapeResultTime' });
    expect(audit.status).toBe(200);
    expect(audit.body.data.items[0]).toMatchObject({ actor: 'admin', action: 'system-setting.update', targetId: 'scrapeResultTime', before: { value: '19:45' }, after: { value: '09:30' } });
    // Put back what other tests read.
    await post('/api/Configuration/UpdateSystemSetting', admin, { settings: [{ key: 'agentMaxDiscountPercentage', value: '30' }, { key: 'autoSettleAfterRelease', value: 'true' }] });
  });

  it('refuses everyone but the super admin', async () => {
    expect((await get('/api/Configuration/GetSystemSetting', coA)).status).toBe(403);
    const res = await post('/api/Configuration/UpdateSystemSetting', coA, { settings: [{ key: 'dailyPool', value: '0' }] });
    expect(res.status).toBe(403);
    const [r] = await rows<{ value: string }>(t.db, sql`select value from system_settings where key = 'dailyPool'`);
    expect(r.value).toBe('1');
  });
});

describe('announcements', () => {
  let allId: number;
  let forA: number;

  it('are written for every company or chosen ones, with optional Chinese and Malay text', async () => {
    const all = await post('/api/Configuration/CreateOrUpdateAnnouncement', admin, { title: 'Maintenance', message: 'Down at 3am', titleCn: '维护', messageCn: '凌晨三点停机', allCompanies: true, companyIds: [] });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    allId = all.body.data.id;
    expect(all.body.data).toMatchObject({ title: 'Maintenance', titleCn: '维护', titleBm: null, allCompanies: true, companies: [], createdBy: 'admin' });
    const a = await post('/api/Configuration/CreateOrUpdateAnnouncement', admin, { title: 'For A', message: 'Only company A', allCompanies: false, companyIds: [ids.coA] });
    expect(a.status).toBe(200);
    forA = a.body.data.id;
    expect(a.body.data.companies).toEqual([{ id: ids.coA, username: 'admco_a' }]);
    const list = await get('/api/Configuration/GetAnnouncement', admin);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([forA, allId]);
  });

  it('refuses bad input naming the field: no title, no company chosen, half a translation, a player as company', async () => {
    const cases: [unknown, string][] = [
      [{ title: '', message: 'x', allCompanies: true }, 'title'],
      [{ title: 'x'.repeat(35), message: 'x', allCompanies: true }, 'title'],
      [{ title: 'x', message: 'x', allCompanies: false, companyIds: [] }, 'companyIds'],
      [{ title: 'x', message: 'x', titleBm: 'Tajuk', allCompanies: true }, 'messageBm'],
      [{ title: 'x', message: 'x', allCompanies: false, companyIds: [ids.playerA] }, 'companyIds'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/Configuration/CreateOrUpdateAnnouncement', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data)).toContain(field);
    }
    expect((await get('/api/Configuration/GetAnnouncement', admin)).body.data).toHaveLength(2);
  });

  it('reach the company and its whole downline, and no other company', async () => {
    const mine = async (c: string) => (await get('/api/Configuration/GetMyAnnouncement', c)).body.data.map((x: { id: number }) => x.id);
    expect(await mine(playerA)).toEqual([forA, allId]);
    expect(await mine(coA)).toEqual([forA, allId]);
    expect(await mine(playerB)).toEqual([allId]);
    expect(await mine(admin)).toEqual([forA, allId]);
  });

  it('stay unread (the banner) per login until that login reads them', async () => {
    const read = await post('/api/Configuration/ReadAnnouncement', playerA, { ids: [forA, allId] });
    expect(read.status).toBe(200);
    expect(read.body.data.every((x: { read: boolean }) => x.read)).toBe(true);
    const other = (await get('/api/Configuration/GetMyAnnouncement', playerA2)).body.data;
    expect(other.every((x: { read: boolean }) => !x.read)).toBe(true);
    // Company B's player cannot mark company A's announcement (it is not shown to it): nothing stored.
    await post('/api/Configuration/ReadAnnouncement', playerB, { ids: [forA] });
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from announcement_reads where user_id = ${ids.playerB}`);
    expect(n.n).toBe(0);
  });

  it('and the account\'s own currency are refused to a caller without a login', async () => {
    for (const res of [
      await get('/api/Configuration/GetMyAnnouncement', ''),
      await post('/api/Configuration/ReadAnnouncement', '', { ids: [allId] }),
      await get('/api/Configuration/GetMyCurrency', ''),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('USER_UNAUTHORIZED');
    }
  });

  it('are changed and deleted by the super admin only, audited', async () => {
    expect((await post('/api/Configuration/CreateOrUpdateAnnouncement', coA, { title: 'x', message: 'y', allCompanies: true })).status).toBe(403);
    expect((await post('/api/Configuration/DeleteAnnouncement', coA, { id: forA })).status).toBe(403);
    expect((await get('/api/Configuration/GetAnnouncement', playerA)).status).toBe(403);
    const upd = await post('/api/Configuration/CreateOrUpdateAnnouncement', admin, { id: forA, title: 'For A and B', message: 'Both', allCompanies: false, companyIds: [ids.coA, ids.coB] });
    expect(upd.status).toBe(200);
    expect(upd.body.data.companies).toHaveLength(2);
    expect((await get('/api/Configuration/GetMyAnnouncement', playerB)).body.data).toHaveLength(2);
    const del = await post('/api/Configuration/DeleteAnnouncement', admin, { id: forA });
    expect(del.status).toBe(200);
    expect((await post('/api/Configuration/DeleteAnnouncement', admin, { id: forA })).status).toBe(404);
    expect((await get('/api/Configuration/GetMyAnnouncement', playerB)).body.data.map((x: { id: number }) => x.id)).toEqual([allId]);
    const audit = await get('/api/Configuration/GetAuditLog', admin, { action: 'announcement' });
    expect(audit.body.data.items.map((i: { action: string }) => i.action).slice(0, 2)).toEqual(['announcement.delete', 'announcement.update']);
    expect(audit.body.data.items[1].before).toMatchObject({ title: 'For A', companyIds: [ids.coA] });
  });
});

describe('currencies', () => {
  it('list the book currency first with rate and fake rate and how many accounts use each', async () => {
    const res = await get('/api/Configuration/GetCurrencySetting', admin);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ code: 'MYR', rate: '1', fakeRate: '1', active: true });
    expect(res.body.data[0].accounts).toBeGreaterThan(0);
    expect((await get('/api/Configuration/GetCurrencySetting', coA)).status).toBe(403);
  });

  it('are updated and added with bounds checked; the book currency stays at 1; one in use is not retired', async () => {
    const ok = await post('/api/Configuration/UpdateCurrencySetting', admin, { code: 'SGD', name: 'Singapore Dollar', rate: '0.31', fakeRate: '0.3', active: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.find((c: { code: string }) => c.code === 'SGD')).toMatchObject({ rate: '0.31', fakeRate: '0.3' });
    for (const [body, field] of [
      [{ code: 'SGD', name: 'S', rate: '0', fakeRate: '1', active: true }, 'rate'],
      [{ code: 'SGD', name: 'S', rate: 'abc', fakeRate: '1', active: true }, 'rate'],
      [{ code: 'sg', name: 'S', rate: '1', fakeRate: '1', active: true }, 'code'],
      [{ code: 'MYR', name: 'Ringgit', rate: '2', fakeRate: '1', active: true }, 'rate'],
      [{ code: 'MYR', name: 'Ringgit', rate: '1', fakeRate: '1', active: false }, 'rate'],
    ] as const) {
      const res = await post('/api/Configuration/UpdateCurrencySetting', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data)).toContain(field);
    }
    const added = await post('/api/Configuration/UpdateCurrencySetting', admin, { code: 'HKD', name: 'Hong Kong Dollar', rate: '1.7', fakeRate: '1.75', active: true });
    expect(added.status).toBe(200);
    expect((await get('/api/Account/GetUserDetailInit', admin)).body.data.currencies).toContain('HKD');
    const off = await post('/api/Configuration/UpdateCurrencySetting', admin, { code: 'HKD', name: 'Hong Kong Dollar', rate: '1.7', fakeRate: '1.75', active: false });
    expect(off.status).toBe(200);
    expect((await get('/api/Account/GetUserDetailInit', admin)).body.data.currencies).not.toContain('HKD');
    await t.db.execute(sql`update users set currency = 'SGD' where id = ${ids.playerB}`);
    const inUse = await post('/api/Configuration/UpdateCurrencySetting', admin, { code: 'SGD', name: 'Singapore Dollar', rate: '0.31', fakeRate: '0.3', active: false });
    expect(inUse.status).toBe(400);
    expect(inUse.body.data).toEqual({ active: 'pattern' });
    expect((await post('/api/Configuration/UpdateCurrencySetting', coA, { code: 'SGD', name: 'S', rate: '1', fakeRate: '1', active: true })).status).toBe(403);
    // The account's own currency with the rate its screens use (the fake rate).
    expect((await get('/api/Configuration/GetMyCurrency', playerB)).body.data).toEqual({ book: 'MYR', code: 'SGD', name: 'Singapore Dollar', rate: '0.3' });
  });
});

describe('the API logs', () => {
  it('record every call of an API account, credentials masked, with its answer and duration', async () => {
    const secret = 'api-secret-value-1';
    await t.db.insert(apiAccounts).values({
      userId: ids.playerA,
      clientOpcode: 'admopcode',
      secretHash: crypto.createHash('sha256').update(secret).digest('hex'),
      createdAt: t.clock.now(),
    });
    const basic = `Basic ${Buffer.from(`admopcode:${secret}`).toString('base64')}`;
    const res = await t.request({ url: '/api/Configuration/GetMyAnnouncement', headers: { authorization: basic } });
    expect(res.status).toBe(200);
    const refused = await t.request({ url: '/api/Configuration/GetApiLog', headers: { authorization: basic } });
    expect(refused.status).toBe(403);
    // A session's calls are not API calls.
    await get('/api/Configuration/GetMyAnnouncement', playerA);
    const log = await get('/api/Configuration/GetApiLog', admin);
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(2);
    const [last, first] = log.body.data.items;
    expect(first).toMatchObject({ username: 'admplayer_a', uri: '/api/Configuration/GetMyAnnouncement', method: 'GET', responseStatus: 200, responseMessage: 'SUCCESS', region: '127.0.0.1' });
    expect(first.requestHeader.authorization).toBe('[REDACTED]');
    expect(first.responseContent).toContain('Maintenance');
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    expect(last).toMatchObject({ uri: '/api/Configuration/GetApiLog', responseStatus: 403, responseMessage: 'PERMISSION_DENIED' });
    expect(JSON.stringify(log.body)).not.toContain(secret);
    // Filters and paging.
    const errors = await get('/api/Configuration/GetApiLog', admin, { status: 'error' });
    expect(errors.body.data.items.map((i: { responseStatus: number }) => i.responseStatus)).toEqual([403]);
    const page2 = await get('/api/Configuration/GetApiLog', admin, { pageSize: 1, page: 2 });
    expect(page2.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.body.data.items[0].uri).toBe('/api/Configuration/GetMyAnnouncement');
    expect((await get('/api/Configuration/GetApiLog', admin, { uri: 'nothing-like-this' })).body.data.total).toBe(0);
    expect((await get('/api/Configuration/GetApiLog', admin, { pageSize: 500 })).status).toBe(400);
    expect((await get('/api/Configuration/GetApiLog', coA)).status).toBe(403);
  });

  it('record every call the product makes out, signatures masked, failures with their message', async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(req.url === '/down' ? 503 : 200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const deps = { db: t.db, clock: t.clock };
    await loggedFetch(deps, `${base}/callback`, { method: 'POST', timeoutMs: 2000, maxBytes: 1000, headers: { 'x-seamless-signature': 'sig-secret' }, body: '{"ticket":1}' });
    await loggedFetch(deps, `${base}/down`, { timeoutMs: 2000, maxBytes: 1000 });
    await expect(loggedFetch(deps, 'http://127.0.0.1:1/none', { timeoutMs: 500, maxBytes: 1000 })).rejects.toThrow();
    await new Promise((resolve) => server.close(resolve));
    await flushApiLogs(t.db);
    const log = await get('/api/Configuration/GetApiRequestLog', admin);
    expect(log.body.data.total).toBe(3);
    const [unreachable, down, callback] = log.body.data.items;
    expect(callback).toMatchObject({ method: 'POST', requestBody: '{"ticket":1}', responseStatus: 200, responseContent: '{"ok":true}', responseMessage: 'OK' });
    expect(callback.requestHeader['x-seamless-signature']).toBe('[REDACTED]');
    expect(down).toMatchObject({ responseStatus: 503, responseMessage: 'HTTP 503' });
    expect(unreachable).toMatchObject({ responseStatus: null, responseMessage: 'unreachable' });
    expect((await get('/api/Configuration/GetApiRequestLog', playerA)).status).toBe(403);
  });

  it('keep apiLogRetentionDays days: the pruning job (run from the admin tool) deletes older entries', async () => {
    await t.db.execute(sql`update api_logs set at = at - interval '40 days' where direction = 'out'`);
    const run = await post('/api/Configuration/RunAdminJob', admin, { job: 'prune-api-logs' }, { 'x-wait': '1' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ job: 'prune-api-logs', status: 'done', summary: '3 entr(ies) older than 30 day(s) deleted' });
    // The summary also as a message key with its parameters, for the screen to give in the reader's language.
    expect(run.body.data).toMatchObject({ summaryKey: 'pruneDone', summaryParams: { deleted: 3, days: 30 } });
    expect((await get('/api/Configuration/GetApiRequestLog', admin)).body.data.total).toBe(0);
    expect((await get('/api/Configuration/GetApiLog', admin)).body.data.total).toBeGreaterThan(0);
  });
});

describe('the admin tool', () => {
  it('runs a job now and lists its run with steps; refuses a settlement without a released draw', async () => {
    const run = await post('/api/Configuration/RunAdminJob', admin, { job: 'result-fetch', date: '2026-11-22' }, { 'x-wait': '1' });
    expect(run.body.data).toMatchObject({ job: 'result-fetch', status: 'done', by: 'admin' });
    expect(run.body.data.steps[0]).toMatchObject({ text: 'fetching results of 2026-11-22', key: 'fetching', params: { date: '2026-11-22' } });
    const list = await get('/api/Configuration/GetAdminJobRuns', admin);
    expect(list.body.data[0].id).toBe(run.body.data.id);
    const bad = await post('/api/Configuration/RunAdminJob', admin, { job: 'settle-draw' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ drawId: 'required' });
    expect((await post('/api/Configuration/RunAdminJob', admin, { job: 'settle-draw', drawId: 999999 })).body.data).toEqual({ drawId: 'pattern' });
    expect((await post('/api/Configuration/RunAdminJob', admin, { job: 'rm -rf' })).status).toBe(400);
    expect((await post('/api/Configuration/RunAdminJob', coA, { job: 'auto-transfer' })).status).toBe(403);
    // Posting: the autoPosting job's own run, which does nothing while the setting is off.
    const posting = await post('/api/Configuration/RunAdminJob', admin, { job: 'posting' }, { 'x-wait': '1' });
    expect(posting.body.data).toMatchObject({ job: 'posting', status: 'done', summary: 'nothing run: autoPosting is off, or no draw past its cutoff has anything to post or distribute' });
    expect((await post('/api/Configuration/RunAdminJob', coA, { job: 'posting' })).status).toBe(403);
    expect((await get('/api/Configuration/GetAdminJobRuns', coA)).status).toBe(403);
    expect((await get('/api/Configuration/GetAdminJobRuns', playerA)).status).toBe(403);
  });

  it('checks the ledger and names each invariant', async () => {
    const res = await get('/api/Configuration/CheckLedger', admin);
    expect(res.body.data.ok).toBe(true);
    expect(res.body.data.checks.map((c: { name: string }) => c.name)).toEqual(['unbalanced-transaction', 'cached-balance', 'running-balance', 'global-sum', 'orphan-row']);
    expect((await get('/api/Configuration/CheckLedger', coA)).status).toBe(403);
  });

  it('searches the audit log by who, what and when', async () => {
    const byAdmin = await get('/api/Configuration/GetAuditLog', admin, { actor: 'admin', from: '2026-11-22', to: '2026-11-22' });
    expect(byAdmin.body.data.total).toBeGreaterThan(5);
    expect((await get('/api/Configuration/GetAuditLog', admin, { from: '2026-11-23' })).body.data.total).toBe(0);
    expect((await get('/api/Configuration/GetAuditLog', admin, { actor: 'admco_a' })).body.data.total).toBe(0);
    expect((await get('/api/Configuration/GetAuditLog', admin, { from: '2026-02-30' })).status).toBe(400);
    expect((await get('/api/Configuration/GetAuditLog', playerA)).status).toBe(403);
  });
});
