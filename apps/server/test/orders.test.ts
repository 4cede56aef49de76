import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BetType, HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let co: string;
let coId: number;
let agentId: number;
let playerId: number;
let player: string;
const CUTOFF_WED = new Date('2026-11-25T10:45:00.000Z').getTime();
let keyNo = 0;
const key = () => `order-key-${++keyNo}-${Date.now()}`;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
async function relogin() {
  admin = await t.login(ADMIN.username, ADMIN.password);
  co = await t.login('ordco', PASSWORD);
  player = await t.login('ordplayer', PASSWORD);
}
const express = (text: string, cookie = player, extra: Record<string, unknown> = {}) =>
  t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key(), ...extra } });

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  coId = await createOk(admin, { username: 'ordco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('ordco', PASSWORD);
  agentId = await createOk(co, { username: 'ordagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await t.login('ordagent', PASSWORD);
  // Voids its own tickets in these tests: allowed to (issue 10, item 3).
  playerId = await createOk(agent, { username: 'ordplayer', level: HierarchyLevel.Player, creditLimit: 10_000, allowSelfVoid: true });
  player = await t.login('ordplayer', PASSWORD);
  for (const poolId of [PoolId.Magnum, PoolId.PMP, PoolId.Toto]) {
    const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate: '2026-11-25', isSpecial: false } });
    expect(res.status).toBe(200);
  }
  // The company eats by amount: at most RM 1.50 of Big per number on Magnum.
  const limits = await t.request({
    url: '/api/Account/UpdateUserEatLimit',
    cookie: co,
    json: { userId: coId, eatType: 'amount', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount: 150 }] },
  });
  expect(limits.status).toBe(200);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('placing an express order', () => {
  it('places a ticket: expands, charges net of commission, shares the stake up the chain', async () => {
    const res = await express('D\n#12\n1234#1#1\n*5678#1');
    expect(res.status).toBe(200);
    const d = res.body.data;
    // 1234: Big 1 + Small 1 on 2 pools = 400; box 5678: 24 numbers x 1 on 2 pools = 4800.
    expect(d.gross).toBe(5_200);
    // 26% commission per bought number: 26 cents on each of the 52 bet lines.
    expect(d.commission).toBe(52 * 26);
    expect(d.net).toBe(5_200 - 52 * 26);
    expect(d.lines).toBe(52);
    expect(d.availableCredit).toBe(10_000 - d.net);
    expect(d.receipt).toContain('1234');
    expect(d.receipt).toContain('*5678');
    const [ticket] = await rows<{ inbox_string: string; status: number }>(sql`select inbox_string, status from tickets where id = ${d.ticketId}`);
    expect(ticket).toEqual({ inbox_string: 'D\n#12\n1234#1#1\n*5678#1', status: 1 });
    // The agent takes 50% of every line; the company eats Big on Magnum up to 150 per number.
    const shares = await rows<{ user_id: number; total: string }>(sql`select es.user_id, sum(es.amount)::text as total from eat_shares es
      join bet_lines bl on bl.id = es.bet_line_id where bl.ticket_id = ${d.ticketId} group by es.user_id order by es.user_id`);
    expect(shares.find((s) => s.user_id === agentId)?.total).toBe(String(5_200 / 2));
    // Company: 50 of each Big line on Magnum (25 numbers, the rest of each 100 after the agent's 50).
    expect(shares.find((s) => s.user_id === coId)?.total).toBe(String(25 * 50));
    const [unposted] = await rows<{ total: string }>(sql`select sum(unposted)::text as total from bet_lines where ticket_id = ${d.ticketId}`);
    expect(Number(unposted.total)).toBe(5_200 - 2_600 - 1_250);
    expect(d.unposted).toBe(5_200 - 2_600 - 1_250);
  });

  it('places once for one idempotency key, and answers the retry with the first result', async () => {
    const k = key();
    const first = await express('D\n#1\n9999#1', player, { idempotencyKey: k });
    const again = await express('D\n#1\n9999#1', player, { idempotencyKey: k });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets where receipt_string like '%9999%'`);
    expect(n.n).toBe(1);
  });

  it('charges each ticket of a batch the commission of its own owner\'s package', async () => {
    // A player of the company itself, which may edit packages (the agent may not).
    const otherId = await createOk(co, { username: 'ordlowpkg', level: HierarchyLevel.Player, creditLimit: 10_000 });
    const other = await t.login('ordlowpkg', PASSWORD);
    const low = await t.request({
      url: '/api/Configuration/CreateOrUpdatePackage',
      cookie: co,
      json: {
        packageType: 0,
        name: 'Ten percent',
        rates: [
          { code: 'B', commissionPct: 10, payouts: { first: 150_000, second: 50_000, third: 25_000, starter: 10_000, consolation: 5_000 } },
          { code: 'S', commissionPct: 10, payouts: { first: 200_000, second: 100_000, third: 50_000 } },
        ],
      },
    });
    expect(low.status, JSON.stringify(low.body)).toBe(200);
    expect((await t.request({ url: '/api/Configuration/AssignPackage', cookie: co, json: { userId: otherId, packageType: 0, packageId: low.body.data.packageId } })).status).toBe(200);
    // Sent together, so that on PostgreSQL the tickets after the first share a batch.
    const owners = [player, other, player, other, player, other];
    const placed = await Promise.all(owners.map((cookie) => express('D\n#1\n5678#1', cookie)));
    placed.forEach((res, i) => {
      expect(res.status).toBe(200);
      // RM 1 of Big on one number: 26 cents under the default package, 10 under the assigned one.
      expect(res.body.data.commission).toBe(owners[i] === other ? 10 : 26);
    });
  });

  it('refuses a bad text naming every bad line, and places nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from tickets`);
    const res = await express('D\n#1\n1234#1\n1234#1\n12a4#1');
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({
      'line.4': 'DUPLICATED_NUMBER',
      'line.5': expect.any(String),
      // Each refused line is named by its own text too.
      lines: [
        { lineNo: 4, text: '1234#1', key: 'DUPLICATED_NUMBER' },
        { lineNo: 5, text: '12a4#1', key: expect.any(String) },
      ],
    });
    const empty = await express('');
    expect(empty.body.message).toBe('EMPTY_RECEIPT_STRING');
    const noPool = await express('D\n1234#1');
    expect(noPool.body.message).toBe('SELECT_AT_LEAST_ONE_POOL');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from tickets`)).toEqual(before);
  });

  it('refuses a ticket beyond the available credit, leaving nothing behind', async () => {
    const journal = await rows<{ n: number }>(sql`select count(*)::int as n from journal_entries`);
    const res = await express('D\n#123\n*1234#10');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('INSUFFICIENT_CREDIT');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from journal_entries`)).toEqual(journal);
  });

  it('refuses a code the package does not sell', async () => {
    const res = await express('D\n#1\n1234####');
    expect(res.status).toBe(400);
    const fiveD = await express('D\n#1\n12345#1');
    expect(fiveD.status).toBe(400);
  });

  it('lets an upline order for a player of its downline, not for a sibling branch', async () => {
    const res = await express('D\n#1\n4444#1', co, { targetUserId: playerId });
    expect(res.status).toBe(200);
    const [tk] = await rows<{ user_id: number; placed_by: number }>(sql`select user_id, placed_by from tickets where id = ${res.body.data.ticketId}`);
    expect(tk.user_id).toBe(playerId);
    const other = await createOk(admin, { username: 'ordco2', level: HierarchyLevel.Company, creditLimit: 1_000 });
    const outside = await express('D\n#1\n4445#1', co, { targetUserId: other });
    expect(outside.status).toBe(404);
  });
});

