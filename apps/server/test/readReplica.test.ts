// Decision 0052: report reads may be served from a hot standby (DATABASE_READ_URL), only once it has
// replayed what the primary held when the read was asked; a standby that lags, cannot be reached or fails a
// read leaves the read to the primary. In these tests a second pool on the same database stands in for a
// standby that never lags, and another database (a copy from before the test's writes) for one that does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openReadReplica, PRIMARY_FOR_MS, readerCounts, REPLAY_WAIT_MS, type ReadReplica, type ReplayedProbe } from '../src/platform/readReplica';
import { ADMIN, createTestApp, freshPostgres, type TestApp } from './support/testApp';

const pgUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Passw0rd!';
const DAY = { fromDate: '2026-11-25', toDate: '2026-11-25' };

describe.skipIf(pgUrl)('the standby with PGlite', () => {
  it('is refused at start with a message that says why', async () => {
    await expect(openReadReplica({ ...loadConfig({}), databaseReadUrl: 'postgres://postgres@127.0.0.1:5432/standby' })).rejects.toThrow(/PGlite has no standby.*DATABASE_URL/);
  });
});

describe.skipIf(!pgUrl)('report reads from a standby (PostgreSQL)', () => {
  let t: TestApp;
  let primaryUrl: string;
  let stale: Awaited<ReturnType<typeof freshPostgres>>;
  let co: string;
  let player: string;
  let bets = 0;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // The copy is taken before anything below is written: a standby that has replayed none of it.
    stale = await freshPostgres(pgUrl!);
    t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
    const [{ name }] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    primaryUrl = u.toString();
    const admin = await t.login(ADMIN.username, ADMIN.password);
    const create = async (cookie: string, body: Record<string, unknown>) => {
      const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await create(admin, { username: 'rrco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 50 });
    co = await t.login('rrco', PASSWORD);
    await create(co, { username: 'rrplayer', level: HierarchyLevel.Player, creditLimit: 10_000_000 });
    player = await t.login('rrplayer', PASSWORD);
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: DAY.fromDate, isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const close of closing) await close();
    await t?.close();
    await stale?.drop();
  });

  /** A bet of 10.00 placed on the primary: the write each read below must show. */
  async function placeBet() {
    const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: `D\n#1\n1234#10`, idempotencyKey: `read-replica-${++bets}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return bets * 1000;
  }

  /** An app on the test's primary whose report reads may go to a standby at `readUrl`. */
  async function withStandby(readUrl: string, replayed?: ReplayedProbe) {
    const logged: string[] = [];
    const config = { ...t.config, databaseUrl: primaryUrl, databaseReadUrl: readUrl };
    const replica = (await openReadReplica(config, { replayed, log: (m) => logged.push(m) })) as ReadReplica;
    const app = await buildApp({ db: t.db, readDb: replica.db, clock: t.clock, config }, { logger: false });
    closing.push(async () => {
      await app.close();
      await replica.close();
    });
    const sales = async () => {
      const res = await t.request({ via: app, url: '/api/Report/GetSalesSummary', cookie: co, query: DAY });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.totals.turnover as number;
    };
    return { replica, sales, counts: () => ({ ...readerCounts(replica.db) }), logged };
  }

  it('reads from a standby that has replayed the primary (a second pool on the same database: lag 0), which refuses writes', async () => {
    const s = await withStandby(primaryUrl);
    const turnover = await placeBet();
    expect(await s.sales()).toBe(turnover);
    expect(s.counts()).toEqual({ standby: 1, primary: 0 });
    await expect(s.replica.db.execute(sql`update users set full_name = full_name where id = 1`)).rejects.toMatchObject({ cause: { code: '25006' } });
    // Its sessions compile nothing, as the primary's (decision 0053).
    const shown = (await s.replica.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(shown.rows[0].jit).toBe('off');
  });

  it('shows a write to the report read after it: the primary answers while the standby has not replayed it', async () => {
    // The stale copy plays a standby stuck before the write.
    const s = await withStandby(stale.url, async () => 0n);
    const turnover = await placeBet();
    const started = Date.now();
    expect(await s.sales()).toBe(turnover);
    expect(Date.now() - started).toBeGreaterThanOrEqual(REPLAY_WAIT_MS);
    expect(s.counts()).toEqual({ standby: 0, primary: 1 });
    expect(s.logged.join('\n')).toMatch(/behind.*primary for/);
    // Then the primary, without waiting, for PRIMARY_FOR_MS.
    const again = Date.now();
    expect(await s.sales()).toBe(turnover);
    expect(Date.now() - again).toBeLessThan(Math.min(REPLAY_WAIT_MS, PRIMARY_FOR_MS));
    expect(s.counts()).toEqual({ standby: 0, primary: 2 });
  });

  it('waits for the standby to replay the write, then reads from it', async () => {
    let probes = 0;
    const s = await withStandby(primaryUrl, async () => (++probes < 3 ? 0n : 'primary'));
    const turnover = await placeBet();
    expect(await s.sales()).toBe(turnover);
    expect(probes).toBe(3);
    expect(s.counts()).toEqual({ standby: 1, primary: 0 });
  });

  it('answers from the primary when the standby cannot be reached', async () => {
    const s = await withStandby('postgres://postgres@127.0.0.1:1/standby');
    expect(s.logged.join('\n')).toMatch(/unreachable/);
    const turnover = await placeBet();
    expect(await s.sales()).toBe(turnover);
    expect(s.counts()).toEqual({ standby: 0, primary: 1 });
  });

  it('reads again from the primary when the standby fails the read itself', async () => {
    // The probe says it has replayed everything; the read then finds no server.
    const s = await withStandby('postgres://postgres@127.0.0.1:1/standby', async () => 'primary');
    const turnover = await placeBet();
    expect(await s.sales()).toBe(turnover);
    expect(s.counts()).toEqual({ standby: 0, primary: 1 });
    expect(s.logged.join('\n')).toMatch(/standby failed a report read/);
  });

  it('never reads from a server that is neither a standby nor the primary itself', async () => {
    const s = await withStandby(stale.url);
    const turnover = await placeBet();
    expect(await s.sales()).toBe(turnover);
    expect(s.counts()).toEqual({ standby: 0, primary: 1 });
  });
});
