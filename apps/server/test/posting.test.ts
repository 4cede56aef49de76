// Posting (issue 13; decision 0032) between two real installations: two apps, two databases, the second
// listening on a port as the first's remote agent through an API account there. The first's company lays
// off what it does not eat; a remote that is down passes the lot to the next; an answer lost after the
// remote committed, and an answer slower than the time-out, are asked again under the same idempotency
// key and never lay off twice; what nobody takes stays undistributed; after results on both, the payout
// read back equals what the remote booked and what its package says.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { flushApiLogs } from '../src/platform/apiLog';
import { deadUrl, startProxy, type ProxyMode } from './support/remoteProxy';
import { fourDResult as fourD } from './support/results';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const PASSWORD = 'Passw0rd!';
const KEY = 'posting-test-key-0123456789abcdef';
let t: TestApp; // the company's installation
let r: TestApp; // the remote agent's installation
let remoteUrl: string;
let downUrl: string;
let proxyUrl: string;
let proxyMode: ProxyMode = 'pass';
let proxyHits = 0;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let admin: string;
let co: string;
let co2: string;
let agent: string;
let player: string;
const ids: Record<string, number> = {};
let drawId: number;
let remoteDrawId: number;
let keyNo = 0;
let remoteCode: { clientOpcode: string; clientSecret: string };
const rows = async <T>(app: TestApp, q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const res = await app.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
const express = (cookie: string, text: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: `posting-key-${++keyNo}` } });
// The package the remote's lay-off account has there (its seeded house package: 26%, Big 2,500 first).
const bigRates = [{ betCode: 'B', commissionBp: 2600, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }];
const agentBody = (over: Record<string, unknown>) => ({
  name: 'R',
  baseUrl: 'http://127.0.0.1:1',
  clientOpcode: 'op',
  clientSecret: 'secret-value',
  priority: 1,
  postEnabled: true,
  capPerNumber: null,
  timeoutMs: 1000,
  rates: bigRates,
  ...over,
});
const remoteTickets = async () => Number((await rows<{ n: string }>(r, sql`select count(*) as n from tickets where user_id = ${ids.layoff}`))[0].n);

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z', config: { remoteAgentKey: KEY } });
  r = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  await r.app.listen({ port: 0, host: '127.0.0.1' });
  remoteUrl = `http://127.0.0.1:${(r.app.server.address() as AddressInfo).port}`;
  // Forwards to the remote; 'drop' loses the answer after the remote committed, 'slow' answers after the
  // time-out. Once each.
  proxy = await startProxy(remoteUrl, () => {
    proxyHits++;
    const mode = proxyMode;
    proxyMode = 'pass';
    return mode;
  });
  proxyUrl = proxy.url;
  // The remote that is down.
  downUrl = await deadUrl();

  // The remote: a company that eats everything and a player account for the lay-offs, with an API account.
  const radmin = await r.login(ADMIN.username, ADMIN.password);
  await createOk(r, radmin, { username: 'rco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  const rco = await r.login('rco', PASSWORD);
  await createOk(r, rco, { username: 'layoff', level: HierarchyLevel.Player, creditLimit: 10_000_000 });
  await r.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: rco });
  const code = (await r.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: rco })).body.data;
  const saved = await r.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: rco, json: { userId: ids.layoff, ...code } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  remoteCode = code;
  const rd = await r.request({ url: '/api/Pools/SubmitNewDraw', cookie: radmin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  remoteDrawId = rd.body.data.drawId;

  // The company's installation: a company eating half, its player, another company, an agent.
  admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(t, admin, { username: 'pco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 50 });
  await createOk(t, admin, { username: 'pco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 50 });
  co = await t.login('pco', PASSWORD);
  co2 = await t.login('pco2', PASSWORD);
  await createOk(t, co, { username: 'pagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 0 });
  agent = await t.login('pagent', PASSWORD);
  await createOk(t, co, { username: 'pplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  player = await t.login('pplayer', PASSWORD);
  const d = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = d.body.data.drawId;
  const placed = await express(player, 'D\n#1\n1234#10\n5678#40');
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  // Two installations migrate and seed: on a shared 2-core machine this takes longer than one.
}, 180_000);
afterAll(async () => {
  proxy?.close();
  await t?.close();
  await r?.close();
});

describe('remote bet agents', () => {
  it('are the super admin\'s; the secret is sealed at rest and never returned', async () => {
    const code = remoteCode;
    expect((await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: co, json: agentBody({}) })).status).toBe(403);
    expect((await t.request({ url: '/api/Configuration/GetRemoteBetAgents', cookie: co })).status).toBe(403);
    const down = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: agentBody({ name: 'Down', baseUrl: downUrl, clientOpcode: code.clientOpcode, clientSecret: code.clientSecret }) });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const up = await t.request({
      url: '/api/Configuration/ManageRemoteBetAgent',
      cookie: admin,
      // A time-out a loaded CI machine still meets; the slow proxy answers well after it.
      json: agentBody({ name: 'Twin', baseUrl: proxyUrl, clientOpcode: code.clientOpcode, clientSecret: code.clientSecret, priority: 2, capPerNumber: 1000, timeoutMs: 4000 }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    ids.down = down.body.data.id;
    ids.twin = up.body.data.id;
    const list = await t.request({ url: '/api/Configuration/GetRemoteBetAgents', cookie: admin });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Down', 'Twin']);
    expect(JSON.stringify(list.body)).not.toContain(code.clientSecret);
    expect(list.body.data[1]).toMatchObject({ hasSecret: true, capPerNumber: 1000, priority: 2 });
    const [stored] = await rows<{ secret_enc: string }>(t, sql`select secret_enc from remote_agents where id = ${ids.twin}`);
    expect(stored.secret_enc).not.toContain(code.clientSecret);
    // Saved again without a secret: the stored one stays.
    const again = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: { ...agentBody({ name: 'Down', baseUrl: downUrl, clientOpcode: code.clientOpcode }), id: ids.down, clientSecret: '' } });
    expect(again.status).toBe(200);
    const [kept] = await rows<{ secret_enc: string }>(t, sql`select secret_enc from remote_agents where id = ${ids.down}`);
    expect(kept.secret_enc.length).toBeGreaterThan(10);
    // A new address without the secret entered again is refused: the stored secret never goes elsewhere.
    const elsewhere = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: { ...agentBody({ name: 'Down', baseUrl: 'http://127.0.0.1:1', clientOpcode: code.clientOpcode }), id: ids.down, clientSecret: '' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('REMOTE_SECRET_REQUIRED');
    expect((await rows<{ base_url: string }>(t, sql`select base_url from remote_agents where id = ${ids.down}`))[0].base_url).toBe(downUrl);
    // Bad input names the field and changes nothing.
    const bad = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: agentBody({ name: 'X', baseUrl: 'ftp://x' }) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('baseUrl');
    const noSecret = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: agentBody({ name: 'X', clientSecret: undefined }) });
    expect(noSecret.status).toBe(400);
    expect(Object.keys(noSecret.body.data)).toContain('clientSecret');
    // A code to lay off needs a rate of the remote, or settlement would price it at nothing.
    const unpriced = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: agentBody({ name: 'X', codeOrder: 'B#S' }) });
    expect(unpriced.status).toBe(400);
    expect(Object.keys(unpriced.body.data)).toContain('codeOrder');
    expect((await rows<{ n: number }>(t, sql`select count(*)::int as n from remote_agents where name = 'X'`))[0].n).toBe(0);
    // With no code order given, the codes the rates price.
    expect((await rows<{ c: string }>(t, sql`select code_order as c from remote_agents where id = ${ids.down}`))[0].c).toBe('B');
    const dup = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: agentBody({ name: 'Twin' }) });
    expect(dup.status).toBe(409);
    expect((await rows<{ n: string }>(t, sql`select count(*)::int as n from remote_agents`))[0].n).toBe(2);
    // A company reads the remote agents by name and priority only.
    const brief = await t.request({ url: '/api/Posting/GetRemoteAgents', cookie: co });
    expect(brief.body.data).toEqual([expect.objectContaining({ name: 'Down' }), expect.objectContaining({ name: 'Twin' })]);
    expect(brief.body.data[0].baseUrl).toBeUndefined();
    expect((await t.request({ url: '/api/Posting/GetRemoteAgents', cookie: agent })).status).toBe(403);
  });
});

