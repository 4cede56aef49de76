// The system settings autoReleaseConfirmedResult and autoReleaseCreditAfterSettle (DOMAIN "Results" and
// "Settlement" step 3, decision 0023), with a ManualClock and a local HTTP server standing for three result
// sites. The fetch releases a result two sites agree on, as the system's, and settles it as after a
// person's release; never an unconfirmed, hand-entered or disputed one, and four eyes still hold for
// people. Once every draw of a date is distributed, the job releases the date's held winnings per company,
// once however many processes check at once. checkLedger holds after every test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { runDueJobs } from '../src/modules/jobs';
import { checkLedger } from '../src/modules/ledger/service';
import { runAutoCreditRelease } from '../src/modules/settlement/autoRelease';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let server: http.Server;
const PASSWORD = 'Passw0rd!';
const D1 = '2026-11-21';
const D2 = '2026-11-22';
const ids: Record<string, number> = {};
const draws: Record<string, number> = {};
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const deps = () => ({ db: t.db, clock: t.clock, config: t.config });
const setSetting = (key: string, value: string) =>
  t.db.execute(sql`insert into system_settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`);

/** First prizes: what the sites publish for each pool and date; site C disagrees on Singapore. */
const FIRST: Record<string, string> = { [`${D1}:1`]: '4821', [`${D1}:2`]: '5566', [`${D1}:4`]: '7001', [`${D1}:5`]: '8001', [`${D2}:1`]: '4822', [`${D2}:5`]: '8002' };
const page = (date: string, first: string) => ({
  DrawDate: date.split('-').reverse().join('/'),
  FirstPrize: first,
  SecondPrize: '0932',
  ThirdPrize: '7710',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Special${i + 1}`, String(1001 + i)])),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Console${i + 1}`, String(2001 + i)])),
});
const fourD = (first: string) => ({
  first,
  second: '0932',
  third: '7710',
  starter: Array.from({ length: 10 }, (_, i) => String(1001 + i)),
  consolation: Array.from({ length: 10 }, (_, i) => String(2001 + i)),
});

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
const login = (username: string) => t.login(username, username === ADMIN.username ? ADMIN.password : PASSWORD);
const resultOf = async (drawId: number) =>
  (await rows<{ status: string; confirmed: boolean; released_by: number | null; entered_by: number | null }>(
    sql`select status, confirmed, released_by, entered_by from pool_results where draw_id = ${drawId}`,
  ))[0];
const settlementOf = async (drawId: number) =>
  (await rows<{ round: number; winners_at: string | null; distributed_at: string | null }>(sql`select round, winners_at, distributed_at from draw_settlements where draw_id = ${drawId}`))[0];
const balanceOf = async (code: string) => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where code = ${code}), 0)::text as b`))[0].b);
const walletOf = async (userId: number) => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where user_id = ${userId}), 0)::text as b`))[0].b);
const releaseBookings = async (drawDate: string) =>
  rows<{ draw_id: number; company_id: number; round: number; by: number | null }>(
    sql`select b.draw_id, b.company_id, b.round, b.by from settlement_bookings b join draw_settlements s on s.draw_id = b.draw_id
        where s.draw_date = ${drawDate}::date and b.step = 'release' order by b.draw_id, b.company_id, b.round`,
  );
/** The players' winnings of a date's current rounds for a company's lines. */
const winningsOf = async (drawDate: string, companyId: number) =>
  Number(
    (
      await rows<{ w: string }>(
        sql`select coalesce(sum(w.player_winnings), 0)::text as w from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
            where s.draw_date = ${drawDate}::date and w.company_id = ${companyId}`,
      )
    )[0].w,
  );
