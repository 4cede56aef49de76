// Automatic posting (issue 13 item 8; decision 0032): with autoPosting on, after a draw's house cutoff every
// company's unposted book is posted and distributed by the job, one process at a time; a remote that
// refused, was not reached or left a lot in doubt is tried again on the next run until its own cutoff
// (cutoffMinutes after the house cutoff) or until it refuses the draw as closed. The remote is a second
// installation listening on a port, behind a proxy that refuses, cuts or drops what the test says. Every
// lay-off is placed at the remote exactly once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { runAutoPosting, LEASE_MINUTES } from '../src/modules/posting/auto';
import { openDatabase } from '../src/platform/db';
import type { Deps } from '../src/platform/http';
import { startProxy, type ProxyMode } from './support/remoteProxy';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const PASSWORD = 'Passw0rd!';
let t: TestApp; // the companies' installation
let r: TestApp; // the remote agent's installation
let deps: Deps;
let admin: string;
const ids: Record<string, number> = {};
const draws: Record<'M' | 'P' | 'T', number> = { M: 0, P: 0, T: 0 };
let proxy: Awaited<ReturnType<typeof startProxy>>;
let proxyUrl: string;
let keyNo = 0;

/** How the proxy treats a placement, by its bet text (one number per pool and company in this test). */
let rule: (text: string) => ProxyMode = () => 'pass';
const hits: string[] = [];
const rows = async <T>(app: TestApp, q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const res = await app.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
const bet = async (username: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await t.login(username, PASSWORD), json: { text, idempotencyKey: `auto-posting-${++keyNo}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const remoteTickets = async () =>
  (await rows<{ n: number; gross: string }>(r, sql`select count(*)::int as n, coalesce(sum(gross), 0)::text as gross from tickets where user_id = ${ids.layoff}`))[0];
const invoices = async () =>
  rows<{ company: string; pool: number; status: number; total: string; message: string | null; created_by: number | null }>(
    t,
    sql`select u.username as company, ri.pool_id as pool, ri.status, ri.total::text, ri.message, ri.created_by
        from remote_invoices ri join users u on u.id = ri.company_id order by ri.id`,
  );
const left = async () =>
  rows<{ company: string; pool: number; posted: string; accepted: string; doubt: string }>(
    t,
    sql`select u.username as company, b.pool_id as pool, sum(i.amount)::text as posted,
               coalesce((select sum(il.amount) from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id where ri.batch_id = b.id and ri.status = 1), 0)::text as accepted,
               coalesce((select sum(il.amount) from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id where ri.batch_id = b.id and ri.status = 0), 0)::text as doubt
        from posting_batches b join users u on u.id = b.company_id join posting_items i on i.batch_id = b.id
        group by b.id, u.username order by u.username, b.pool_id`,
  );
const twinStatus = async () => {
  const res = await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin });
  expect(res.status).toBe(200);
  return res.body.data.find((p: { kind: string; name: string }) => p.kind === 'remote-agent' && p.name === 'Twin');
};
const at = async (iso: string) => {
  t.clock.set(iso);
  admin = await t.login(ADMIN.username, ADMIN.password);
};

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z', config: { remoteAgentKey: 'auto-posting-key-0123456789abcdef' } });
  r = await createTestApp({ start: '2026-11-25T09:00:00Z' });
  deps = { db: t.db, clock: t.clock, config: t.config };
  await r.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startProxy(`http://127.0.0.1:${(r.app.server.address() as AddressInfo).port}`, ({ method, text }) => {
    const mode = method === 'POST' ? rule(text) : 'pass';
    hits.push(`${mode} ${text.split('\n').slice(1).join(' ')}`);
    return mode;
  });
  proxyUrl = proxy.url;

  // The remote: a company eating everything, its player for the lay-offs with an API account, three draws.
  const radmin = await r.login(ADMIN.username, ADMIN.password);
  await createOk(r, radmin, { username: 'rco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  const rco = await r.login('rco', PASSWORD);
  await createOk(r, rco, { username: 'layoff', level: HierarchyLevel.Player, creditLimit: 10_000_000 });
  await r.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: rco });
  const code = (await r.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: rco })).body.data;
  expect((await r.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: rco, json: { userId: ids.layoff, ...code } })).status).toBe(200);
  for (const poolId of [PoolId.Magnum, PoolId.PMP, PoolId.Toto]) {
    expect((await r.request({ url: '/api/Pools/SubmitNewDraw', cookie: radmin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } })).status).toBe(200);
  }

  // Two companies eating half, a player each; Magnum, Da Ma Cai and Toto draws of 2026-11-25 (house cutoff
  // 18:45 Kuala Lumpur, 10:45Z).
  admin = await t.login(ADMIN.username, ADMIN.password);
  for (const [co, player] of [
    ['aco', 'aplayer'],
    ['bco', 'bplayer'],
  ]) {
    await createOk(t, admin, { username: co, level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 50 });
    await createOk(t, await t.login(co, PASSWORD), { username: player, level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  }
  for (const [k, poolId] of [
    ['M', PoolId.Magnum],
    ['P', PoolId.PMP],
    ['T', PoolId.Toto],
  ] as const) {
    draws[k] = (await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } })).body.data.drawId;
  }
  // Unposted Big 5.00 each: aco 1234 (Magnum), 2222 (Da Ma Cai), 3333 (Toto); bco 5678 (Magnum).
  await bet('aplayer', 'D\n#1\n1234#10');
  await bet('aplayer', 'D\n#2\n2222#10');
  await bet('aplayer', 'D\n#3\n3333#10');
  await bet('bplayer', 'D\n#1\n5678#10');
  const twin = await t.request({
    url: '/api/Configuration/ManageRemoteBetAgent',
    cookie: admin,
    json: {
      name: 'Twin',
      baseUrl: proxyUrl,
      ...code,
      priority: 1,
      postEnabled: true,
      capPerNumber: null,
      timeoutMs: 4000,
      // It takes bets until 10 minutes after the house cutoff (18:55 Kuala Lumpur).
      cutoffMinutes: 10,
      rates: [{ betCode: 'B', commissionBp: 2600, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }],
    },
  });
  expect(twin.status, JSON.stringify(twin.body)).toBe(200);
  expect(twin.body.data.cutoffMinutes).toBe(10);
  ids.twin = twin.body.data.id;
}, 180_000);
afterAll(async () => {
  proxy?.close();
  await t?.close();
  await r?.close();
});

