// Settlement uses the posting (issue 13 item 7; decision 0035): DOMAIN's worked example with its link C->R.
// P bets 1234 Big 10.00 (and 5678 Big 10.00 beside it), A eats 50%, C eats Big 3.00 per number by fight
// limit, and the company lays off the 2.00 left of each number to R at R's 25%, Big 2,500 package (by hand:
// the link does not depend on how the lay-off was placed). Settled: R +1.50 on the loser, -4,998.50 on the
// first prize; C +2.15 and -7,997.85. A corrected result reverses and rebooks the links to R. Ledger holds.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { fourDResult as fourD } from './support/results';
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
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

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
const balance = async (userId: number) => Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where user_id = ${userId}), 0)::text as b`))[0].b);
const remoteBalance = async () =>
  Number((await rows<{ b: string }>(sql`select coalesce((select balance from ledger_accounts where code = ${`remote-agent:${ids.R}:${ids.psco}`}), 0)::text as b`))[0].b);
// R gives C: 25%, Big 2,500/1,000/500/180/60 (DOMAIN's example).
const rRates = [{ betCode: 'B', commissionBp: 2500, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }];

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z', config: { remoteAgentKey: 'posting-settle-key-0123456789abcd' } });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'psit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  admin2 = await t.login('psit2', PASSWORD);
  await createOk(admin, { username: 'psco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('psco', PASSWORD);
  await createOk(co, { username: 'psagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50, canEditPackage: true });
  agent = await t.login('psagent', PASSWORD);
  await createOk(agent, { username: 'psplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  player = await t.login('psplayer', PASSWORD);
  drawId = (await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } })).body.data.drawId;
  const limits = await t.request({
    url: '/api/Account/UpdateUserEatLimit',
    cookie: co,
    json: { userId: ids.psco, eatType: 'amount', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount: 300 }] },
  });
  expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  // The company's own sheet from the platform, above both of its packages.
  const house = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: admin, json: bigPackage('House', 28, [2800, 1100, 560, 200, 70]) });
  expect(house.status, JSON.stringify(house.body)).toBe(200);
  expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: admin, json: { userId: ids.psco, packageType: 0, packageId: house.body.data.packageId } })).status).toBe(200);
  for (const [name, pct, big, user, cookie] of [
    ['For A', 27, [2600, 1050, 520, 190, 63], 'psagent', co],
    ['For P', 26, [2500, 1000, 500, 180, 60], 'psplayer', agent],
  ] as const) {
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: bigPackage(name, pct, [...big]) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const assigned = await t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId: ids[user], packageType: 0, packageId: created.body.data.packageId } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }
  const remote = await t.request({
    url: '/api/Configuration/ManageRemoteBetAgent',
    cookie: admin,
    json: { name: 'R', baseUrl: 'http://127.0.0.1:1', clientOpcode: 'op', clientSecret: 'secret-value', priority: 1, postEnabled: true, capPerNumber: null, timeoutMs: 1000, rates: rRates },
  });
  expect(remote.status, JSON.stringify(remote.body)).toBe(200);
  ids.R = remote.body.data.id ?? remote.body.data.remoteAgentId;
  await t.db.execute(sql`insert into system_settings (key, value) values ('autoSettleAfterRelease', 'true') on conflict (key) do update set value = 'true'`);
}, 120_000);
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('settling DOMAIN\'s worked example with its link C->R', () => {
  let before: Record<string, number>;

  it('lays off the 2.00 of each number the company did not eat to R', async () => {
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: 'D\n#1\n1234#10\n5678#10', idempotencyKey: 'posting-settlement-key-1' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ items: 2, amount: 400 });
    const manual = await t.request({
      url: '/api/Posting/DoManualDistribute',
      cookie: co,
      json: { batchId: posted.body.data.batchId, remoteAgentId: ids.R, remoteTicketNo: 'R-1', items: [{ number: '1234', betCode: 'B', amount: 200 }, { number: '5678', betCode: 'B', amount: 200 }] },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    ids.invoice = manual.body.data.invoiceId;
    ids.batch = posted.body.data.batchId;
    // R's package changes after the lay-off: the invoice keeps the rates it was made at.
    const [agentRow] = await rows<{ rates: unknown }>(sql`select rates from remote_invoices where id = ${ids.invoice}`);
    expect(agentRow.rates).toEqual(rRates);
    await t.db.execute(sql`update remote_agents set rates = ${JSON.stringify([{ ...rRates[0], commissionBp: 3000, first: 300000 }])}::jsonb where id = ${ids.R}`);
    before = { A: await balance(ids.psagent), C: await balance(ids.psco), R: await remoteBalance() };
  });

  it('books link(C->R) per invoice line at R\'s package: loses R +1.50, 1st prize R -4,998.50', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('psit2', PASSWORD);
    co = await t.login('psco', PASSWORD);
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    // Triggered again: booked once.
    await t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId } });
    const links = await rows<{ number: string; link: string; round: number }>(sql`select number, link::text, round from posting_links where draw_id = ${drawId} order by number`);
    expect(links).toEqual([
      { number: '1234', link: String(-499_850), round: 1 },
      { number: '5678', link: '150', round: 1 },
    ]);
    // R: result(R) = link(C): -4,998.50 + 1.50. C: link(A->C) - link(C->R): -7,997.85 and +2.15. A as without posting.
    expect((await remoteBalance()) - before.R).toBe(-499_850 + 150);
    expect((await balance(ids.psco)) - before.C).toBe(-799_785 + 215);
    expect((await balance(ids.psagent)) - before.A).toBe(375 - 1_199_625);
    // The invoice's payout check prices at the same frozen rates: R pays 5,000.00 on 1234.
    const payout = await t.request({ url: '/api/Posting/GetRemoteInvoicePayoutDetails', cookie: co, query: { invoiceId: ids.invoice } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    expect(payout.body.data.expected).toBe(500_000);
  });

  it('posts and lays off nothing more once the result is released (settlement has priced what R took)', async () => {
    const post = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId } });
    expect(post.status).toBe(422);
    expect(post.body.message).toBe('POSTING_RESULT_RELEASED');
    const manual = await t.request({
      url: '/api/Posting/DoManualDistribute',
      cookie: co,
      json: { batchId: ids.batch, remoteAgentId: ids.R, remoteTicketNo: 'R-2', items: [{ number: '1234', betCode: 'B', amount: 1 }] },
    });
    expect(manual.status).toBe(422);
    expect(manual.body.message).toBe('POSTING_RESULT_RELEASED');
    const dist = await t.request({ url: '/api/Posting/DoDistribute', cookie: co, json: { batchId: ids.batch } });
    expect(dist.status).toBe(422);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from remote_invoices`);
    expect(n.n).toBe(1);
  });

  it('shows the company\'s result less its link to R, and R as a row of its win/loss', async () => {
    const q = { fromDate: '2026-11-25', toDate: '2026-11-25', poolId: -1, page: 1, pageSize: 50 };
    const wl = await t.request({ url: '/api/Report/GetWinLoss3SectionsReport', cookie: co, query: q });
    expect(wl.status, JSON.stringify(wl.body)).toBe(200);
    expect(wl.body.data.totals.result).toBe(-799_785 + 215);
    const rRow = wl.body.data.rows.find((r: { account: { username: string } | null }) => r.account?.username === 'R');
    expect(rRow).toMatchObject({ payableToUpline: -499_850 + 150, result: 499_850 - 150 });
    const st = await t.request({ url: '/api/Report/GetStakeHolderReport', cookie: co, query: { ...q, sortBy: 'level', sortOrder: 'asc' } });
    expect(st.status, JSON.stringify(st.body)).toBe(200);
    // The part above the company is R's: what the company passed up and R's result, link(C).
    expect(st.body.data.top).toEqual([expect.objectContaining({ kind: 'unposted', eaten: 400, result: -499_850 + 150 })]);
  });

  it('lists what R took per draw, pool and number with what it paid and the link (Report/GetPostingAgentEatDetails)', async () => {
    const q = { fromDate: '2026-11-25', toDate: '2026-11-25' };
    const res = await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: co, query: q });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      rows: [
        { drawDate: '2026-11-25', poolId: PoolId.Magnum, remoteAgentId: ids.R, remoteName: 'R', number: '1234', betCode: 'B', amount: 200, winnings: 500_000, link: -499_850 },
        { drawDate: '2026-11-25', poolId: PoolId.Magnum, remoteAgentId: ids.R, remoteName: 'R', number: '5678', betCode: 'B', amount: 200, winnings: 0, link: 150 },
      ],
      total: 2,
      totals: { amount: 400, winnings: 500_000, link: -499_700 },
    });
    const page2 = await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: co, query: { ...q, page: 2, pageSize: 1 } });
    expect(page2.body.data.rows.map((r: { number: string }) => r.number)).toEqual(['5678']);
    expect(page2.body.data.total).toBe(2);
    // Sorted on a column by the server (the screen's sorters), ties by date, pool, remote, number.
    const sorted = async (sortBy: string, sortOrder: string) =>
      (await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: co, query: { ...q, sortBy, sortOrder } })).body.data.rows.map((r: { number: string }) => r.number);
    expect(await sorted('link', 'desc')).toEqual(['5678', '1234']);
    expect(await sorted('winnings', 'desc')).toEqual(['1234', '5678']);
    expect(await sorted('number', 'desc')).toEqual(['5678', '1234']);
    const badSort = await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: co, query: { ...q, sortBy: 'remote_agent_id; drop table x' } });
    expect(badSort.status).toBe(400);
    expect(Object.keys(badSort.body.data)).toContain('sortBy');
    const bad = await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: co, query: { fromDate: '2026-11-26', toDate: '2026-11-25' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('toDate');
    expect((await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: admin, query: q })).status).toBe(400);
    expect((await t.request({ url: '/api/Report/GetPostingAgentEatDetails', cookie: admin, query: { ...q, companyId: ids.psco } })).body.data.total).toBe(2);
    const file = await t.app.inject({ method: 'GET', url: '/api/Report/GetPostingAgentEatDetails', query: { ...q, format: 'csv', lang: 'cn' }, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: co } });
    expect(file.statusCode).toBe(200);
    const lines = file.payload.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('走飞代理');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('1234');
  });

  it('reverses and rebooks the links to R when the result is corrected', async () => {
    const corrected = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('9999') }, version: 1, reason: 'typed the wrong first prize' } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await remoteBalance()) - before.R).toBe(300);
    expect((await balance(ids.psco)) - before.C).toBe(2 * 215);
    const links = await rows<{ n: number }>(sql`select count(*)::int as n from posting_links where draw_id = ${drawId} and round = 2`);
    expect(links[0].n).toBe(2);
  });
});

