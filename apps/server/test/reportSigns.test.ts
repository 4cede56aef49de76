// One name, one sign (issue 29 lines 1 and 3; DOMAIN "Reports: one name, one sign"): after the demo's
// settled draw days, a player's win/loss is the same figure with the same sign in win/loss (every view of
// it reads GetWinLossReport), its detail, the stakeholder report, its own statement and the files; what it
// pays its upline (usline, draw payment) is the opposite figure under its own name, from the payer's side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/db/demo';
import { seedDemoHistory } from '../src/db/demoHistory';
import { loadConfig } from '../src/platform/config';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Demo12345';
const NOW = '2026-11-24T04:00:00Z';
const DAY = { fromDate: '2026-11-21', toDate: '2026-11-22' };
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

const data = async (who: string, url: string, query: Record<string, unknown> = {}) => {
  const res = await t.request({ url, cookie: cookies[who], query: { ...DAY, ...query } });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const file = async (who: string, url: string, format: 'csv' | 'xlsx', query: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'GET', url, query: { ...DAY, format, lang: 'en', ...query } as Record<string, string>, headers: { 'x-requested-with': 'XMLHttpRequest', cookie: cookies[who] } });
const cents = (v: string | number) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp({ start: NOW });
  await seedDemo(t.db, ADMIN.username, PASSWORD, 'Asia/Kuala_Lumpur', new Date(NOW));
  await seedDemoHistory(t.db, { ...loadConfig({}), webDist: '/nonexistent' }, ADMIN.username, PASSWORD, new Date(NOW));
  for (const u of ['demoagent', 'demoplayer', 'democo']) cookies[u] = await t.login(u, PASSWORD);
  const found = (await t.db.execute(sql`select id, username from users where username in ('demoagent', 'demoplayer', 'democo')`)) as unknown as { rows: { id: number; username: string }[] };
  for (const r of found.rows) ids[r.username] = Number(r.id);
}, 120_000);
afterAll(async () => t?.close());

describe('a player\'s win/loss after a settled draw', () => {
  it('is one figure, one sign: win/loss, detail, stakeholder, statement and their files agree', async () => {
    const winLoss = await data('demoagent', '/api/Report/GetWinLossReport');
    const row = winLoss.rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.demoplayer);
    const member = row.memberWinLoss as number;
    expect(member).not.toBe(0);
    // From the member's side: what it won and earned in commission, less what it staked up.
    expect(member).toBe(row.downlineWinnings + row.downlineCommission - row.downlinePass);
    expect(row.downlineWinLoss).toBe(-member);

    // Its lines, read by its agent and by itself: the bettor's result, the same sign.
    expect((await data('demoagent', '/api/Report/GetWinLossDetail', { userId: ids.demoplayer })).totals.result).toBe(member);
    expect((await data('demoplayer', '/api/Report/GetWinLossDetail')).totals.result).toBe(member);
    // The stakeholder report: each account's result from its own side.
    const stake = await data('demoagent', '/api/Report/GetStakeHolderReport');
    expect(stake.rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.demoplayer).result).toBe(member);
    // The agent's own figures from its own side: its result in win/loss is its stakeholder level's.
    expect(stake.rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.demoagent).result).toBe(winLoss.totals.result);

    // Its statement: what its wallet moved for those draws (stakes, settlement, winnings), as its own log shows.
    const log = await data('demoplayer', '/api/Report/GetPlayerTransaction', { pageSize: 500 });
    const moved = (log.items as { kind: string; type?: string; amount?: number; drawDate?: string }[])
      .filter((i) => i.kind === 'journal' && ['stake', 'settlement', 'winning', 'void'].includes(String(i.type)))
      .reduce((s, i) => s + Number(i.amount ?? 0), 0);
    expect(moved).toBe(member);

    // The files: the member's column, named once, holds the screen's figure with its sign.
    const csv = (await file('demoagent', '/api/Report/GetWinLossReport', 'csv')).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const head = csv[0].split(',');
    const col = head.indexOf('Member win/loss (+ member won)');
    expect(col).toBeGreaterThan(0);
    expect(head.filter((h) => /win\/loss/i.test(h) && /member/i.test(h))).toHaveLength(1);
    const line = csv.find((l) => l.startsWith('demoplayer ('))!.split(',');
    expect(cents(line[col])).toBe(member);
    const xlsx = await file('demoagent', '/api/Report/GetWinLossReport', 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const xlsxHead = (sheet.getRow(1).values as unknown[]).map(String);
    const xcol = xlsxHead.indexOf('Member win/loss (+ member won)');
    expect(xcol).toBeGreaterThan(0);
    let xlsxValue: number | undefined;
    sheet.eachRow((r) => {
      if (String(r.getCell(1).value).startsWith('demoplayer (')) xlsxValue = cents(Number(r.getCell(xcol).value));
    });
    expect(xlsxValue).toBe(member);
    const detailCsv = (await file('demoplayer', '/api/Report/GetWinLossDetail', 'csv')).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(detailCsv[0].split(',').at(-1)).toBe('Member win/loss (+ member won)');
    expect(cents(detailCsv.at(-1)!.split(',').at(-1)!)).toBe(member);
  });

  it('is paid the other way under its own name: the player reads its usline, and draw payment agrees', async () => {
    const member = (await data('demoagent', '/api/Report/GetWinLossReport')).rows.find((r: { account: { userId: number } | null }) => r.account?.userId === ids.demoplayer)
      .memberWinLoss as number;
    // Issue 29 line 3: a player reads its own usline (payable to its upline: > 0 it pays, < 0 it is paid).
    const own = await data('demoplayer', '/api/Report/GetSelfUsLineReport');
    expect(own.node.userId).toBe(ids.demoplayer);
    expect(own.upline.userId).toBe(ids.demoagent);
    expect(own.totals.owed).toBe(-member);
    // Its agent reads the same for it.
    expect((await data('demoagent', '/api/Report/GetUsLineReport', { userId: ids.demoplayer })).totals.owed).toBe(-member);
    // Only its own: another account's id is not read, and the agents' usline stays behind its function.
    const other = await data('demoplayer', '/api/Report/GetSelfUsLineReport', { userId: ids.demoagent });
    expect(other.node.userId).toBe(ids.demoplayer);
    expect((await t.request({ url: '/api/Report/GetUsLineReport', cookie: cookies.demoplayer, query: DAY })).status).toBe(403);
    expect((await t.request({ url: '/api/Report/GetSelfUsLineReport', query: DAY })).status).toBe(401);
    // Draw payment, per date: the agent's line for the player is the player's usline of that date.
    let owed = 0;
    for (const drawDate of ['2026-11-21', '2026-11-22']) {
      const init = await t.request({ url: '/api/Payment/InitDrawPayment', cookie: cookies.demoagent, query: { drawDate } });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      owed += init.body.data.downlines.find((d: { userId: number }) => d.userId === ids.demoplayer)?.owed ?? 0;
    }
    expect(owed).toBe(-member);
  });
});