describe('unposted book and posting', () => {
  it('shows per number and code what the company did not eat, with the lines behind a number', async () => {
    const sum = await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: co, query: { drawId } });
    expect(sum.status, JSON.stringify(sum.body)).toBe(200);
    expect(sum.body.data.rows).toEqual([
      { number: '5678', betCode: 'B', amount: 2000, lines: 1 },
      { number: '1234', betCode: 'B', amount: 500, lines: 1 },
    ]);
    expect(sum.body.data.totals).toEqual({ amount: 2500, lines: 2 });
    const asAdmin = await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: admin, query: { drawId, companyId: ids.pco } });
    expect(asAdmin.body.data.rows).toEqual(sum.body.data.rows);
    const detail = await t.request({ url: '/api/Posting/GetUnpostDetail', cookie: co, query: { drawId, number: '1234' } });
    expect(detail.body.data.rows).toEqual([expect.objectContaining({ username: 'pplayer', betCode: 'B', stake: 1000, unposted: 500, source: 'line' })]);
  });

  it('refuses another branch, a wrong role and bad input', async () => {
    expect((await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: co2, query: { drawId, companyId: ids.pco } })).status).toBe(404);
    expect((await t.request({ url: '/api/Posting/DoPost', cookie: co2, json: { drawId, companyId: ids.pco } })).status).toBe(404);
    expect((await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: agent, query: { drawId } })).status).toBe(403);
    expect((await t.request({ url: '/api/Posting/DoPost', cookie: player, json: { drawId } })).status).toBe(403);
    const noCompany = await t.request({ url: '/api/Posting/DoPost', cookie: admin, json: { drawId } });
    expect(noCompany.status).toBe(400);
    expect(Object.keys(noCompany.body.data)).toContain('companyId');
    const bad = await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: co, query: { drawId: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('drawId');
    expect((await rows<{ n: string }>(t, sql`select count(*)::int as n from posting_batches`))[0].n).toBe(0);
  });

  it('DoPost fixes what is unposted into a batch; later tickets go to the next', async () => {
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ items: 2, amount: 2500, lines: 2, runs: 0 });
    ids.batch1 = posted.body.data.batchId;
    const again = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('NO_DATA_FOUND');
    expect((await t.request({ url: '/api/Posting/GetUnpostSummary', cookie: co, query: { drawId } })).body.data.total).toBe(0);
  });
});