describe('paying the remote (Result/PayPosting)', () => {
  // After the correction both numbers lost: the company owes R 2 x 1.50.
  const pay = (cookie: string, body: Record<string, unknown>) => t.request({ url: '/api/Result/PayPosting', cookie, json: { drawDate: '2026-11-25', remoteAgentId: ids.R, ...body } });
  const owed = async (cookie: string, query: Record<string, unknown> = {}) =>
    (await t.request({ url: '/api/Posting/GetPostingPayments', cookie, query: { drawDate: '2026-11-25', ...query } })).body.data;

  it('shows per remote and draw date what is owed, paid and open', async () => {
    player = await t.login('psplayer', PASSWORD);
    expect(await owed(co)).toEqual({ rows: [{ remoteAgentId: ids.R, remoteName: 'R', drawDate: '2026-11-25', owed: 300, paid: 0, remaining: 300, status: 'open' }], settling: false });
    expect((await t.request({ url: '/api/Posting/GetPostingPayments', cookie: admin, query: { drawDate: '2026-11-25' } })).status).toBe(400);
    expect((await owed(admin, { companyId: ids.psco })).rows[0]).toMatchObject({ owed: 300 });
    expect((await t.request({ url: '/api/Posting/GetPostingPayments', cookie: player, query: { drawDate: '2026-11-25' } })).status).toBe(403);
  });

  it('records part and then the rest, once per key, moving the money between the company and R\'s account', async () => {
    const c0 = await balance(ids.psco);
    const r0 = await remoteBalance();
    expect((await pay(player, { amount: 100, direction: 'toRemote', idempotencyKey: 'pay-posting-0' })).status).toBe(403);
    const bad = await pay(co, { amount: 100, idempotencyKey: 'pay-posting-1' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toContain('direction');
    const wrongWay = await pay(co, { amount: 100, direction: 'fromRemote', idempotencyKey: 'pay-posting-2' });
    expect(wrongWay.status).toBe(400);
    expect(wrongWay.body).toMatchObject({ message: 'DRAW_PAYMENT_TOO_MUCH', data: { amount: 'max', remaining: 300 } });
    expect((await pay(co, { amount: 301, direction: 'toRemote', idempotencyKey: 'pay-posting-3' })).status).toBe(400);
    expect(await balance(ids.psco)).toBe(c0);
    const part = await pay(co, { amount: 100, direction: 'toRemote', idempotencyKey: 'pay-posting-4' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ remaining: 200 });
    const again = await pay(co, { amount: 100, direction: 'toRemote', idempotencyKey: 'pay-posting-4' });
    expect(again.body.data).toEqual(part.body.data);
    expect((await owed(co)).rows[0]).toMatchObject({ owed: 300, paid: 100, remaining: 200, status: 'partPaid' });
    const rest = await pay(co, { amount: 200, direction: 'toRemote', remark: 'cash by hand', idempotencyKey: 'pay-posting-5' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    // The Pay dialog's remark is kept: in the ledger's memo (the wallet's history) and in the audit entry.
    const [kept] = await rows<{ memo: string; remark: string }>(
      sql`select t.memo, a.after->>'remark' as remark from posting_payments p join journal_transactions t on t.id = p.transaction_id
          join audit_log a on a.action = 'posting.pay' and a.after->>'idempotencyKey' is null and (a.after->>'amount')::int = 200
          where p.idempotency_key = 'pay-posting-5'`,
    );
    expect(kept).toEqual({ memo: 'posting payment 2026-11-25 R: cash by hand', remark: 'cash by hand' });
    expect((await owed(co)).rows[0]).toMatchObject({ remaining: 0, status: 'paid' });
    expect(await balance(ids.psco)).toBe(c0 + 300);
    expect(await remoteBalance()).toBe(r0 - 300);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from posting_payments where remote_agent_id = ${ids.R}`);
    expect(n.n).toBe(2);
  });

  it('needs the Payment function: a sub-account with report access only is refused, one with Control is let through', async () => {
    const activity = (fn: string) => FUNCTION_NAMES.indexOf(fn as never) + 1;
    const sub = async (username: string, activities: { activityId: number; option: 'View' | 'Control' }[], reportAccess: string[]) => {
      const res = await t.request({
        url: '/api/Account/CreateOrUpdateSubAccount',
        cookie: co,
        json: { username, fullName: username, password: PASSWORD, secondaryPassword: PASSWORD, activities, reportAccess },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return t.login(username, PASSWORD);
    };
    const reporter = await sub('psreporter', [{ activityId: activity('Stakeholder Report'), option: 'View' }], ['Stakeholder Report']);
    const payer = await sub('pspayer', [{ activityId: activity('Payment Report'), option: 'Control' }], ['Payment Report']);
    const c0 = await balance(ids.psco);
    const refused = await pay(reporter, { amount: 1, direction: 'toRemote', idempotencyKey: 'pay-posting-sub-1' });
    expect(refused.status).toBe(403);
    expect((await t.request({ url: '/api/Posting/GetPostingPayments', cookie: reporter, query: { drawDate: '2026-11-25' } })).status).toBe(403);
    expect(await balance(ids.psco)).toBe(c0);
    expect((await owed(payer)).rows[0]).toMatchObject({ owed: 300, paid: 300 });
    // Allowed through: what it meets is the business rule (nothing remains), not a 403.
    const allowed = await pay(payer, { amount: 1, direction: 'toRemote', idempotencyKey: 'pay-posting-sub-2' });
    expect(allowed.status).toBe(400);
    expect(allowed.body.message).toBe('DRAW_PAYMENT_TOO_MUCH');
    expect(await balance(ids.psco)).toBe(c0);
  });
});

describe('a lay-off in doubt when the result is released (decision 0035: nothing is lost)', () => {
  // A second draw: the company lays off 2.00 of each number to R; R's answer is lost (the invoice stays in
  // doubt, as after a time-out) and R accepts it only after the release, when it is asked again.
  let draw2: number;
  let inv2: number;
  const links2 = async () => rows<{ number: string; link: string }>(sql`select number, link::text from posting_links where draw_id = ${draw2} order by number`);

  it('releases the result but does not settle while the lot is in doubt, and DistributeStrike refuses', async () => {
    t.clock.set('2026-11-26T04:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('psit2', PASSWORD);
    co = await t.login('psco', PASSWORD);
    player = await t.login('psplayer', PASSWORD);
    draw2 = (await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-28', isSpecial: false } })).body.data.drawId;
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: 'D\n#1\n1234#10\n5678#10', idempotencyKey: 'posting-doubt-key-1' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const posted = await t.request({ url: '/api/Posting/DoPost', cookie: co, json: { drawId: draw2 } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const manual = await t.request({
      url: '/api/Posting/DoManualDistribute',
      cookie: co,
      json: { batchId: posted.body.data.batchId, remoteAgentId: ids.R, remoteTicketNo: 'R-9', items: [{ number: '1234', betCode: 'B', amount: 200 }, { number: '5678', betCode: 'B', amount: 200 }] },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    inv2 = manual.body.data.invoiceId;
    // The answer was lost: in doubt, as a send that timed out leaves it.
    await t.db.execute(sql`update remote_invoices set status = 0, remote_ticket_no = null, answered_at = null where id = ${inv2}`);
    t.clock.set('2026-11-28T12:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    admin2 = await t.login('psit2', PASSWORD);
    co = await t.login('psco', PASSWORD);
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: draw2, numbers: { fourD: fourD('1234') }, version: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId: draw2, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const c0 = await balance(ids.psco);
    const again = await t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId: draw2 } });
    expect(again.status, JSON.stringify(again.body)).toBe(422);
    expect(again.body.message).toBe('POSTING_IN_DOUBT');
    expect(await links2()).toEqual([]);
    const [b] = await rows<{ n: number }>(sql`select count(*)::int as n from settlement_bookings where draw_id = ${draw2}`);
    expect(b.n).toBe(0);
    expect(await balance(ids.psco)).toBe(c0);
  });

  it('resolves the lot by hand (Posting/ResolveInvoice): the super admin only, checked, audited, on a remote deleted meanwhile', async () => {
    const resolve = (cookie: string, json: Record<string, unknown>) => t.request({ url: '/api/Posting/ResolveInvoice', cookie, json });
    const status = async (id: number) => (await rows<{ s: number }>(sql`select status as s from remote_invoices where id = ${id}`))[0].s;
    // R is deleted while its lot is in doubt (review finding (e)): nobody calls it again, the lot waits for a
    // person, and the communication status still lists it with what waits.
    const deleted = await t.request({
      url: '/api/Configuration/ManageRemoteBetAgent',
      cookie: admin,
      json: { id: ids.R, name: 'R', baseUrl: 'http://127.0.0.1:1', clientOpcode: 'op', priority: 1, postEnabled: true, capPerNumber: null, timeoutMs: 1000, rates: rRates, delete: true },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await t.request({ url: '/api/Configuration/GetRemoteBetAgents', cookie: admin })).body.data).toEqual([]);
    const comm = await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin });
    expect(comm.body.data).toContainEqual(expect.objectContaining({ kind: 'remote-agent', id: ids.R, deleted: true, postEnabled: false, waiting: 1, waitingAmount: 400 }));
    expect((await resolve(co, { invoiceId: inv2, accepted: true, remoteTicketNo: 'R-9' })).status).toBe(403);
    const noTicket = await resolve(admin, { invoiceId: inv2, accepted: true });
    expect(noTicket.status).toBe(400);
    expect(Object.keys(noTicket.body.data)).toContain('remoteTicketNo');
    const noAnswer = await resolve(admin, { invoiceId: inv2 });
    expect(noAnswer.status).toBe(400);
    expect(Object.keys(noAnswer.body.data)).toContain('accepted');
    expect(await status(inv2)).toBe(0);
    // An invoice of a settled draw is refused (the first draw's, put in doubt for the check, then put back).
    await t.db.execute(sql`update remote_invoices set status = 0 where id = ${ids.invoice}`);
    const settled = await resolve(admin, { invoiceId: ids.invoice, accepted: false });
    await t.db.execute(sql`update remote_invoices set status = 1 where id = ${ids.invoice}`);
    expect(settled.status).toBe(422);
    expect(settled.body.message).toBe('POSTING_DRAW_SETTLED');
    const ok = await resolve(admin, { invoiceId: inv2, accepted: true, remoteTicketNo: 'R-9' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ invoiceId: inv2, status: 'accepted', remoteTicketNo: 'R-9' });
    const twice = await resolve(admin, { invoiceId: inv2, accepted: false });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('POSTING_NOT_IN_DOUBT');
    expect(await status(inv2)).toBe(1);
    const [audit] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'posting.resolve-invoice' and target_id = ${String(inv2)}`);
    expect(audit.n).toBe(1);
    // Answered: a deleted remote with nothing in doubt is no longer listed.
    const after = await t.request({ url: '/api/Configuration/GetCommStatus', cookie: admin });
    expect(after.body.data.filter((p: { kind: string }) => p.kind === 'remote-agent')).toEqual([]);
    const list = await t.request({ url: '/api/Posting/GetRemoteInvoiceList', cookie: co, query: { drawDate: '2026-11-28' } });
    expect(list.body.data.rows).toEqual([expect.objectContaining({ invoiceId: inv2, remoteName: 'R', status: 'accepted' })]);
  });

  it('settles with the lot once it is resolved as accepted, its remote deleted', async () => {
    const r0 = await remoteBalance();
    const done = await t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId: draw2 } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // At the rates frozen on this invoice (R's 30%, Big 3,000 first): 1234 pays 6,000.00 less 0.60 commission.
    expect(await links2()).toEqual([
      { number: '1234', link: String(200 - 60 - 600_000) },
      { number: '5678', link: String(200 - 60) },
    ]);
    expect((await remoteBalance()) - r0).toBe(200 - 60 - 600_000 + 140);
  });
});
