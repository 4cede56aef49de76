// Settlement (issue 11 items 6-10, 13): DOMAIN's worked example booked through the real API, rates frozen
// at placement, each step once however often triggered (also from a second server process), reports
// blocked while a draw settles, credit released to winners, and a correction resettled by reversal.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let admin2: string;
let co: string;
let player: string;
let agent: string;
const ids: Record<string, number> = {};
let drawId: number;
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}

/** A package of the company: Big only (and Small to be sold), payouts in RM per RM1 as DOMAIN prints them. */
const bigPackage = (name: string, commissionPct: number, big: number[], packageId?: number) => ({
  packageId,
  packageType: 0,
  name,
  rates: [
    { code: 'B', commissionPct, payouts: { first: big[0] * 100, second: big[1] * 100, third: big[2] * 100, starter: big[3] * 100, consolation: big[4] * 100 } },
    { code: 'S', commissionPct, payouts: { first: 350_000, second: 200_000, third: 100_000 } },
  ],
});

const balance = async (userId: number) => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where user_id = ${userId}), 0)::text as b`))[0].b);
const held = async () => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where code = ${`held-winnings:${ids.setco}`}), 0)::text as b`))[0].b);
const journalCount = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from journal_transactions`))[0].n);

const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'setit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  admin2 = await t.login('setit2', PASSWORD);
  await createOk(admin, { username: 'setco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  co = await t.login('setco', PASSWORD);
  await createOk(co, { username: 'setagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50, canEditPackage: true });
  agent = await t.login('setagent', PASSWORD);
  await createOk(agent, { username: 'setplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  player = await t.login('setplayer', PASSWORD);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = draw.body.data.drawId;
  // DOMAIN's worked example: C eats Big 3.00 per number by fight limit, A takes 50%.
  const limits = await t.request({
    url: '/api/Account/UpdateUserEatLimit',
    cookie: co,
    json: { userId: ids.setco, eatType: 'amount', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount: 300 }] },
  });
  expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  // The company's own sheet from the platform, above both of its packages.
  const house = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: admin, json: { ...bigPackage('House', 28, [2800, 1100, 560, 200, 70]), rates: [
    { code: 'B', commissionPct: 28, payouts: { first: 280_000, second: 110_000, third: 56_000, starter: 20_000, consolation: 7_000 } },
    { code: 'S', commissionPct: 28, payouts: { first: 380_000, second: 210_000, third: 110_000 } },
  ] } });
  expect(house.status, JSON.stringify(house.body)).toBe(200);
  expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: admin, json: { userId: ids.setco, packageType: 0, packageId: house.body.data.packageId } })).status).toBe(200);
  // C gives A its sheet; A gives P its own.
  for (const [name, pct, big, user, cookie] of [
    ['For A', 27, [2600, 1050, 520, 190, 63], 'setagent', co],
    ['For P', 26, [2500, 1000, 500, 180, 60], 'setplayer', agent],
  ] as const) {
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: bigPackage(name, pct, [...big]) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ids[name] = created.body.data.packageId;
    const assigned = await t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId: ids[user], packageType: 0, packageId: ids[name] } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

const express = (text: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text, idempotencyKey: `settlement-key-${++keyNo}-${Date.now()}` } });

describe('settling DOMAIN\'s worked example', () => {
  let before: Record<string, number>;

  it('freezes the chain\'s rates at placement: a package changed afterwards does not change the settlement', async () => {
    const placed = await express('D\n#1\n1234#10\n5678#10');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // 10.00 on each number: P pays 7.40 each.
    expect(placed.body.data.net).toBe(2 * 740);
    // The company bets 1.00 on a number that never wins, for itself (a chain of one: it holds its own bet).
    const own = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: co, json: { text: 'D\n#1\n7777#1', idempotencyKey: `settlement-own-${Date.now()}` } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.net).toBe(72);
    // The agent now gives its player less commission and a higher first prize; the ticket above keeps the rates it was placed at.
    const edit = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: agent, json: bigPackage('For P', 25, [2600, 1000, 500, 180, 60], ids['For P']) });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [chain] = await rows<{ n: number }>(sql`select cardinality(rc.user_ids)::int as n from tickets t join rate_chains rc on rc.id = t.rate_chain_normal where t.id = ${placed.body.data.ticketId}`);
    expect(chain.n).toBe(3);
    before = { A: await balance(ids.setagent), C: await balance(ids.setco), P: await balance(ids.setplayer) };
  });

  it('blocks reports of the date from release until the draw is distributed, and no step runs before release', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    // Days later: every session has expired.
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('setit2', PASSWORD);
    co = await t.login('setco', PASSWORD);
    player = await t.login('setplayer', PASSWORD);
    const early = await t.request({ url: '/api/Result/InsertWinners', cookie: admin, json: { drawId } });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('SETTLEMENT_NOT_STARTED');
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Settlement by hand in this test: the steps one at a time.
    await t.db.execute(sql`insert into system_settings (key, value) values ('autoSettleAfterRelease', 'false') on conflict (key) do update set value = 'false'`);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const access = await t.request({ url: '/api/Result/GetReportAccessValue', cookie: player, query: { drawDate: '2026-11-25' } });
    expect(access.body.data).toEqual({ blocked: true, byHand: false, settling: true });
    // A late void is refused once the result exists.
    const ticketId = (await rows<{ id: number }>(sql`select id from tickets order by id limit 1`))[0].id;
    const voided = await t.request({ url: '/api/Bet/VoidTicket', cookie: co, json: { ticketId: Number(ticketId) } });
    expect(voided.status).toBe(422);
    expect(voided.body.message).toBe('DRAW_HAS_RESULT');
  });

  it('finds the strikes once, however often asked', async () => {
    const first = await t.request({ url: '/api/Result/InsertWinners', cookie: admin, json: { drawId } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ round: 1, strikes: 1 });
    const again = await t.request({ url: '/api/Result/InsertWinners', cookie: admin2, json: { drawId } });
    expect(again.body.data).toEqual({ round: 1, strikes: 0 });
    const [w] = await rows<{ n_first: number }>(sql`select n_first from winners where draw_id = ${drawId}`);
    expect(w.n_first).toBe(1);
  });

  it('books every link of the example once, even when two server processes distribute at once', async () => {
    const other = await t.twin();
    const txBefore = await journalCount();
    const both = await Promise.all([
      t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId } }),
      t.request({ url: '/api/Result/DistributeStrike', cookie: admin2, json: { drawId }, via: other }),
    ]);
    for (const r of both) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(both.map((r) => r.body.data.lines).sort()).toEqual([0, 3]);
    expect(await journalCount()).toBe(txBefore + 1);
    // DOMAIN's table without the remote agent (nothing is laid off yet, so C holds the unposted 2.00):
    // loses: P -7.40, A +3.75, C +3.65; wins 1st: P +24,992.60, A -11,996.25, C -12,996.35.
    expect((await balance(ids.setagent)) - before.A).toBe(375 - 1_199_625);
    // C also gets back its own 0.72 as the house of its own losing bet.
    expect((await balance(ids.setco)) - before.C).toBe(365 - 1_299_635 + 72);
    // The player's winnings are held: its wallet has not moved yet.
    expect(await balance(ids.setplayer)).toBe(before.P);
    expect(await held()).toBe(2_500_000);
    const figures = await rows<Record<'pass' | 'eaten' | 'commission' | 'winnings' | 'link' | 'link_below' | 'commission_in' | 'winnings_in' | 'commission_below' | 'winnings_below', string> & { user_id: number }>(
      sql`select user_id, sum(pass)::text as pass, sum(eaten)::text as eaten, sum(commission)::text as commission, sum(winnings)::text as winnings,
                 sum(link)::text as link, sum(link_below)::text as link_below, sum(commission_in)::text as commission_in, sum(winnings_in)::text as winnings_in,
                 sum(commission_below)::text as commission_below, sum(winnings_below)::text as winnings_below
          from settlement_figures where draw_id = ${drawId} group by user_id order by user_id`,
    );
    const of = (id: number) => figures.find((f) => f.user_id === id)!;
    expect(of(ids.setplayer)).toMatchObject({ pass: '2000', commission: '520', winnings: '2500000', link: String(740 - 2_499_260) });
    expect(of(ids.setagent)).toMatchObject({ pass: '1000', eaten: '1000', commission: '270', winnings: '1300000', link: String(365 - 1_299_635), link_below: String(740 - 2_499_260) });
    // A's result split as the reports show it (DOMAIN's "A when 1234 wins", twice the losing line): its own
    // 10.00 eaten at its rates, 2 x 3.65 - 13,000.00; commission spread 20.00 x 1%; payout spread 10 x 100.
    const a = of(ids.setagent);
    expect(a).toMatchObject({ commission_below: '520', winnings_below: '2500000', commission_in: '540', winnings_in: '2600000' });
    const ownWinLoss = 2000 - 540 - 2_600_000 - Number(a.link);
    expect(ownWinLoss).toBe(730 - 1_300_000);
    expect(ownWinLoss + (540 - 520) + (2_600_000 - 2_500_000)).toBe(Number(a.link_below) - Number(a.link));
    // C's figures add its own 1.00 line, where it is the bettor and holds the link of 0.72 itself.
    // It is the house of that bet too: in the figures it neither owes nor is owed for it (result nil),
    // while the booking pays it the 0.72 it paid at placement.
    expect(of(ids.setco)).toMatchObject({ pass: '500', eaten: '600', link: '0', link_below: String(365 - 1_299_635) });
    const access = await t.request({ url: '/api/Result/GetReportAccessValue', cookie: player, query: { drawDate: '2026-11-25' } });
    expect(access.body.data.blocked).toBe(false);
  });

  it('releases the held winnings to the winner once, by its company', async () => {
    const refused = await t.request({ url: '/api/Result/ReleaseCredit', cookie: player, json: { drawDate: '2026-11-25' } });
    expect(refused.status).toBe(403);
    const released = await t.request({ url: '/api/Result/ReleaseCredit', cookie: co, json: { drawDate: '2026-11-25' } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toEqual({ released: 2_500_000, draws: 1 });
    expect((await balance(ids.setplayer)) - before.P).toBe(2_500_000);
    expect(await held()).toBe(0);
    // The credit log names the draw by its pool and date.
    const memos = await rows<{ kind: string; memo: string }>(sql`select kind, memo from journal_transactions where kind in ('settlement', 'winning') order by id`);
    expect(memos.map((m) => `${m.kind}: ${m.memo}`)).toEqual(['settlement: Magnum 4D 2026-11-25', 'winning: Magnum 4D 2026-11-25']);
    const again = await t.request({ url: '/api/Result/ReleaseCredit', cookie: admin, json: { drawDate: '2026-11-25' } });
    expect(again.body.data).toEqual({ released: 0, draws: 0 });
  });

  it('reports every figure from what settlement booked: each account\'s result is its journal, and they sum to zero', async () => {
    const day = { fromDate: '2026-11-25', toDate: '2026-11-25' };
    agent = await t.login('setagent', PASSWORD);
    const report = async (cookie: string, query: Record<string, unknown> = {}) => {
      const res = await t.request({ url: '/api/Report/GetWinLossReport', cookie, query: { ...day, ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const forAgent = await report(agent);
    expect(forAgent.rows).toHaveLength(1);
    // DOMAIN's "A when 1234 wins", with the losing 5678 beside it: P owes A its link; A's own 10.00 eaten at
    // its rates; commission spread 20.00 x 1%; payout spread 10 x 100; its link to C.
    expect(forAgent.rows[0]).toMatchObject({
      account: { userId: ids.setplayer },
      hasDownlines: false,
      turnover: 2000,
      downlinePass: 2000,
      downlineCommission: 520,
      downlineWinnings: 2_500_000,
      downlineWinLoss: 740 - 2_499_260,
      memberWinLoss: 2_499_260 - 740,
      eaten: 1000,
      ownWinLoss: 730 - 1_300_000,
      commissionSpread: 20,
      payoutSpread: 100_000,
      result: 375 - 1_199_625,
      payableToUpline: 365 - 1_299_635,
    });
    expect(forAgent.totals.result).toBe(375 - 1_199_625);
    const forCompany = await report(co);
    const viaAgent = forCompany.rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.setagent);
    expect(viaAgent).toMatchObject({ downlinePass: 1000, downlineWinLoss: 365 - 1_299_635, payableToUpline: 0, hasDownlines: true });
    // A downline's row adds up: what it passed up, less its commission and winnings on that, is its win/loss.
    // Its own tickets' row received nothing from below; the totals add up the same way.
    const forPlatform = await report(admin);
    for (const r of [...forAgent.rows, ...forCompany.rows, forAgent.totals, forCompany.totals, ...forPlatform.rows, forPlatform.totals]) {
      expect(r.downlinePass - r.downlineCommission - r.downlineWinnings).toBe(r.downlineWinLoss);
      expect(r.downlineCommission + r.downlineWinnings - r.downlinePass).toBe(r.memberWinLoss);
    }
    expect(forCompany.rows[0]).toMatchObject({ account: null, downlinePass: 0 });
    // Its own 1.00 ticket: it is bettor and house at once, so nothing is won or lost on it.
    expect(forCompany.rows[0]).toMatchObject({ account: null, turnover: 100, result: 0, payableToUpline: 0 });
    expect(forCompany.totals.payableToUpline).toBe(0);
    // A player reads no win/loss report (it has not the function), only its own lines.
    expect((await t.request({ url: '/api/Report/GetWinLossReport', cookie: player, query: day })).status).toBe(403);
    const own = await t.request({ url: '/api/Report/GetWinLossDetail', cookie: player, query: day });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const forPlayer = { totals: { result: own.body.data.totals.result as number } };
    expect(forPlayer.totals.result).toBe(2_499_260 - 740);
    // Each result is what the journal moved for the account on the draw (placement, settlement, release)...
    const journal = async (userId: number) =>
      Number(
        (
          await rows<{ s: string }>(sql`select coalesce(sum(je.amount), 0)::text as s from journal_entries je join ledger_accounts a on a.id = je.account_id
            join journal_transactions jt on jt.id = je.transaction_id where a.user_id = ${userId} and jt.kind in ('stake', 'settlement', 'winning')`)
        )[0].s,
      );
    for (const [cookie, id] of [[co, ids.setco], [agent, ids.setagent]] as const) expect((await report(cookie)).totals.result).toBe(await journal(id));
    expect(forPlayer.totals.result).toBe(await journal(ids.setplayer));
    // ... and the three sum to zero.
    expect(forCompany.totals.result + forAgent.totals.result + forPlayer.totals.result).toBe(0);
    // Drill-down from the company to its agent, with the way back; never upwards or sideways.
    const drilled = await report(co, { userId: ids.setagent });
    expect(drilled.rows).toEqual(forAgent.rows);
    expect(drilled.breadcrumb.map((a: { username: string }) => a.username)).toEqual(['setco', 'setagent']);
    expect((await t.request({ url: '/api/Report/GetWinLossReport', cookie: agent, query: { ...day, userId: ids.setco } })).status).toBe(404);
    await createOk(co, { username: 'setsibling', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
    const sibling = await t.login('setsibling', PASSWORD);
    expect((await t.request({ url: '/api/Report/GetWinLossReport', cookie: sibling, query: { ...day, userId: ids.setplayer } })).status).toBe(404);
    expect((await report(sibling)).rows).toEqual([]);
    // The bettor's lines, and its sales.
    const detail = await t.request({ url: '/api/Report/GetWinLossDetail', cookie: agent, query: { ...day, userId: ids.setplayer } });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.lines.map((l: { number: string; winnings: number }) => [l.number, l.winnings])).toEqual([['1234', 2_500_000], ['5678', 0]]);
    expect(detail.body.data.totals.result).toBe(forPlayer.totals.result);
    const sales = await t.request({ url: '/api/Report/GetSalesSummary', cookie: agent, query: day });
    expect(sales.body.data.rows).toEqual([expect.objectContaining({ betCode: 'B', tickets: 1, lines: 2, turnover: 2000, commission: 520, net: 1480 })]);
    // The strikes: 1234 struck first prize once, at P's frozen rate, and its winnings were released.
    const payout = await t.request({ url: '/api/Report/GetPayoutReport', cookie: co, query: day });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    expect(payout.body.data.rows).toEqual([
      expect.objectContaining({ username: 'setplayer', number: '1234', betCode: 'B', stake: 1000, amount: 2_500_000, released: true, prizes: [{ prize: 'first', count: 1, rate: 250_000 }] }),
    ]);
    expect(payout.body.data.totals).toEqual({ stake: 1000, amount: 2_500_000, released: 2_500_000, held: 0 });
    const ownPayout = await t.request({ url: '/api/Report/GetSelfPayoutReport', cookie: player, query: day });
    expect(ownPayout.body.data.rows).toHaveLength(1);
    expect((await t.request({ url: '/api/Report/GetPayoutReport', cookie: sibling, query: day })).body.data.rows).toEqual([]);
    // The winning report: the date's result with the subtree's strikes; a player sees its own, a sibling none.
    const winning = async (cookie: string) => (await t.request({ url: '/api/Report/GetWinningReport', cookie, query: { drawDate: '2026-11-25' } })).body.data;
    const w = await winning(co);
    expect(w.draws).toHaveLength(1);
    expect(w.draws[0]).toMatchObject({ drawId, round: 1, winnersFound: true, distributed: true, totals: { lines: 1, stake: 1000, winnings: 2_500_000 } });
    expect(w.draws[0].strikes).toEqual([{ number: '1234', betCode: 'B', prize: 'first', lines: 1, bettors: 1, stake: 1000, winnings: 2_500_000 }]);
    expect(w.draws[0].numbers.fourD.first).toBe('1234');
    expect((await winning(player)).draws[0].strikes).toHaveLength(1);
    expect((await winning(sibling)).draws[0].strikes).toEqual([]);
    // The map of the draw for A: each number's stake, what A ate (5.00), and what that would pay at A's rates.
    const map = await t.request({ url: '/api/Report/GetMapReport', cookie: agent, query: { drawId } });
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    expect(map.body.data.rows.map((r: { number: string }) => r.number).sort()).toEqual(['1234', '5678']);
    expect(map.body.data.rows[0]).toMatchObject({ stake: { B: 1000 }, stakeTotal: 1000, eaten: { B: 500 }, eatenTotal: 500, risk: 5 * 260_000 });
    expect(map.body.data.rows[0].payouts).toMatchObject({ first: 5 * 260_000, second: 5 * 105_000 });
    expect(map.body.data.totals).toEqual({ stakeTotal: 2000, eatenTotal: 1000, runTotal: 0 });
    // The company's map prices its eaten 3.00 as settlement booked it (issue 29 line 2, the link rule): at
    // its agent's rates (2,600), not its own package's (2,800). What A passed up on 1234 won A's winnings
    // on it; the company's eaten part of that is its booked share.
    const coMap = await t.request({ url: '/api/Report/GetMapReport', cookie: co, query: { drawId, number: '1234' } });
    const struck = coMap.body.data.rows[0];
    expect(struck).toMatchObject({ number: '1234', eatenTotal: 300 });
    const passedUp = map.body.data.rows[0].stakeTotal - map.body.data.rows[0].eatenTotal;
    expect(struck.payouts.first).toBe((viaAgent.downlineWinnings * struck.eatenTotal) / passedUp);
    expect(struck.payouts.first).toBe(3 * 260_000);
    const searched = await t.request({ url: '/api/Report/GetMapReport', cookie: agent, query: { drawId, number: '56' } });
    expect(searched.body.data.rows.map((r: { number: string }) => r.number)).toEqual(['5678']);
    const behind = await t.request({ url: '/api/Report/GetMapReportTicket', cookie: agent, query: { drawId, number: '1234' } });
    expect(behind.body.data).toEqual([expect.objectContaining({ username: 'setplayer', betCode: 'B', stake: 1000, eaten: 500 })]);
    expect((await t.request({ url: '/api/Report/GetMapReport', cookie: sibling, query: { drawId } })).body.data.rows).toEqual([]);
    expect((await t.request({ url: '/api/Report/GetMapReport', cookie: player, query: { drawId } })).status).toBe(403);
    // The payout table of P's package as it is now (changed after the ticket: 2,600 for a first prize).
    const table = await t.request({ url: '/api/Report/GetPayoutTable', cookie: agent, query: { userId: ids.setplayer } });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    expect(table.body.data.amounts).toEqual([1, 2, 3, 4, 5, 6, 8, 10]);
    const big = table.body.data.codes.find((c: { code: string }) => c.code === 'B');
    expect(big.prizes[0]).toEqual({ prize: 'first', rate: 260_000, wins: [1, 2, 3, 4, 5, 6, 8, 10].map((a) => a * 260_000) });
    const a3 = table.body.data.codes.find((c: { code: string }) => c.code === 'A');
    expect(a3.sold).toBe(false);
    expect(a3.prizes.every((p: { wins: number[] }) => p.wins.every((w) => w === 0))).toBe(true);
    expect((await t.request({ url: '/api/Report/GetPayoutTable', cookie: player, query: {} })).status).toBe(403);
    // The files hold what the screen shows, headed in the reader's language.
    const csv = await t.app.inject({ method: 'GET', url: '/api/Report/GetWinLossReport', query: { ...day, format: 'csv', lang: 'cn' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: agent } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('会员输赢');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('setplayer');
    // The member win/loss from the member's side (DOMAIN "Reports: one name, one sign"): it won 24,985.20.
    expect(lines[2].startsWith('合计,2,20.00,20.00,5.20,25000.00,24985.20,10.00,-12992.70,0.20,1000.00,-11992.50,')).toBe(true);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/Report/GetSalesSummary', query: { ...day, format: 'xlsx', lang: 'bm' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: agent } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).getCell(5).value).toBe('Jualan');
    expect(book.worksheets[0].getRow(2).getCell(7).value).toBe(14.8);
    // The payout report's strikes and a bettor's lines export as the screen shows them.
    const file = (url: string, cookie: string, lang = 'en') =>
      t.app.inject({ method: 'GET', url, query: { ...day, format: 'csv', lang }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie } });
    const payoutCsv = (await file('/api/Report/GetPayoutReport', agent, 'cn')).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(payoutCsv[0]).toBe('单号,开奖日期,彩池,号码,玩法,账户,奖项,注额,派彩,状态');
    expect(payoutCsv[1]).toMatch(/^T\d+,2026-11-25,万能 4D,1234,B,setplayer,头奖,10.00,25000.00,已发放$/); // the pool as the Chinese screen names it
    expect(payoutCsv.at(-1)).toBe('合计,,,,,,,10.00,25000.00,');
    const selfCsv = (await file('/api/Report/GetSelfPayoutReport', player)).body.trim().split('\r\n');
    expect(selfCsv).toHaveLength(3);
    const detailCsv = (await file('/api/Report/GetWinLossDetail', player)).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(detailCsv[0]).toBe('Ticket,Draw date,Pool,Number,Bet code,Turnover,Commission,Winnings,Member win/loss (+ member won)');
    expect(detailCsv).toHaveLength(4);
    expect(detailCsv.at(-1)).toBe('Total,,,,,20.00,5.20,25000.00,24985.20');
    expect((await file('/api/Report/GetPayoutReport', player)).statusCode).toBe(403);
    // A date blocked by hand is left out, and said.
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: true } });
    const blocked = await report(agent);
    expect(blocked).toMatchObject({ rows: [], blockedDates: ['2026-11-25'], settlingDates: [] });
    const blockedCsv = await t.app.inject({ method: 'GET', url: '/api/Report/GetWinLossReport', query: { ...day, format: 'csv' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: agent } });
    expect(blockedCsv.body.trim().split('\r\n').at(-1)).toBe('Not included until their figures are final: 2026-11-25');
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: false } });
    // Bad filters name the field.
    const bad = await t.request({ url: '/api/Report/GetWinLossReport', cookie: agent, query: { fromDate: '2026-11-25', toDate: '2026-11-24' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('toDate');
  });

  it('gives the demo variant of win/loss 2: the accounts flagged demo and their downlines only', async () => {
    const day = { fromDate: '2026-11-25', toDate: '2026-11-25' };
    const demo = async (cookie: string, query: Record<string, unknown> = {}) => {
      const res = await t.request({ url: '/api/Report/GetWinLoss3SectionsReportDemo', cookie, query: { ...day, ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect((await demo(co)).rows).toEqual([]);
    await t.db.execute(sql`update users set is_demo = true where id = ${ids.setagent}`);
    try {
      const full = (await t.request({ url: '/api/Report/GetWinLoss3SectionsReport', cookie: co, query: day })).body.data;
      const viaAgent = full.rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.setagent);
      const forCompany = await demo(co);
      expect(forCompany.rows).toEqual([viaAgent]);
      expect(forCompany.totals.result).toBe(viaAgent.result);
      // Under the demo agent its player counts too, though not flagged itself.
      expect((await demo(co, { userId: ids.setagent })).rows.map((r: { account: { userId: number } }) => r.account.userId)).toEqual([ids.setplayer]);
      expect((await t.request({ url: '/api/Report/GetWinLoss3SectionsReportDemo', cookie: player, query: day })).status).toBe(403);
    } finally {
      await t.db.execute(sql`update users set is_demo = false where id = ${ids.setagent}`);
    }
  });

  it('gives the sales and payout statistics by date, pool and code: the summary\'s and the payout report\'s own figures', async () => {
    const day = { fromDate: '2026-11-20', toDate: '2026-11-25' };
    const get = async (url: string, cookie: string, query: Record<string, unknown> = {}) => {
      const res = await t.request({ url, cookie, query: { ...day, ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const sales = await get('/api/Report/GetSalesStatistic', agent);
    const row = { drawDate: '2026-11-25', poolId: PoolId.Magnum, betCode: 'B', tickets: 1, lines: 2, turnover: 2000, commission: 520, net: 1480 };
    expect(sales.rows).toEqual([row]);
    const { betCode: _code, ...point } = row;
    expect(sales.series).toEqual([point]);
    expect(sales.totals).toEqual((await get('/api/Report/GetSumSalesSummary', agent)).totals);
    // The company's own ticket is in its sales; its totals are its sales summary's.
    const forCompany = await get('/api/Report/GetSalesStatistic', co);
    expect(forCompany.totals).toEqual((await get('/api/Report/GetSumSalesSummary', co)).totals);
    expect(forCompany.totals.turnover).toBe(2100);
    const payout = await get('/api/Report/GetPayoutStatistic', co);
    expect(payout.rows).toEqual([{ drawDate: '2026-11-25', poolId: PoolId.Magnum, betCode: 'B', strikes: 1, stake: 1000, amount: 2_500_000, released: 2_500_000 }]);
    const report = await get('/api/Report/GetPayoutReport', co);
    expect(payout.totals).toEqual({ strikes: report.total, stake: report.totals.stake, amount: report.totals.amount, released: report.totals.released });
    // Drilled to the agent, the same; a sibling sees nothing of it and cannot drill into it; a player reads neither.
    expect((await get('/api/Report/GetPayoutStatistic', co, { userId: ids.setagent })).totals).toEqual(payout.totals);
    const sibling = await t.login('setsibling', PASSWORD);
    expect((await get('/api/Report/GetSalesStatistic', sibling)).rows).toEqual([]);
    expect((await get('/api/Report/GetPayoutStatistic', sibling)).totals.amount).toBe(0);
    expect((await t.request({ url: '/api/Report/GetSalesStatistic', cookie: sibling, query: { ...day, userId: ids.setagent } })).status).toBe(404);
    for (const url of ['/api/Report/GetSalesStatistic', '/api/Report/GetPayoutStatistic']) {
      expect((await t.request({ url, cookie: player, query: day })).status).toBe(403);
      const bad = await t.request({ url, cookie: co, query: { ...day, poolId: 0 } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('poolId');
    }
    // A date blocked by hand leaves the payouts (not the sales, final at the cutoff) and is named.
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: true } });
    expect(await get('/api/Report/GetPayoutStatistic', co)).toMatchObject({ rows: [], series: [], blockedDates: ['2026-11-25'] });
    expect((await get('/api/Report/GetSalesStatistic', co)).totals.turnover).toBe(2100);
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: false } });
    // The file: every row and the totals, headed in the reader's language.
    const file = await t.app.inject({ method: 'GET', url: '/api/Report/GetPayoutStatistic', query: { ...day, format: 'xlsx', lang: 'cn' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: co } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(6).value).toBe('派彩');
    expect(sheet.getRow(2).getCell(2).value).toBe('万能 4D');
    expect(sheet.getRow(2).getCell(6).value).toBe(25_000);
    expect(sheet.getRow(3).getCell(1).value).toBe('合计');
  });

  it('resettles a corrected result by reversal: the winner\'s released winnings are taken back by the difference', async () => {
    await t.db.execute(sql`update system_settings set value = 'true' where key = 'autoSettleAfterRelease'`);
    const corrected = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('5678') }, version: 1, reason: 'typed the wrong first prize' } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // Now 5678 wins 1st and 1234 loses: the same figures with the numbers swapped, and the player keeps 25,000.00.
    expect((await balance(ids.setagent)) - before.A).toBe(375 - 1_199_625);
    expect((await balance(ids.setco)) - before.C).toBe(365 - 1_299_635 + 72);
    expect((await balance(ids.setplayer)) - before.P).toBe(2_500_000);
    const [s] = await rows<{ round: number }>(sql`select round from draw_settlements where draw_id = ${drawId}`);
    expect(s.round).toBe(2);
    const reversed = await rows<{ memo: string }>(sql`select memo from journal_transactions where kind = 'reversal' order by id`);
    expect(reversed.map((r) => r.memo)).toEqual([
      'Magnum 4D 2026-11-25: winnings reversed (corrected result)',
      'Magnum 4D 2026-11-25: settlement reversed (corrected result)',
    ]);
    const steps = await rows<{ round: number; step: string }>(sql`select round, step from settlement_bookings where draw_id = ${drawId} order by round, step`);
    expect(steps).toEqual([
      { round: 1, step: 'distribute' },
      { round: 1, step: 'release' },
      { round: 1, step: 'reverse-distribute' },
      { round: 1, step: 'reverse-release' },
      { round: 2, step: 'distribute' },
      { round: 2, step: 'release' },
    ]);
    // A result with no winner at all: everything the player won is taken back.
    const none = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('9999') }, version: 2, reason: 'wrong pool copied' } });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect((await balance(ids.setplayer)) - before.P).toBe(0);
    expect((await balance(ids.setagent)) - before.A).toBe(2 * 375);
    expect((await balance(ids.setco)) - before.C).toBe(2 * 365 + 72);
  });
});

describe('draw payment after settlement', () => {
  // After the last correction both numbers lost: P owes A 2 x 7.40, A owes C 2 x 3.65.
  const init = async (cookie: string) => (await t.request({ url: '/api/Payment/InitDrawPayment', cookie, query: { drawDate: '2026-11-25' } })).body.data;
  const pay = (cookie: string, body: Record<string, unknown>) =>
    t.request({
      url: '/api/Payment/SaveDrawPayment',
      cookie,
      json: { drawDate: '2026-11-25', idempotencyKey: `draw-pay-${++keyNo}-${Date.now()}`, ...body, amount: Math.abs(Number(body.amount)), direction: Number(body.amount) < 0 ? 'toDownline' : 'fromDownline' },
    });

  it('shows each account what it owes its upline and what its direct downlines owe it', async () => {
    agent = await t.login('setagent', PASSWORD);
    const mine = await init(player);
    expect(mine.upline).toMatchObject({ username: 'setplayer', uplineUsername: 'setagent', owed: 1_480, paid: 0, remaining: 1_480, status: 'open' });
    expect(mine.downlines).toEqual([]);
    const a = await init(agent);
    expect(a.upline).toMatchObject({ owed: 730, status: 'open' });
    expect(a.downlines).toEqual([expect.objectContaining({ username: 'setplayer', owed: 1_480, remaining: 1_480, status: 'open' })]);
    const c = await init(co);
    expect(c.upline).toBeNull();
    expect(c.downlines).toEqual([expect.objectContaining({ username: 'setagent', owed: 730 })]);
  });

  it('opens on the newest settled date: InitReport names it for every caller', async () => {
    for (const cookie of [player, agent, co]) {
      const init = await t.request({ url: '/api/Report/InitReport', cookie });
      expect(init.status).toBe(200);
      expect(init.body.data.lastSettledDate).toBe('2026-11-25');
    }
  });

  it('records part and then the rest, moving the same amount between the two wallets, once per key', async () => {
    const p0 = await balance(ids.setplayer);
    const a0 = await balance(ids.setagent);
    const key = `draw-pay-once-${Date.now()}`;
    const first = await pay(agent, { downlineId: ids.setplayer, amount: 1_000, remark: 'cash', idempotencyKey: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await pay(agent, { downlineId: ids.setplayer, amount: 1_000, remark: 'cash', idempotencyKey: key });
    expect(retry.body).toEqual(first.body);
    expect((await balance(ids.setplayer)) - p0).toBe(1_000);
    expect((await balance(ids.setagent)) - a0).toBe(-1_000);
    expect((await init(agent)).downlines[0]).toMatchObject({ paid: 1_000, remaining: 480, status: 'partPaid' });
    const tooMuch = await pay(agent, { downlineId: ids.setplayer, amount: 481 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('DRAW_PAYMENT_TOO_MUCH');
    const wrongWay = await pay(agent, { downlineId: ids.setplayer, amount: -100 });
    expect(wrongWay.status).toBe(400);
    expect((await pay(agent, { downlineId: ids.setplayer, amount: 480, reference: 'R-2' })).status).toBe(200);
    expect((await init(player)).upline).toMatchObject({ paid: 1_480, remaining: 0, status: 'paid' });
  });

  it('corrects a payment only by reversing it, and edits only its remark and reference', async () => {
    const history = (await t.request({ url: '/api/Payment/GetDrawPaymentHistory', cookie: agent, query: { drawDate: '2026-11-25' } })).body.data;
    const last = history[0];
    expect(last).toMatchObject({ downline: 'setplayer', upline: 'setagent', amount: 480, reference: 'R-2', reversed: false });
    const reverse = await pay(agent, { downlineId: ids.setplayer, amount: -480, reversesId: last.id });
    expect(reverse.status, JSON.stringify(reverse.body)).toBe(200);
    expect((await init(agent)).downlines[0]).toMatchObject({ paid: 1_000, remaining: 480 });
    const twice = await pay(agent, { downlineId: ids.setplayer, amount: -480, reversesId: last.id });
    expect(twice.status).toBe(409);
    const edit = await t.request({ url: '/api/Result/UpdateDrawPaymentDetail', cookie: agent, json: { paymentId: last.id, remark: 'typed twice' } });
    expect(edit.status).toBe(200);
    const after = (await t.request({ url: '/api/Payment/GetDrawPaymentHistory', cookie: agent, query: { drawDate: '2026-11-25' } })).body.data;
    expect(after.find((r: { id: number }) => r.id === last.id)).toMatchObject({ amount: 480, remark: 'typed twice', reference: 'R-2', reversed: true });
  });

  it('shows the usline: per date what each owes its upline and what was paid of it', async () => {
    const usline = async (cookie: string, query: Record<string, unknown> = {}) => {
      const res = await t.request({ url: '/api/Report/GetUsLineReport', cookie, query: { fromDate: '2026-11-20', toDate: '2026-11-30', ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const mine = await usline(co, { userId: ids.setplayer });
    expect(mine.upline).toMatchObject({ username: 'setagent' });
    expect(mine.rows).toEqual([{ drawDate: '2026-11-25', owed: 1_480, paid: 1_000, remaining: 480, status: 'partPaid' }]);
    expect((await usline(agent)).rows).toEqual([{ drawDate: '2026-11-25', owed: 730, paid: 0, remaining: 730, status: 'open' }]);
    // A player reads no win/loss report; an agent no upline's.
    expect((await t.request({ url: '/api/Report/GetUsLineReport', cookie: player, query: { fromDate: '2026-11-25', toDate: '2026-11-25' } })).status).toBe(403);
    expect((await t.request({ url: '/api/Report/GetUsLineReport', cookie: agent, query: { fromDate: '2026-11-25', toDate: '2026-11-25', userId: ids.setco } })).status).toBe(404);
  });

  it('refuses a payment for an account that is not a direct downline, and the platform', async () => {
    expect((await pay(co, { downlineId: ids.setplayer, amount: 100 })).status).toBe(404);
    expect((await pay(player, { downlineId: ids.setagent, amount: 100 })).status).toBe(404);
    expect((await t.request({ url: '/api/Payment/InitDrawPayment', cookie: admin, query: { drawDate: '2026-11-25' } })).status).toBe(403);
    const edit = await t.request({ url: '/api/Result/UpdateDrawPaymentDetail', cookie: co, json: { paymentId: 1, remark: 'x' } });
    expect(edit.status).toBe(403);
  });
});