describe('distribution to the remote installation', () => {
  it('passes a remote that is down to the next; an answer lost after the remote committed is asked again, never placed twice', async () => {
    proxyMode = 'drop';
    const res = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: ids.batch1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [down, twin] = res.body.data.invoices;
    expect(down).toMatchObject({ remoteName: 'Down', status: 'unreachable' });
    expect(twin).toMatchObject({ remoteName: 'Twin', status: 'accepted', total: 1500, attempts: 1 });
    expect(proxyHits).toBe(2);
    // The remote holds one ticket: the lost answer was replayed under the same key.
    expect(await remoteTickets()).toBe(1);
    const [remoteTicket] = await rows<{ ticket_no: string; gross: string }>(r, sql`select ticket_no, gross from tickets where user_id = ${ids.layoff}`);
    expect(twin.remoteTicketNo).toBe(remoteTicket.ticket_no);
    expect(Number(remoteTicket.gross)).toBe(1500);
    // The cap (10.00 per number and code) leaves 10.00 of 5678 with nobody: undistributed and visible.
    expect(res.body.data.undistributed).toBe(1000);
    const left = await t.request({ url: '/api/Posting/GetUndistributedDetail', cookie: co, query: { batchId: ids.batch1 } });
    expect(left.body.data.rows[0]).toMatchObject({ number: '5678', amount: 2000, distributed: 1000, left: 1000 });
    const details = await t.request({ url: '/api/Posting/GetRemoteInvoiceDetails', cookie: co, query: { invoiceId: twin.invoiceId } });
    expect(details.body.data.lines).toEqual([
      { lineNo: 1, number: '1234', betCode: 'B', amount: 500 },
      { lineNo: 2, number: '5678', betCode: 'B', amount: 1000 },
    ]);
    expect(details.body.data.betText).toBe('25/11/2026\n#1\n1234#5\n5678#10');
    // Every call out to a remote is in the API request log, its credentials masked.
    await flushApiLogs(t.db);
    const logged = await rows<{ uri: string; request_header: Record<string, string>; response_status: number | null }>(
      t,
      sql`select uri, request_header, response_status from api_logs where direction = 'out' and uri like '%/api/Bet/PlaceExpressOrder' order by id`,
    );
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((l) => l.response_status === 200)).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(remoteCode.clientSecret);
    expect(logged[0].request_header.authorization).not.toMatch(/^Basic /);
    // Distributing again lays off nothing more: the remote's cap is used, the other is still down.
    const again = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: ids.batch1 } });
    expect(again.body.data.undistributed).toBe(1000);
    expect(await remoteTickets()).toBe(1);
    // GetCommStatus: the remote that is down says why; the one that answered, when; nothing waits.
    const comm = await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin });
    expect(comm.status).toBe(200);
    expect(comm.body.data[0]).toMatchObject({ name: 'Down', lastAnsweredAt: null, lastError: 'unreachable', waiting: 0 });
    expect(comm.body.data[1]).toMatchObject({ name: 'Twin', lastError: null, waiting: 0, waitingAmount: 0 });
    expect(comm.body.data[1].lastAnsweredAt).not.toBeNull();
    expect((await t.request({ url: '/api/Configuration/GetCommStatus', cookie: co })).status).toBe(403);
    const summary = await t.request({ url: '/api/Posting/GetDistributionSummary', cookie: co, query: { drawDate: '2026-11-25' } });
    expect(summary.body.data.rows).toEqual([expect.objectContaining({ batchId: ids.batch1, amount: 2500, distributed: 1500, inDoubt: 0, undistributed: 1000, invoices: 1 })]);
    expect((await t.request({ url: '/api/Posting/DoDistribute', cookie: co2, json: { batchId: ids.batch1 } })).status).toBe(404);
  });

  it('an answer slower than the time-out is asked again under the same key: one lay-off', async () => {
    expect((await express(player, 'D\n#1\n1234#2')).status).toBe(200);
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(posted.body.data).toMatchObject({ items: 1, amount: 100 });
    proxyMode = 'slow';
    const res = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: posted.body.data.batchId } });
    const twin = res.body.data.invoices.find((i: { remoteName: string }) => i.remoteName === 'Twin');
    expect(twin).toMatchObject({ status: 'accepted', total: 100 });
    expect(res.body.data.undistributed).toBe(0);
    expect(await remoteTickets()).toBe(2);
  });

  it('a company reads its invoices; another branch cannot', async () => {
    const list = await t.request({ url: '/api/Posting/GetRemoteInvoiceList', cookie: co, query: { drawDate: '2026-11-25' } });
    expect(list.status).toBe(200);
    expect(list.body.data.rows.filter((i: { status: string }) => i.status === 'accepted')).toHaveLength(2);
    expect((await t.request({ url: '/api/Posting/GetRemoteInvoiceList', cookie: co2, query: { drawDate: '2026-11-25', companyId: ids.pco } })).status).toBe(404);
    const own = await t.request({ url: '/api/Posting/GetRemoteInvoiceList', cookie: co2, query: { drawDate: '2026-11-25' } });
    expect(own.body.data.rows).toEqual([]);
    const inv = list.body.data.rows[0].invoiceId;
    expect((await t.request({ url: '/api/Posting/GetRemoteInvoiceDetails', cookie: co2, query: { invoiceId: inv } })).status).toBe(404);
  });
});