describe('automatic posting', () => {
  it('does nothing while the setting is off, even after the cutoff', async () => {
    await at('2026-11-25T10:46:00Z');
    expect(await runAutoPosting(deps)).toBeNull();
    expect((await rows<{ n: number }>(t, sql`select count(*)::int as n from posting_batches`))[0].n).toBe(0);
  });

  it('does nothing before the house cutoff once it is on', async () => {
    const on = await t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: admin, json: { settings: [{ key: 'autoPosting', value: 'true' }] } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await at('2026-11-25T10:44:00Z');
    expect(await runAutoPosting(deps)).toBeNull();
    expect(hits).toEqual([]);
  });

  it('after the cutoff posts every company\'s book and distributes it; two runs at once: one does the work', async () => {
    await at('2026-11-25T10:46:00Z');
    // aco's Magnum lot is refused, bco's answer is lost after the remote placed it, aco's Da Ma Cai lot is cut
    // before it arrives (twice: in doubt), aco's Toto lot refused.
    let dropped = false;
    rule = (text) => {
      if (text.includes('5678')) return dropped ? 'pass' : ((dropped = true), 'drop');
      if (text.includes('2222')) return 'cut';
      return 'refuse';
    };
    // A second server process: on PostgreSQL a connection pool of its own.
    const other = process.env.TEST_DATABASE_URL ? await openDatabase({ databaseUrl: await urlOf(t) }) : null;
    try {
      const runs = await Promise.all([runAutoPosting(deps), runAutoPosting(other ? { ...deps, db: other.db } : deps)]);
      expect(runs.map((x) => x?.ran).sort()).toEqual([false, true]);
      const ran = runs.find((x) => x?.ran)!;
      expect(ran.errors).toEqual([]);
      expect(ran.posted).toHaveLength(4);
    } finally {
      await other?.close();
    }
    expect(await left()).toEqual([
      { company: 'aco', pool: 1, posted: '500', accepted: '0', doubt: '0' },
      { company: 'aco', pool: 2, posted: '500', accepted: '0', doubt: '500' },
      { company: 'aco', pool: 3, posted: '500', accepted: '0', doubt: '0' },
      { company: 'bco', pool: 1, posted: '500', accepted: '500', doubt: '0' },
    ]);
    // bco's lay-off is placed once: the lost answer was replayed under the same key.
    expect(await remoteTickets()).toEqual({ n: 1, gross: '500' });
    // Made by the job: no person behind the batches and invoices; the batches say so.
    expect((await invoices()).every((i) => i.created_by === null)).toBe(true);
    const summary = await t.request({ url: '/api/Posting/GetDistributionSummary', cookie: await t.login('aco', PASSWORD), query: { drawDate: '2026-11-25' } });
    expect(summary.body.data.rows).toHaveLength(3);
    expect(summary.body.data.rows.every((b: { auto: boolean }) => b.auto)).toBe(true);
    const [audit] = await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action = 'posting.post' and actor_user_id is null`);
    expect(audit.n).toBe(4);
    // What waits for the remote: the Da Ma Cai lot in doubt; the Magnum and Toto lots to offer it again.
    expect(await twinStatus()).toMatchObject({ waiting: 1, waitingAmount: 500, queuedAmount: 1000, queuedDraws: 2, deleted: false });
  });

  it('tries a failed remote again on the next run; one run at a time, a dead run\'s lease taken over', async () => {
    await at('2026-11-25T10:47:00Z');
    rule = (text) => (text.includes('3333') ? 'refuse' : 'pass');
    // Another run holds the lease (started a minute ago, not finished): this one leaves the work to it.
    await t.db.execute(sql`update job_runs set claimed_at = '2026-11-25T10:46:00Z', finished_at = null where job = 'auto-posting'`);
    const before = hits.length;
    expect(await runAutoPosting(deps)).toMatchObject({ ran: false });
    expect(hits.length).toBe(before);
    // That run died with its process: after LEASE_MINUTES the lease is taken over.
    await t.db.execute(sql`update job_runs set claimed_at = ${new Date(Date.parse('2026-11-25T10:47:00Z') - (LEASE_MINUTES + 1) * 60_000).toISOString()}::timestamptz where job = 'auto-posting'`);
    const run = await runAutoPosting(deps);
    expect(run).toMatchObject({ ran: true, posted: [], errors: [] });
    expect(await left()).toEqual([
      { company: 'aco', pool: 1, posted: '500', accepted: '500', doubt: '0' },
      { company: 'aco', pool: 2, posted: '500', accepted: '500', doubt: '0' },
      { company: 'aco', pool: 3, posted: '500', accepted: '0', doubt: '0' },
      { company: 'bco', pool: 1, posted: '500', accepted: '500', doubt: '0' },
    ]);
    expect(await remoteTickets()).toEqual({ n: 3, gross: '1500' });
    expect(await twinStatus()).toMatchObject({ waiting: 0, waitingAmount: 0, queuedAmount: 500, queuedDraws: 1 });
  });

  it('stops offering a draw to a remote past its own cutoff', async () => {
    rule = () => 'pass';
    await at('2026-11-25T10:55:00Z');
    const before = hits.length;
    // 18:55 Kuala Lumpur: Twin's cutoff. Nothing else takes the Toto lot: nothing to do.
    expect(await runAutoPosting(deps)).toBeNull();
    expect(hits.length).toBe(before);
    expect(await twinStatus()).toMatchObject({ queuedAmount: 0, queuedDraws: 0 });
    // By hand, the same: the remote that is closed for the draw is not offered the lot.
    const [toto] = await rows<{ id: string }>(t, sql`select id::text from posting_batches where pool_id = 3`);
    const manual = await t.request({ url: '/api/Posting/DoDistribute', cookie: await t.login('aco', PASSWORD), json: { batchId: Number(toto.id) } });
    expect(manual.body.data).toEqual({ invoices: [], undistributed: 500 });
    expect(hits.length).toBe(before);
  });

  it('stops offering a draw to a remote that refused it as closed', async () => {
    // Its cutoff no longer known (saved without it being given: kept; then cleared)...
    const body = { id: ids.twin, name: 'Twin', baseUrl: proxyUrl, clientOpcode: 'unchanged', priority: 1, postEnabled: true, capPerNumber: null, timeoutMs: 4000, rates: [{ betCode: 'B', commissionBp: 2600, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }] };
    const [stored] = await rows<{ op: string }>(t, sql`select client_opcode as op from remote_agents where id = ${ids.twin}`);
    body.clientOpcode = stored.op;
    const kept = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: body });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.cutoffMinutes).toBe(10);
    const cleared = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: { ...body, cutoffMinutes: null } });
    expect(cleared.body.data.cutoffMinutes).toBeNull();
    const bad = await t.request({ url: '/api/Configuration/ManageRemoteBetAgent', cookie: admin, json: { ...body, cutoffMinutes: -1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('cutoffMinutes');
    // ... the Toto lot is offered again, and the remote, closed by its own clock, refuses it as closed.
    r.clock.set('2026-11-25T10:50:00Z');
    await at('2026-11-25T10:56:00Z');
    expect(await runAutoPosting(deps)).toMatchObject({ ran: true, errors: [] });
    const last = (await invoices()).at(-1)!;
    expect(last).toMatchObject({ company: 'aco', pool: 3, status: 2 });
    expect(last.message).toContain('DRAW_CLOSED');
    const before = hits.length;
    await at('2026-11-25T10:57:00Z');
    expect(await runAutoPosting(deps)).toBeNull();
    expect(hits.length).toBe(before);
    expect(await twinStatus()).toMatchObject({ queuedAmount: 0, waiting: 0 });
  });

  it('placed every lay-off exactly once, as the invoices say; both ledgers hold', async () => {
    const accepted = (await invoices()).filter((i) => i.status === 1);
    const tickets = await remoteTickets();
    expect(tickets.n).toBe(accepted.length);
    expect(Number(tickets.gross)).toBe(accepted.reduce((s, i) => s + Number(i.total), 0));
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkLedger(r.db)).toEqual([]);
  });

  it('needs the Map Report function: a company\'s sub-account without it is refused, one with View reads, only Control distributes', async () => {
    const aco = await t.login('aco', PASSWORD);
    const { FUNCTION_NAMES } = await import('@app/domain');
    const activity = FUNCTION_NAMES.indexOf('Map Report') + 1;
    const sub = async (username: string, activities: { activityId: number; option: 'View' | 'Control' }[]) => {
      const res = await t.request({
        url: '/api/Account/CreateOrUpdateSubAccount',
        cookie: aco,
        json: { username, fullName: username, password: PASSWORD, secondaryPassword: PASSWORD, activities, reportAccess: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return t.login(username, PASSWORD);
    };
    const clerk = await sub('acoclerk', [{ activityId: FUNCTION_NAMES.indexOf('Bet History') + 1, option: 'View' }]);
    const viewer = await sub('acoviewer', [{ activityId: activity, option: 'View' }]);
    const poster = await sub('acoposter', [{ activityId: activity, option: 'Control' }]);
    const [toto] = await rows<{ id: string }>(t, sql`select id::text from posting_batches where pool_id = 3`);
    const batchId = Number(toto.id);
    const read = (cookie: string) => t.request({ url: '/api/Posting/GetDistributionSummary', cookie, query: { drawDate: '2026-11-25' } });
    const distribute = (cookie: string) => t.request({ url: '/api/Posting/DoDistribute', cookie, json: { batchId } });
    expect((await read(clerk)).status).toBe(403);
    expect((await distribute(clerk)).status).toBe(403);
    expect((await read(viewer)).status).toBe(200);
    expect((await distribute(viewer)).status).toBe(403);
    expect((await t.request({ url: '/api/Posting/DoPost', cookie: viewer, json: { drawId: draws.T } })).status).toBe(403);
    expect((await read(poster)).status).toBe(200);
    const allowed = await distribute(poster);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.data.undistributed).toBe(500);
  });
});

describe('a lot larger than postingLotNumbers', () => {
  it('goes as several placements, each with its own key; one in doubt stops the rest until it is answered, none doubled', async () => {
    // Sabah on 2026-11-28 on both installations; bco's player bets five numbers; two numbers per placement.
    const radmin = await r.login(ADMIN.username, ADMIN.password);
    expect((await r.request({ url: '/api/Pools/SubmitNewDraw', cookie: radmin, json: { poolId: PoolId.Sabah, drawDate: '2026-11-28', isSpecial: false } })).status).toBe(200);
    const drawId = (await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Sabah, drawDate: '2026-11-28', isSpecial: false } })).body.data.drawId;
    await bet('bplayer', '28/11\n#5\n4001#2\n4002#2\n4003#2\n4004#2\n4005#2');
    const bco = await t.login('bco', PASSWORD);
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: bco, json: { drawId } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const batchId = posted.body.data.batchId;
    const lotNumbers = t.config.postingLotNumbers;
    t.config.postingLotNumbers = 2;
    const ticketsBefore = await remoteTickets();
    try {
      rule = (text) => (text.includes('4003') ? 'cut' : 'pass');
      const first = await t.request({ url: '/api/Posting/DoDistribute', cookie: bco, json: { batchId } });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.invoices.map((i: { status: string; total: number }) => [i.status, i.total])).toEqual([
        ['accepted', 200],
        ['in-doubt', 200],
      ]);
      expect(first.body.data.undistributed).toBe(100);
      rule = () => 'pass';
      const second = await t.request({ url: '/api/Posting/DoDistribute', cookie: bco, json: { batchId } });
      expect(second.body.data.invoices.map((i: { status: string; total: number }) => [i.status, i.total])).toEqual([
        ['accepted', 200],
        ['accepted', 100],
      ]);
      expect(second.body.data.undistributed).toBe(0);
    } finally {
      t.config.postingLotNumbers = lotNumbers;
    }
    const keys = await rows<{ key: string; numbers: string }>(
      t,
      sql`select ri.idempotency_key as key, string_agg(il.number, ',' order by il.number) as numbers
          from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id where ri.batch_id = ${batchId} group by ri.id order by ri.id`,
    );
    expect(keys).toEqual([
      { key: `posting-${batchId}-${ids.twin}-1`, numbers: '4001,4002' },
      { key: `posting-${batchId}-${ids.twin}-2`, numbers: '4003,4004' },
      { key: `posting-${batchId}-${ids.twin}-3`, numbers: '4005' },
    ]);
    const after = await remoteTickets();
    expect(after.n - ticketsBefore.n).toBe(3);
    expect(Number(after.gross) - Number(ticketsBefore.gross)).toBe(500);
    expect(await checkLedger(r.db)).toEqual([]);
  });
});

async function urlOf(app: TestApp): Promise<string> {
  const [{ name }] = await rows<{ name: string }>(app, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