const creditAudits = async (drawDate: string) =>
  rows<{ actor_user_id: number | null; after: { released: number; draws: number; by?: string; companyId?: number } }>(
    // By company: several processes release companies at once, in whichever order their transactions commit.
    sql`select actor_user_id, after from audit_log where action = 'settlement.release-credit' and target_id = ${drawDate} order by (after->>'companyId')::int, id`,
  );

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // /<site>/<poolId>/<yyyy-mm-dd>
    const [, site, pool, date] = (req.url ?? '').split('/');
    const first = FIRST[`${date}:${pool}`];
    if (!first) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(page(date, site === 'c' && pool === '4' ? '7002' : first)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Saturday 2026-11-21, 10:00 in Kuala Lumpur: the draws are open.
  t = await createTestApp({ start: '2026-11-21T02:00:00Z' });
  const admin = await login(ADMIN.username);
  await t.createUser({ username: 'arit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  for (const n of [1, 2]) {
    await createOk(admin, { username: `arco${n}`, level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
    const co = await login(`arco${n}`);
    await createOk(co, { username: `aragent${n}`, level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
    await createOk(await login(`aragent${n}`), { username: `arplayer${n}`, level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  }
  for (const [date, pools] of [
    [D1, [PoolId.Magnum, PoolId.PMP, PoolId.Singapore, 5]],
    [D2, [PoolId.Magnum, 5]],
  ] as const) {
    for (const poolId of pools) {
      const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate: date, isSpecial: false } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      draws[`${date}:${poolId}`] = res.body.data.drawId;
    }
  }
  // Both players buy each first prize Big 1.00; player 1 also a number that never wins.
  for (const n of [1, 2]) {
    const player = await login(`arplayer${n}`);
    for (const text of ['21/11\n#1245\n4821#1\n5566#1\n7001#1\n7002#1\n8001#1\n9999#1', '22/11\n#15\n4822#1\n8002#1']) {
      const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text, idempotencyKey: `auto-release-${++keyNo}` } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
  }
  // Site a carries every pool, b agrees with it on Magnum, Singapore and pool 5, c disagrees on Singapore.
  const sites = [
    { name: 'a', urlTemplate: `${base}/a/{poolId}/{date}`, format: 'magnum', pools: [1, 2, 4, 5] },
    { name: 'b', urlTemplate: `${base}/b/{poolId}/{date}`, format: 'magnum', pools: [1, 4, 5] },
    { name: 'c', urlTemplate: `${base}/c/{poolId}/{date}`, format: 'magnum', pools: [4] },
  ];
  await setSetting('normalScrapeResultSite', JSON.stringify(sites));
  await setSetting('scrapeResultTime', '20:00');
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('autoReleaseConfirmedResult', () => {
  it('off (the default): the fetch job saves and confirms, and releases nothing', async () => {
    // 20:05 in Kuala Lumpur: the draws have closed. An admin types pool 5's result before the fetch.
    t.clock.set('2026-11-21T12:05:00Z');
    const admin = await login(ADMIN.username);
    const typed = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: draws[`${D1}:5`], numbers: { fourD: fourD('8001') }, version: 0 } });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const r = await runDueJobs(deps());
    expect(r.fetched?.map((o) => `${o.site}:${o.poolId}:${o.outcome}`)).toEqual([
      'a:1:saved', 'a:2:saved', 'a:4:saved', 'a:5:confirmed',
      'b:1:confirmed', 'b:4:confirmed', 'b:5:same',
      'c:4:differs',
    ]);
    expect(await resultOf(draws[`${D1}:1`])).toMatchObject({ status: 'fetched', confirmed: true, released_by: null });
    expect(await settlementOf(draws[`${D1}:1`])).toBeUndefined();
  });

  it('on: the next fetch releases the confirmed result as the system\'s and settles it; never the unconfirmed, the hand-entered nor the disputed one', async () => {
    await setSetting('autoReleaseConfirmedResult', 'true');
    t.clock.set('2026-11-21T12:15:00Z');
    const r = await runDueJobs(deps());
    expect(r.fetched?.filter((o) => o.site === 'system')).toEqual([{ poolId: 1, site: 'system', outcome: 'auto-released' }]);
    const magnum = draws[`${D1}:1`];
    expect(await resultOf(magnum)).toMatchObject({ status: 'released', confirmed: true, released_by: null });
    // In the history and the audit as the system's (no login), naming the sites that agreed.
    const [history] = await rows<{ actor_id: number | null; note: string }>(sql`select actor_id, note from result_history where draw_id = ${magnum} and action = 'release'`);
    expect(history).toEqual({ actor_id: null, note: 'confirmed by a and b: released by the fetch (autoReleaseConfirmedResult)' });
    const audits = await rows<{ actor_user_id: number | null; after: Record<string, unknown> }>(
      sql`select actor_user_id, after from audit_log where action = 'result.release' and target_id = ${String(magnum)}`,
    );
    expect(audits).toEqual([{ actor_user_id: null, after: { version: 1, by: 'system', setting: 'autoReleaseConfirmedResult', sources: ['a', 'b'] } }]);
    // Settled as after a person's release (autoSettleAfterRelease, on by default): both players' 1st prize held.
    const s = await settlementOf(magnum);
    expect(s.winners_at).not.toBeNull();
    expect(s.distributed_at).not.toBeNull();
    const [w] = await rows<{ n: number }>(sql`select count(*)::int as n from winners where draw_id = ${magnum}`);
    expect(w.n).toBe(2);
    expect(await balanceOf(`held-winnings:${ids.arco1}`)).toBeGreaterThan(0);
    // PMP has one site only, pool 5 was typed (a site agreeing marks it confirmed, but a person typed it),
    // Singapore is disputed by site c: none of them is released.
    expect(await resultOf(draws[`${D1}:2`])).toMatchObject({ status: 'fetched', confirmed: false });
    expect(await resultOf(draws[`${D1}:5`])).toMatchObject({ status: 'entered', confirmed: true });
    expect(await resultOf(draws[`${D1}:4`])).toMatchObject({ status: 'fetched', confirmed: true });
    for (const pool of [2, 4, 5]) expect(await settlementOf(draws[`${D1}:${pool}`])).toBeUndefined();
  });

  it('four eyes still hold for people: the admin who typed pool 5 cannot release it, another admin can', async () => {
    const admin = await login(ADMIN.username);
    const admin2 = await login('arit2');
    const drawId = draws[`${D1}:5`];
    const same = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin, json: { drawId, version: 1 } });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe('RESULT_SAME_LOGIN');
    expect((await resultOf(drawId)).status).toBe('entered');
    const other = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect((await resultOf(drawId)).released_by).toBe((await rows<{ id: number }>(sql`select id from users where username = 'arit2'`))[0].id);
  });

  it('Fetch now releases as the system too, not as the admin who pressed it; with autoSettleAfterRelease off the draw waits for its steps', async () => {
    await setSetting('autoSettleAfterRelease', 'false');
    // Sunday 20:10: the 22nd's draws have closed. Pool 5 is typed and released by people.
    t.clock.set('2026-11-22T12:10:00Z');
    const admin = await login(ADMIN.username);
    const admin2 = await login('arit2');
    const pool5 = draws[`${D2}:5`];
    expect((await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: pool5, numbers: { fourD: fourD('8002') }, version: 0 } })).status).toBe(200);
    const fetched = await t.request({ url: '/api/Result/FetchResults', cookie: admin, json: { drawDate: D2 } });
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    expect(fetched.body.data.filter((o: { site: string }) => o.site === 'system')).toEqual([{ poolId: 1, site: 'system', outcome: 'auto-released' }]);
    const magnum = draws[`${D2}:1`];
    expect(await resultOf(magnum)).toMatchObject({ status: 'released', released_by: null });
    const [history] = await rows<{ actor_id: number | null }>(sql`select actor_id from result_history where draw_id = ${magnum} and action = 'release'`);
    expect(history.actor_id).toBeNull();
    // Released, its round started, no step run: settlement is by hand now.
    expect(await settlementOf(magnum)).toMatchObject({ round: 1, winners_at: null, distributed_at: null });
    await setSetting('autoSettleAfterRelease', 'true');
    expect((await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId: pool5, version: 1 } })).status).toBe(200);
    expect((await settlementOf(pool5)).distributed_at).not.toBeNull();
  });

  it('is refused to a caller who is not an admin (Fetch now)', async () => {
    const co = await login('arco1');
    const res = await t.request({ url: '/api/Result/FetchResults', cookie: co, json: { drawDate: D2 } });
    expect(res.status).toBe(403);
  });
});