describe("the owner's eat sequence", () => {
  it('reads * as ibox for an owner whose sequence is **/*, placing for itself or through its upline', async () => {
    const agent = await t.login('ordagent', PASSWORD);
    const swappedId = await createOk(agent, { username: 'ordswapped', level: HierarchyLevel.Player, creditLimit: 10_000, eatSequence: '**/*' });
    const swapped = await t.login('ordswapped', PASSWORD);
    const typesOf = async (ticketId: number) =>
      (await rows<{ bet_type: number }>(sql`select distinct bet_type from bet_lines where ticket_id = ${ticketId}`)).map((r) => r.bet_type);
    const own = await express('D\n#1\n*1357#1', swapped);
    expect(own.status).toBe(200);
    expect(await typesOf(own.body.data.ticketId)).toEqual([BetType.IBox]);
    const byUpline = await express('D\n#1\n*1357#1', agent, { targetUserId: swappedId });
    expect(byUpline.status).toBe(200);
    expect(await typesOf(byUpline.body.data.ticketId)).toEqual([BetType.IBox]);
    // The receipt writes the markers as the owner reads them: its * is the ibox it bought.
    expect(own.body.data.receipt).toContain('*1357 B1');
    expect(own.body.data.receipt).not.toContain('**1357');
    expect(byUpline.body.data.receipt).toContain('*1357 B1');
    // The default sequence reads the same text as a box.
    const plain = await express('D\n#1\n*1357#1');
    expect(await typesOf(plain.body.data.ticketId)).toEqual([BetType.Box]);
    expect(plain.body.data.receipt).toContain('*1357 B1');
    const ibox = await express('D\n#1\n**1357#1');
    expect(ibox.body.data.receipt).toContain('**1357 B1');
  });
});

