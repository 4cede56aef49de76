// Real lock contention exists only on PostgreSQL: these run when TEST_DATABASE_URL is set (CI sets it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import pg from 'pg';
import { createWallets } from '../src/modules/ledger/queries';
import { checkLedger, retryStats } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const onPg = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
const PASSWORD = 'Passw0rd!';
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

describe.skipIf(!onPg)('ordering under concurrency (PostgreSQL)', () => {
  let coId: number;
  let agent: string;
  beforeAll(async () => {
    t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
    const admin = await t.login(ADMIN.username, ADMIN.password);
    const create = async (cookie: string, body: Record<string, unknown>) => {
      const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data.userId as number;
    };
    coId = await create(admin, { username: 'ccco', level: HierarchyLevel.Company, creditLimit: 100_000_000 });
    const co = await t.login('ccco', PASSWORD);
    await create(co, { username: 'ccagent', level: HierarchyLevel.Agent, creditLimit: 10_000_000 });
    agent = await t.login('ccagent', PASSWORD);
    await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
    // The company eats Big on Magnum by amount, up to RM 50 per number.
    await t.request({ url: '/api/Account/UpdateUserEatLimit', cookie: co, json: { userId: coId, eatType: 'amount', limitMethod: 1, limits: [{ poolId: 1, betCode: 'B', amount: 5_000 }] } });
  });
  afterAll(async () => t?.close());

  const place = (cookie: string, text: string, key: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key } });

  it('200 parallel tickets against a credit that covers 50: exactly 50 placed', async () => {
    // Net of a RM 1 Big at 26% commission is 74 cents: a limit of 50 x 74 covers exactly 50 tickets.
    const agentCookie = agent;
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agentCookie, json: { username: 'ccplayer', password: PASSWORD, fullName: 'P', level: HierarchyLevel.Player, creditLimit: 50 * 74 } });
    const player = await t.login('ccplayer', PASSWORD);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => place(player, `D\n#1\n${String(1000 + i)}#1`, `credit-${i}-key`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([]);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer'`);
    expect(n.n).toBe(50);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('200 parallel tickets on one number against a fight limit: the amount eaten never exceeds it', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer2', password: PASSWORD, fullName: 'P2', level: HierarchyLevel.Player, creditLimit: 1_000_000 } });
    const player = await t.login('ccplayer2', PASSWORD);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => place(player, 'D\n#1\n7777#1', `limit-${i}-key`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(200);
    const [eaten] = await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and key = 'n:7777:B'`);
    expect(Number(eaten.amount)).toBe(5_000);
    const [shares] = await rows<{ total: string }>(sql`select sum(es.amount)::text as total from eat_shares es join bet_lines bl on bl.id = es.bet_line_id where es.user_id = ${coId} and bl.number = '7777'`);
    expect(Number(shares.total)).toBe(5_000);
    const [unposted] = await rows<{ total: string }>(sql`select sum(unposted)::text as total from bet_lines where number = '7777'`);
    expect(Number(unposted.total)).toBe(200 * 100 - 5_000);
    const [queued] = await rows<{ n: number }>(sql`select count(*)::int as n from number_queue where owner_user_id = ${coId} and number = '7777' and status = 0`);
    expect(queued.n).toBe(1);
  });

  it('50 submissions with one idempotency key: one ticket', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer3', password: PASSWORD, fullName: 'P3', level: HierarchyLevel.Player, creditLimit: 100_000 } });
    const player = await t.login('ccplayer3', PASSWORD);
    const results = await Promise.all(Array.from({ length: 50 }, () => place(player, 'D\n#1\n2222#1', 'the-same-key-1')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.ticketId)).size).toBe(1);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer3'`);
    expect(n.n).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('two server processes placing and voiding together: credit and limits hold, nothing deadlocks, the ledger balances', async () => {
    // Each app has its own batches, so tickets of the two meet only in the database's locks.
    const other = await t.twin();
    const deadlocksBefore = retryStats['40P01'] ?? 0;
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer4', password: PASSWORD, fullName: 'P4', level: HierarchyLevel.Player, creditLimit: 60 * 74, allowSelfVoid: true } });
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer5', password: PASSWORD, fullName: 'P5', level: HierarchyLevel.Player, creditLimit: 1_000_000, allowSelfVoid: true } });
    const p4 = await t.login('ccplayer4', PASSWORD);
    const p5 = await t.login('ccplayer5', PASSWORD);
    const via = (i: number) => (i % 2 ? other : undefined);
    const placeVia = (i: number, cookie: string, text: string, key: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: key }, via: via(i) });
    // A first ticket of each player to void while the others are placed.
    const first = await Promise.all([placeVia(0, p4, 'D\n#1\n8888#1', 'twin-void-4'), placeVia(1, p5, 'D\n#1\n8888#1', 'twin-void-5')]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    const results = await Promise.all([
      ...Array.from({ length: 120 }, (_, i) => placeVia(i, p4, `D\n#1\n${String(3000 + i)}#1`, `twin-credit-${i}`)),
      ...Array.from({ length: 120 }, (_, i) => placeVia(i, p5, 'D\n#1\n8888#1', `twin-limit-${i}`)),
      t.request({ url: '/api/Bet/VoidTicket', cookie: p4, json: { ticketId: first[0].body.data.ticketId } }),
      t.request({ url: '/api/Bet/VoidTicket', cookie: p5, json: { ticketId: first[1].body.data.ticketId }, via: other }),
    ]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    // ccplayer4's credit covers 60 tickets and one is placed: 59 more go in, or 60 when the void's refund
    // arrives before the credit runs out; never more.
    const credit = results.slice(0, 120);
    const placed = credit.filter((r) => r.status === 200).length;
    expect([59, 60]).toContain(placed);
    expect(credit.filter((r) => r.status !== 200).every((r) => r.body.message === 'INSUFFICIENT_CREDIT')).toBe(true);
    const [active] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer4' and t.status = 1`);
    expect(active.n).toBe(placed);
    expect(results.slice(240).map((r) => r.status)).toEqual([200, 200]);
    const [eaten] = await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and key = 'n:8888:B'`);
    const [shares] = await rows<{ total: string }>(sql`select coalesce(sum(es.amount), 0)::text as total from eat_shares es join bet_lines bl on bl.id = es.bet_line_id
                                                       where es.user_id = ${coId} and bl.number = '8888' and bl.status = 1`);
    expect(Number(eaten.amount)).toBeLessThanOrEqual(5_000);
    expect(Number(eaten.amount)).toBe(Number(shares.total));
    expect(await checkLedger(t.db)).toEqual([]);
    expect(retryStats['40P01'] ?? 0).toBe(deadlocksBefore);
  });

  it('a player without a wallet yet, 200 tickets through two server processes against a credit that covers 50: exactly 50', async () => {
    const other = await t.twin();
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer6', password: PASSWORD, fullName: 'P6', level: HierarchyLevel.Player, creditLimit: 50 * 74 } });
    const player = await t.login('ccplayer6', PASSWORD);
    const [none] = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_accounts a join users u on u.id = a.user_id where u.username = 'ccplayer6'`);
    expect(none.n).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: `D\n#1\n${String(5000 + i)}#1`, idempotencyKey: `new-wallet-${i}` }, via: i % 2 ? other : undefined }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.message === 'INSUFFICIENT_CREDIT')).toBe(true);
    const [wallet] = await rows<{ balance: string }>(sql`select a.balance::text from ledger_accounts a join users u on u.id = a.user_id where u.username = 'ccplayer6'`);
    expect(Number(wallet.balance)).toBe(-50 * 74);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /** A connection of its own to the test database, as another process would have. */
  async function outsider() {
    const [{ db }] = await rows<{ db: string }>(sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a ticket sees what another transaction spent from a wallet it created while the ticket was being read', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer7', password: PASSWORD, fullName: 'P7', level: HierarchyLevel.Player, creditLimit: 1_000 } });
    const player = await t.login('ccplayer7', PASSWORD);
    const [{ id: playerId }] = await rows<{ id: number }>(sql`select id from users where username = 'ccplayer7'`);
    const ext = await outsider();
    try {
      // Another process creates the wallet and spends the whole credit, and has not committed yet.
      await ext.query('begin');
      const stakes = (await ext.query(`insert into ledger_accounts (code, company_id, balance) values ('cc-outsider', $1, 0) returning id`, [coId])).rows[0].id;
      const wallet = (await ext.query(`insert into ledger_accounts (user_id, company_id, balance) values ($1, $2, 0) returning id`, [playerId, coId])).rows[0].id;
      const tx = (await ext.query(`insert into journal_transactions (at, kind, initiated_by, company_id) values (now(), 'stake', $1, $2) returning id`, [playerId, coId])).rows[0].id;
      await ext.query(`insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at) values ($1, $2, -1000, -1000, $4, now()), ($1, $3, 1000, 1000, $4, now())`, [tx, wallet, stakes, coId]);
      await ext.query(`update ledger_accounts set balance = balance - 1000 where id = $1`, [wallet]);
      await ext.query(`update ledger_accounts set balance = balance + 1000 where id = $1`, [stakes]);
      const placing = place(player, 'D\n#1\n1234#1', 'outsider-wallet-1');
      await sleep(300);
      await ext.query('commit');
      const res = await placing;
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('INSUFFICIENT_CREDIT');
    } finally {
      await ext.end();
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a total eaten by another ticket after the batch read it: the batch starts over and eats only what is left', async () => {
    // The read of the totals takes no lock (decision 0062): what another transaction adds meanwhile is
    // found by the write, which starts the batch over when its shares no longer hold.
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer12', password: PASSWORD, fullName: 'P12', level: HierarchyLevel.Player, creditLimit: 10_000 } });
    const player = await t.login('ccplayer12', PASSWORD);
    // A first ticket makes its wallet, for the ticket below to wait for.
    expect((await place(player, 'D\n#1\n6160#1', 'drift-total-0')).status).toBe(200);
    const [{ drawId }] = await rows<{ drawId: number }>(sql`select id as "drawId" from draws where pool_id = ${PoolId.Magnum} and draw_date = '2026-11-25'`);
    const retriesBefore = retryStats['40001'] ?? 0;
    const ext = await outsider();
    try {
      // The ticket's read waits for its wallet, with a snapshot taken before the other eats 4,950 of 5,000.
      await ext.query('begin');
      await ext.query(`select 1 from ledger_accounts a join users u on u.id = a.user_id where u.username = 'ccplayer12' for update of a`);
      const placing = place(player, 'D\n#1\n6161#1', 'drift-total-1');
      await sleep(300);
      await t.db.execute(sql`insert into eaten_totals (user_id, draw_id, key, amount) values (${coId}, ${drawId}, 'n:6161:B', 4950)`);
      await ext.query('commit');
      const res = await placing;
      expect(res.status).toBe(200);
    } finally {
      await ext.end();
    }
    expect((retryStats['40001'] ?? 0) - retriesBefore).toBeGreaterThanOrEqual(1);
    const [share] = await rows<{ amount: string; unposted: string }>(sql`select es.amount::text, bl.unposted::text from bet_lines bl join eat_shares es on es.bet_line_id = bl.id and es.user_id = ${coId}
                                                                        where bl.number = '6161'`);
    // RM 1 Big: the agent eats nothing (no position taking), the company the 50 cents left, the rest unposted.
    expect(Number(share.amount)).toBe(50);
    expect(Number(share.unposted)).toBe(50);
    const [total] = await rows<{ amount: string }>(sql`select amount::text from eaten_totals where user_id = ${coId} and draw_id = ${drawId} and key = 'n:6161:B'`);
    expect(Number(total.amount)).toBe(5_000);
    const [queued] = await rows<{ n: number }>(sql`select count(*)::int as n from number_queue where owner_user_id = ${coId} and number = '6161' and status = 0`);
    expect(queued.n).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a draw that closes while a ticket waits for its wallet lock: the ticket is refused as closed', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer8', password: PASSWORD, fullName: 'P8', level: HierarchyLevel.Player, creditLimit: 10_000 } });
    const player = await t.login('ccplayer8', PASSWORD);
    expect((await place(player, '25/11\n#1\n4320#1', 'closing-0')).status).toBe(200);
    const [{ cutoff }] = await rows<{ cutoff: string }>(sql`select cutoff_at::text as cutoff from draws where pool_id = ${PoolId.Magnum} and draw_date = '2026-11-25'`);
    const ext = await outsider();
    const start = t.clock.now();
    try {
      await ext.query('begin');
      await ext.query(`select 1 from ledger_accounts a join users u on u.id = a.user_id where u.username = 'ccplayer8' for update of a`);
      const placing = place(player, '25/11\n#1\n4321#1', 'closing-1');
      await sleep(300);
      t.clock.set(new Date(cutoff));
      await ext.query('commit');
      const res = await placing;
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('DRAW_CLOSED');
    } finally {
      t.clock.set(start);
      await ext.end();
    }
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t join users u on u.id = t.user_id where u.username = 'ccplayer8'`);
    expect(n.n).toBe(1);
  });
  it('a draw cancelled while tickets are being placed on it: either the cancel is refused, or no ticket on it stays active', async () => {
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccplayer9', password: PASSWORD, fullName: 'P9', level: HierarchyLevel.Player, creditLimit: 1_000_000 } });
    const player = await t.login('ccplayer9', PASSWORD);
    const admin = await t.login(ADMIN.username, ADMIN.password);
    for (const day of [26, 27, 28, 29, 30]) {
      const added = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Toto, drawDate: `2026-11-${day}`, isSpecial: true } });
      expect(added.status).toBe(200);
      const drawId = added.body.data.drawId as number;
      const placing = Array.from({ length: 30 }, (_, i) => place(player, `${day}/11\n#3\n${String(2000 + i)}#1`, `cancel-race-${day}-${i}`));
      await sleep(5 + (day % 3) * 10);
      const cancel = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId, recordStatus: 0, secondaryPassword: ADMIN.password } });
      const placed = await Promise.all(placing);
      expect(placed.filter((r) => r.status !== 200 && !(r.status === 422 && r.body.message === 'NO_DRAW'))).toEqual([]);
      const [active] = await rows<{ n: number }>(sql`select count(*)::int as n from bet_lines where draw_id = ${drawId} and status = 1`);
      const [draw] = await rows<{ record_status: number }>(sql`select record_status from draws where id = ${drawId}`);
      if (cancel.status === 200) {
        expect(draw.record_status).toBe(0);
        expect(active.n).toBe(0);
      } else {
        expect(cancel.body.message).toBe('DRAW_HAS_TICKETS');
        expect(draw.record_status).toBe(1);
        expect(active.n).toBe(placed.filter((r) => r.status === 200).length);
      }
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
  it('an account deleted while a ticket of it waits for its wallet lock: the ticket is refused, nothing is placed', async () => {
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccdeleted', password: PASSWORD, fullName: 'D', level: HierarchyLevel.Player, creditLimit: 100_000 } });
    const userId = res.body.data.userId as number;
    const player = await t.login('ccdeleted', PASSWORD);
    await createWallets(t.db, [userId]);
    const ext = await outsider();
    try {
      // What deleting the account does, holding its wallet as DeleteUser does, while the ticket reads.
      await ext.query('begin');
      await ext.query('select 1 from ledger_accounts where user_id = $1 for update', [userId]);
      const placing = place(player, 'D\n#1\n4567#1', 'deleted-0');
      await sleep(300);
      await ext.query('update users set record_status = 2, credit_limit = 0 where id = $1', [userId]);
      await ext.query('commit');
      const placed = await placing;
      expect(placed.status).toBe(422);
      expect(placed.body.message).toBe('ACCOUNT_DISABLED');
    } finally {
      await ext.end();
    }
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tickets where user_id = ${userId}`);
    expect(n.n).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
  it('an account whose ticket commits while its deletion waits for the wallet: the deletion counts it and is refused', async () => {
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: agent, json: { username: 'ccdeleted2', password: PASSWORD, fullName: 'D2', level: HierarchyLevel.Player, creditLimit: 100_000 } });
    const userId = res.body.data.userId as number;
    await createWallets(t.db, [userId]);
    const [draw] = await rows<{ id: number }>(sql`select id from draws where pool_id = ${PoolId.Magnum} and draw_date = '2026-11-25'`);
    const ext = await outsider();
    try {
      // A placement in flight: it holds the wallet, then writes its ticket and commits.
      await ext.query('begin');
      await ext.query('select 1 from ledger_accounts where user_id = $1 for update', [userId]);
      const deleting = t.request({ url: '/api/Setting/DeleteUser', cookie: agent, json: { userId } });
      await sleep(300);
      const [tk] = (
        await ext.query(
          `insert into tickets (user_id, placed_by, source_type, ordered_at, receipt_string, gross, commission, net, transaction_id)
           values ($1, $1, 3, now(), 'r', 100, 0, 100, 0) returning id`,
          [userId],
        )
      ).rows;
      await ext.query(
        `insert into bet_lines (ticket_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number, bet_type, bet_code, stake, commission)
         values ($1, $2, 1, $3, 1, '2026-11-25', '1234', '1234', 1, 'B', 100, 0)`,
        [tk.id, userId, draw.id],
      );
      await ext.query('commit');
      const deleted = await deleting;
      expect(deleted.status).toBe(422);
      expect(deleted.body.message).toBe('ACCOUNT_HAS_OPEN_TICKETS');
      await ext.query('update bet_lines set status = 0 where ticket_id = $1', [tk.id]);
      await ext.query('update tickets set status = 0 where id = $1', [tk.id]);
    } finally {
      await ext.end();
    }
    const [user] = await rows<{ record_status: number }>(sql`select record_status from users where id = ${userId}`);
    expect(user.record_status).toBe(1);
  });
});
