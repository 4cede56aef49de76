// Stakeholder, occupied and eat-data reports (issue 12 items 4, 5 and 8; decision 0028), through the API,
// on a settled four-level hierarchy C -> S -> A -> P: every figure is what settlement booked (the journal,
// the figures, the eat shares of placement), the parts of the chain sum to the turnover and a nil result,
// a caller from a sibling branch is refused, and bad input is a 400 naming the field.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, XHR, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
let admin: string;
let drawId: number;
const DAY = { fromDate: '2026-11-25', toDate: '2026-11-25' };
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
  rates: [
    { code: 'B', commissionPct, payouts: { first: big[0] * 100, second: big[1] * 100, third: big[2] * 100, starter: big[3] * 100, consolation: big[4] * 100 } },
    { code: 'S', commissionPct, payouts: { first: 350_000, second: 200_000, third: 100_000 } },
  ],
});

const fourD = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

async function get(url: string, cookie: string, query: Record<string, unknown> = {}) {
  const res = await t.request({ url, cookie, query: { ...DAY, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const stakeholder = (who: string, query: Record<string, unknown> = {}) => get('/api/Report/GetStakeHolderReport', cookies[who], query);
const occupied = (who: string, query: Record<string, unknown> = {}) => get('/api/Report/GetWinLossOccupiedReport', cookies[who], query);
const eatData = (who: string, query: Record<string, unknown> = {}) => get('/api/Report/GetUserEatData', cookies[who], query);

/** What the journal moved for an account on the draw (placement, settlement, release): its result. */
const journal = async (userId: number) =>
  Number(
    (
      await rows<{ s: string }>(sql`select coalesce(sum(je.amount), 0)::text as s from journal_entries je join ledger_accounts a on a.id = je.account_id
        join journal_transactions jt on jt.id = je.transaction_id where a.user_id = ${userId} and jt.kind in ('stake', 'settlement', 'winning')`)
    )[0].s,
  );
const eatShares = async (userId: number) =>
  Number((await rows<{ s: string }>(sql`select coalesce(sum(amount), 0)::text as s from eat_shares where user_id = ${userId} and draw_id = ${drawId}`))[0].s);
const figureSums = async (userId: number) =>
  (
    await rows<{ eaten: string; result: string; turnover: string }>(
      sql`select coalesce(sum(eaten), 0)::text as eaten, coalesce(sum(link_below - link), 0)::text as result, coalesce(sum(turnover), 0)::text as turnover
          from settlement_figures where user_id = ${userId} and draw_id = ${drawId}`,
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'shco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  cookies.C = await t.login('shco', PASSWORD);
  await createOk(cookies.C, { username: 'shsh', level: HierarchyLevel.Shareholder, creditLimit: 50_000_000, positionTaking: 30, canEditPackage: true });
  cookies.S = await t.login('shsh', PASSWORD);
  await createOk(cookies.S, { username: 'shagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 20, canEditPackage: true });
  cookies.A = await t.login('shagent', PASSWORD);
  await createOk(cookies.A, { username: 'shplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  cookies.P = await t.login('shplayer', PASSWORD);
  // A sibling of A under S, and its own player: a branch that must see nothing of A's.
  await createOk(cookies.S, { username: 'shsibling', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 10 });
  cookies.X = await t.login('shsibling', PASSWORD);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = draw.body.data.drawId;
  // C eats Big 2.00 per number by fight limit: the rest is unposted.
  const limits = await t.request({
    url: '/api/Account/UpdateUserEatLimit',
    cookie: cookies.C,
    json: { userId: ids.shco, eatType: 'amount', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount: 200 }] },
  });
  expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  const house = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: admin, json: bigPackage('House', 28, [2800, 1100, 560, 200, 70]) });
  expect(house.status, JSON.stringify(house.body)).toBe(200);
  expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: admin, json: { userId: ids.shco, packageType: 0, packageId: house.body.data.packageId } })).status).toBe(200);
  for (const [name, pct, big, user, cookie] of [
    ['For S', 27, [2700, 1080, 540, 195, 65], 'shsh', cookies.C],
    ['For A', 26, [2600, 1050, 520, 190, 63], 'shagent', cookies.S],
    ['For X', 26, [2600, 1050, 520, 190, 63], 'shsibling', cookies.S],
    ['For P', 25, [2500, 1000, 500, 180, 60], 'shplayer', cookies.A],
  ] as const) {
    const created = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: bigPackage(name, pct, [...big]) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const assigned = await t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId: ids[user], packageType: 0, packageId: created.body.data.packageId } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('stakeholder and occupied reports of a settled draw', () => {
  it('shows what each account ate of an open draw from the eat shares of placement', async () => {
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies.P, json: { text: 'D\n#1\n1234#10\n5678#10', idempotencyKey: `stakeholder-${Date.now()}` } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    for (const who of ['A', 'S', 'C'] as const) {
      const id = ids[{ A: 'shagent', S: 'shsh', C: 'shco' }[who]];
      const data = await eatData(who);
      expect(data.draws).toHaveLength(1);
      expect(data.draws[0]).toMatchObject({ drawId, drawDate: '2026-11-25', poolId: PoolId.Magnum, state: 'open' });
      expect(data.total).toBe(await eatShares(id));
      expect(data.draws[0].eaten.B).toBe(await eatShares(id));
    }
    // C eats by its 2.00 limit on each number.
    expect((await eatData('C')).total).toBe(400);
    // An upline reads its downline's; the sibling branch not.
    expect((await eatData('S', { userId: ids.shagent })).total).toBe(await eatShares(ids.shagent));
    expect((await t.request({ url: '/api/Report/GetUserEatData', cookie: cookies.X, query: { ...DAY, userId: ids.shagent } })).status).toBe(404);
    // Nothing is settled yet: the stakeholder and occupied reports have no figures.
    expect((await stakeholder('A')).rows).toEqual([]);
    expect((await occupied('A')).rows).toEqual([]);
  });

  it('settles the draw (1234 strikes first prize)', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    admin = await t.login(ADMIN.username, ADMIN.password);
    for (const [k, name] of [['C', 'shco'], ['S', 'shsh'], ['A', 'shagent'], ['P', 'shplayer'], ['X', 'shsibling']] as const) cookies[k] = await t.login(name, PASSWORD);
    await t.db.execute(sql`insert into system_settings (key, value) values ('autoSettleAfterRelease', 'false') on conflict (key) do update set value = 'false'`);
    const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await t.createUser({ username: 'shit2', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
    const admin2 = await t.login('shit2', PASSWORD);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    // While the date settles, the occupied report has no figures and names the date.
    const settling = await occupied('A');
    expect(settling).toMatchObject({ rows: [], blockedDates: ['2026-11-25'], settlingDates: ['2026-11-25'] });
    expect((await stakeholder('A')).blockedDates).toEqual(['2026-11-25']);
    // The eaten stake of a settling draw is still what placement wrote.
    expect((await eatData('A')).draws[0]).toMatchObject({ state: 'settling', total: await eatShares(ids.shagent) });
    expect((await t.request({ url: '/api/Result/InsertWinners', cookie: admin, json: { drawId } })).status).toBe(200);
    expect((await t.request({ url: '/api/Result/DistributeStrike', cookie: admin, json: { drawId } })).status).toBe(200);
    expect((await t.request({ url: '/api/Result/ReleaseCredit', cookie: cookies.C, json: { drawDate: '2026-11-25' } })).status).toBe(200);
  });

  it('gives every part of the chain what settlement booked for it, summing to the turnover and a nil result', async () => {
    const who = { C: 'shco', S: 'shsh', A: 'shagent', P: 'shplayer' } as const;
    const booked: Record<string, { eaten: number; result: number; turnover: number }> = {};
    for (const [k, name] of Object.entries(who)) {
      const f = await figureSums(ids[name]);
      booked[k] = { eaten: Number(f.eaten), result: Number(f.result), turnover: Number(f.turnover) };
      // The figures' result is the journal's, the eaten stake the eat shares of placement.
      expect(booked[k].result, name).toBe(await journal(ids[name]));
      expect(booked[k].eaten, name).toBe(await eatShares(ids[name]));
    }
    expect(booked.P.turnover).toBe(2000);
    expect(booked.C.eaten).toBe(400);

    const byAccount = (r: { rows: { account: { userId: number } | null; eaten: number; result: number; turnover: number }[] }, name: string) =>
      r.rows.find((x) => x.account?.userId === ids[name]);
    // The company: every account of its subtree, and the unposted rest at the top.
    const c = await stakeholder('C');
    expect(c.turnover).toBe(2000);
    expect(c.total).toBe(4);
    for (const [k, name] of Object.entries(who)) expect(byAccount(c, name), name).toMatchObject({ kind: 'account', eaten: booked[k].eaten, result: booked[k].result });
    const unposted = 2000 - booked.A.eaten - booked.S.eaten - booked.C.eaten;
    expect(unposted).toBe(600);
    expect(c.top).toEqual([expect.objectContaining({ kind: 'unposted', eaten: unposted, result: 0 })]);
    expect(c.totals).toEqual({ turnover: 2000, eaten: 2000, share: 100, result: 0 });
    expect(c.levels.map((l: { kind: string; level: number | null }) => [l.kind, l.level])).toEqual([['unposted', null], ['account', 1], ['account', 2], ['account', 6], ['account', 7]]);
    expect(c.levels.reduce((s: number, l: { result: number }) => s + l.result, 0)).toBe(0);
    expect(c.levels.reduce((s: number, l: { eaten: number }) => s + l.eaten, 0)).toBe(2000);
    // Shares of the turnover: A 20%, S 30%, C 2.00 of 10.00 a number, 30% unposted.
    expect(byAccount(c, 'shagent')!).toMatchObject({ share: (booked.A.eaten / 2000) * 100 });
    expect(c.levels.map((l: { share: number }) => l.share)).toEqual([30, 20, 30, 20, 0]);

    // S: its subtree (A, P, itself), its upline C on the lines that came through S, then the unposted rest.
    const s = await stakeholder('S');
    expect(s.top).toEqual([
      expect.objectContaining({ kind: 'unposted', eaten: unposted, result: 0 }),
      expect.objectContaining({ kind: 'upline', account: expect.objectContaining({ userId: ids.shco }), eaten: booked.C.eaten, result: booked.C.result }),
    ]);
    expect(s.totals).toMatchObject({ eaten: 2000, result: 0 });
    // A: the levels above its upline S are one part: what S passed up (C's and the unposted) and C's result.
    const a = await stakeholder('A');
    expect(a.top).toEqual([
      expect.objectContaining({ kind: 'higher', eaten: booked.C.eaten + unposted, result: booked.C.result }),
      expect.objectContaining({ kind: 'upline', account: expect.objectContaining({ userId: ids.shsh }), eaten: booked.S.eaten, result: booked.S.result }),
    ]);
    expect(a.rows.map((r: { account: { username: string } }) => r.account.username)).toEqual(['shagent', 'shplayer']);
    expect(byAccount(a, 'shplayer')).toMatchObject({ eaten: 0, result: booked.P.result, hasDownlines: false, level: 7 });
    expect(a.totals).toMatchObject({ turnover: 2000, eaten: 2000, result: 0 });
    // Drill-down from C to A reads the same, with the way back; never upwards.
    const drilled = await stakeholder('C', { userId: ids.shagent });
    expect(drilled.rows).toEqual(a.rows);
    expect(drilled.top).toEqual(a.top);
    expect(drilled.breadcrumb.map((x: { username: string }) => x.username)).toEqual(['shco', 'shsh', 'shagent']);
    // Sorted and paged on the server: the count and totals are those of the whole set.
    const page = await stakeholder('C', { sortBy: 'result', sortOrder: 'desc', pageSize: 1, page: 2 });
    const sorted = Object.values(booked).map((b) => b.result).sort((x, y) => y - x);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0].result).toBe(sorted[1]);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual(c.totals);
    // A bet code with no line: nothing.
    expect((await stakeholder('C', { betCode: 'S' })).rows).toEqual([]);
  });

  it('gives each account its own position per pool and code, as win/loss and the eat shares have it', async () => {
    for (const [k, name] of [['C', 'shco'], ['S', 'shsh'], ['A', 'shagent']] as const) {
      const o = await occupied(k);
      const wl = await get('/api/Report/GetWinLossReport', cookies[k]);
      expect(o.rows, name).toEqual([expect.objectContaining({ poolId: PoolId.Magnum, betCode: 'B', turnover: 2000, eaten: await eatShares(ids[name]) })]);
      expect(o.totals.ownWinLoss, name).toBe(wl.totals.ownWinLoss);
      expect(o.totals.eaten, name).toBe(wl.totals.eaten);
      expect(o.rows[0].share).toBe(Math.round((o.rows[0].eaten * 10_000) / 2000) / 100);
      // The company's own win/loss is its whole result (it has no rates of its own for a link yet).
      if (k === 'C') expect(o.totals.ownWinLoss).toBe(await journal(ids.shco));
      // After settlement its eat data reads the figures: the same stake.
      expect((await eatData(k)).draws[0]).toMatchObject({ state: 'settled', total: await eatShares(ids[name]) });
    }
    expect((await occupied('C', { userId: ids.shagent })).totals).toEqual((await occupied('A')).totals);
  });

  it('refuses a sibling branch, a player, and bad input naming the field', async () => {
    for (const url of ['/api/Report/GetStakeHolderReport', '/api/Report/GetWinLossOccupiedReport', '/api/Report/GetUserEatData']) {
      expect((await t.request({ url, cookie: cookies.X, query: { ...DAY, userId: ids.shagent } })).status, url).toBe(404);
      expect((await t.request({ url, cookie: cookies.A, query: { ...DAY, userId: ids.shsh } })).status, url).toBe(404);
      expect((await t.request({ url, cookie: cookies.P, query: DAY })).status, url).toBe(403);
      const reversed = await t.request({ url, cookie: cookies.A, query: { fromDate: '2026-11-25', toDate: '2026-11-24' } });
      expect(reversed.status, url).toBe(400);
      expect(JSON.stringify(reversed.body)).toContain('toDate');
      const pool = await t.request({ url, cookie: cookies.A, query: { ...DAY, poolId: 0 } });
      expect(pool.status, url).toBe(400);
      expect(JSON.stringify(pool.body)).toContain('poolId');
    }
    const sort = await t.request({ url: '/api/Report/GetStakeHolderReport', cookie: cookies.A, query: { ...DAY, sortBy: 'nope' } });
    expect(sort.status).toBe(400);
    expect(JSON.stringify(sort.body)).toContain('sortBy');
    // The sibling's own report holds nothing of A's lines.
    const x = await stakeholder('X');
    expect(x.rows).toEqual([]);
    expect(x.top).toEqual([]);
    expect((await occupied('X')).rows).toEqual([]);
  });

  it('exports what the screen shows, headed in the reader\'s language, and leaves out a blocked date', async () => {
    const file = (query: Record<string, unknown>, cookie = cookies.A) =>
      t.app.inject({ method: 'GET', url: '/api/Report/GetStakeHolderReport', query: { ...DAY, ...query }, headers: { ...XHR, cookie } });
    const csv = await file({ format: 'csv', lang: 'cn' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('层级,账户,投注总额,实占注额,占成 %,盈亏');
    // higher, upline, A, P, total.
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('合计,,20.00,20.00,100.00,0.00');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/Report/GetWinLossOccupiedReport', query: { ...DAY, format: 'xlsx', lang: 'bm' }, headers: { ...XHR, cookie: cookies.A } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).getCell(5).value).toBe('Makan sendiri');
    expect(book.worksheets[0].getRow(2).getCell(5).value).toBe((await eatShares(ids.shagent)) / 100);
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: true } });
    expect(await occupied('A')).toMatchObject({ rows: [], blockedDates: ['2026-11-25'], settlingDates: [] });
    expect(await stakeholder('A')).toMatchObject({ rows: [], top: [], blockedDates: ['2026-11-25'] });
    const blocked = await file({ format: 'csv' });
    expect(blocked.body.trim().split('\r\n').at(-1)).toBe('Not included until their figures are final: 2026-11-25');
    await t.request({ url: '/api/Result/BlockReport', cookie: admin, json: { drawDate: '2026-11-25', blocked: false } });
  });
});
