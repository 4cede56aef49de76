// Ticket history (issue 10, item 16): "where is my bet on 8888?", draw date and pool filters, totals over
// the whole filtered set, and the CSV and Excel exports of exactly that set, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { HierarchyLevel, PoolId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let co: string;
let player: string;
let otherPlayer: string;
let otherCo: string;
let keyNo = 0;
const placed: Record<string, { ticketId: number; ticketNo: string; gross: number; commission: number; net: number }> = {};

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
async function express(name: string, text: string, cookie: string) {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: `hist-${++keyNo}-${Date.now()}` } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  placed[name] = res.body.data;
}
const tickets = (cookie: string, query: Record<string, string | number>) => t.request({ url: '/api/Report/GetTicket', cookie, query });
/** A file answer (not JSON): the raw injected response. */
const file = (cookie: string, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: '/api/Report/GetTicket', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { 'x-requested-with': 'XMLHttpRequest', cookie } });
const numbers = (res: { body: { data: { items: { ticketNo: string }[] } } }) => res.body.data.items.map((r) => r.ticketNo).sort();
const nos = (...names: string[]) => names.map((n) => placed[n].ticketNo).sort();
const sum = (names: string[], k: 'gross' | 'commission' | 'net') => names.reduce((s, n) => s + placed[n][k], 0);

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  for (const [poolId, drawDate] of [
    [PoolId.Magnum, '2026-11-25'],
    [PoolId.PMP, '2026-11-25'],
    [PoolId.Toto, '2026-11-25'],
    [PoolId.Magnum, '2026-11-28'],
  ] as const) {
    expect((await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate, isSpecial: false } })).status).toBe(200);
  }
  // Two branches: histco > histagent > histplayer, and histco2 > histplayer2.
  await createOk(admin, { username: 'histco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('histco', PASSWORD);
  await createOk(co, { username: 'histagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await t.login('histagent', PASSWORD);
  await createOk(agent, { username: 'histplayer', level: HierarchyLevel.Player, creditLimit: 100_000, allowSelfVoid: true });
  player = await t.login('histplayer', PASSWORD);
  await createOk(admin, { username: 'histco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  otherCo = await t.login('histco2', PASSWORD);
  await createOk(otherCo, { username: 'histplayer2', level: HierarchyLevel.Player, creditLimit: 100_000 });
  otherPlayer = await t.login('histplayer2', PASSWORD);

  await express('a', '25/11\n#1\n8888#1', player);
  await express('b', '25/11\n#13\n1234#1\n8888#2', player);
  await express('c', '28/11\n#1\n5555#1', player);
  await express('d', '25/11\n#2\n7777#1', player);
  // A box: 8888 is not among the numbers 1278 buys.
  await express('e', '25/11\n#1\n*1278#1', player);
  await express('other', '25/11\n#1\n8888#3', otherPlayer);
  expect((await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: placed.d.ticketId } })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('searching the history by bet number', () => {
  it('finds the tickets having a line on the number, with their draw dates and pools', async () => {
    const res = await tickets(player, { number: '8888' });
    expect(res.status).toBe(200);
    expect(numbers(res)).toEqual(nos('a', 'b'));
    const b = res.body.data.items.find((r: { ticketNo: string }) => r.ticketNo === placed.b.ticketNo);
    expect(b.drawDates).toEqual(['2026-11-25']);
    expect(b.poolIds).toEqual([PoolId.Magnum, PoolId.Toto]);
    // The box's own numbers are found too, each of them.
    expect(numbers(await tickets(player, { number: '8721' }))).toEqual(nos('e'));
  });

  it('never shows another branch its tickets on the same number, either way', async () => {
    expect(numbers(await tickets(co, { number: '8888' }))).toEqual(nos('a', 'b'));
    expect(numbers(await tickets(otherPlayer, { number: '8888' }))).toEqual(nos('other'));
    expect(numbers(await tickets(otherCo, { number: '8888' }))).toEqual(nos('other'));
    const blind = await tickets(otherCo, { number: '1234' });
    expect(blind.body.data.items).toEqual([]);
    expect(blind.body.data.totals).toEqual({ count: 0, gross: 0, commission: 0, net: 0, winnings: 0 });
  });
});

describe('filtering by draw date and pool', () => {
  it('keeps the tickets having a line on that draw date, that pool, or both', async () => {
    expect(numbers(await tickets(player, { drawDate: '2026-11-28' }))).toEqual(nos('c'));
    expect(numbers(await tickets(player, { poolId: PoolId.Toto }))).toEqual(nos('b'));
    expect(numbers(await tickets(player, { drawDate: '2026-11-25', poolId: PoolId.Magnum }))).toEqual(nos('a', 'b', 'e'));
    expect(numbers(await tickets(player, { drawDate: '2026-11-28', poolId: PoolId.Magnum, number: '8888' }))).toEqual([]);
    expect(numbers(await tickets(player, { poolId: PoolId.PMP, status: '0' }))).toEqual(nos('d'));
  });

  it('answers 400 naming the field for a bad number, pool or date, and lists nothing', async () => {
    for (const [field, value] of [
      ['number', '88a8'],
      ['number', '1'],
      // Above any pool id there can be (MAX_POOL_ID, decision 0037).
      ['poolId', 11],
      ['drawDate', '25/11/2026'],
    ] as const) {
      const res = await tickets(player, { [field]: value });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data ?? {})).toContain(field);
    }
  });
});

describe('totals', () => {
  it('sum every filtered active ticket, not only the page', async () => {
    const res = await tickets(player, { page: 1, pageSize: 1 });
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.total).toBe(5);
    const active = ['a', 'b', 'c', 'e'];
    expect(res.body.data.totals).toEqual({ count: 4, gross: sum(active, 'gross'), commission: sum(active, 'commission'), net: sum(active, 'net'), winnings: 0 });
    const byNumber = await tickets(player, { number: '8888', pageSize: 1 });
    expect(byNumber.body.data.totals).toEqual({ count: 2, gross: sum(['a', 'b'], 'gross'), commission: sum(['a', 'b'], 'commission'), net: sum(['a', 'b'], 'net'), winnings: 0 });
  });

  it('sum the void tickets when only void ones are asked for', async () => {
    const res = await tickets(player, { status: '0' });
    expect(res.body.data.totals).toEqual({ count: 1, gross: placed.d.gross, commission: placed.d.commission, net: placed.d.net, winnings: 0 });
  });
});

describe('exports', () => {
  it('writes a CSV of exactly the filtered tickets, headed in the reader\'s language, with the totals', async () => {
    const res = await file(co, { number: '8888', format: 'csv', lang: 'cn' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tickets-2026-11-22\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('彩票号码,下注时间,账户,下注者,来源,开彩日期,彩池,总额,佣金,净额,状态,作废者,作废时间,结果,中奖');
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(lines.slice(1, 3).map((l) => l.split(',')[0]).sort()).toEqual(nos('a', 'b'));
    const b = lines.find((l) => l.startsWith(placed.b.ticketNo))!.split(',');
    expect(b.slice(2, 7)).toEqual(['histplayer', 'histplayer', '快速下注', '2026-11-25', 'MT']);
    expect(b[7]).toBe((placed.b.gross / 100).toFixed(2));
    expect(lines[3]).toBe(`合计 (2),,,,,,,${(sum(['a', 'b'], 'gross') / 100).toFixed(2)},${(sum(['a', 'b'], 'commission') / 100).toFixed(2)},${(sum(['a', 'b'], 'net') / 100).toFixed(2)},,,,,0.00`);
  });

  it('writes an Excel workbook of the same set, in Malay', async () => {
    const res = await file(player, { status: '-1', format: 'xlsx', lang: 'bm' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('No. Tiket');
    expect(sheet.getRow(1).getCell(11).value).toBe('Status');
    // 5 tickets (the void one shown as such), then the totals of the 4 active ones.
    expect(sheet.rowCount).toBe(1 + 5 + 1);
    const statuses = [2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(11).value);
    expect(statuses.filter((s) => s === 'Batal')).toHaveLength(1);
    const total = sheet.getRow(7);
    expect(total.getCell(1).value).toBe('Jumlah (4)');
    expect(total.getCell(8).value).toBe(sum(['a', 'b', 'c', 'e'], 'gross') / 100);
    expect(total.getCell(10).value).toBe(sum(['a', 'b', 'c', 'e'], 'net') / 100);
  });

  it('keeps the other branch out of the files too', async () => {
    const res = await file(otherCo, { number: '8888', format: 'csv', lang: 'en' });
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].startsWith('Ticket No.,Ordered at,Account')).toBe(true);
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(nos('other'));
  });
});

describe('a page and its tickets', () => {
  it('keeps the count of the filtered set on a page past its end', async () => {
    const res = await tickets(player, { page: 100, pageSize: 50 });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
    expect(res.body.data.total).toBe(5);
  });

  it('says a ticket is open until the cutoff of any of its draws has passed', async () => {
    const openOf = async (cookie = player) => {
      const res = await tickets(cookie, { pageSize: 50 });
      return Object.fromEntries(res.body.data.items.map((r: { ticketNo: string; open: boolean }) => [r.ticketNo, r.open]));
    };
    const before = await openOf();
    expect([before[placed.a.ticketNo], before[placed.c.ticketNo]]).toEqual([true, true]);
    const start = t.clock.now();
    t.clock.set('2026-11-26T04:00:00Z'); // past the draws of the 25th, before the 28th
    try {
      const after = await openOf(await t.login('histplayer', PASSWORD)); // the first session timed out
      expect([after[placed.a.ticketNo], after[placed.b.ticketNo], after[placed.c.ticketNo]]).toEqual([false, false, true]);
    } finally {
      t.clock.set(start);
    }
  });
});

// Issue 29 line 4: the history is paged on the server, so it is sorted there, by a whitelisted column only.
describe('sorting the history', () => {
  const grossOf = (res: { body: { data: { items: { gross: number }[] } } }) => res.body.data.items.map((r) => r.gross);
  it('orders the whole filtered set by a figure, either way, before paging', async () => {
    const all = [placed.a, placed.b, placed.c, placed.d, placed.e].map((p) => p.gross);
    const desc = await tickets(player, { sortBy: 'gross', sortOrder: 'desc', pageSize: 50 });
    expect(desc.status).toBe(200);
    expect(grossOf(desc)).toEqual([...all].sort((x, y) => y - x));
    const asc = await tickets(player, { sortBy: 'gross', sortOrder: 'asc', pageSize: 50 });
    expect(grossOf(asc)).toEqual([...all].sort((x, y) => x - y));
    // Page 1 of one row is the biggest ticket of the whole set, not of a newest-first page.
    const first = await tickets(player, { sortBy: 'gross', sortOrder: 'desc', pageSize: 1 });
    expect(grossOf(first)).toEqual([Math.max(...all)]);
    expect(first.body.data.total).toBe(5);
  });

  it('orders by a ticket\'s draw date, and by ticket number', async () => {
    const byDraw = await tickets(player, { sortBy: 'drawDate', sortOrder: 'desc', pageSize: 50 });
    expect(byDraw.body.data.items[0].ticketNo).toBe(placed.c.ticketNo);
    const byDrawAsc = await tickets(player, { sortBy: 'drawDate', sortOrder: 'asc', pageSize: 50 });
    expect(byDrawAsc.body.data.items.at(-1).ticketNo).toBe(placed.c.ticketNo);
    const byNo = await tickets(player, { sortBy: 'ticketNo', sortOrder: 'asc', pageSize: 50 });
    expect(byNo.body.data.items.map((r: { ticketNo: string }) => r.ticketNo)).toEqual(nos('a', 'b', 'c', 'd', 'e'));
  });

  it('refuses a column outside the list (400 naming sortBy), and a caller without a session', async () => {
    for (const sortBy of ['password', 'gross desc; drop table tickets', 'receipt']) {
      const res = await tickets(player, { sortBy });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data ?? {})).toContain('sortBy');
    }
    expect((await tickets(player, { sortBy: 'gross', sortOrder: 'sideways' })).status).toBe(400);
    expect((await t.request({ url: '/api/Report/GetTicket', query: { sortBy: 'gross' } })).status).toBe(401);
  });

  it('keeps another branch out whatever the order', async () => {
    const res = await tickets(otherCo, { sortBy: 'gross', sortOrder: 'desc' });
    expect(numbers(res)).toEqual(nos('other'));
  });
});
