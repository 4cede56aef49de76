// The settlement sums (decision 0043): settlement books the lines that do not strike from the sums that
// placement and void keep. Two draws with the same bets and the same result must book the same figures;
// when one draw's sums were damaged (a delta lost, another doubled), settlement sees that they disagree with
// the lines, rebuilds them from the lines and books what the lines say.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { HierarchyLevel, PoolId, type PoolResult } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { distribute, insertWinners, settleDraw, startRound } from '../src/modules/settlement/service';
import { chainSumsBackfillSql } from '../src/modules/settlement/chainSums';
import { linesTotalsOfDraw, settleWinsAgree } from '../src/modules/settlement/queries';
import { summarizeRoundWinnings } from '../src/modules/reports/settledSummaries';
import { databaseKind } from '../src/platform/db';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const draws: Record<string, number> = {};
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

const RESULT: PoolResult = {
  fourD: {
    first: '1234',
    second: '0042',
    third: '6666',
    starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '5678'],
    consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
  },
};

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
}
const express = async (who: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies[who], json: { text, idempotencyKey: `sums-key-${++keyNo}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Every figure settlement booked for a draw, per account, downline and code. */
const figures = (drawId: number) =>
  rows<Record<string, string>>(sql`
    select user_id, via_user_id, bet_code, lines, tickets, turnover, pass, eaten, commission, winnings, link, link_below,
           commission_in, winnings_in, commission_below, winnings_below
    from settlement_figures where draw_id = ${drawId}::int order by user_id, via_user_id, bet_code`);

/** The draw's released result and round 1, as release writes them before it settles. */
async function release(drawId: number, poolId: number) {
  await t.db.execute(sql`insert into pool_results (draw_id, pool_id, draw_date, numbers, status, source, changed_at, released_at) values
    (${drawId}::int, ${poolId}::int, '2026-11-25', ${JSON.stringify(RESULT)}::jsonb, 'released', 'manual', now(), now())`);
  await t.db.transaction((tx) => startRound(tx, { id: drawId, poolId, drawDate: '2026-11-25' }, 1, t.clock.now()));
}

/** A draw's winning summary, without its draw's own columns. */
const winningSummary = (drawId: number) =>
  rows<Record<string, string>>(sql`
    select round, company_id, user_id, number, bet_code, prize, lines, bettors, stake, winnings
    from winning_summary where draw_id = ${drawId}::int order by user_id, number, bet_code, prize`);

async function settle(drawId: number, poolId: number) {
  await release(drawId, poolId);
  // As release settles: on PostgreSQL its two steps at once, the sums read before the settlement lock (and,
  // when they disagree with the lines, read again and rebuilt under it).
  await settleDraw({ db: t.db, clock: t.clock, config: t.config }, drawId, null);
}

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(cookies.admin, { username: 'ssco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  await createOk(cookies.ssco, { username: 'ssmas', level: HierarchyLevel.Master, creditLimit: 20_000_000, positionTaking: 80 });
  await createOk(cookies.ssmas, { username: 'ssagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  await createOk(cookies.ssagent, { username: 'ssplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.ssagent, { username: 'ssplayerb', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.ssco, { username: 'ssdirect', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  // Magnum, PMP and Toto; Singapore, whose sums go missing altogether; Sabah, whose strikes' sums go
  // missing; Sarawak, whose result is corrected while it is booked (below).
  const pools = { magnum: PoolId.Magnum, pmp: PoolId.PMP, toto: PoolId.Toto, singapore: PoolId.Singapore, sabah: PoolId.Sabah, sarawak: PoolId.Sarawak };
  for (const [name, poolId] of Object.entries(pools)) {
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
    draws[name] = draw.body.data.drawId;
  }
  // The same bets on Magnum, PMP and Toto (#123) and on Sabah and Sarawak (#57), boxes and rolls among them,
  // from three players under two chains.
  for (const digits of ['123', '57']) {
    await express('ssplayer', `D\n#${digits}\n1234#10#5\n5678#10\n0042#3#3`);
    await express('ssplayer', `D\n#${digits}\n*1234#2\n4321#1#1`);
    await express('ssplayerb', `D\n#${digits}\n9999#2#2\n1234#1\n6666#4`);
    await express('ssdirect', `D\n#${digits}\n1234#4\n2010#2#1`);
  }
  // Some of them on Singapore.
  await express('ssplayer', 'D\n#4\n1234#10#5\n5678#10\n0042#3#3');
  await express('ssdirect', 'D\n#4\n1234#4\n2010#2#1');
  // A ticket placed and voided: its lines are in neither draw's sums.
  const voided = await express('ssplayerb', 'D\n#123\n1234#50');
  const v = await t.request({ url: '/api/Bet/VoidTicket', cookie: cookies.ssco, json: { ticketId: voided.ticketId } });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('settlement sums', () => {
  it('book from sums that disagree with the lines only once rebuilt from the lines', async () => {
    // The PMP draw's sums damaged as a lost or doubled delta would leave them.
    const pmp = draws.pmp;
    await t.db.execute(sql`delete from settle_sums where ctid in (select ctid from settle_sums where draw_id = ${pmp}::int limit 1)`);
    await t.db.execute(sql`insert into settle_sums select * from settle_sums where draw_id = ${pmp}::int and ctid in (select ctid from settle_sums where draw_id = ${pmp}::int limit 1)`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle(draws.magnum, PoolId.Magnum);
    expect(warn).not.toHaveBeenCalled();
    await settle(pmp, PoolId.PMP);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/disagreed with its lines; rebuilt/));
    warn.mockRestore();
    const magnum = await figures(draws.magnum);
    expect(magnum.length).toBeGreaterThan(10);
    expect(magnum.some((f) => Number(f.winnings) > 0)).toBe(true);
    expect(await figures(pmp)).toEqual(magnum);
    // The ticket voided before the draw is in neither.
    const [lines] = await rows<{ n: number }>(sql`select count(*)::int as n from bet_lines where draw_id = ${pmp}::int and status = 1`);
    expect(magnum.filter((f) => Number(f.user_id) === ids.ssco).reduce((s, f) => s + Number(f.lines), 0)).toBe(Number(lines.n));
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('book a company whose lines have no sums at all', async () => {
    // On PostgreSQL the companies to book are listed from the sums beside step 1 (decision 0058): a company
    // the sums miss is found by the lines' totals read beside, and booked from its lines after the others.
    const sg = draws.singapore;
    await t.db.execute(sql`delete from settle_sums where draw_id = ${sg}::int`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle(sg, PoolId.Singapore);
    if (databaseKind(t.db) === 'postgres') expect(warn).toHaveBeenCalledWith(expect.stringMatching(/have lines but no settlement sums/));
    warn.mockRestore();
    const [lines] = await rows<{ n: number }>(sql`select count(*)::int as n from bet_lines where draw_id = ${sg}::int and status = 1`);
    const booked = await figures(sg);
    expect(Number(lines.n)).toBeGreaterThan(5);
    expect(booked.filter((f) => Number(f.user_id) === ids.ssco).reduce((s, f) => s + Number(f.lines), 0)).toBe(Number(lines.n));
    expect(booked.some((f) => Number(f.winnings) > 0)).toBe(true);
    const [bookings] = await rows<{ n: number }>(sql`select count(*)::int as n from settlement_bookings where draw_id = ${sg}::int and step = 'distribute'`);
    expect(bookings.n).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('book a draw once when two processes settle it at once', async () => {
    await release(draws.toto, PoolId.Toto);
    const deps = { db: t.db, clock: t.clock, config: t.config };
    const both = await Promise.all([settleDraw(deps, draws.toto, null), settleDraw(deps, draws.toto, null)]);
    expect(both.map((b) => b.lines).sort((a, b) => a - b)).toEqual([0, both[0].lines + both[1].lines]);
    const [bookings] = await rows<{ n: number }>(sql`select count(*)::int as n from settlement_bookings where draw_id = ${draws.toto}::int and step = 'distribute'`);
    expect(bookings.n).toBe(1);
    expect(await figures(draws.toto)).toEqual(await figures(draws.magnum));
    // The round's winning summary written once, by one of the four writers that asked for it (each
    // settleDraw's beside the booking, and before the draw is marked distributed): the same rows as the
    // magnum draw's, which has the same bets and result.
    expect(await winningSummary(draws.toto)).toEqual(await winningSummary(draws.magnum));
    expect((await winningSummary(draws.toto)).length).toBeGreaterThan(5);
    expect(await t.db.transaction((tx) => summarizeRoundWinnings(tx, draws.toto))).toBe(false);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('write a round\'s winning summary once when two writers ask for it at once', async () => {
    const before = await winningSummary(draws.toto);
    await t.db.execute(sql`delete from winning_summary where draw_id = ${draws.toto}::int`);
    // The first writer holds its transaction open after writing; the second asks meanwhile, waits for it,
    // then finds the round written (without the draw's summary lock it would write the same keys again).
    const first = t.db.transaction(async (tx) => {
      const wrote = await summarizeRoundWinnings(tx, draws.toto);
      await new Promise((r) => setTimeout(r, 300));
      return wrote;
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = t.db.transaction((tx) => summarizeRoundWinnings(tx, draws.toto));
    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(await winningSummary(draws.toto)).toEqual(before);
  });

  it('price the strikes from winners when step 1 kept no sums of them', async () => {
    // Step 1 prices every strike and keeps their sums per company, chain, code and pool (decision 0059); a
    // round whose strikes were found before that (or whose sums were lost) is priced from its winners.
    const deps = { db: t.db, clock: t.clock, config: t.config };
    await release(draws.sabah, PoolId.Sabah);
    await insertWinners(deps, draws.sabah);
    const [kept] = await rows<{ n: number }>(sql`select count(*)::int as n from strike_sums where draw_id = ${draws.sabah}::int`);
    expect(kept.n).toBeGreaterThan(0);
    await t.db.execute(sql`delete from strike_sums where draw_id = ${draws.sabah}::int`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await distribute(deps, draws.sabah, null);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no strike sums agree with its winners; priced from winners/));
    warn.mockRestore();
    expect(await figures(draws.sabah)).toEqual(await figures(draws.magnum));
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('book the round current under the lock when a corrected result starts another after the keys\' figures were written', async (ctx) => {
    // Beside step 1 (PostgreSQL) the booking writes its keys' figures for the round current before the
    // settlement lock (decision 0060). A result corrected meanwhile starts round 2: under the lock the
    // booking takes back round 1's figures and books round 2's.
    if (databaseKind(t.db) !== 'postgres') ctx.skip();
    const deps = { db: t.db, clock: t.clock, config: t.config };
    const sw = draws.sarawak;
    await release(sw, PoolId.Sarawak);
    const corrected = (async () => {
      // The booking has written round 1's figures and waits for the lines' totals (its last statement
      // before that wait resets a setting).
      await expect
        .poll(async () => (await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where state = 'idle in transaction' and query like 'reset max_parallel_workers_per_gather%'`))[0].n, { timeout: 10_000, interval: 20 })
        .toBe(1);
      await t.db.execute(sql`update pool_results set version = 2 where draw_id = ${sw}::int`);
      await t.db.transaction((tx) => startRound(tx, { id: sw, poolId: PoolId.Sarawak, drawDate: '2026-11-25' }, 2, t.clock.now()));
      await insertWinners(deps, sw);
    })();
    const lines = corrected.then(() => t.db.transaction((tx) => linesTotalsOfDraw(tx, sw)));
    await distribute(deps, sw, null, { winners: corrected, lines });
    const booked = await rows<{ round: number; n: number }>(
      sql`select round, count(*)::int as n from settlement_bookings where draw_id = ${sw}::int and step = 'distribute' group by round`,
    );
    expect(booked).toEqual([{ round: 2, n: 1 }]);
    const [r1] = await rows<{ n: number }>(sql`select count(*)::int as n from settlement_figures where draw_id = ${sw}::int and round = 1`);
    expect(r1.n).toBe(0);
    expect(await figures(sw)).toEqual(await figures(draws.magnum));
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('keep strike sums only while they agree with winners', async () => {
    // What the booking compares under the lock (decision 0059): the strikes' sums step 1 kept against the
    // round's winners, by count and by the players' winnings.
    const a = { drawId: draws.magnum, companyId: ids.ssco, round: 1 };
    const [w] = await rows<{ n: number; won: string }>(
      sql`select count(*)::int as n, coalesce(sum(player_winnings), 0)::text as won from winners where draw_id = ${a.drawId}::int and round = 1`,
    );
    expect(w.n).toBeGreaterThan(0);
    const agree = async (strikes: number, won: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table settle_wins on commit drop as select ${strikes}::int as strikes, ${won}::bigint as w1`);
        return settleWinsAgree(tx, a);
      });
    expect(await agree(w.n, w.won)).toBe(true);
    expect(await agree(w.n - 1, w.won)).toBe(false);
    expect(await agree(w.n, String(BigInt(w.won) + 1n))).toBe(false);
  });

  it('are backfilled by migration 0031 with the statement that rebuilds them (the same text)', () => {
    const migration = fs.readFileSync(new URL('../drizzle/0031_settle_sums.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('with ss_del as'), migration.lastIndexOf('select count(*) from ss_ins;'));
    const rendered = new PgDialect().sqlToQuery(chainSumsBackfillSql(sql`select id from draws`));
    expect(rendered.params).toEqual([]);
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(squash(backfill)).toBe(squash(rendered.sql));
  });
});
