// The demo's history (issue 12 item 13): the last two draw days before today played, resulted, released,
// settled and paid through the real API, so a fresh demo has settled figures in every report. The figures
// are settlement's own: each demo account's win/loss is its journal, and they sum to zero; a second run
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/db/demo';
import { demoHistoryDays, seedDemoHistory } from '../src/db/demoHistory';
import { checkLedger } from '../src/modules/ledger/service';
import { loadConfig } from '../src/platform/config';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Demo12345';
const NOW = '2026-11-24T04:00:00Z';
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (table: string) => Number((await rows<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`)))[0].n);

beforeAll(async () => {
  t = await createTestApp({ start: NOW });
  await seedDemo(t.db, ADMIN.username, PASSWORD, 'Asia/Kuala_Lumpur', new Date(NOW));
  await seedDemoHistory(t.db, { ...loadConfig({}), webDist: '/nonexistent' }, ADMIN.username, PASSWORD, new Date(NOW));
}, 120_000);
afterAll(async () => t?.close());

describe('the demo history', () => {
  it('settles the last two draw days before today, with strikes, and releases the winners\' credit', async () => {
    const settled = await rows<{ day: string; pools: number }>(
      sql`select to_char(draw_date, 'YYYY-MM-DD') as day, count(*)::int as pools from draw_settlements where distributed_at is not null group by 1 order by 1`,
    );
    expect(settled).toEqual([{ day: '2026-11-21', pools: 3 }, { day: '2026-11-22', pools: 3 }]);
    expect(await count('winners')).toBeGreaterThanOrEqual(6);
    const held = await rows<{ b: string }>(sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where code like 'held-winnings:%'`);
    expect(Number(held[0].b)).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('takes the evening before as a day of history just after midnight, and never today\'s draws', async () => {
    const config = { ...loadConfig({}), webDist: '/nonexistent' };
    const days = async (at: string) => (await demoHistoryDays(t.db, config, new Date(at))).map((d) => d.day);
    // 00:30 on Monday 23 November, Malaysia time: Sunday's draws closed the evening before.
    expect(await days('2026-11-22T16:30:00Z')).toEqual(['2026-11-22', '2026-11-21']);
    // 19:30 on Sunday: the day's draws are today's, not history yet.
    expect(await days('2026-11-22T11:30:00Z')).toEqual(['2026-11-21', '2026-11-18']);
  });

  it('reports each demo account\'s result as its journal, summing to zero', async () => {
    const range = { fromDate: '2026-11-21', toDate: '2026-11-22' };
    const results: number[] = [];
    for (const username of ['democo', 'demoagent']) {
      const cookie = await t.login(username, PASSWORD);
      const report = await t.request({ url: '/api/Report/GetWinLossReport', cookie, query: range });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      results.push(report.body.data.totals.result);
      // The agent keeps 40% of what its players bet: its own position shows beside the commission.
      if (username === 'demoagent') expect(report.body.data.totals.eaten).toBeGreaterThan(0);
      if (username === 'demoagent') expect(report.body.data.rows.map((r: { account: { username: string } }) => r.account.username).sort()).toEqual(['demoplayer', 'demoplayer2']);
    }
    for (const username of ['demoplayer', 'demoplayer2']) {
      const cookie = await t.login(username, PASSWORD);
      const own = await t.request({ url: '/api/Report/GetWinLossDetail', cookie, query: range });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      results.push(own.body.data.totals.result);
    }
    expect(results.reduce((a, b) => a + b, 0)).toBe(0);
    const journal = await rows<{ s: string }>(
      sql`select coalesce(sum(je.amount), 0)::text as s from journal_entries je join ledger_accounts a on a.id = je.account_id
          join journal_transactions jt on jt.id = je.transaction_id join users u on u.id = a.user_id
          where u.username = 'demoagent' and jt.kind in ('stake', 'settlement', 'winning')`,
    );
    expect(results[1]).toBe(Number(journal[0].s));
  });

  it('counts a ticket once per draw in win/loss, whatever codes it holds: as the sales summary and ticket history do', async () => {
    const range = { fromDate: '2026-11-21', toDate: '2026-11-22' };
    const ticketDraws = async (username: string, codeOf = '') => Number((await rows<{ n: string }>(
      sql`select count(distinct (bl.ticket_id, bl.draw_id))::text as n from bet_lines bl join tickets tk on tk.id = bl.ticket_id join users u on u.id = tk.user_id
          join users me on me.username = ${username} where bl.status = 1 and starts_with(u.path, me.path) and (${codeOf} = '' or bl.bet_code = ${codeOf})`,
    ))[0].n);
    const manyCodes = await rows<{ n: string }>(sql`select count(*)::text as n from (select ticket_id, draw_id from bet_lines group by 1, 2 having count(distinct bet_code) > 1) x`);
    expect(Number(manyCodes[0].n)).toBeGreaterThan(0); // the demo's tickets hold Big and Small lines
    for (const username of ['democo', 'demoagent', ADMIN.username]) {
      const cookie = username === ADMIN.username ? await t.login(ADMIN.username, ADMIN.password) : await t.login(username, PASSWORD);
      const report = await t.request({ url: '/api/Report/GetWinLossReport', cookie, query: range });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect(report.body.data.totals.tickets, username).toBe(await ticketDraws(username));
      const sales = await t.request({ url: '/api/Report/GetSumSalesSummary', cookie, query: range });
      expect(report.body.data.totals.tickets).toBe(sales.body.data.totals.tickets);
      const big = await t.request({ url: '/api/Report/GetWinLossReport', cookie, query: { ...range, betCode: 'B' } });
      expect(big.body.data.totals.tickets, `${username} B`).toBe(await ticketDraws(username, 'B'));
    }
  });

  it('changes nothing when run again', async () => {
    const before = { tickets: await count('tickets'), journal: await count('journal_transactions'), users: await count('users') };
    await seedDemoHistory(t.db, { ...loadConfig({}), webDist: '/nonexistent' }, ADMIN.username, PASSWORD, new Date(NOW));
    expect({ tickets: await count('tickets'), journal: await count('journal_transactions'), users: await count('users') }).toEqual(before);
  });
});