describe('autoReleaseCreditAfterSettle', () => {
  it('off (the default): a fully settled date keeps its winnings held', async () => {
    // The 21st's last two draws released by people: every draw of the date is distributed.
    const admin2 = await login('arit2');
    for (const pool of [2, 4]) {
      const drawId = draws[`${D1}:${pool}`];
      const res = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await settlementOf(drawId)).distributed_at).not.toBeNull();
    }
    expect(await runAutoCreditRelease(deps())).toEqual([]);
    expect(await releaseBookings(D1)).toEqual([]);
  });

  it('on: releases a fully settled date once per company, as the system, however many processes check at once; a date with a draw still settling waits', async () => {
    await setSetting('autoReleaseCreditAfterSettle', 'true');
    const heldBefore = { 1: await balanceOf(`held-winnings:${ids.arco1}`), 2: await balanceOf(`held-winnings:${ids.arco2}`) };
    const walletBefore = { 1: await walletOf(ids.arplayer1), 2: await walletOf(ids.arplayer2) };
    const due = { 1: await winningsOf(D1, ids.arco1), 2: await winningsOf(D1, ids.arco2) };
    // Each player won 4 first prizes on the 21st (Magnum, PMP, Singapore and pool 5).
    expect(due[1]).toBeGreaterThan(0);
    expect(due[2]).toBe(due[1]);
    // Two server processes' ticks at once.
    const [a, b] = await Promise.all([runAutoCreditRelease(deps()), runAutoCreditRelease(deps())]);
    const ran = [...a, ...b].sort((x, y) => x.drawDate.localeCompare(y.drawDate) || x.companyId - y.companyId);
    // Only the 21st: the 22nd's Magnum is released but not yet distributed (its pool 5 is).
    expect(ran.map((r) => `${r.drawDate}:${r.companyId}:${r.draws}:${r.released}`)).toEqual([`${D1}:${ids.arco1}:4:${due[1]}`, `${D1}:${ids.arco2}:4:${due[2]}`]);
    // One release per draw and company, by no login; the held winnings moved to the players.
    const bookings = await releaseBookings(D1);
    expect(bookings).toHaveLength(8);
    expect(bookings.every((x) => x.by === null)).toBe(true);
    expect(await balanceOf(`held-winnings:${ids.arco1}`)).toBe(heldBefore[1] - due[1]);
    expect(await balanceOf(`held-winnings:${ids.arco2}`)).toBe(heldBefore[2] - due[2]);
    expect(await walletOf(ids.arplayer1)).toBe(walletBefore[1] + due[1]);
    expect(await walletOf(ids.arplayer2)).toBe(walletBefore[2] + due[2]);
    const audits = await creditAudits(D1);
    expect(audits.map((x) => [x.actor_user_id, x.after.by, x.after.companyId, x.after.draws])).toEqual([
      [null, 'system', ids.arco1, 4],
      [null, 'system', ids.arco2, 4],
    ]);
    expect(await runAutoCreditRelease(deps())).toEqual([]);
    expect(await releaseBookings(D2)).toEqual([]);
  });

  it('releases the next date once its last draw is distributed; a claim left by a process that died is taken again after ten minutes', async () => {
    const admin = await login(ADMIN.username);
    const magnum = draws[`${D2}:1`];
    expect((await t.request({ url: '/api/Result/InsertWinners', cookie: admin, json: { drawId: magnum } })).status).toBe(200);
    expect((await t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId: magnum } })).status).toBe(200);
    // A process claimed company 1's release of the 22nd and died before it finished.
    const rounds = [draws[`${D2}:1`], draws[`${D2}:5`]].sort((a, b) => a - b).map((id) => `${id}:1`).join(',');
    await t.db.execute(sql`insert into job_runs (job, period, claimed_at) values ('release-credit', ${`${D2} company ${ids.arco1} draws ${rounds}`}, ${t.clock.now().toISOString()}::timestamptz)`);
    const ran = await runAutoCreditRelease(deps());
    expect(ran.map((r) => `${r.drawDate}:${r.companyId}:${r.draws}:${r.released}`)).toEqual([`${D2}:${ids.arco2}:2:${await winningsOf(D2, ids.arco2)}`]);
    expect(await runAutoCreditRelease(deps())).toEqual([]);
    // Ten minutes later its claim is taken again.
    t.clock.advance(10 * 60_000 + 1_000);
    const retaken = await runAutoCreditRelease(deps());
    expect(retaken.map((r) => `${r.drawDate}:${r.companyId}:${r.draws}:${r.released}`)).toEqual([`${D2}:${ids.arco1}:2:${await winningsOf(D2, ids.arco1)}`]);
    expect(await balanceOf(`held-winnings:${ids.arco1}`)).toBe(0);
    expect(await balanceOf(`held-winnings:${ids.arco2}`)).toBe(0);
  });

  it('a corrected result is settled again and its winnings corrected by the difference, never released twice', async () => {
    const admin = await login(ADMIN.username);
    const magnum = draws[`${D1}:1`];
    const walletBefore = await walletOf(ids.arplayer1);
    const [v] = await rows<{ version: number }>(sql`select version from pool_results where draw_id = ${magnum}`);
    const corrected = await t.request({
      url: '/api/Result/SavePoolResult',
      cookie: admin,
      json: { drawId: magnum, numbers: { fourD: fourD('9998') }, version: v.version, reason: 'the site had a typo' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // Round 2 distributed and released again by the distribution itself (credit was released in round 1).
    expect(await settlementOf(magnum)).toMatchObject({ round: 2 });
    expect(await runAutoCreditRelease(deps())).toEqual([]);
    const magnumReleases = (await releaseBookings(D1)).filter((b) => b.draw_id === magnum && b.company_id === ids.arco1);
    expect(magnumReleases.map((b) => b.round)).toEqual([1, 2]);
    // Player 1 no longer wins Magnum's 1st prize: its wallet goes down by what that prize paid.
    expect(await walletOf(ids.arplayer1)).toBeLessThan(walletBefore);
    expect(await balanceOf(`held-winnings:${ids.arco1}`)).toBe(0);
  });
});
