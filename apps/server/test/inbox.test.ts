// The inbox (issue 12 item 9; decision 0029): every bet text received, accepted with its ticket or
// refused with its reason and line, the money tables untouched by a refusal; searched by words, number,
// dates and account in the caller's subtree. Report/GetTicketTotal (the history's own totals) and
// Report/GetSmsCountReport (receipts sent by SMS per account and day).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let co: string;
let agent: string;
let sibling: string;
let player: string;
const ids: Record<string, number> = {};
let keyNo = 0;
const key = () => `inbox-key-${++keyNo}`;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const TODAY = '2026-11-22';

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
const express = (text: string, cookie = player, extra: Record<string, unknown> = {}) =>
  t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key(), ...extra } });
const inbox = (cookie: string, query: Record<string, string | number> = {}) =>
  t.request({ url: '/api/Report/GetInbox', cookie, query: { fromDate: TODAY, toDate: TODAY, ...query } });

/** Every table placement writes money or positions to. */
const MONEY_TABLES = ['tickets', 'bet_lines', 'eat_shares', 'eaten_totals', 'journal_transactions', 'journal_entries', 'number_queue', 'rate_chains'];
const moneyCounts = async () =>
  Object.fromEntries(
    await Promise.all(MONEY_TABLES.map(async (tb) => [tb, (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(tb)}`))[0].n] as const)),
  );
const walletBalances = async () => rows<{ id: number; balance: string }>(sql`select id, balance::text from ledger_accounts order by id`);

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'inbco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('inbco', PASSWORD);
  await createOk(co, { username: 'inbagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  agent = await t.login('inbagent', PASSWORD);
  await createOk(co, { username: 'inbsibling', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  sibling = await t.login('inbsibling', PASSWORD);
  await createOk(agent, { username: 'inbplayer', level: HierarchyLevel.Player, creditLimit: 10_000 });
  player = await t.login('inbplayer', PASSWORD);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status).toBe(200);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('the inbox', () => {
  it('shows an accepted express text with the ticket it became', async () => {
    const res = await express('D\n#1\n1234#1#1', player, { customerPhone: '0123456789' });
    expect(res.status).toBe(200);
    ids.ticket = res.body.data.ticketId;
    const page = await inbox(agent);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total).toBe(1);
    const [row] = page.body.data.items;
    expect(row).toMatchObject({
      userId: ids.inbplayer,
      username: 'inbplayer',
      placedBy: 'inbplayer',
      sourceType: 3,
      text: 'D\n#1\n1234#1#1',
      accepted: true,
      reason: null,
      lines: [],
      ticketId: res.body.data.ticketId,
      ticketNo: res.body.data.ticketNo,
      ticketStatus: 1,
    });
    // The player reads its own inbox too (its report access), and the company its whole subtree.
    expect((await inbox(co)).body.data.total).toBe(1);
  });

  it('shows a refused text with its reason and line, and the money tables are unchanged', async () => {
    const money = await moneyCounts();
    const wallets = await walletBalances();
    const bad = await express('D\n#1\n5678#1\n12x4#1');
    expect(bad.status).toBe(400);
    // Beyond the credit: refused inside the placement's transaction (its answer stored with its key).
    const poor = await express('D\n#1\n*1234#20', player, { idempotencyKey: 'inbox-poor' });
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe('INSUFFICIENT_CREDIT');
    // The same call again is a replay, not a second text received.
    const again = await express('D\n#1\n*1234#20', player, { idempotencyKey: 'inbox-poor' });
    expect(again.status).toBe(422);
    expect(await moneyCounts()).toEqual(money);
    expect(await walletBalances()).toEqual(wallets);

    const refused = await inbox(agent, { status: 'refused' });
    expect(refused.body.data.total).toBe(2);
    const [credit, line] = refused.body.data.items;
    expect(credit).toMatchObject({ text: 'D\n#1\n*1234#20', accepted: false, reason: 'INSUFFICIENT_CREDIT', lines: [], ticketId: null, ticketNo: null });
    expect(line).toMatchObject({ text: 'D\n#1\n5678#1\n12x4#1', accepted: false, reason: bad.body.message, ticketId: null });
    expect(line.lines).toEqual([expect.objectContaining({ lineNo: 4, text: '12x4#1', key: bad.body.message })]);
    const all = await inbox(agent);
    expect(all.body.data.totals).toEqual({ accepted: 1, refused: 2 });
  });

  it('keeps a web order as the text its rows became, accepted or refused', async () => {
    const rowsOf = (number: string) => [{ number, betType: 1, amounts: { B: 100 }, pools: [1], draw: { kind: 'dates', dates: ['2026-11-25'] } }];
    const ok = await t.request({ url: '/api/Bet/PlaceWebOrder', cookie: agent, json: { idempotencyKey: key(), targetUserId: ids.inbplayer, rows: rowsOf('2468') } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [ticket] = await rows<{ inbox_string: string }>(sql`select inbox_string from tickets where id = ${ok.body.data.ticketId}`);
    expect(ticket.inbox_string).toMatch(/2468#1/);
    const dup = await t.request({ url: '/api/Bet/PlaceWebOrder', cookie: agent, json: { idempotencyKey: key(), targetUserId: ids.inbplayer, rows: [...rowsOf('1357'), ...rowsOf('1357')] } });
    expect(dup.status).toBe(400);
    const web = await inbox(agent, { sourceType: 1 });
    expect(web.body.data.total).toBe(2);
    const [refused, accepted] = web.body.data.items;
    expect(accepted).toMatchObject({ text: ticket.inbox_string, accepted: true, ticketId: ok.body.data.ticketId, placedBy: 'inbagent', username: 'inbplayer' });
    expect(refused).toMatchObject({ accepted: false, reason: 'DUPLICATED_NUMBER', ticketId: null });
    expect(refused.text.split('\n')).toHaveLength(2);
    expect(refused.lines).toEqual([expect.objectContaining({ lineNo: 2, key: 'DUPLICATED_NUMBER' })]);
  });

  it('searches by words, bet number, dates and account', async () => {
    const texts = async (query: Record<string, string | number>) => (await inbox(agent, query)).body.data.items.map((r: { text: string }) => r.text);
    expect(await texts({ search: '12X4' })).toEqual(['D\n#1\n5678#1\n12x4#1']);
    // 1234 as a bet number: the accepted text and the box refused for credit; not a pools line nor an amount.
    expect(await texts({ number: '1234' })).toEqual(['D\n#1\n*1234#20', 'D\n#1\n1234#1#1']);
    expect(await express('D\n#1\n9999#1234')).toMatchObject({ status: 422 });
    expect(await texts({ number: '1234' })).toHaveLength(2);
    expect(await texts({ number: '2468' })).toHaveLength(1);
    expect(await texts({ search: '100%' })).toEqual([]);
    expect(await texts({ fromDate: '2026-11-23', toDate: '2026-11-23' })).toEqual([]);
    expect((await inbox(agent, { userId: ids.inbplayer })).body.data.total).toBe(6);
    expect((await inbox(co, { userId: ids.inbsibling })).body.data.total).toBe(0);
    // Paging: two per page, newest first.
    const p2 = await inbox(agent, { page: 2, pageSize: 2 });
    expect(p2.body.data.items).toHaveLength(2);
    expect(p2.body.data.total).toBe(6);
  });

  it('refuses a caller from a sibling branch, and bad input naming the field', async () => {
    expect((await inbox(sibling)).body.data.total).toBe(0);
    expect((await inbox(sibling, { userId: ids.inbplayer })).status).toBe(404);
    expect((await inbox(sibling, { userId: ids.inbagent })).status).toBe(404);
    const reversed = await inbox(agent, { fromDate: '2026-11-23', toDate: '2026-11-22' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data).toHaveProperty('toDate');
    const number = await inbox(agent, { number: '12a' });
    expect(number.status).toBe(400);
    expect(number.body.data).toHaveProperty('number');
    const long = await inbox(agent, { search: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.data).toHaveProperty('search');
    expect((await t.request({ url: '/api/Report/GetInbox', query: { fromDate: TODAY, toDate: TODAY } })).status).toBe(401);
  });
});

describe('Report/GetTicketTotal', () => {
  it("answers the ticket history's totals for the same filter", async () => {
    for (const [cookie, filter] of [
      [agent, {}],
      [agent, { number: '1234' }],
      [co, { from: TODAY, to: TODAY, status: '1' }],
      [sibling, {}],
    ] as const) {
      const history = await t.request({ url: '/api/Report/GetTicket', cookie, query: filter });
      const totals = await t.request({ url: '/api/Report/GetTicketTotal', cookie, query: filter });
      expect(totals.status).toBe(200);
      expect(totals.body.data).toEqual(history.body.data.totals);
    }
    expect((await t.request({ url: '/api/Report/GetTicketTotal', cookie: agent })).body.data.count).toBe(2);
    expect((await t.request({ url: '/api/Report/GetTicketTotal', cookie: sibling, query: { userId: ids.inbplayer } })).status).toBe(404);
    const bad = await t.request({ url: '/api/Report/GetTicketTotal', cookie: agent, query: { from: '2026-13-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('from');
  });
});

describe('Report/GetSmsCountReport', () => {
  it('counts the receipts sent by SMS per account and day, in the caller subtree', async () => {
    for (let i = 0; i < 2; i++) {
      const sent = await t.request({ url: '/api/Report/SendSmsReceipt', cookie: agent, json: { ticketId: ids.ticket } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    await t.db.execute(sql`update sms_outbox set status = 1 where id = (select min(id) from sms_outbox)`);
    const report = await t.request({ url: '/api/Report/GetSmsCountReport', cookie: co, query: { fromDate: TODAY, toDate: TODAY } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.items).toEqual([{ date: TODAY, userId: ids.inbagent, username: 'inbagent', fullName: 'inbagent', total: 2, sent: 1, pending: 1, failed: 0, master: 0 }]);
    expect(report.body.data.totals).toEqual({ total: 2, sent: 1, pending: 1, failed: 0, master: 0 });
    const sib = await t.request({ url: '/api/Report/GetSmsCountReport', cookie: sibling, query: { fromDate: TODAY, toDate: TODAY } });
    expect(sib.body.data.total).toBe(0);
    expect((await t.request({ url: '/api/Report/GetSmsCountReport', cookie: sibling, query: { fromDate: TODAY, toDate: TODAY, userId: ids.inbagent } })).status).toBe(404);
    const other = await t.request({ url: '/api/Report/GetSmsCountReport', cookie: co, query: { fromDate: '2026-11-21', toDate: '2026-11-21' } });
    expect(other.body.data.total).toBe(0);
    const bad = await t.request({ url: '/api/Report/GetSmsCountReport', cookie: co, query: { fromDate: TODAY } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('toDate');
  });
});

describe('texts through an API account', () => {
  it('are kept as source API, accepted and refused, and the ticket says API too', async () => {
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: co });
    const code = (await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: co })).body.data;
    const saved = await t.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: co, json: { userId: ids.inbplayer, ...code } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const headers = { authorization: `Basic ${Buffer.from(`${code.clientOpcode}:${code.clientSecret}`).toString('base64')}` };
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', headers, json: { text: 'D\n#1\n3579#1', idempotencyKey: key() } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const refused = await t.request({ url: '/api/Bet/PlaceExpressOrder', headers, json: { text: 'D\n#1\n3579#x', idempotencyKey: key() } });
    expect(refused.status).toBe(400);
    const [ticket] = await rows<{ source_type: number }>(sql`select source_type from tickets where id = ${placed.body.data.ticketId}`);
    expect(ticket.source_type).toBe(5);
    const api = await inbox(agent, { sourceType: 5 });
    expect(api.body.data.items).toEqual([
      expect.objectContaining({ text: 'D\n#1\n3579#x', accepted: false, sourceType: 5, username: 'inbplayer' }),
      expect.objectContaining({ text: 'D\n#1\n3579#1', accepted: true, sourceType: 5, ticketId: placed.body.data.ticketId }),
    ]);
  });
});