describe('manual distribute and the bet text', () => {
  it('writes a lot as express text in the remote\'s code order, naming a code it lacks', async () => {
    const text = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: co, json: { drawId, codeOrder: 'S#B', items: [{ number: '5678', betCode: 'B', amount: 1000 }, { number: '1234', betCode: 'S', amount: 150 }] } });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body.data.text).toMatch(/^25\/11(\/2026)?\n#1\n1234#1\.5\n5678##10$/);
    const lacks = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: co, json: { drawId, codeOrder: 'S', items: [{ number: '5678', betCode: 'B', amount: 1000 }] } });
    expect(lacks.status).toBe(400);
    expect(Object.keys(lacks.body.data)).toContain('items.0.betCode');
    expect((await t.request({ url: '/api/Posting/TranslateToBetString', cookie: agent, json: { drawId, items: [{ number: '5678', betCode: 'B', amount: 1 }] } })).status).toBe(403);
  });

  it('writes the text for a chosen remote in that remote\'s own code order; an unknown remote is named', async () => {
    const [was] = await rows<{ code_order: string }>(t, sql`select code_order from remote_agents where id = ${ids.down}`);
    await t.db.execute(sql`update remote_agents set code_order = 'S#B#4A#A#C' where id = ${ids.down}`);
    onTestFinished(async () => {
      await t.db.execute(sql`update remote_agents set code_order = ${was.code_order} where id = ${ids.down}`);
    });
    const items = [{ number: '5678', betCode: 'B', amount: 1000 }, { number: '1234', betCode: 'S', amount: 150 }];
    const forRemote = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: co, json: { drawId, remoteAgentId: ids.down, items } });
    expect(forRemote.status, JSON.stringify(forRemote.body)).toBe(200);
    const byOrder = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: co, json: { drawId, codeOrder: 'S#B#4A#A#C', items } });
    expect(forRemote.body.data.text).toBe(byOrder.body.data.text);
    expect(forRemote.body.data.text).toMatch(/\n5678##10$/);
    const unknown = await t.request({ url: '/api/Posting/TranslateToBetString', cookie: co, json: { drawId, remoteAgentId: 999_999, items } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual({ remoteAgentId: 'NOT_FOUND' });
  });

  it('records a lay-off done by hand as an invoice, at most what is left', async () => {
    const body = { batchId: ids.batch1, remoteAgentId: ids.down, remoteTicketNo: 'PHONE-1', items: [{ number: '5678', betCode: 'B', amount: 600 }, { number: '5678', betCode: 'B', amount: 500 }] };
    const over = await t.request({ url: '/api/Posting/DoManualDistribute', cookie: co, json: body });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.data)).toContain('items.1.amount');
    expect((await t.request({ url: '/api/Posting/DoManualDistribute', cookie: co2, json: { ...body, items: [body.items[0]] } })).status).toBe(404);
    const manual = await t.request({ url: '/api/Posting/DoManualDistribute', cookie: co, json: { ...body, items: [{ number: '5678', betCode: 'B', amount: 1000 }] } });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.data).toMatchObject({ status: 'accepted', manual: true, remoteTicketNo: 'PHONE-1', total: 1000, remoteName: 'Down' });
    const left = await t.request({ url: '/api/Posting/GetUndistributedDetail', cookie: co, query: { batchId: ids.batch1 } });
    expect(left.body.data.batch.undistributed).toBe(0);
    // Distributing again sends nothing anywhere.
    const again = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: ids.batch1 } });
    expect(again.body.data).toEqual({ invoices: [], undistributed: 0 });
    expect(await remoteTickets()).toBe(2);
  });
});

