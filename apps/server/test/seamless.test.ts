// Seamless API accounts (issue 11 item 12) and Payment/ClaimPrizes (item 7), decision 0025: a seamless
// player's settled ticket is POSTed, signed, to a real local HTTP receiver that fails the first tries; it
// is retried by backoff on the injectable clock until acknowledged, once; its state shows on the receipt;
// ResettleSeamless and a corrected result send it again. An upline pays one winning ticket's held prize,
// once; release credit does not pay it twice; a corrected result reverses the claim by the difference.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { deliverDue } from '../src/modules/seamless/deliver';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let admin2: string;
let co: string;
let agent: string;
let seamless: string;
let player: string;
let otherAgent: string;
const ids: Record<string, number> = {};
let drawId: number;
let keyNo = 0;
let secret: string;
const tickets: Record<string, number> = {};
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const deps = () => ({ db: t.db, clock: t.clock, config: t.config });

// The client's system: answers 500 to the first `failFirst` callbacks, then 200.
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const failFirst = 2;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.statusCode = received.length <= failFirst ? 500 : 200;
    res.end(res.statusCode === 200 ? 'OK' : 'not now');
  });
});
let callbackUrl: string;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}

const bigPackage = (name: string, commissionPct: number, big: number[]) => ({
  packageType: 0,
  name,
  rates: [{ code: 'B', commissionPct, payouts: { first: big[0] * 100, second: big[1] * 100, third: big[2] * 100, starter: big[3] * 100, consolation: big[4] * 100 } }],
});
const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});
const balance = async (userId: number) => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where user_id = ${userId}), 0)::text as b`))[0].b);
const held = async () => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where code = ${`held-winnings:${ids.seamco}`}), 0)::text as b`))[0].b);
const receipt = async (cookie: string, ticketId: number) => (await t.request({ url: '/api/Bet/GetBetReceipt', cookie, query: { ticketId } })).body.data;
const claim = (cookie: string, ticketId: number, key = `claim-${++keyNo}-${Date.now()}`) => t.request({ url: '/api/Payment/ClaimPrizes', cookie, json: { ticketId, idempotencyKey: key } });

