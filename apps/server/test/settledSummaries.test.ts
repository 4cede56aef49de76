// The settled summaries (issue 12 item 12, decision 0039): stakeholder_summary and winning_summary equal
// their raw sources (settlement_figures, and winners with the bettors' paths), and the stakeholder, payout,
// payout statistic and winning reports that read them give every account of a seeded hierarchy what the raw
// figures and strikes give: after placement and a void (nothing settled yet), after settlement, after a
// company releases its credit and an upline pays a prize, after a corrected result resettles the draws,
// and after the admin tool's resync repairs corrupted summaries. A sibling company reads none of it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const drawIds: number[] = [];
let keyNo = 0;
const DATE = '2026-11-25';
const DAY = { fromDate: DATE, toDate: DATE };
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const n = (v: unknown) => Number(v ?? 0);

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
}
const loginAll = async () => {
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  for (const who of ['ssit', 'ssco', 'ssmas', 'ssagent', 'ssp1', 'ssp2', 'ssco2', 'ssp3']) cookies[who] = await t.login(who, PASSWORD);
};
const express = async (who: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies[who], json: { text, idempotencyKey: `settled-summaries-${++keyNo}-${Date.now()}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { ticketId: number };
};
const get = async (url: string, who: string, query: Record<string, string | number> = {}) => {
  const res = await t.request({ url, cookie: cookies[who], query });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const fourD = (first: string) => ({
  first,
  second: '5678',
  third: '9999',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

/** Both tables against their sources, row for row (every draw, round, account; every round whose strikes are found). */
async function tablesEqualSources() {
  const summary = await rows<Record<string, string>>(sql`
    select draw_id, round, to_char(draw_date, 'YYYY-MM-DD') as d, pool_id, company_id, user_id, bet_code, turnover, eaten, pass, link, link_below
    from stakeholder_summary order by 1, 2, 6, 7`);
  const fromFigures = await rows<Record<string, string>>(sql`
    select f.draw_id, f.round, to_char(d.draw_date, 'YYYY-MM-DD') as d, d.pool_id, f.company_id, f.user_id, coalesce(f.bet_code, '') as bet_code,
           sum(f.turnover) as turnover, sum(f.eaten) as eaten, sum(f.pass) as pass, sum(f.link) as link, sum(f.link_below) as link_below
    from settlement_figures f join draws d on d.id = f.draw_id
    group by grouping sets ((f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id, f.bet_code), (f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id))
    order by 1, 2, 6, 7`);
  const norm = (r: Record<string, string>) => Object.values(r).map(String);
  expect(summary.map(norm), 'stakeholder_summary = settlement_figures').toEqual(fromFigures.map(norm));
  const winning = await rows<Record<string, string>>(sql`
    select draw_id, round, company_id, user_id, number, bet_code, prize, lines, bettors, stake, winnings from winning_summary order by 1, 2, 3, 4, 5, 6, 7`);
  const fromWinners = await rows<Record<string, string>>(sql`
    select w.draw_id, w.round, coalesce(w.company_id, 0) as company_id, a.uid::int as user_id, l.number, l.bet_code,
           case when w.n_first > 0 then 'first' when w.n_second > 0 then 'second' when w.n_third > 0 then 'third' when w.n_fourth > 0 then 'fourth'
                when w.n_fifth > 0 then 'fifth' when w.n_sixth > 0 then 'sixth' when w.n_starter > 0 then 'starter' else 'consolation' end as prize,
           count(*) as lines, count(distinct t.user_id) as bettors, sum(l.stake) as stake, sum(coalesce(w.player_winnings, 0)) as winnings
    from winners w join bet_lines l on l.id = w.bet_line_id join tickets t on t.id = w.ticket_id join users u on u.id = t.user_id
    cross join lateral unnest(string_to_array(trim(both '/' from u.path), '/')) as a(uid)
    group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`);
  expect(winning.map(norm), 'winning_summary = winners').toEqual(fromWinners.map(norm));
}

/** The subtree's strikes of current distributed rounds, from the winners and lines themselves. */
const rawStrikes = (path: string) => sql`
  select s.draw_id, to_char(s.draw_date, 'YYYY-MM-DD') as draw_date, l.pool_id, l.number, l.bet_code, l.stake, w.ticket_id, w.bet_line_id, t.user_id,
         coalesce(w.player_winnings, 0) as amount,
         case when w.n_first > 0 then 'first' when w.n_second > 0 then 'second' when w.n_third > 0 then 'third' when w.n_fourth > 0 then 'fourth'
              when w.n_fifth > 0 then 'fifth' when w.n_sixth > 0 then 'sixth' when w.n_starter > 0 then 'starter' else 'consolation' end as prize,
         (exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.company_id = coalesce(l.company_id, 0) and b.round = w.round and b.step = 'release')
          or exists (select 1 from prize_claims c where c.draw_id = w.draw_id and c.round = w.round and c.ticket_id = w.ticket_id and c.reversal_transaction_id is null)) as released
  from draw_settlements s join winners w on w.draw_id = s.draw_id and w.round = s.round
  join bet_lines l on l.id = w.bet_line_id join tickets t on t.id = w.ticket_id join users u on u.id = t.user_id
  where s.distributed_at is not null and s.draw_date = ${DATE}::date and starts_with(u.path, ${path}::text)`;

/** Every figure of the four reports for one account, from the API (the summaries) and from the raw sources. */
async function reportsEqualRaw(who: string, viewer: string) {
  const as: Record<string, number> = viewer === who ? {} : { userId: ids[who] };
  const [{ path }] = await rows<{ path: string }>(sql`select path from users where id = ${ids[who]}`);
  const raw = await rows<Record<string, string | boolean>>(sql`${rawStrikes(path)} order by 2, 3, 4, 7, 8`);
  const amount = raw.reduce((s, r) => s + n(r.amount), 0);
  const released = raw.filter((r) => r.released === true).reduce((s, r) => s + n(r.amount), 0);

  // Payout report: totals, and every row in order, in one page and in pages of 2 (which cross the draws).
  const payout = await get('/api/Report/GetPayoutReport', viewer, { ...DAY, ...as, pageSize: 500 });
  expect(payout.total, `${who} payout total`).toBe(raw.length);
  expect(payout.totals, `${who} payout totals`).toEqual({ stake: raw.reduce((s, r) => s + n(r.stake), 0), amount, released, held: amount - released });
  const expected = raw.map((r) => [n(r.ticket_id), r.draw_date, n(r.pool_id), r.number, r.bet_code, n(r.stake), n(r.amount), r.released]);
  const shown = (list: { ticketId: number; drawDate: string; poolId: number; number: string; betCode: string; stake: number; amount: number; released: boolean }[]) =>
    list.map((r) => [r.ticketId, r.drawDate, r.poolId, r.number, r.betCode, r.stake, r.amount, r.released]);
  expect(shown(payout.rows), `${who} payout rows`).toEqual(expected);
  const paged = [];
  for (let page = 1; page <= Math.ceil(raw.length / 2); page++) paged.push(...(await get('/api/Report/GetPayoutReport', viewer, { ...DAY, ...as, page, pageSize: 2 })).rows);
  expect(shown(paged), `${who} payout pages`).toEqual(expected);
  const desc = await get('/api/Report/GetPayoutReport', viewer, { ...DAY, ...as, pageSize: 500, sortOrder: 'desc' });
  expect(desc.rows.length).toBe(raw.length);
  const big = await get('/api/Report/GetPayoutReport', viewer, { ...DAY, ...as, pageSize: 500, betCode: 'B' });
  expect(shown(big.rows), `${who} payout of B`).toEqual(expected.filter((r) => r[4] === 'B'));

  // Payout statistic: per date, pool and code, and in all.
  const stat = await get('/api/Report/GetPayoutStatistic', viewer, { ...DAY, ...as, pageSize: 500 });
  const groups = new Map<string, { strikes: number; stake: number; amount: number; released: number }>();
  for (const r of raw) {
    const key = `${r.draw_date}|${r.pool_id}|${r.bet_code}`;
    const g = groups.get(key) ?? { strikes: 0, stake: 0, amount: 0, released: 0 };
    groups.set(key, { strikes: g.strikes + 1, stake: g.stake + n(r.stake), amount: g.amount + n(r.amount), released: g.released + (r.released === true ? n(r.amount) : 0) });
  }
  const statRows = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [...k.split('|'), v.strikes, v.stake, v.amount, v.released].map(String));
  expect(
    stat.rows.map((r: { drawDate: string; poolId: number; betCode: string; strikes: number; stake: number; amount: number; released: number }) =>
      [r.drawDate, r.poolId, r.betCode, r.strikes, r.stake, r.amount, r.released].map(String),
    ),
    `${who} payout statistic`,
  ).toEqual(statRows);
  expect(stat.totals, `${who} payout statistic totals`).toEqual({ strikes: raw.length, stake: payout.totals.stake, amount, released });

  // Winning report: per draw, number, code and highest prize: lines, bettors, stake, winnings.
  const winning = await get('/api/Report/GetWinningReport', viewer, { drawDate: DATE, ...as });
  const won = new Map<string, { lines: number; bettors: Set<number>; stake: number; winnings: number }>();
  for (const r of raw) {
    const key = `${r.draw_id}|${r.number}|${r.bet_code}|${r.prize}`;
    const g = won.get(key) ?? { lines: 0, bettors: new Set<number>(), stake: 0, winnings: 0 };
    g.bettors.add(n(r.user_id));
    won.set(key, { lines: g.lines + 1, bettors: g.bettors, stake: g.stake + n(r.stake), winnings: g.winnings + n(r.amount) });
  }
  const fromApi = winning.draws.flatMap((d: { drawId: number; strikes: { number: string; betCode: string; prize: string; lines: number; bettors: number; stake: number; winnings: number }[] }) =>
    d.strikes.map((s) => `${d.drawId}|${s.number}|${s.betCode}|${s.prize}:${s.lines},${s.bettors},${s.stake},${s.winnings}`),
  );
  expect([...fromApi].sort(), `${who} winning`).toEqual(
    [...won.entries()].map(([k, v]) => `${k}:${v.lines},${v.bettors.size},${v.stake},${v.winnings}`).sort(),
  );

  // Stakeholder: every account of the subtree, from the figures themselves.
  const sh = await get('/api/Report/GetStakeHolderReport', viewer, { ...DAY, ...as, pageSize: 500, sortBy: 'username' });
  const accounts = await rows<Record<string, string>>(sql`
    select u.username, sum(f.turnover) as turnover, sum(f.eaten) as eaten, sum(f.link_below - f.link) as result
    from settlement_figures f join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round and s.distributed_at is not null
    join users u on u.id = f.user_id
    where s.draw_date = ${DATE}::date and starts_with(u.path, ${path}::text) and u.is_main_account
    group by u.username order by u.username`);
  expect(
    sh.rows.map((r: { account: { username: string }; turnover: number; eaten: number; result: number }) => [r.account.username, r.turnover, r.eaten, r.result]),
    `${who} stakeholder accounts`,
  ).toEqual(accounts.map((r) => [r.username, n(r.turnover), n(r.eaten), n(r.result)]));
  expect(sh.total).toBe(accounts.length);
  const levelSums = sh.levels.filter((l: { kind: string }) => l.kind === 'account').reduce((s: number, l: { eaten: number }) => s + l.eaten, 0);
  expect(levelSums, `${who} stakeholder levels`).toBe(accounts.reduce((s, r) => s + n(r.eaten), 0));
  // The parts of the chain still add up to the node's turnover and a nil result.
  expect(sh.totals.eaten, `${who} stakeholder eaten = turnover`).toBe(sh.turnover);
  expect(sh.totals.result, `${who} stakeholder result`).toBe(0);
  return raw.length;
}

const views: [string, string][] = [
  ['admin', 'admin'],
  ['ssco', 'ssco'],
  ['ssmas', 'ssco'],
  ['ssagent', 'ssagent'],
  ['ssp1', 'ssagent'],
  ['ssco2', 'ssco2'],
  ['ssp3', 'ssco2'],
];
const everyReport = async () => {
  await tablesEqualSources();
  let strikes = 0;
  for (const [who, viewer] of views) strikes += await reportsEqualRaw(who, viewer);
  return strikes;
};

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  ids.admin = Number((await rows<{ id: number }>(sql`select id from users where username = ${ADMIN.username}`))[0].id);
  await t.createUser({ username: 'ssit', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  await createOk(cookies.admin, { username: 'ssco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  await createOk(cookies.admin, { username: 'ssco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  cookies.ssco = await t.login('ssco', PASSWORD);
  cookies.ssco2 = await t.login('ssco2', PASSWORD);
  await createOk(cookies.ssco, { username: 'ssmas', level: HierarchyLevel.Master, creditLimit: 20_000_000, positionTaking: 80 });
  cookies.ssmas = await t.login('ssmas', PASSWORD);
  await createOk(cookies.ssmas, { username: 'ssagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  cookies.ssagent = await t.login('ssagent', PASSWORD);
  await createOk(cookies.ssagent, { username: 'ssp1', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.ssagent, { username: 'ssp2', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.ssco2, { username: 'ssp3', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await loginAll();
  for (const poolId of [PoolId.Magnum, PoolId.PMP]) {
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId, drawDate: DATE, isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
    drawIds.push(draw.body.data.drawId);
  }
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('settled summaries', () => {
  let claimable: number;

  it('hold nothing before settlement: placement and a void write no settled row', async () => {
    await express('ssp1', 'D\n#12\n1234#10#5\n5678#3\n1001#2#2');
    await express('ssp1', 'D\n#1\n2001#4\n9999#1#1');
    await express('ssp2', 'D\n#12\n1234#2\n1005#1#1\n0000#5');
    const voided = await express('ssp2', 'D\n#1\n1234#50');
    claimable = (await express('ssp3', 'D\n#12\n1234#1#1\n2002#3')).ticketId;
    await express('ssp3', 'D\n#1\n7777#3');
    const res = await t.request({ url: '/api/Bet/VoidTicket', cookie: cookies.ssco, json: { ticketId: voided.ticketId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await tablesEqualSources();
    expect(await rows(sql`select 1 from stakeholder_summary union all select 1 from winning_summary`)).toEqual([]);
    expect(await everyReport()).toBe(0);
  });

  it('equal their sources once the draws are settled, and after a company releases its credit and an upline pays a prize', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    await loginAll();
    for (const drawId of drawIds) {
      const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: cookies.admin, json: { drawId, numbers: { fourD: fourD('1234') }, version: 0 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: cookies.ssit, json: { drawId, version: 1 } });
      expect(released.status, JSON.stringify(released.body)).toBe(200);
    }
    const settled = await rows<{ n: number }>(sql`select count(*)::int as n from draw_settlements where distributed_at is not null`);
    expect(Number(settled[0].n)).toBe(2);
    // The voided ticket is in no figure: its 1234 would have struck first prize.
    expect(await everyReport()).toBeGreaterThan(10);
    // The company releases its winners' credit: the payout reports show its strikes released.
    const credit = await t.request({ url: '/api/Result/ReleaseCredit', cookie: cookies.ssco, json: { drawDate: DATE } });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body.data.released).toBeGreaterThan(0);
    // The other company's upline pays one ticket's prize by hand (prize_claims), its draw not released.
    const claim = await t.request({ url: '/api/Payment/ClaimPrizes', cookie: cookies.ssco2, json: { ticketId: claimable, idempotencyKey: `ss-claim-${Date.now()}` } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    await everyReport();
    const co2 = await get('/api/Report/GetPayoutReport', 'ssco2', { ...DAY, pageSize: 500 });
    expect(co2.totals.released).toBeGreaterThan(0);
    expect(co2.totals.held).toBe(0);
  });

  it('follow a corrected result: the next round\'s rows are read, the earlier round\'s stay as they were booked', async () => {
    const round1 = await rows<{ n: number }>(sql`select count(*)::int as n from winning_summary where round = 1`);
    for (const drawId of drawIds) {
      const corrected = await t.request({
        url: '/api/Result/SavePoolResult',
        cookie: cookies.admin,
        json: { drawId, numbers: { fourD: fourD('0000') }, version: 1, reason: 'typed the wrong first prize' },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    }
    const rounds = await rows<{ round: number }>(sql`select distinct round from draw_settlements`);
    expect(rounds.map((r) => Number(r.round))).toEqual([2]);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from winning_summary where round = 1`)).toEqual(round1);
    expect(await everyReport()).toBeGreaterThan(10);
    const first = await get('/api/Report/GetWinningReport', 'ssco', { drawDate: DATE });
    expect(first.draws.flatMap((d: { strikes: { number: string; prize: string }[] }) => d.strikes.filter((s) => s.prize === 'first').map((s) => s.number))).toContain('0000');
  });

  it('are rebuilt from the figures and winners by the admin tool\'s resync, repairing a corrupted summary', async () => {
    const before = await Promise.all(views.map(([who, viewer]) => get('/api/Report/GetPayoutStatistic', viewer, { ...DAY, pageSize: 500, ...(viewer === who ? {} : { userId: ids[who] }) })));
    await t.db.execute(sql`delete from stakeholder_summary where ctid in (select ctid from stakeholder_summary where user_id = ${ids.ssagent} limit 2)`);
    await t.db.execute(sql`update winning_summary set winnings = winnings + 777 where user_id = ${ids.ssco}`);
    await t.db.execute(sql`insert into winning_summary (draw_id, round, draw_date, pool_id, company_id, user_id, number, bet_code, prize, lines, bettors, stake, winnings)
                           values (${drawIds[0]}, 2, ${DATE}, ${PoolId.Magnum}, ${ids.ssco}, ${ids.ssmas}, '4321', 'B', 'first', 1, 1, 100, 250000)`);
    expect((await get('/api/Report/GetPayoutStatistic', 'ssco', { ...DAY, pageSize: 500 })).totals).not.toEqual(before[1].totals);
    const refused = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.ssco, json: { job: 'resync-sales', date: DATE } });
    expect(refused.status).toBe(403);
    const run = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.admin, json: { job: 'resync-sales', date: DATE }, headers: { 'x-wait': '1' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.summary).toMatch(/\d+ settled summary row\(s\) rebuilt$/);
    expect(await Promise.all(views.map(([who, viewer]) => get('/api/Report/GetPayoutStatistic', viewer, { ...DAY, pageSize: 500, ...(viewer === who ? {} : { userId: ids[who] }) })))).toEqual(before);
    await everyReport();
  });

  it('show a sibling company nothing of another\'s subtree', async () => {
    for (const url of ['/api/Report/GetPayoutReport', '/api/Report/GetPayoutStatistic', '/api/Report/GetStakeHolderReport']) {
      const refused = await t.request({ url, cookie: cookies.ssco2, query: { ...DAY, userId: ids.ssagent } });
      expect(refused.status, url).toBe(404);
    }
    const winning = await get('/api/Report/GetWinningReport', 'ssco2', { drawDate: DATE });
    const own = await get('/api/Report/GetPayoutReport', 'ssco2', { ...DAY, pageSize: 500 });
    expect(new Set(own.rows.map((r: { username: string }) => r.username))).toEqual(new Set(['ssp3']));
    const lines = winning.draws.reduce((s: number, d: { totals: { lines: number } }) => s + d.totals.lines, 0);
    expect(lines).toBe(own.total);
  });
});
