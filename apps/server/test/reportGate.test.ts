// Decision 0045: report reads take turns (at most `concurrency` at once); nothing else waits for them.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { currentSnapshot } from '../src/platform/db';
import { registerReportGate } from '../src/platform/reportGate';
import { ADMIN, createTestApp } from './support/testApp';
import type { HttpApp } from '../src/platform/http';

const AT = new Date('2026-12-04T12:00:00.500Z');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `done()` holds, looking every millisecond: the test waits for a state, not for a time. */
const until = async (done: () => boolean) => {
  while (!done()) await pause(1);
};

async function gatedApp(concurrency: number, snapshot = { now: 's1', reads: 0 }, held: { until: Promise<void> | null } = { until: null }) {
  const app = Fastify();
  // The caller as the session hook would set it: the account named by a header.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const user = req.headers['x-user'];
    const actingPath = String(req.headers['x-path'] ?? `/1/${String(user)}/`);
    if (user) (req as unknown as { auth: object }).auth = { userId: Number(user), roleId: 4, actingPath };
  });
  const snapshotOf = async () => {
    snapshot.reads++;
    return snapshot.now;
  };
  // The key of a shared read holds the clock's second: a fixed instant, or two requests a few milliseconds
  // apart straddle a second now and then and are not shared (a flake seen in CI).
  registerReportGate(app as unknown as HttpApp, concurrency, snapshotOf, () => AT);
  let running = 0;
  let most = 0;
  let runs = 0;
  const order: string[] = [];
  const slow = async (name: string) => {
    running++;
    const run = ++runs;
    most = Math.max(most, running);
    order.push(name);
    await (held.until ?? pause(100)); // long enough for every request of a test to have arrived
    running--;
    if (name.endsWith('fail')) throw new Error('failed');
    return { name, run };
  };
  app.get('/api/Report/GetA', async (req) => {
    const q = req.query as { n: string; format?: string };
    return slow(`A${q.format ?? ''}${q.n}${req.headers['x-user'] === '8' ? '@8' : ''}`);
  });
  app.post('/api/Report/SaveRunTicket', async () => slow('save'));
  app.get('/api/Bet/GetTicket', async () => slow('ticket'));
  app.get('/api/Report/GetSent', async (_req, reply) => reply.send(await slow('sent')));
  await app.ready();
  return { app, stats: () => ({ most, order }), runs: () => runs };
}

