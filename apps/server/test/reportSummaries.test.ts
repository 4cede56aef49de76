// The report summaries (issue 12 item 12, decision 0034): for every account of a seeded hierarchy the
// sales summary, its sum by code, the sales statistic and the map read from the summaries equal the same
// figures read from the lines, after placement, after a void, and after settlement folds a draw's deltas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { compactDraw, resyncDate } from '../src/modules/reports/summaries';
import { runTransaction } from '../src/modules/ledger/service';
import { rebuildChainSums, SUM_COLUMNS } from '../src/modules/settlement/chainSums';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const drawIds: number[] = [];
let keyNo = 0;
const DAY = { fromDate: '2026-11-25', toDate: '2026-11-26' };
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
}
const express = async (who: string, text: string) => {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies[who], json: { text, idempotencyKey: `summaries-key-${++keyNo}-${Date.now()}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const read = async (url: string, who: string, query: Record<string, string | number>) => {
  const res = await t.request({ url, cookie: cookies[who], query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The node's active lines from the lines themselves, with the direct downline each came through (0 its own). */
const linesSql = (path: string) => sql`
  select coalesce(nullif(split_part(substr(u.path, length(${path}::text) + 1), '/', 1), '')::int, 0) as via,
         l.id, l.ticket_id, l.draw_id, l.pool_id, to_char(l.draw_date, 'YYYY-MM-DD') as draw_date, l.number, l.bet_code, l.stake, l.commission
  from users u join tickets t on t.user_id = u.id and t.status = 1 join bet_lines l on l.ticket_id = t.id and l.status = 1
  where starts_with(u.path, ${path}::text) and l.draw_date between ${DAY.fromDate}::date and ${DAY.toDate}::date`;
const pathOf = async (who: string) => (await rows<{ path: string }>(sql`select path from users where id = ${ids[who]}`))[0].path;
const n = (v: unknown) => Number(v ?? 0);

/** Every figure each report shows, from the API (the summaries) and from the lines, for one account. */
async function compare(who: string) {
  const path = await pathOf(who);
  // A player holds no sales report: its company reads its figures by drilling down.
  const viewer = who.includes('player') || who === 'sumdirect' ? 'sumco' : who === 'sumother' ? 'sumco2' : who;
  const as: Record<string, number> = viewer === who ? {} : { userId: ids[who] };
  const get = (url: string, _as: string, query: Record<string, string | number>) => read(url, viewer, { ...query, ...as });
  // Sales summary: per downline and code; a ticket counts once per draw (the summary's unit).
  const rawSales = await rows<Record<string, string>>(sql`
    with l as (${linesSql(path)}),
    d as (select via, bet_code, draw_id, count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover, sum(commission) as commission
          from l group by via, bet_code, draw_id)
    select via, bet_code, sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission
    from d group by via, bet_code order by via, bet_code`);
  const sales = await get('/api/Report/GetSalesSummary', who, { ...DAY, pageSize: 500 });
  const apiRows = sales.rows
    .map((r: { account: { userId: number } | null; betCode: string; tickets: number; lines: number; turnover: number; commission: number }) => [
      r.account?.userId ?? 0, r.betCode, r.tickets, r.lines, r.turnover, r.commission,
    ])
    .sort((a: [number, string], b: [number, string]) => a[0] - b[0] || a[1].localeCompare(b[1]));
  expect(apiRows, `${who} sales`).toEqual(rawSales.map((r) => [n(r.via), r.bet_code, n(r.tickets), n(r.lines), n(r.turnover), n(r.commission)]));
  const [rawTotal] = await rows<Record<string, string>>(sql`
    with l as (${linesSql(path)}),
    d as (select draw_id, count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover, sum(commission) as commission from l group by draw_id)
    select sum(tickets) as tickets, sum(lines) as lines, sum(turnover) as turnover, sum(commission) as commission from d`);
  const total = { tickets: n(rawTotal.tickets), lines: n(rawTotal.lines), turnover: n(rawTotal.turnover), commission: n(rawTotal.commission) };
  expect(sales.totals, `${who} sales totals`).toMatchObject(total);
  const sum = await get('/api/Report/GetSumSalesSummary', who, DAY);
  expect(sum.totals, `${who} sum totals`).toMatchObject(total);
  // One code chosen: its rows only, and a total of that code.
  const big = await get('/api/Report/GetSalesSummary', who, { ...DAY, betCode: 'B', pageSize: 500 });
  const rawBig = rawSales.filter((r) => r.bet_code === 'B');
  expect(big.rows.length, `${who} sales of B`).toBe(rawBig.length);
  expect(big.totals.turnover).toBe(rawBig.reduce((s, r) => s + n(r.turnover), 0));

  // Sales statistic: per date, pool and code.
  const rawStat = await rows<Record<string, string>>(sql`
    with l as (${linesSql(path)})
    select draw_date, pool_id, bet_code, count(distinct ticket_id) as tickets, count(*) as lines, sum(stake) as turnover, sum(commission) as commission
    from l group by 1, 2, 3 order by 1, 2, 3`);
  const stat = await get('/api/Report/GetSalesStatistic', who, { ...DAY, pageSize: 500 });
  expect(
    stat.rows.map((r: { drawDate: string; poolId: number; betCode: string; tickets: number; lines: number; turnover: number; commission: number }) => [
      r.drawDate, r.poolId, r.betCode, r.tickets, r.lines, r.turnover, r.commission,
    ]),
    `${who} statistic`,
  ).toEqual(rawStat.map((r) => [r.draw_date, n(r.pool_id), r.bet_code, n(r.tickets), n(r.lines), n(r.turnover), n(r.commission)]));
  expect(stat.totals, `${who} statistic totals`).toMatchObject(total);

  // Map of each draw: the subtree's stake and what the account ate, per number and code.
  for (const drawId of drawIds) {
    const rawMap = await rows<Record<string, string>>(sql`
      with l as (${linesSql(path)})
      select l.number, l.bet_code, sum(l.stake) as stake, coalesce(sum(e.amount), 0) as eaten
      from l left join eat_shares e on e.bet_line_id = l.id and e.user_id = ${ids[who]}::int
      where l.draw_id = ${drawId}::int group by 1, 2 order by 1, 2`);
    const map = await get('/api/Report/GetMapReport', who, { drawId, sortBy: 'number', pageSize: 500 });
    const fromApi: [string, string, number, number][] = [];
    for (const r of map.rows as { number: string; stake: Record<string, number>; eaten: Record<string, number> }[]) {
      for (const [code, stake] of Object.entries(r.stake)) fromApi.push([r.number, code, stake, r.eaten[code] ?? 0]);
    }
    fromApi.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
    expect(fromApi, `${who} map of draw ${drawId}`).toEqual(rawMap.map((r) => [r.number, r.bet_code, n(r.stake), n(r.eaten)]));
  }
}

/** The settlement sums (decision 0043) per key, as placement and void kept them. */
const settleSums = (db: Pick<TestApp['db'], 'execute'>) =>
  db.execute(sql`
    select draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, ${sql.raw(SUM_COLUMNS.map((c) => `sum(${c})::text as ${c}`).join(', '))}
    from settle_sums group by 1, 2, 3, 4, 5, 6 having sum(lines) <> 0 order by 1, 2, 3, 4, 5, 6`) as unknown as Promise<{ rows: Record<string, unknown>[] }>;

/** Placement's and voids' deltas of the settlement sums add up to the sums of the active lines read at once. */
async function compareSettleSums() {
  const kept = (await settleSums(t.db)).rows;
  expect(kept.length).toBeGreaterThan(0);
  const fromLines = await t.db
    .transaction(async (tx) => {
      await rebuildChainSums(tx, sql`select id from draws`);
      const r = (await settleSums(tx)).rows;
      throw Object.assign(new Error('rollback'), { rows: r });
    })
    .catch((e: { rows?: Record<string, unknown>[] }) => {
      if (!e.rows) throw e;
      return e.rows;
    });
  expect(kept).toEqual(fromLines);
  // Every line and its stake are in the sums (a line without a chain would be counted with chain_id null).
  const [lines] = await rows<{ n: string; stake: string }>(sql`select count(*)::text as n, sum(stake)::text as stake from bet_lines where status = 1`);
  expect([kept.reduce((s, r) => s + n(r.lines), 0), kept.reduce((s, r) => s + n(r.stake), 0)]).toEqual([n(lines.n), n(lines.stake)]);
}

const everyone = ['admin', 'sumco', 'summas', 'sumagent', 'sumplayer', 'sumplayerb', 'sumdirect', 'sumco2', 'sumother'];
const compareAll = async () => {
  for (const who of everyone) await compare(who);
  await compareSettleSums();
};

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  ids.admin = (await rows<{ id: number }>(sql`select id from users where username = ${ADMIN.username}`))[0].id;
  await createOk(cookies.admin, { username: 'sumco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  await createOk(cookies.admin, { username: 'sumco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await createOk(cookies.sumco, { username: 'summas', level: HierarchyLevel.Master, creditLimit: 20_000_000, positionTaking: 80 });
  await createOk(cookies.summas, { username: 'sumagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000, positionTaking: 50 });
  await createOk(cookies.sumagent, { username: 'sumplayer', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.sumagent, { username: 'sumplayerb', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.sumco, { username: 'sumdirect', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  await createOk(cookies.sumco2, { username: 'sumother', level: HierarchyLevel.Player, creditLimit: 1_000_000 });
  for (const poolId of [PoolId.Magnum, PoolId.PMP, PoolId.GD]) {
    const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(200);
    drawIds.push(draw.body.data.drawId);
  }
  await express('sumplayer', 'D\n#12\n1234#10#5\n5678#10');
  await express('sumplayer', 'D\n#1\n1234#3\n4321#2#2');
  await express('sumplayerb', 'D\n#2\n9999#2#2\n1234#1');
  await express('sumdirect', 'D\n#12\n1234#4');
  await express('sumother', 'D\n#1\n1234#10');
  // A GD line: priced on the tickets' GD chain.
  await express('sumplayer', 'D\n#8\n1234#3#3\n5678#1');
});
afterAll(async () => t?.close());

describe('report summaries', () => {
  it('give every account of the hierarchy the figures its lines give, placed, voided and folded', async () => {
    await compareAll();
    // A void takes the ticket's lines out of every account's figures.
    const [ticket] = await rows<{ id: number }>(sql`select t.id from tickets t where t.user_id = ${ids.sumplayer} order by t.id desc limit 1`);
    const voided = await t.request({ url: '/api/Bet/VoidTicket', cookie: cookies.sumco, json: { ticketId: Number(ticket.id) } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    await compareAll();
    const before = await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 });
    // Settlement folds each draw's deltas into one row per key: no figure changes, and fewer rows remain.
    const count = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from sales_summary`))[0].n);
    const rowsBefore = await count();
    for (const drawId of drawIds) await compactDraw(t.db, drawId);
    expect(await count()).toBeLessThan(rowsBefore);
    expect(await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 })).toEqual(before);
    await compareAll();
    // A later ticket appends to the folded rows.
    await express('sumplayerb', 'D\n#12\n1234#7#7');
    await compareAll();
  });

  it('shows nothing of another company\'s subtree', async () => {
    const sales = await read('/api/Report/GetSalesSummary', 'sumco2', { ...DAY, pageSize: 500 });
    expect(sales.rows.map((r: { account: { userId: number } | null }) => r.account?.userId)).toEqual([ids.sumother]);
    const refused = await t.request({ url: '/api/Report/GetSalesSummary', cookie: cookies.sumco2, query: { ...DAY, userId: ids.sumagent } });
    expect(refused.status).toBe(404);
  });

  it('are rebuilt from the lines by the admin tool\'s resync of a date, repairing a corrupted summary', async () => {
    const before = await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 });
    // Corrupted: rows lost, a stray row added, a figure changed (as a bug or a hand edit could leave them).
    await t.db.execute(sql`delete from sales_summary where ctid in (select ctid from sales_summary where user_id = ${ids.sumagent} limit 2)`);
    await t.db.execute(sql`delete from map_summary where ctid in (select ctid from map_summary where user_id = ${ids.sumco} limit 3)`);
    await t.db.execute(sql`update sales_summary set turnover = turnover + 12345 where user_id = ${ids.sumco}`);
    await t.db.execute(sql`insert into map_summary (draw_id, user_id, number, bet_code, stake, eaten) values (${drawIds[0]}, ${ids.summas}, '0000', 'B', 999, 0)`);
    await t.db.execute(sql`delete from settle_sums where ctid in (select ctid from settle_sums limit 1)`);
    await t.db.execute(sql`update settle_sums set p2 = p2 + 7 where ctid in (select ctid from settle_sums limit 1)`);
    expect(await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 })).not.toEqual(before);
    // Refused: another role, no date, a date that is not one; nothing rebuilt by a refusal.
    expect((await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.sumco, json: { job: 'resync-sales', date: '2026-11-25' } })).status).toBe(403);
    const noDate = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.admin, json: { job: 'resync-sales' } });
    expect([noDate.status, noDate.body.data]).toEqual([400, { date: 'required' }]);
    const badDate = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.admin, json: { job: 'resync-sales', date: '25/11/2026' } });
    expect(badDate.status).toBe(400);
    expect(Object.keys(badDate.body.data)).toEqual(['date']);
    expect(await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 })).not.toEqual(before);
    const run = await t.request({ url: '/api/Configuration/RunAdminJob', cookie: cookies.admin, json: { job: 'resync-sales', date: '2026-11-25' }, headers: { 'x-wait': '1' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ job: 'resync-sales', status: 'done', trigger: 'manual', by: 'admin' });
    expect(run.body.data.summary).toMatch(/^2026-11-25: 3 draw\(s\), \d+ line\(s\) read/);
    expect(await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 })).toEqual(before);
    await compareAll();
    // Audited as the admin tool's runs are.
    const [audit] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'admin-tool.run' and target_id = 'resync-sales'`);
    expect(Number(audit.n)).toBe(1);
  });

  it('stay equal to the lines when resyncs of a date run at once (eight) (a per-draw lock)', async () => {
    const before = await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 });
    await Promise.all(Array.from({ length: 8 }, () => runTransaction(t.db, (tx) => resyncDate(tx, '2026-11-25'))));
    expect(await read('/api/Report/GetSalesSummary', 'sumco', { ...DAY, pageSize: 500 })).toEqual(before);
    await compareAll();
  });
});