describe('two batches of one draw distributed at once', () => {
  it('never give a remote more than its cap of a number: the cap check and reservation are locked per remote and draw', async () => {
    // Twin took part of its 10.00 cap of 1234 Big already. Two new batches of 5.00 each.
    const twinGiven1234 = async () => {
      const [g] = await rows<{ g: string }>(
        t,
        sql`select coalesce(sum(il.amount), 0)::text as g from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id
            join remote_agents ra on ra.id = ri.remote_agent_id
            where ra.name = 'Twin' and ri.draw_id = ${drawId} and ri.status in (0, 1) and il.number = '1234' and il.bet_code = 'B'`,
      );
      return Number(g.g);
    };
    const before = await twinGiven1234();
    expect(before).toBeLessThan(1000);
    const batches: number[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await express(player, 'D\n#1\n1234#10')).status).toBe(200);
      const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      batches.push(posted.body.data.batchId);
    }
    const both = await Promise.all(batches.map((batchId) => t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId } })));
    for (const res of both) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const given = await twinGiven1234();
    expect(given).toBe(1000);
    // What the cap left of 1234 stays undistributed, visible in one of the two batches.
    const left = await Promise.all(batches.map((batchId) => t.request({ url: '/api/Posting/GetUndistributedDetail', cookie: co, query: { batchId } })));
    const rowsOf1234 = left.flatMap((l) => (l.body.data.rows as { number: string; betCode: string; amount: number; left: number }[]).filter((x) => x.number === '1234' && x.betCode === 'B'));
    // Of what the two batches hold of 1234 Big, Twin took what its cap left; Down is down; the rest stays.
    const held = rowsOf1234.reduce((sum, x) => sum + x.amount, 0);
    expect(held).toBeGreaterThanOrEqual(1000);
    expect(rowsOf1234.reduce((sum, x) => sum + x.left, 0)).toBe(held - (1000 - before));
  });
});