describe('report gate', () => {
  it('runs report reads one after another, first come first served', async () => {
    const { app, stats } = await gatedApp(1);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => app.inject({ method: 'GET', url: `/api/Report/GetA?n=${n}` })));
    expect(answers.map((a) => a.json().name)).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(stats()).toEqual({ most: 1, order: ['A1', 'A2', 'A3', 'A4'] });
    await app.close();
  });

  it('lets as many run at once as it is given', async () => {
    const { app, stats } = await gatedApp(2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => app.inject({ method: 'GET', url: `/api/Report/GetA?n=${n}` })));
    expect(stats().most).toBe(2);
    await app.close();
  });

  it('never holds up a write or another module', async () => {
    const { app, stats } = await gatedApp(1);
    const all = await Promise.all([
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=1' }),
      app.inject({ method: 'POST', url: '/api/Report/SaveRunTicket' }),
      app.inject({ method: 'GET', url: '/api/Bet/GetTicket' }),
    ]);
    expect(all.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(stats().most).toBe(3);
    await app.close();
  });

  it('makes files take turns in their own lane, beside the screens', async () => {
    const { app, stats } = await gatedApp(1);
    await Promise.all([
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=1&format=xlsx' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=2&format=csv' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=3' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=4&format=json' }),
    ]);
    // one file and one screen at a time: the second of each lane waits for its first, not for the other lane
    expect(stats().most).toBe(2);
    expect(stats().order.slice(0, 2).sort()).toEqual(['A3', 'Axlsx1']);
    expect(stats().order.slice(2).sort()).toEqual(['Acsv2', 'Ajson4']);
    await app.close();
  });

  // Decision 0046: the same account's same read, asked again while the first waits or runs on unchanged data.
  const as = (user: number, n: number | string) => ({ method: 'GET' as const, url: `/api/Report/GetA?n=${n}`, headers: { 'x-user': String(user) } });

  it('answers the same read of the same account once while it waits for its turn', async () => {
    const { app, runs } = await gatedApp(1);
    const answers = await Promise.all([as(7, 1), as(7, 2), as(7, 2), as(7, 2)].map((r) => app.inject(r)));
    expect(answers.map((a) => a.json().name)).toEqual(['A1', 'A2', 'A2', 'A2']);
    expect(new Set(answers.slice(1).map((a) => a.json().run)).size).toBe(1);
    expect(runs()).toBe(2);
    await app.close();
  });

  it('never shares a read between two accounts', async () => {
    const { app, runs } = await gatedApp(1);
    const answers = await Promise.all([as(7, 1), as(7, 2), as(8, 2)].map((r) => app.inject(r)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(runs()).toBe(3);
    await app.close();
  });

  it('joins a running read only while the database is as it was when the read began', async () => {
    const snapshot = { now: 's1', reads: 0 };
    let release = () => {};
    const held = { until: new Promise<void>((resolve) => (release = resolve)) as Promise<void> | null };
    const { app, runs } = await gatedApp(2, snapshot, held);
    const first = app.inject(as(7, 1));
    await until(() => runs() === 1); // the first is running
    const same = app.inject(as(7, 1));
    await until(() => snapshot.reads === 2); // the second compared the snapshot, unchanged
    snapshot.now = 's2'; // a write committed
    const after = app.inject(as(7, 1));
    await until(() => runs() === 2);
    release();
    const answers = await Promise.all([first, same, after]);
    expect(answers.map((a) => a.json().run)).toEqual([1, 1, 2]);
    expect(runs()).toBe(2);
    await app.close();
  });

  it("lets one account's burst wait behind itself, not in front of another account", async () => {
    const { app, stats } = await gatedApp(1);
    const burst = [1, 2, 3, 4, 5].map((n) => app.inject(as(7, n)));
    await until(() => stats().order.length === 1);
    const other = app.inject(as(8, 9));
    await Promise.all([...burst, other]);
    // Account 7 has two reads in the shared queue at most (twice the one that runs): the other account's
    // read waits for those two, not for all five.
    expect(stats().order.slice(0, 3)).toEqual(['A1', 'A2', 'A9@8']);
    expect(stats().most).toBe(1);
    await app.close();
  });

  it('fails every caller who shared a read that failed, and forgets it', async () => {
    const { app, runs } = await gatedApp(1);
    const answers = await Promise.all([as(7, 1), as(7, 'fail'), as(7, 'fail')].map((r) => app.inject(r)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 500, 500]);
    expect(runs()).toBe(2);
    expect((await app.inject(as(7, 1))).statusCode).toBe(200);
    expect(runs()).toBe(3);
    await app.close();
  });

  it('never shares a read between two sessions of an account loaded on either side of a move', async () => {
    const { app, runs } = await gatedApp(1);
    const moved = { ...as(7, 2), headers: { 'x-user': '7', 'x-path': '/1/9/7/' } };
    const answers = await Promise.all([as(7, 1), as(7, 2), moved].map((r) => app.inject(r)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(runs()).toBe(3);
    await app.close();
  });

  it('lets each caller answer for itself, in its turn, when the handler answers through its reply', async () => {
    const { app, stats, runs } = await gatedApp(1);
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ ...as(7, 1), url: '/api/Report/GetSent' })));
    expect(answers.map((a) => a.json().name)).toEqual(['sent', 'sent', 'sent']);
    expect([stats().most, runs()]).toEqual([1, 3]);
    await app.close();
  });

  it('makes a HEAD of a report take its turn too', async () => {
    const { app, stats } = await gatedApp(1);
    await Promise.all([1, 2, 3].map((n) => app.inject({ method: 'HEAD', url: `/api/Report/GetA?n=${n}` })));
    expect(stats().most).toBe(1);
    await app.close();
  });

  it('never shares a file: each export runs for its own caller', async () => {
    const { app, runs } = await gatedApp(1);
    await Promise.all([1, 2].map(() => app.inject({ ...as(7, 1), url: '/api/Report/GetA?n=1&format=csv' })));
    expect(runs()).toBe(2);
    await app.close();
  });
});

describe('report gate on the database', () => {
  it('sees the snapshot unchanged by reads and changed by a write', async () => {
    const t = await createTestApp();
    const before = await currentSnapshot(t.db);
    await t.db.execute(sql`select count(*) from users`);
    expect(await currentSnapshot(t.db)).toBe(before);
    await t.db.execute(sql`update users set full_name = full_name where username = ${ADMIN.username}`);
    expect(await currentSnapshot(t.db)).not.toBe(before);
    await t.close();
  });

  it("answers the same account's identical reads at once alike, through the real routes", async () => {
    const t = await createTestApp();
    const cookie = await t.login(ADMIN.username, ADMIN.password);
    const query = { fromDate: '2026-11-01', toDate: '2026-11-22' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.request({ url: '/api/Report/GetSalesSummary', cookie, query })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect((await t.request({ url: '/api/Report/GetSalesSummary', query })).status).toBe(401);
    await t.close();
  });
});