describe('web order', () => {
  it('places the grid rows with the same rules as the express text', async () => {
    const res = await t.request({
      url: '/api/Bet/PlaceWebOrder',
      cookie: player,
      json: { idempotencyKey: key(), rows: [{ number: '2468', betType: 1, amounts: { B: 100 }, pools: [1, 3], draw: { kind: 'dates', dates: ['2026-11-25'] } }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.gross).toBe(200);
    const dup = await t.request({
      url: '/api/Bet/PlaceWebOrder',
      cookie: player,
      json: {
        idempotencyKey: key(),
        rows: [
          { number: '1357', betType: 1, amounts: { B: 100 }, pools: [1], draw: { kind: 'next', count: 1 } },
          { number: '1357', betType: 1, amounts: { B: 100 }, pools: [1], draw: { kind: 'next', count: 1 } },
          { number: '1111', betType: 2, amounts: { B: 100 }, pools: [1], draw: { kind: 'next', count: 1 } },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.data).toEqual({
      'line.2': 'DUPLICATED_NUMBER',
      'line.3': 'NUMBER_CANNOT_BE_BOXED',
      lines: [
        { lineNo: 2, text: 'D #1 1357#1', key: 'DUPLICATED_NUMBER' },
        { lineNo: 3, text: 'D #1 *1111#1', key: 'NUMBER_CANNOT_BE_BOXED' },
      ],
    });
  });

  it('takes at most maxLineBetInUI rows (the system setting, read on each order): the first row past it is named', async () => {
    const row = (n: number) => ({ number: String(4000 + n), betType: 1, amounts: { B: 100 }, pools: [1], draw: { kind: 'next', count: 1 } });
    const tickets = async () => Number(((await t.db.execute(sql`select count(*)::int as n from tickets`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const set = (v: string) => t.db.execute(sql`insert into system_settings (key, value) values ('maxLineBetInUI', ${v}) on conflict (key) do update set value = ${v}`);
    const was = ((await t.db.execute(sql`select value from system_settings where key = 'maxLineBetInUI'`)) as unknown as { rows: { value: string }[] }).rows[0]?.value ?? '50';
    await set('2');
    try {
      const before = await tickets();
      const over = await t.request({ url: '/api/Bet/PlaceWebOrder', cookie: player, json: { idempotencyKey: key(), rows: [row(1), row(2), row(3)] } });
      expect(over.status).toBe(400);
      expect(over.body.data).toEqual({ 'line.3': 'max', lines: [{ lineNo: 3, text: '> 2', key: 'max' }] });
      expect(await tickets()).toBe(before);
      const within = await t.request({ url: '/api/Bet/PlaceWebOrder', cookie: player, json: { idempotencyKey: key(), rows: [row(1), row(2)] } });
      expect(within.status, JSON.stringify(within.body)).toBe(200);
    } finally {
      await set(was);
    }
  });
});

describe("the owner's bet-code order and default pools (account settings)", () => {
  let orderedId: number;
  let ordered: string;
  const linesOf = (ticketId: number) =>
    rows<{ pool_id: number; bet_code: string; stake: string }>(
      sql`select pool_id, bet_code, sum(stake)::text as stake from bet_lines where ticket_id = ${ticketId} group by pool_id, bet_code order by pool_id, bet_code`,
    );

  it('are kept on the account as the parser reads them, and refused when they do not read', async () => {
    const agent = await t.login('ordagent', PASSWORD);
    const bad = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: agent,
      json: { username: 'ordbadorder', password: PASSWORD, fullName: 'x', level: HierarchyLevel.Player, betCodeOrder: 'B#B' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('betCodeOrder');
    const badPools = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: agent,
      json: { username: 'ordbadpools', password: PASSWORD, fullName: 'x', level: HierarchyLevel.Player, defaultPools: [9] },
    });
    expect(badPools.status).toBe(400);
    orderedId = await createOk(agent, { username: 'ordordered', level: HierarchyLevel.Player, creditLimit: 10_000, betCodeOrder: 's#b', defaultPools: [2, 1, 2] });
    ordered = await t.login('ordordered', PASSWORD);
    const detail = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: orderedId }, cookie: ordered });
    expect(detail.body.data).toMatchObject({ betCodeOrder: 'S#B', defaultPools: [1, 2] });
  });

  it('read a text by them: amounts follow the order, no pools line means the default pools', async () => {
    const res = await express('D\n1234#1#2', ordered);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await linesOf(res.body.data.ticketId)).toEqual([
      { pool_id: 1, bet_code: 'B', stake: '200' },
      { pool_id: 1, bet_code: 'S', stake: '100' },
      { pool_id: 2, bet_code: 'B', stake: '200' },
      { pool_id: 2, bet_code: 'S', stake: '100' },
    ]);
    // A pools line still decides for its group.
    const named = await express('D\n#3\n1234#1', ordered);
    expect(await linesOf(named.body.data.ticketId)).toEqual([{ pool_id: 3, bet_code: 'S', stake: '100' }]);
    // An upline ordering for the account writes the account's text.
    const agent = await t.login('ordagent', PASSWORD);
    const byUpline = await express('D\n2345#1', agent, { targetUserId: orderedId });
    expect(await linesOf(byUpline.body.data.ticketId)).toEqual([
      { pool_id: 1, bet_code: 'S', stake: '100' },
      { pool_id: 2, bet_code: 'S', stake: '100' },
    ]);
    // The default order and no default pools for everyone else.
    const plain = await express('D\n2345#1');
    expect(plain.body.message).toBe('SELECT_AT_LEAST_ONE_POOL');
  });

  it('change when the account changes them on its own profile', async () => {
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: orderedId }, cookie: ordered })).body.data;
    const saved = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: ordered, json: { ...detail, userId: orderedId, betCodeOrder: 'B#S#4A#A#C', defaultPools: [3] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await t.login('ordordered', PASSWORD);
    const res = await express('D\n3456#1#2', again);
    expect(await linesOf(res.body.data.ticketId)).toEqual([
      { pool_id: 3, bet_code: 'B', stake: '100' },
      { pool_id: 3, bet_code: 'S', stake: '200' },
    ]);
    ordered = again;
  });

  it('take a zero beside a stake as no stake on that code', async () => {
    const res = await express('D\n#1\n4567#0#1', player);
    expect(res.status).toBe(200);
    expect(await linesOf(res.body.data.ticketId)).toEqual([{ pool_id: 1, bet_code: 'S', stake: '100' }]);
    const none = await express('D\n#1\n4567#0#0', player);
    expect(none.status).toBe(400);
    expect(none.body.data.lines).toEqual([{ lineNo: 3, text: '4567#0#0', key: 'NO_BET_AMOUNT' }]);
  });

  it('decide the web order too: a code outside the order is refused naming the row, a zero stake is none', async () => {
    const web = (rows: object[]) => t.request({ url: '/api/Bet/PlaceWebOrder', cookie: ordered, json: { idempotencyKey: key(), rows } });
    const outside = await web([{ number: '5678', betType: 1, amounts: { B: 100, '4B': 100 }, pools: [1], draw: { kind: 'next', count: 1 } }]);
    expect(outside.status).toBe(400);
    expect(outside.body.data.lines).toEqual([{ lineNo: 1, text: '5678 B1 4B1', key: 'BET_CODE_NOT_IN_ORDER', code: '4B' }]);
    const zero = await web([{ number: '5678', betType: 1, amounts: { B: 0, S: 100 }, pools: [1], draw: { kind: 'next', count: 1 } }]);
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(await linesOf(zero.body.data.ticketId)).toEqual([{ pool_id: 1, bet_code: 'S', stake: '100' }]);
  });

  it('name a line refused for its draw by its own text', async () => {
    const res = await express('D\n#1\n1234#1\n30/11\n#1\n2345#1', player);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ 'line.6': 'NO_DRAW', lines: [{ lineNo: 6, text: '2345#1', key: 'NO_DRAW' }] });
  });
});

