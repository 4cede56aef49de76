// Fetching results from result sites (issue 11 item 4), against a real local HTTP server serving the
// Magnum and Da Ma Cai JSON shapes, this product's own GetPoolResult, garbage, an error and a slow page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseDaMaCai, parseMagnum, PoolId } from '@app/domain';
import { runDueJobs } from '../src/modules/jobs';
import { loadConfig } from '../src/platform/config';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let server: http.Server;
let base = '';
const draws: Record<number, number> = {};
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

const MAGNUM_PAGE = {
  DrawDate: '21/11/2026',
  DrawID: '5712/26',
  FirstPrize: '4821',
  SecondPrize: '0932',
  ThirdPrize: '7710',
  ...Object.fromEntries(['1001', '----', '1002', '1003', '1004', '----', '1005', '1006', '1007', '1008', '----', '1009', '1010'].map((v, i) => [`Special${i + 1}`, v])),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Console${i + 1}`, String(2001 + i)])),
  Jackpot1Amount: 'RM 3,456,789.10',
  GoldJackpot1Amount: '9,999.00',
};
const DAMACAI_PAGE = {
  drawDate: '20261121',
  drawNo: '6123/26',
  p1: '5566',
  p2: '0001',
  p3: '9870',
  starterList: ['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008', '3009', '3010'],
  consolidateList: ['4001', '4002', '4003', '4004', '4005', '4006', '4007', '4008', '4009', '4010'],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '';
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // Magnum's past results of several draws, the one asked for not first.
    if (url === '/magnum/20261121') return json([{ ...MAGNUM_PAGE, DrawDate: '18/11/2026', FirstPrize: '1111' }, MAGNUM_PAGE]);
    if (url === '/aggregator/2026-11-21/1') return json({ result: MAGNUM_PAGE });
    // Da Ma Cai answers the (signed, short-lived) address of its result file, which is read next.
    if (url === '/damacai/20261121') return json({ link: `${base}/drawresult/DrawDate/20261121.json?sv=2026&sig=x` });
    if (url === '/drawresult/DrawDate/20261121.json?sv=2026&sig=x') return json({ data: DAMACAI_PAGE });
    if (url === '/garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    if (url === '/down') {
      res.writeHead(503);
      return res.end();
    }
    if (url === '/slow') {
      // Well past the 1,500 ms time-out below: on PGlite the pages share the event loop with the database,
      // so on a loaded machine a prompt page can take hundreds of milliseconds (a 300 ms time-out failed).
      setTimeout(() => json(MAGNUM_PAGE), 6_000).unref();
      return;
    }
    if (url === '/yesterday') return json({ ...MAGNUM_PAGE, DrawDate: '20/11/2026' });
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // 2026-11-21 22:00 in Kuala Lumpur: the day's draws have closed; the fetch starts at 20:00.
  t = await createTestApp({ start: '2026-11-21T14:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  for (const poolId of [PoolId.Magnum, PoolId.PMP, PoolId.Toto, PoolId.Singapore]) {
    const [d] = await rows<{ id: number }>(sql`insert into draws (pool_id, draw_date, cutoff_at) values (${poolId}, '2026-11-21', '2026-11-21T10:45:00Z') returning id`);
    draws[poolId] = Number(d.id);
  }
  const sites = [
    { name: 'magnum', urlTemplate: `${base}/magnum/{yyyymmdd}`, format: 'magnum', pools: [PoolId.Magnum] },
    { name: 'damacai', urlTemplate: `${base}/damacai/{yyyymmdd}`, format: 'damacai', pools: [PoolId.PMP] },
    { name: 'aggregator', urlTemplate: `${base}/aggregator/{date}/{poolId}`, format: 'magnum', pools: [PoolId.Magnum] },
    { name: 'broken', urlTemplate: `${base}/garbage`, format: 'magnum', pools: [PoolId.Toto] },
    { name: 'down', urlTemplate: `${base}/down`, format: 'damacai', pools: [PoolId.Toto] },
    { name: 'slow', urlTemplate: `${base}/slow`, format: 'magnum', pools: [PoolId.Toto] },
    { name: 'stale', urlTemplate: `${base}/yesterday`, format: 'magnum', pools: [PoolId.Singapore] },
  ];
  await t.db.execute(sql`insert into system_settings (key, value) values
    ('normalScrapeResultSite', ${JSON.stringify(sites)}), ('scrapeResultTime', '20:00'), ('resultFetchTimeoutMs', '1500')
    on conflict (key) do update set value = excluded.value`);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const resultOf = async (poolId: number) =>
  (await rows<{ status: string; source: string; confirmed: boolean; numbers: { fourD: { first: string; starter: string[] } } }>(
    sql`select status, source, confirmed, numbers from pool_results where draw_id = ${draws[poolId]}`,
  ))[0];
const historyOf = async (poolId: number) =>
  rows<{ action: string; source: string | null; note: string | null }>(sql`select action, source, note from result_history where draw_id = ${draws[poolId]} order by id`);

describe('the parsers', () => {
  it('read the Magnum and Da Ma Cai shapes, dropping blank specials', () => {
    const m = parseMagnum(MAGNUM_PAGE);
    expect(m.drawDate).toBe('2026-11-21');
    expect(m.numbers.fourD.first).toBe('4821');
    expect(m.numbers.fourD.starter).toEqual(['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010']);
    const d = parseDaMaCai(DAMACAI_PAGE);
    expect(d).toMatchObject({ drawDate: '2026-11-21', numbers: { fourD: { first: '5566', third: '9870' } } });
    expect(() => parseMagnum({ nothing: 1 })).toThrow(/FirstPrize/);
  });
});

describe('fetching a date', () => {
  it('saves what the sites send as fetched, confirms it when a second site agrees, and records every failure', async () => {
    const res = await t.request({ url: '/api/Result/FetchResults', cookie: admin, json: { drawDate: '2026-11-21' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const outcomes = res.body.data.map((o: { site: string; outcome: string }) => `${o.site}:${o.outcome}`);
    expect(outcomes).toEqual(['magnum:saved', 'damacai:saved', 'aggregator:confirmed', 'broken:failed', 'down:failed', 'slow:failed', 'stale:failed']);
    expect(await resultOf(PoolId.Magnum)).toMatchObject({ status: 'fetched', source: 'magnum', confirmed: true });
    // The pool's own jackpot came with it (not the Gold jackpot of the same page).
    expect((await rows<{ jackpots: unknown }>(sql`select jackpots from pool_results where draw_id = ${draws[PoolId.Magnum]}`))[0].jackpots).toEqual({ jackpot1: 345678910, jackpot2: null });
    expect(await resultOf(PoolId.PMP)).toMatchObject({ status: 'fetched', source: 'damacai', confirmed: false });
    // Nothing saved for Toto and Singapore: their history says why, site by site.
    expect(await resultOf(PoolId.Toto)).toBeUndefined();
    const toto = await historyOf(PoolId.Toto);
    expect(toto.map((h) => h.action)).toEqual(['fetch-failed', 'fetch-failed', 'fetch-failed']);
    expect(toto[0].note).toBe('broken: did not send JSON');
    expect(toto[1].note).toBe('down: answered HTTP 503');
    expect(toto[2].note).toBe('slow: no answer within 1500 ms');
    expect((await historyOf(PoolId.Singapore))[0].note).toBe('stale: the page is for 2026-11-20, not 2026-11-21');
    // The communication status: each site with when it last answered and its failure since.
    const comm = (await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin })).body.data.filter((c: { kind: string }) => c.kind === 'result-site');
    expect(comm.map((c: { name: string }) => c.name)).toEqual(['magnum', 'damacai', 'aggregator', 'broken', 'down', 'slow', 'stale']);
    const site = (name: string) => comm.find((c: { name: string }) => c.name === name);
    expect(site('magnum')).toMatchObject({ lastError: null });
    expect(site('magnum').lastAnsweredAt).not.toBeNull();
    expect(site('down')).toMatchObject({ lastAnsweredAt: null, lastError: 'down: answered HTTP 503' });
  });

  it('never releases a fetched result itself; an admin releases it', async () => {
    const [r] = await rows<{ version: number }>(sql`select version from pool_results where draw_id = ${draws[PoolId.Magnum]}`);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin, json: { drawId: draws[PoolId.Magnum], version: r.version } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await resultOf(PoolId.Magnum)).status).toBe('released');
  });

  it('runs from the job once per 10-minute slot after scrapeResultTime, whatever the number of processes', async () => {
    const before = await historyOf(PoolId.Toto);
    t.clock.set('2026-11-21T14:31:00Z');
    const deps = { db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } };
    const [a, b] = await Promise.all([runDueJobs(deps), runDueJobs(deps)]);
    const ran = [a.fetched, b.fetched].filter(Boolean);
    expect(ran).toHaveLength(1);
    // Magnum is released now: only the pools still open were asked for.
    expect(ran[0]!.map((o) => o.site)).toEqual(['damacai', 'broken', 'down', 'slow', 'stale']);
    expect((await historyOf(PoolId.Toto)).length).toBe(before.length + 3);
    expect((await runDueJobs(deps)).fetched).toBeUndefined();
  });

  it('does not read a site saved before the {poolId} rule that lists several pools; each pool\'s history says why', async () => {
    const sites = [{ name: 'one-page', urlTemplate: `${base}/magnum/{yyyymmdd}`, format: 'magnum', pools: [PoolId.Toto, PoolId.Singapore] }];
    await t.db.execute(sql`update system_settings set value = ${JSON.stringify(sites)} where key = 'normalScrapeResultSite'`);
    admin = await t.login(ADMIN.username, ADMIN.password);
    const res = await t.request({ url: '/api/Result/FetchResults', cookie: admin, json: { drawDate: '2026-11-21' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((o: { site: string; outcome: string }) => `${o.site}:${o.outcome}`)).toEqual(['one-page:failed', 'one-page:failed']);
    expect((await historyOf(PoolId.Toto)).at(-1)?.note).toBe('one-page: lists several pools, but its URL has no {poolId} to tell their pages apart');
    expect(await resultOf(PoolId.Toto)).toBeUndefined();
  });
});