describe('after results on both installations', () => {
  it('reads the payout back from the remote: equal to what the remote booked and to its package', async () => {
    for (const [app, id] of [
      [t, drawId],
      [r, remoteDrawId],
    ] as const) {
      app.clock.set('2026-11-25T12:00:00Z');
      await app.createUser({ username: 'it2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
      const a1 = await app.login(ADMIN.username, ADMIN.password);
      const a2 = await app.login('it2', PASSWORD);
      const saved = await app.request({ url: '/api/Result/SavePoolResult', cookie: a1, json: { drawId: id, numbers: { fourD: fourD('1234') }, version: 0 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const released = await app.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: a2, json: { drawId: id, version: 1 } });
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      await app.request({ url: '/api/Result/InsertWinners', cookie: a1, json: { drawId: id } });
      const dist = await app.request({ url: '/api/Result/DistributeStrike', cookie: a1, json: { drawId: id } });
      expect(dist.status, JSON.stringify(dist.body)).toBe(200);
    }
    co = await t.login('pco', PASSWORD);
    const list = await t.request({ url: '/api/Posting/GetRemoteInvoiceList', cookie: co, query: { drawDate: '2026-11-25' } });
    const first = list.body.data.rows.find((i: { status: string; total: number }) => i.status === 'accepted' && i.total === 1500);
    const payout = await t.request({ url: '/api/Posting/GetRemoteInvoicePayoutDetails', cookie: co, query: { invoiceId: first.invoiceId } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    // 1234 Big 5.00 wins first prize at 2,500: 12,500.00.
    expect(payout.body.data.expected).toBe(1_250_000);
    expect(payout.body.data.lines[0]).toMatchObject({ number: '1234', strikes: ['first'], expected: 1_250_000 });
    const [booked] = await rows<{ s: string }>(r, sql`select coalesce(sum(player_winnings), 0)::bigint as s from winners where ticket_id = (select id from tickets where user_id = ${ids.layoff} order by id limit 1)`);
    expect(payout.body.data.remote).toBe(Number(booked.s));
    expect(payout.body.data).toMatchObject({ remote: 1_250_000, difference: 0, flagged: false, readError: null });
    expect(payout.body.data.invoice).toMatchObject({ payoutRemote: 1_250_000, payoutExpected: 1_250_000, flagged: false });
    // Settlement on the first installation booked its link to the remote per invoice line (decision 0035):
    // the winnings in it are the payout the remote booked, and the link is the one the remote booked for
    // the company's account there (its stake less commission less winnings), to the cent.
    const [link] = await rows<{ win: string; link: string }>(
      t,
      sql`select sum(winnings)::text as win, sum(link)::text as link from posting_links where invoice_id = ${first.invoiceId} and round = 1`,
    );
    expect(Number(link.win)).toBe(payout.body.data.remote);
    const [ticket] = await rows<{ id: string }>(r, sql`select id::text from tickets where user_id = ${ids.layoff} order by id limit 1`);
    const [firstTicketLink] = await rows<{ link: string }>(
      r,
      sql`select sum(bl.stake - bl.commission - coalesce(w.player_winnings, 0))::text as link from bet_lines bl
          left join winners w on w.bet_line_id = bl.id and w.round = 1 where bl.ticket_id = ${ticket.id}`,
    );
    expect(Number(link.link)).toBe(Number(firstTicketLink.link));
    expect(Number(link.link)).toBe(1500 - 390 - 1_250_000);
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkLedger(r.db)).toEqual([]);
  });
});
