// Two real installations (issue 13 item 9): the remote agent is a second server process on a database of
// its own (test/support/serverProcess.ts: main.ts's startup, its clock set by the test), set up as the
// first's remote agent through its API account, reached over HTTP only. A company of the first lays off
// what it does not eat: the remote that is down passes it to this one, whose answer is lost after it
// committed (a proxy drops it) and replayed under the same key; results are released on both; the payout
// read back equals what the remote booked; both ledgers hold (the remote's by its own CheckLedger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { deadUrl, startProxy, type ProxyMode } from './support/remoteProxy';
import { fourDResult as fourD } from './support/results';
import { startServerProcess, type ServerProcess } from './support/spawnServer';
import { ADMIN, XHR, createTestApp, type TestApp } from './support/testApp';

const PASSWORD = 'Passw0rd!';
let remote: ServerProcess;
let t: TestApp;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let proxyUrl: string;
let downUrl: string;
let proxyMode: ProxyMode = 'pass';
const placements: string[] = [];
let co: string;
let drawId: number;
let remoteDrawId: number;
let layoffAuth: string;
let invoiceId: number;
const ids: Record<string, number> = {};
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The remote installation's API, as a browser or an API account reaches it: over HTTP. */
async function call(path: string, opts: { cookie?: string; auth?: string; json?: unknown; query?: Record<string, string | number> } = {}) {
  const qs = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const res = await fetch(`${remote.url}${path}${qs}`, {
    method: opts.json === undefined ? 'GET' : 'POST',
    headers: {
      ...XHR,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.auth ? { authorization: opts.auth } : {}),
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads answers freely
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: any } };
}
async function remoteLogin(username: string, password: string) {
  const res = await fetch(`${remote.url}/api/Account/Login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`remote login ${username}: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  // As the web app does at a first login: the terms before anything else.
  if (!((await res.json()) as { data: { skipTNC: boolean } }).data.skipTNC) await remoteOk('/api/Account/AgreeTermsAndConditions', cookie, {});
  return cookie;
}
async function remoteOk(path: string, cookie: string, json: unknown) {
  const res = await call(path, { cookie, json });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

beforeAll(async () => {
  [remote, t] = await Promise.all([
    startServerProcess({ clock: '2026-11-22T04:00:00Z', itAdmin: 'rit2' }),
    createTestApp({ start: '2026-11-22T04:00:00Z', config: { remoteAgentKey: 'two-process-key-0123456789abcdef' } }),
  ]);
  // Forwards to the remote process; 'drop' loses the answer after the remote committed (once).
  proxy = await startProxy(remote.url, ({ method }) => {
    const mode = proxyMode;
    if (method === 'POST') {
      placements.push(mode);
      proxyMode = 'pass';
    }
    return mode;
  });
  proxyUrl = proxy.url;
  downUrl = await deadUrl();

  // The remote, through its API only: a company eating everything, the player the lay-offs are placed as,
  // its API account, the draw.
  const radmin = await remoteLogin(ADMIN.username, ADMIN.password);
  await remoteOk('/api/Account/CreateOrUpdateUser', radmin, { username: 'rco', fullName: 'rco', password: PASSWORD, level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  const rco = await remoteLogin('rco', PASSWORD);
  const layoff = await remoteOk('/api/Account/CreateOrUpdateUser', rco, { username: 'layoff', fullName: 'layoff', password: PASSWORD, level: HierarchyLevel.Player, creditLimit: 10_000_000 });
  expect((await call('/api/Configuration/VerifySecondaryPassword', { cookie: rco, json: {}, query: { secondaryPassword: PASSWORD } })).status).toBe(200);
  const code = await remoteOk('/api/Account/GenerateApiCode', rco, {});
  await remoteOk('/api/Account/CreateOrUpdateApiAccount', rco, { userId: layoff.userId, ...code });
  layoffAuth = `Basic ${Buffer.from(`${code.clientOpcode}:${code.clientSecret}`).toString('base64')}`;
  remoteDrawId = (await remoteOk('/api/Pools/SubmitNewDraw', radmin, { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false })).drawId;

  // The first installation: a company eating half, its player's bets, the remote agents (one down).
  const admin = await t.login(ADMIN.username, ADMIN.password);
  const create = async (cookie: string, body: Record<string, unknown>) => {
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[String(body.username)] = res.body.data.userId;
  };
  await create(admin, { username: 'pco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 50 });
  co = await t.login('pco', PASSWORD);
  await create(co, { username: 'pplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  drawId = (await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } })).body.data.drawId;
  const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await t.login('pplayer', PASSWORD), json: { text: 'D\n#1\n1234#10\n5678#40', idempotencyKey: 'two-process-1' } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  // The package the lay-off account has at the remote (its seeded house package: 26%, Big 2,500 first).
  const rates = [{ betCode: 'B', commissionBp: 2600, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }];
  for (const [name, baseUrl, priority] of [
    ['Down', downUrl, 1],
    ['Twin', proxyUrl, 2],
  ] as const) {
    const saved = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: { name, baseUrl, ...code, priority, postEnabled: true, capPerNumber: null, timeoutMs: 8000, rates } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  proxy?.close();
  await remote?.stop();
  await t?.close();
});

describe('posting to a remote agent that is another server process', () => {
  it('passes the remote that is down to the next; its answer lost after it committed is replayed, placed once', async () => {
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ items: 2, amount: 2500 });
    proxyMode = 'drop';
    const res = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: posted.body.data.batchId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [down, twin] = res.body.data.invoices;
    expect(down).toMatchObject({ remoteName: 'Down', status: 'unreachable' });
    expect(twin).toMatchObject({ remoteName: 'Twin', status: 'accepted', total: 2500 });
    expect(res.body.data.undistributed).toBe(0);
    // Sent twice (the answer of the first lost), placed once: the remote's own ticket history says so.
    expect(placements).toEqual(['drop', 'pass']);
    const tickets = await call('/api/Report/GetTicket', { auth: layoffAuth, query: { drawDate: '2026-11-25' } });
    expect(tickets.status, JSON.stringify(tickets.body)).toBe(200);
    expect(tickets.body.data.totals).toMatchObject({ count: 1, gross: 2500 });
    expect(tickets.body.data.items[0].ticketNo).toBe(twin.remoteTicketNo);
    invoiceId = twin.invoiceId;
  });

  it('after results on both, the payout read back equals what the remote booked; both ledgers hold', async () => {
    // The draw closed on both (18:45 Kuala Lumpur): 20:00.
    await remote.setClock('2026-11-25T12:00:00Z');
    t.clock.set('2026-11-25T12:00:00Z');
    const [radmin, rit2] = [await remoteLogin(ADMIN.username, ADMIN.password), await remoteLogin('rit2', ADMIN.password)];
    await remoteOk('/api/Result/SavePoolResult', radmin, { drawId: remoteDrawId, numbers: { fourD: fourD('1234') }, version: 0 });
    await remoteOk('/api/Configuration/SubmitReleaseResultStatus', rit2, { drawId: remoteDrawId, version: 1 });
    await t.createUser({ username: 'it2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
    const [admin, it2] = [await t.login(ADMIN.username, ADMIN.password), await t.login('it2', PASSWORD)];
    expect((await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } })).status).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: it2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);

    co = await t.login('pco', PASSWORD);
    const payout = await t.request({ url: '/api/Posting/GetRemoteInvoicePayoutDetails', cookie: co, query: { invoiceId } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    // 1234 Big 5.00 wins first prize at 2,500: 12,500.00, as the remote's package says and as it booked.
    expect(payout.body.data).toMatchObject({ expected: 1_250_000, remote: 1_250_000, difference: 0, flagged: false, readError: null });
    const rco = await remoteLogin('rco', PASSWORD);
    const winning = await call('/api/Report/GetWinningReport', { cookie: rco, query: { drawDate: '2026-11-25' } });
    expect(winning.status, JSON.stringify(winning.body)).toBe(200);
    const booked = winning.body.data.draws.find((d: { poolId: number }) => d.poolId === PoolId.Magnum);
    expect(booked).toMatchObject({ distributed: true, totals: { lines: 1, stake: 500, winnings: 1_250_000 } });
    // The first booked its link to the remote at the same package: the remote's stake less commission less winnings.
    const [link] = await rows<{ win: string; link: string }>(sql`select sum(winnings)::text as win, sum(link)::text as link from posting_links where invoice_id = ${invoiceId} and round = 1`);
    expect(Number(link.win)).toBe(booked.totals.winnings);
    expect(Number(link.link)).toBe(2500 - 650 - 1_250_000);
    expect(await checkLedger(t.db)).toEqual([]);
    const ledger = await call('/api/Configuration/CheckLedger', { cookie: radmin });
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    expect(ledger.body.data.ok, JSON.stringify(ledger.body.data.checks)).toBe(true);
  });
});