describe('history, receipts and voids', () => {
  it('lists tickets in the subtree, shows the receipt, voids before cutoff and refunds the stake', async () => {
    const placed = await express('D\n#2\n8642#1');
    const before = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: playerId }, cookie: player })).body.data.balance;
    const list = await t.request({ url: '/api/Report/GetTicket', cookie: co, query: { userId: playerId } });
    expect(list.body.data.items.some((r: { ticketNo: string; open: boolean }) => r.ticketNo === placed.body.data.ticketNo && r.open)).toBe(true);
    const receipt = await t.request({ url: '/api/Bet/GetBetReceipt', query: { ticketId: placed.body.data.ticketId }, cookie: player });
    expect(receipt.body.data.receipt).toBe(placed.body.data.receipt);
    expect(receipt.body.data.inboxString).toBe('D\n#2\n8642#1');
    const v = await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: placed.body.data.ticketId } });
    expect(v.status).toBe(200);
    expect(v.body.data[0].refunded).toBe(placed.body.data.net);
    const after = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: playerId }, cookie: player })).body.data.balance;
    expect(after - before).toBe(placed.body.data.net);
    const again = await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: placed.body.data.ticketId } });
    expect(again.status).toBe(409);
    const [tk] = await rows<{ status: number; voided_by: number }>(sql`select status, voided_by from tickets where id = ${placed.body.data.ticketId}`);
    expect(tk).toEqual({ status: 0, voided_by: playerId });
    const empty = await t.request({ url: '/api/Bet/BulkVoidTicket', cookie: player, json: { ticketIds: [] } });
    expect(empty.body.message).toBe('SELECT_TICKET_TO_VOID');
  });

  it('gives eaten limit back on void', async () => {
    const placed = await express('D\n#1\n3579#1');
    const eaten = async () => (await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and key = 'n:3579:B'`))[0]?.amount;
    expect(await eaten()).toBe('50');
    await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: placed.body.data.ticketId } });
    expect(await eaten()).toBe('0');
  });

  it('bulk voids several tickets at once: each refunded by its own journal transaction, limits given back', async () => {
    const eaten = async (n: string) => (await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and key = ${`n:${n}:B`}`))[0]?.amount;
    const before = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: playerId }, cookie: player })).body.data.balance;
    const eatenBefore = Number((await eaten('2468')) ?? 0);
    const placed = [await express('D\n#1\n2468#1'), await express('D\n#1\n2468#1\n1357#2'), await express('D\n#1\n9753#1')].map((r) => r.body.data);
    expect(Number(await eaten('2468'))).toBe(eatenBefore + 100);
    const ids = placed.map((p) => p.ticketId);
    const v = await t.request({ url: '/api/Bet/BulkVoidTicket', cookie: player, json: { ticketIds: [ids[2], ids[0], ids[1]] } });
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual(placed.map((p) => ({ ticketId: p.ticketId, ticketNo: p.ticketNo, refunded: p.net })));
    const after = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: playerId }, cookie: player })).body.data.balance;
    expect(after).toBe(before);
    expect(Number(await eaten('2468'))).toBe(eatenBefore);
    expect(await eaten('9753')).toBe('0');
    const voided = await rows<{ status: number; n: string }>(
      sql`select t.status, count(distinct t.void_transaction_id)::text as n from tickets t where t.id = any(${`{${ids.join(',')}}`}::bigint[]) group by t.status`,
    );
    expect(voided).toEqual([{ status: 0, n: '3' }]);
    const lines = await rows<{ n: string }>(sql`select count(*)::text as n from bet_lines where ticket_id = any(${`{${ids.join(',')}}`}::bigint[]) and status <> 0`);
    expect(lines[0].n).toBe('0');
    const memos = await rows<{ memo: string }>(sql`select memo from journal_transactions where kind = 'void' and memo = any(${`{${placed.map((p) => p.ticketNo).join(',')}}`}::text[])`);
    expect(memos.length).toBe(3);
    // Each refund comes out of the open-stakes account its stake was paid into (batches rotate shards).
    const paths = await rows<{ paid: number; refundedFrom: number }>(
      sql`select (select account_id from journal_entries where transaction_id = t.transaction_id and amount > 0) as paid,
                 (select account_id from journal_entries where transaction_id = t.void_transaction_id and amount < 0) as "refundedFrom"
          from tickets t where t.id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    for (const p of paths) expect(p.refundedFrom).toBe(p.paid);
    expect(new Set(paths.map((p) => p.paid)).size).toBeGreaterThan(1);
  });

  it('a sibling branch sees neither the ticket nor its receipt', async () => {
    const placed = await express('D\n#1\n1470#1');
    const other = await t.login('ordco2', PASSWORD);
    expect((await t.request({ url: '/api/Bet/GetBetReceipt', query: { ticketId: placed.body.data.ticketId }, cookie: other })).status).toBe(404);
    expect((await t.request({ url: '/api/Bet/VoidTicket', cookie: other, json: { ticketId: placed.body.data.ticketId } })).status).toBe(404);
    const list = await t.request({ url: '/api/Report/GetTicket', cookie: other });
    expect(list.body.data.items).toEqual([]);
  });
});

describe('cutoff by the server clock', () => {
  it('places at one millisecond before the cutoff, refuses at and after it, and refuses voids then', async () => {
    t.clock.set(new Date(CUTOFF_WED - 60_000));
    await relogin();
    const early = await express('D\n#1\n1122#1');
    expect(early.status).toBe(200);
    t.clock.set(new Date(CUTOFF_WED - 1));
    const lastMs = await express('25/11\n#1\n1133#1');
    expect(lastMs.status).toBe(200);
    t.clock.set(new Date(CUTOFF_WED));
    const atCutoff = await express('25/11\n#1\n1144#1');
    expect(atCutoff.status).toBe(422);
    expect(atCutoff.body).toMatchObject({ message: 'DRAW_CLOSED', data: { 'line.3': 'DRAW_CLOSED' } });
    t.clock.set(new Date(CUTOFF_WED + 1));
    const next = await express('D\n#1\n1155#1');
    expect(next.body.message).toBe('NO_DRAW');
    const v = await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: early.body.data.ticketId } });
    expect(v.status).toBe(422);
    expect(v.body.message).toBe('DRAW_CLOSED');
  });
});

describe('deleting an account with open tickets', () => {
  it('is refused while a ticket on a coming draw is active, and allowed once it is void and the balance is zero', async () => {
    t.clock.set('2026-11-22T04:00:00Z');
    await relogin();
    const agent = await t.login('ordagent', PASSWORD);
    const id = await createOk(agent, { username: 'ordleaver', level: HierarchyLevel.Player, creditLimit: 1_000, allowSelfVoid: true });
    const leaver = await t.login('ordleaver', PASSWORD);
    const placed = await express('D\n#1\n6060#1', leaver);
    expect(placed.status).toBe(200);
    const refusedDelete = await t.request({ url: '/api/Setting/DeleteUser', cookie: agent, json: { userId: id } });
    expect(refusedDelete.body.message).toBe('ACCOUNT_HAS_OPEN_TICKETS');
    await t.request({ url: '/api/Bet/VoidTicket', cookie: leaver, json: { ticketId: placed.body.data.ticketId } });
    const deleted = await t.request({ url: '/api/Setting/DeleteUser', cookie: agent, json: { userId: id } });
    expect(deleted.status).toBe(200);
  });
});

describe('an inactive pool', () => {
  it('takes no bets', async () => {
    t.clock.set('2026-11-22T04:00:00Z');
    await relogin();
    await t.db.execute(sql`update pools set record_status = 0 where id = ${PoolId.Toto}`);
    try {
      const res = await express('D\n#3\n8080#1');
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ message: 'POOL_INACTIVE', data: { 'line.3': 'POOL_INACTIVE' } });
    } finally {
      await t.db.execute(sql`update pools set record_status = 1 where id = ${PoolId.Toto}`);
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character or half a surrogate pair in the bet text, the page info, the phone or the key, naming the field, and places nothing', async () => {
    t.clock.set('2026-11-22T04:00:00Z');
    await relogin();
    const before = await t.request({ url: '/api/Report/GetTicket', cookie: player, query: { page: 1, pageSize: 1 } });
    for (const [field, extra, text] of [
      ['text', {}, 'D\n#1\n1234#1\u0000'],
      ['pageInfo', { pageInfo: 'p\u00001' }, 'D\n#1\n1234#1'],
      ['customerPhone', { customerPhone: '012\u0000' }, 'D\n#1\n1234#1'],
      // Half a surrogate pair has no UTF-8 form: stored, it would become another key than the one sent.
      ['idempotencyKey', { idempotencyKey: `key-\ud800-${key()}` }, 'D\n#1\n1234#1'],
      ['pageInfo', { pageInfo: 'p\udc001' }, 'D\n#1\n1234#1'],
    ] as const) {
      const res = await express(text, player, extra);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data ?? {})).toContain(field);
    }
    const after = await t.request({ url: '/api/Report/GetTicket', cookie: player, query: { page: 1, pageSize: 1 } });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('stores free text as written, however it is quoted: the batch carries it in array literals', async () => {
    t.clock.set('2026-11-22T04:00:00Z');
    await relogin();
    const pageInfo = 'p "1", {2} \\ back\\slash\nNULL 中文 Sélàngor \'x\'';
    const k = `key "q" \\ {a,b} NULL ${key()}`;
    const res = await express('D\n#1\n4321#1', player, { pageInfo, customerPhone: 'NULL', idempotencyKey: k });
    expect(res.status).toBe(200);
    const [ticket] = await rows<{ page_info: string; customer_phone: string }>(sql`select page_info, customer_phone from tickets where id = ${res.body.data.ticketId}`);
    expect(ticket).toEqual({ page_info: pageInfo, customer_phone: 'NULL' });
    // The key as sent: the retry finds it and replays the first answer.
    const again = await express('D\n#1\n4321#1', player, { pageInfo, customerPhone: 'NULL', idempotencyKey: k });
    expect(again.body).toEqual(res.body);
  });
});

describe('a draw with tickets', () => {
  it('is neither cancelled nor moved while a ticket on it is active; once voided it can be cancelled, and takes no more bets', async () => {
    const added = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-24', isSpecial: true } });
    expect(added.status).toBe(200);
    const drawId = added.body.data.drawId as number;
    const placed = await express('24/11\n#1\n3579#1');
    expect(placed.status).toBe(200);
    const cancel = () => t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId, recordStatus: 0, secondaryPassword: ADMIN.password } });
    const refusedCancel = await cancel();
    expect(refusedCancel.status).toBe(422);
    expect(refusedCancel.body.message).toBe('DRAW_HAS_TICKETS');
    const refusedMove = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId, drawDate: '2026-11-26', secondaryPassword: ADMIN.password } });
    expect(refusedMove.body.message).toBe('DRAW_HAS_TICKETS');
    const [draw] = await rows<{ record_status: number; draw_date: string }>(sql`select record_status, draw_date::text from draws where id = ${drawId}`);
    expect(draw).toEqual({ record_status: 1, draw_date: '2026-11-24' });
    expect((await t.request({ url: '/api/Bet/VoidTicket', cookie: player, json: { ticketId: placed.body.data.ticketId } })).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    const after = await express('24/11\n#1\n3579#1');
    expect(after.status).toBe(422);
    expect(after.body.message).toBe('NO_DRAW');
  });
});

describe('fight limits per code count the digits the code plays', () => {
  it('takes 3A on 1234 and on 5234 against one limit: both are a bet on 234', async () => {
    const limits = await t.request({
      url: '/api/Account/UpdateUserEatLimit',
      cookie: co,
      json: { userId: coId, eatType: 'amount', limitMethod: 1, limits: [{ poolId: PoolId.Magnum, betCode: 'B', amount: 150 }, { poolId: PoolId.Magnum, betCode: 'A', amount: 60 }] },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    const eatenOf = async (ticketId: number) =>
      Number((await rows<{ total: string }>(sql`select coalesce(sum(es.amount), 0)::text as total from eat_shares es join bet_lines bl on bl.id = es.bet_line_id where bl.ticket_id = ${ticketId} and es.user_id = ${coId}`))[0].total);
    // 3A 1.00: the agent takes 50%, the company the rest up to 0.60 on 234.
    const first = await express('D\n#1\n1234####1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await eatenOf(first.body.data.ticketId)).toBe(50);
    const second = await express('D\n#1\n5234####1');
    expect(await eatenOf(second.body.data.ticketId)).toBe(10);
    const third = await express('D\n#1\n234####1');
    expect(await eatenOf(third.body.data.ticketId)).toBe(0);
    // Another 3D number is its own limit.
    const other = await express('D\n#1\n1235####1');
    expect(await eatenOf(other.body.data.ticketId)).toBe(50);
  });
});