/** Logs everyone in again (sessions expire while the clock moves on by days or hours). */
async function loginAll() {
  for (const [name, who] of [['admin', ADMIN.username], ['admin2', 'seamit2'], ['co', 'seamco'], ['agent', 'seamagent'], ['seamless', 'seamapi'], ['player', 'seamplayer'], ['otherAgent', 'seamother']] as const) {
    const cookie = await t.login(who, who === ADMIN.username ? ADMIN.password : PASSWORD);
    if (name === 'admin') admin = cookie;
    else if (name === 'admin2') admin2 = cookie;
    else if (name === 'co') co = cookie;
    else if (name === 'agent') agent = cookie;
    else if (name === 'seamless') seamless = cookie;
    else if (name === 'player') player = cookie;
    else otherAgent = cookie;
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/settle`;
  // The receiver listens on this machine: callbacks to private addresses are allowed for the test.
  t = await createTestApp({ start: '2026-11-22T04:00:00Z', config: { allowPrivateCallbacks: true } });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'seamit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  admin2 = await t.login('seamit2', PASSWORD);
  await createOk(admin, { username: 'seamco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('seamco', PASSWORD);
  await createOk(co, { username: 'seamagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50, canEditPackage: true });
  agent = await t.login('seamagent', PASSWORD);
  await createOk(agent, { username: 'seamapi', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(agent, { username: 'seamplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  seamless = await t.login('seamapi', PASSWORD);
  player = await t.login('seamplayer', PASSWORD);
  await createOk(co, { username: 'seamother', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
  otherAgent = await t.login('seamother', PASSWORD);
  const house = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: admin, json: bigPackage('House', 28, [2800, 1100, 560, 200, 70]) });
  expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: admin, json: { userId: ids.seamco, packageType: 0, packageId: house.body.data.packageId } })).status).toBe(200);
  const forA = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: co, json: bigPackage('For A', 27, [2600, 1050, 520, 190, 63]) });
  expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: co, json: { userId: ids.seamagent, packageType: 0, packageId: forA.body.data.packageId } })).status).toBe(200);
  const forP = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: agent, json: bigPackage('For P', 26, [2500, 1000, 500, 180, 60]) });
  for (const p of ['seamapi', 'seamplayer']) {
    expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: agent, json: { userId: ids[p], packageType: 0, packageId: forP.body.data.packageId } })).status).toBe(200);
  }
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = draw.body.data.drawId;
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('a seamless API account', () => {
  it('gets a settlement callback URL from whoever manages its API account: http(s) only, the secret never returned', async () => {
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: co });
    const code = (await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: co })).body.data;
    secret = code.clientSecret;
    const saved = await t.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: co, json: { userId: ids.seamapi, ...code } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const bad of ['ftp://example.com/x', 'javascript:alert(1)', '/relative', 'http://user:pw@example.com/']) {
      const res = await t.request({ url: '/api/Account/UpdateSettlementCallback', cookie: co, json: { userId: ids.seamapi, callbackUrl: bad } });
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body)).toContain('callbackUrl');
    }
    // An agent does not manage API accounts.
    const agentTry = await t.request({ url: '/api/Account/UpdateSettlementCallback', cookie: agent, json: { userId: ids.seamapi, callbackUrl } });
    expect(agentTry.status).toBe(403);
    const set = await t.request({ url: '/api/Account/UpdateSettlementCallback', cookie: co, json: { userId: ids.seamapi, callbackUrl } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const read = await t.request({ url: '/api/Account/GetSettlementCallback', cookie: co, query: { userId: ids.seamapi } });
    expect(read.body.data).toEqual({ userId: ids.seamapi, callbackUrl });
    // Another company cannot read or set it.
    await createOk(admin, { username: 'seamco2', level: HierarchyLevel.Company });
    const co2 = await t.login('seamco2', PASSWORD);
    expect((await t.request({ url: '/api/Account/GetSettlementCallback', cookie: co2, query: { userId: ids.seamapi } })).status).toBe(404);
    for (const r of [saved, set, read]) expect(JSON.stringify(r.body)).not.toContain(secret);
  });

  it('has each ticket queued when its draw is distributed, and only its own', async () => {
    const a = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: seamless, json: { text: 'D\n#1\n1234#10\n4444#1', idempotencyKey: `seamless-order-${++keyNo}` } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    tickets.seamless = a.body.data.ticketId;
    const b = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: 'D\n#1\n1234#10', idempotencyKey: `seamless-order-${++keyNo}` } });
    tickets.winner = b.body.data.ticketId;
    const c = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: 'D\n#1\n9876#1', idempotencyKey: `seamless-order-${++keyNo}` } });
    tickets.loser = c.body.data.ticketId;
    t.clock.set('2026-11-25T12:00:00Z');
    await loginAll();
    expect((await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } })).status).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const queued = await rows<{ ticket_id: string; status: string; round: number; payload: Record<string, unknown> }>(sql`select ticket_id::text, status, round, payload from seamless_deliveries`);
    expect(queued.map((q) => [Number(q.ticket_id), q.status, q.round])).toEqual([[tickets.seamless, 'pending', 1]]);
    const p = queued[0].payload as { lines: { number: string; winnings: number }[]; winnings: number; stake: number; net: number; round: number; ticketId: number };
    expect(p).toMatchObject({ ticketId: tickets.seamless, drawId, round: 1, stake: 1100, net: 814 });
    expect(p.lines.map((l) => l.number)).toEqual(['1234', '4444']);
    expect(p.winnings).toBe(2_500_000);
    expect(received).toHaveLength(0);
  });

  it('is sent signed, retried by backoff until acknowledged, once; the upline sees the state', async () => {
    const first = await deliverDue(deps());
    expect(first).toEqual({ delivered: 0, failed: 1 });
    let [d] = await rows<{ status: string; attempts: number; last_error: string }>(sql`select status, attempts, last_error from seamless_deliveries`);
    expect(d).toMatchObject({ status: 'failing', attempts: 1, last_error: 'answered HTTP 500' });
    const onReceipt = (await receipt(agent, tickets.seamless)).settlement.deliveries;
    expect(onReceipt).toMatchObject([{ status: 'failing', attempts: 1, lastError: 'answered HTTP 500', round: 1, resend: 0 }]);
    const callback = async () =>
      (await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin })).body.data.find((c: { kind: string; name: string }) => c.kind === 'seamless-callback' && c.name === 'seamapi');
    expect(await callback()).toMatchObject({ lastAnsweredAt: null, lastError: 'answered HTTP 500', waiting: 1 });
    // Not before the backoff: 30 s after the first failure, then 60 s after the second.
    t.clock.advance(29_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 0, failed: 0 });
    t.clock.advance(1_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 0, failed: 1 });
    t.clock.advance(59_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(2);
    t.clock.advance(1_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 1, failed: 0 });
    t.clock.advance(3_600_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(3);
    [d] = await rows(sql`select status, attempts, last_error from seamless_deliveries`);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
    await loginAll();
    expect(await callback()).toMatchObject({ lastError: null, waiting: 0 });
    expect((await callback()).lastAnsweredAt).not.toBeNull();
    // The signature: HMAC-SHA256 of "<timestamp>.<body>" keyed with sha256(secret) in hex.
    const last = received[2];
    const key = crypto.createHash('sha256').update(secret).digest('hex');
    const expected = `sha256=${crypto.createHmac('sha256', key).update(`${last.headers['x-seamless-timestamp']}.${last.body}`).digest('hex')}`;
    expect(last.headers['x-seamless-signature']).toBe(expected);
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toMatchObject({ ticketId: tickets.seamless, round: 1, resend: 0, winnings: 2_500_000 });
    expect(JSON.stringify(received)).not.toContain(secret);
    await loginAll();
    expect((await receipt(agent, tickets.seamless)).settlement.deliveries).toMatchObject([{ status: 'delivered', attempts: 3, lastError: null }]);
  });

  it('is sent again by ResettleSeamless, for a ticket of the caller\'s subtree that was sent before', async () => {
    expect((await t.request({ url: '/api/Bet/ResettleSeamless', cookie: otherAgent, json: { ticketId: tickets.seamless } })).status).toBe(404);
    const notSeamless = await t.request({ url: '/api/Bet/ResettleSeamless', cookie: agent, json: { ticketId: tickets.winner } });
    expect(notSeamless.status).toBe(422);
    expect(notSeamless.body.message).toBe('NOT_SEAMLESS_TICKET');
    const again = await t.request({ url: '/api/Bet/ResettleSeamless', cookie: agent, json: { ticketId: tickets.seamless } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.queued).toBe(1);
    expect(again.body.data.deliveries[0]).toMatchObject({ status: 'pending', resend: 1, round: 1 });
    expect(await deliverDue(deps())).toEqual({ delivered: 1, failed: 0 });
    expect(JSON.parse(received[3].body)).toMatchObject({ ticketId: tickets.seamless, round: 1, resend: 1 });
  });
});

describe('Payment/ClaimPrizes', () => {
  let before: number;
  let prize: number;
  it('shows the held prize to the player\'s upline only, and refuses a caller outside the downline and a losing ticket', async () => {
    const seen = (await receipt(agent, tickets.winner)).settlement;
    expect(seen.prizes).toMatchObject([{ drawId, round: 1, amount: 2_500_000, state: 'held' }]);
    expect(seen.claimable).toBe(2_500_000);
    expect((await receipt(player, tickets.winner)).settlement.claimable).toBe(0);
    prize = 2_500_000;
    before = await balance(ids.seamplayer);
    expect((await claim(otherAgent, tickets.winner)).status).toBe(404);
    expect([403, 404]).toContain((await claim(player, tickets.winner)).status);
    const losing = await claim(agent, tickets.loser);
    expect(losing.status).toBe(422);
    expect(losing.body.message).toBe('PRIZE_NOT_CLAIMABLE');
    expect(await balance(ids.seamplayer)).toBe(before);
  });

  it('pays the prize from held winnings once, and release credit does not pay it again', async () => {
    const heldBefore = await held();
    const key = `claim-once-${Date.now()}`;
    const paid = await claim(agent, tickets.winner, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toEqual({ ticketId: tickets.winner, amount: prize, draws: 1 });
    const replay = await claim(agent, tickets.winner, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const twice = await claim(agent, tickets.winner);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('PRIZE_NOT_CLAIMABLE');
    expect(await balance(ids.seamplayer)).toBe(before + prize);
    expect(await held()).toBe(heldBefore - prize);
    expect((await receipt(agent, tickets.winner)).settlement).toMatchObject({ claimable: 0, prizes: [{ state: 'claimed', amount: prize }] });
    // The payout report counts a claimed prize as paid out before the company releases the rest.
    const payout = await t.request({ url: '/api/Report/GetPayoutReport', cookie: co, query: { fromDate: '2026-11-25', toDate: '2026-11-25' } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    expect(payout.body.data.rows.find((r: { ticketId: number }) => r.ticketId === tickets.winner)).toMatchObject({ released: true, amount: prize });
    expect(payout.body.data.totals).toMatchObject({ released: prize, held: payout.body.data.totals.amount - prize });
    const released = await t.request({ url: '/api/Result/ReleaseCredit', cookie: co, json: { drawDate: '2026-11-25' } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    // Only the seamless player's prize is released: the claimed one is not paid twice.
    expect(released.body.data.released).toBe(2_500_000);
    expect(await balance(ids.seamplayer)).toBe(before + prize);
    expect(await held()).toBe(heldBefore - prize - 2_500_000);
    expect((await claim(agent, tickets.seamless)).body.message).toBe('PRIZE_NOT_CLAIMABLE');
  });

  it('is reversed by a corrected result, the new round queued for the seamless account', async () => {
    const corrected = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('4444') }, version: 1, reason: 'typed the wrong first prize' } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // 1234 no longer wins: the claimed prize is taken back; nothing is held for the ticket.
    expect(await balance(ids.seamplayer)).toBe(before);
    const claims = await rows<{ round: number; reversed: boolean }>(sql`select round, reversal_transaction_id is not null as reversed from prize_claims order by round`);
    expect(claims).toEqual([{ round: 1, reversed: true }]);
    const queued = await rows<{ round: number; resend: number; status: string; winnings: string }>(
      sql`select round, resend, status, (payload->>'winnings') as winnings from seamless_deliveries order by round, resend`,
    );
    expect(queued.map((q) => [q.round, q.resend, q.status])).toEqual([[1, 0, 'delivered'], [1, 1, 'delivered'], [2, 0, 'pending']]);
    // 4444 Big 1.00 wins first prize at the player's rates: 2,500.00.
    expect(Number(queued[2].winnings)).toBe(250_000);
    expect(await deliverDue(deps())).toEqual({ delivered: 1, failed: 0 });
    expect(JSON.parse(received[4].body)).toMatchObject({ round: 2, winnings: 250_000 });
  });
});
