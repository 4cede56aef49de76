// Auto tickets: saved express text placed again for each draw date of its schedule, by the job, once per
// (auto ticket, draw date), through the ordinary placement rules; refusals recorded, never retried.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { buildApp } from '../src/app';
import { runAutoTickets } from '../src/modules/autoTickets/service';
import { runTicketJobs } from '../src/modules/autoTickets/jobs';
import { rows } from '../src/modules/ledger/queries';
import { checkLedger } from '../src/modules/ledger/service';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import type { Deps } from '../src/platform/http';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let deps: Deps;
const PASSWORD = 'Passw0rd!';
const START = '2026-11-22T04:00:00Z'; // Sunday 22 Nov 2026, noon in Kuala Lumpur
/** Magnum and Da Ma Cai close at 18:45 in Kuala Lumpur: 10:45 UTC. */
const cutoff = (date: string) => `${date}T10:45:00.000Z`;
const DATES = ['2026-11-25', '2026-11-28', '2026-11-29', '2026-12-02', '2026-12-05'];
const ids: Record<string, number> = {};

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.db, query);
const login = (username: string) => t.login(username, username === ADMIN.username ? ADMIN.password : PASSWORD);
const key = () => crypto.randomUUID();

async function create(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
const save = async (who: string, body: Record<string, unknown>) =>
  t.request({ url: '/api/Bet/SaveAutoTicket', cookie: await login(who), json: { idempotencyKey: key(), ...body } });
const list = async (who: string, query: Record<string, string | number> = {}) =>
  t.request({ url: '/api/Report/GetAutoTicket', cookie: await login(who), query });
const voidIt = async (who: string, autoTicketId: number) => t.request({ url: '/api/Report/VoidAutoTicket', cookie: await login(who), json: { autoTicketId } });
const ticketsOf = (autoTicketId: number) =>
  q<{ id: number; status: number; source_type: number; user_id: number; placed_by: number; draw_date: string; inbox_string: string; numbers: string }>(
    sql`select t.id, t.status, t.source_type, t.user_id, t.placed_by, t.inbox_string,
               (select string_agg(distinct to_char(bl.draw_date, 'YYYY-MM-DD'), ',') from bet_lines bl where bl.ticket_id = t.id) as draw_date,
               (select string_agg(distinct bl.written_number, ',') from bet_lines bl where bl.ticket_id = t.id) as numbers
        from auto_ticket_runs r join tickets t on t.id = r.ticket_id where r.auto_ticket_id = ${autoTicketId} order by r.draw_date`,
  );
const runsOf = (autoTicketId: number) =>
  q<{ draw_date: string; status: string; message: string | null }>(
    sql`select to_char(draw_date, 'YYYY-MM-DD') as draw_date, status, message from auto_ticket_runs where auto_ticket_id = ${autoTicketId} order by draw_date`,
  );

beforeAll(async () => {
  t = await createTestApp({ start: START });
  deps = { db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } };
  const admin = await login(ADMIN.username);
  ids.co = await create(admin, { username: 'atco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  ids.agent = await create(await login('atco'), { username: 'atagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await login('atagent');
  ids.player = await create(agent, { username: 'atplayer', level: HierarchyLevel.Player, creditLimit: 100_000 });
  ids.poor = await create(agent, { username: 'atpoor', level: HierarchyLevel.Player, creditLimit: 100 });
  ids.other = await create(admin, { username: 'atother', level: HierarchyLevel.Company, creditLimit: 1_000_000 });
  ids.staff = await t.createUser({ username: 'atstaff', password: PASSWORD, roleId: 3, mainAccountId: ids.co, skipTnc: true });
  for (const drawDate of DATES) {
    for (const poolId of [PoolId.Magnum, PoolId.PMP]) {
      const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId, drawDate, isSpecial: false } });
      expect(res.status).toBe(200);
    }
  }
  // A special draw of Magnum alone on Tuesday 1 December.
  await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-12-01', isSpecial: true } });
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  t.clock.set(START);
});
afterAll(async () => t?.close());

describe('saving an auto ticket', () => {
  it('places the next draw at once, then each later date after the previous cutoff, once, up to its draw count', async () => {
    const res = await save('atplayer', { text: 'D\n#12\n1234#1#1', drawCount: 3, customerPhone: '0123456789' });
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ status: 'active', userId: ids.player, username: 'atplayer', createdBy: 'atplayer', pools: [1, 2], startDate: '2026-11-22', drawCount: 3 });
    expect(a.runs).toEqual([expect.objectContaining({ drawDate: '2026-11-25', status: 'placed', message: 'SAVED', ticketNo: expect.stringMatching(/^T\d+/) })]);
    let placed = await ticketsOf(a.autoTicketId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 1, source_type: 4, user_id: ids.player, placed_by: ids.player, draw_date: '2026-11-25', inbox_string: 'D\n#12\n1234#1#1' });

    // Nothing more is due while the 25th is still open, however often the job runs.
    expect(await runAutoTickets(deps)).toEqual({ placed: 0, refused: 0, errors: 0 });
    t.clock.set(new Date(new Date(cutoff('2026-11-25')).getTime() - 1));
    expect((await runAutoTickets(deps)).placed).toBe(0);
    // At the cutoff of the 25th, the 28th is placed.
    t.clock.set(cutoff('2026-11-25'));
    expect((await runAutoTickets(deps)).placed).toBe(1);
    expect((await runAutoTickets(deps)).placed).toBe(0);
    t.clock.set(cutoff('2026-11-28'));
    expect((await runAutoTickets(deps)).placed).toBe(1);
    placed = await ticketsOf(a.autoTicketId);
    expect(placed.map((p) => p.draw_date)).toEqual(['2026-11-25', '2026-11-28', '2026-11-29']);
    // Three draws: done.
    const after = await list('atplayer', { autoTicketId: a.autoTicketId });
    expect(after.body.data.items[0]).toMatchObject({ status: 'completed', runCount: 3, placedCount: 3 });
    expect(after.body.data.items[0].runs.map((r: { drawDate: string }) => r.drawDate)).toEqual(['2026-11-29', '2026-11-28', '2026-11-25']);
    t.clock.set(cutoff('2026-11-29'));
    expect((await runAutoTickets(deps)).placed).toBe(0);
  });

  it('refuses more than one date ("Auto Ticket cannot more than one selected date") and saves nothing', async () => {
    const [before] = await q<{ n: number }>(sql`select count(*)::int as n from auto_tickets`);
    for (const text of ['D2\n#1\n1234#1', '25/11,28/11\n#1\n1234#1', 'D\n#1\n1234#1\n28/11\n#1\n5678#1']) {
      const res = await save('atplayer', { text });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('AUTO_TICKET_ONE_DATE');
    }
    const conflictingStart = await save('atplayer', { text: '28/11\n#1\n1234#1', startDate: '2026-11-25' });
    expect(conflictingStart.body.message).toBe('AUTO_TICKET_ONE_DATE');
    const bad = await save('atplayer', { text: 'D\n#1\n1234#1\n1234#1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('DUPLICATED_NUMBER');
    const past = await save('atplayer', { text: 'D\n#1\n1234#1', startDate: '2026-11-01' });
    expect(past.body.message).toBe('BET_DATE_PASSED');
    const endBefore = await save('atplayer', { text: 'D\n#1\n1234#1', startDate: '2026-11-28', endDate: '2026-11-25' });
    expect(endBefore.status).toBe(400);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from auto_tickets`)).toEqual([before]);
  });

  it('starts on the date the text names and stops after its end date; a special draw plays only its own pool', async () => {
    const res = await save('atplayer', { text: '28/11\n#12\n2345#1', endDate: '2026-12-01' });
    expect(res.status).toBe(200);
    const id = res.body.data.autoTicketId;
    expect(res.body.data).toMatchObject({ startDate: '2026-11-28', endDate: '2026-12-01' });
    expect(res.body.data.runs.map((r: { drawDate: string }) => r.drawDate)).toEqual(['2026-11-28']);
    for (const d of ['2026-11-28', '2026-11-29', '2026-12-01']) {
      t.clock.set(cutoff(d));
      await runAutoTickets(deps);
    }
    expect((await runsOf(id)).map((r) => [r.draw_date, r.status])).toEqual([
      ['2026-11-28', 'placed'],
      ['2026-11-29', 'placed'],
      ['2026-12-01', 'placed'],
    ]);
    const pools = await q<{ pools: string }>(
      sql`select string_agg(distinct bl.pool_id::text, ',') as pools from bet_lines bl join auto_ticket_runs r on r.ticket_id = bl.ticket_id
          where r.auto_ticket_id = ${id} and r.draw_date = '2026-12-01'`,
    );
    expect(pools[0].pools).toBe('1');
    t.clock.set('2026-12-02T01:00:00Z');
    await runAutoTickets(deps);
    const [a] = await q<{ status: string }>(sql`select status from auto_tickets where id = ${id}`);
    expect(a.status).toBe('completed');
  });

  it('records a refusal on the run and does not retry that date; the next date tries again', async () => {
    const res = await save('atpoor', { text: 'D\n#1\n1234#5' });
    expect(res.status).toBe(200);
    const id = res.body.data.autoTicketId;
    expect(res.body.data.runs).toEqual([expect.objectContaining({ drawDate: '2026-11-25', status: 'refused', message: 'INSUFFICIENT_CREDIT', ticketId: null })]);
    await runAutoTickets(deps);
    await runAutoTickets(deps);
    expect(await runsOf(id)).toHaveLength(1);
    t.clock.set(cutoff('2026-11-25'));
    await runAutoTickets(deps);
    expect((await runsOf(id)).map((r) => [r.draw_date, r.status, r.message])).toEqual([
      ['2026-11-25', 'refused', 'INSUFFICIENT_CREDIT'],
      ['2026-11-28', 'refused', 'INSUFFICIENT_CREDIT'],
    ]);
    expect(await ticketsOf(id)).toEqual([]);
    // Each run's refused text is in the inbox (decision 0029), once per date.
    expect(
      await q<{ accepted: boolean; reason: string; text: string }>(
        sql`select i.accepted, i.reason, i.text from inbox_texts i join users u on u.id = i.user_id where u.username = 'atpoor' and i.source_type = 4 order by i.id`,
      ),
    ).toEqual([
      { accepted: false, reason: 'INSUFFICIENT_CREDIT', text: 'D\n#1\n1234#5' },
      { accepted: false, reason: 'INSUFFICIENT_CREDIT', text: 'D\n#1\n1234#5' },
    ]);
    t.clock.set(START);
    expect((await voidIt('atpoor', id)).status).toBe(200);
  });

  it('answers a retried save with the same auto ticket (idempotency key)', async () => {
    const k = key();
    const cookie = await login('atplayer');
    const first = await t.request({ url: '/api/Bet/SaveAutoTicket', cookie, json: { text: 'D\n#1\n3456#1', drawCount: 1, idempotencyKey: k } });
    const again = await t.request({ url: '/api/Bet/SaveAutoTicket', cookie, json: { text: 'D\n#1\n3456#1', drawCount: 1, idempotencyKey: k } });
    expect(again.status).toBe(200);
    expect(again.body.data.autoTicketId).toBe(first.body.data.autoTicketId);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from auto_tickets where text = ${'D\n#1\n3456#1'}`);
    expect(n.n).toBe(1);
    expect(await ticketsOf(first.body.data.autoTicketId)).toHaveLength(1);
  });

  it('an upline saves one for its player; a change applies from the next date on', async () => {
    const res = await save('atco', { text: 'D\n#2\n4567#1', targetUserId: ids.player });
    expect(res.status).toBe(200);
    const id = res.body.data.autoTicketId;
    expect(res.body.data).toMatchObject({ userId: ids.player, createdBy: 'atco' });
    const upd = await save('atco', { autoTicketId: id, text: 'D\n#2\n7654#2' });
    expect(upd.status).toBe(200);
    expect(upd.body.data.text).toBe('D\n#2\n7654#2');
    t.clock.set(cutoff('2026-11-25'));
    await runAutoTickets(deps);
    const placed = await ticketsOf(id);
    expect(placed.map((p) => [p.draw_date, p.numbers, p.placed_by, p.user_id])).toEqual([
      ['2026-11-25', '4567', ids.co, ids.player],
      ['2026-11-28', '7654', ids.co, ids.player],
    ]);
    const wrongOwner = await save('atco', { autoTicketId: id, text: 'D\n#2\n7654#2', targetUserId: ids.agent });
    expect(wrongOwner.status).toBe(400);
    t.clock.set(START);
    await voidIt('atco', id);
  });

  it('stops when the login that saved it may no longer bet', async () => {
    const res = await save('atplayer', { text: 'D\n#1\n5678#1' });
    const id = res.body.data.autoTicketId;
    await t.db.execute(sql`update users set disabled_functions = '{Bet}' where id = ${ids.player}`);
    try {
      t.clock.set(cutoff('2026-11-25'));
      await runAutoTickets(deps);
      expect((await runsOf(id)).map((r) => [r.draw_date, r.status, r.message])).toEqual([
        ['2026-11-25', 'placed', 'SAVED'],
        ['2026-11-28', 'refused', 'PERMISSION_DENIED'],
      ]);
    } finally {
      await t.db.execute(sql`update users set disabled_functions = '{}' where id = ${ids.player}`);
    }
    t.clock.set(START);
    await voidIt('atplayer', id);
  });
});

describe('voiding an auto ticket', () => {
  it('stops future placements and leaves the tickets already placed as they are', async () => {
    const res = await save('atplayer', { text: 'D\n#1\n6789#1' });
    const id = res.body.data.autoTicketId;
    const v = await voidIt('atplayer', id);
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({ status: 'void', voidedBy: 'atplayer', voidedAt: expect.any(String) });
    const [placed] = await ticketsOf(id);
    expect(placed.status).toBe(1);
    t.clock.set(cutoff('2026-11-25'));
    await runAutoTickets(deps);
    expect(await runsOf(id)).toHaveLength(1);
    t.clock.set(START);
    const again = await voidIt('atplayer', id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('AUTO_TICKET_NOT_ACTIVE');
    const change = await save('atplayer', { autoTicketId: id, text: 'D\n#1\n6789#2' });
    expect(change.status).toBe(409);
    const audit = await q<{ action: string }>(sql`select action from audit_log where target_type = 'auto-ticket' and target_id = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['auto-ticket.create', 'auto-ticket.void']);
  });
});

describe('listing and reach', () => {
  it('lists the subtree with paging and filters; other branches and sub-accounts without rights are refused', async () => {
    const mine = await list('atagent', { status: 'active', page: 1, pageSize: 2 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.length).toBeLessThanOrEqual(2);
    const all = await list('atagent', { status: '-1', pageSize: 500 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
    expect(all.body.data.items.every((a: { userId: number }) => [ids.player, ids.poor].includes(a.userId))).toBe(true);
    const byUser = await list('atco', { userId: ids.poor, pageSize: 500 });
    expect(byUser.body.data.items.every((a: { userId: number }) => a.userId === ids.poor)).toBe(true);

    const res = await save('atplayer', { text: 'D\n#1\n1470#1' });
    const id = res.body.data.autoTicketId;
    // Another company sees none of it and cannot touch it.
    expect((await list('atother')).body.data.items).toEqual([]);
    expect((await list('atother', { userId: ids.player })).status).toBe(404);
    expect((await voidIt('atother', id)).status).toBe(404);
    expect((await save('atother', { autoTicketId: id, text: 'D\n#1\n1470#2' })).status).toBe(404);
    expect((await save('atother', { text: 'D\n#1\n1470#2', targetUserId: ids.player })).status).toBe(404);
    // A player cannot reach up; nobody outside learns anything.
    expect((await voidIt('atpoor', id)).status).toBe(404);
    // A sub-account holding no rights is refused by every call.
    for (const r of [await list('atstaff'), await voidIt('atstaff', id), await save('atstaff', { text: 'D\n#1\n1470#1' })]) {
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('PERMISSION_DENIED');
    }
    const anonymous = await t.request({ url: '/api/Report/GetAutoTicket' });
    expect(anonymous.status).toBe(401);
    await voidIt('atplayer', id);
  });
});

describe('the job', () => {
  it('takes over a run abandoned by a crashed process, and gives up on one whose date has closed', async () => {
    const res = await save('atplayer', { text: 'D\n#1\n2580#1' });
    const id = res.body.data.autoTicketId;
    // A process claimed the 28th and died before placing it.
    t.clock.set(cutoff('2026-11-25'));
    const claimedAt = new Date(new Date(cutoff('2026-11-25')).getTime() - 10 * 60_000);
    await t.db.execute(sql`insert into auto_ticket_runs (auto_ticket_id, draw_date, status, attempts, claimed_at) values (${id}, '2026-11-28', 'pending', 1, ${claimedAt})`);
    expect((await runAutoTickets(deps)).placed).toBe(1);
    expect((await runsOf(id)).map((r) => r.status)).toEqual(['placed', 'placed']);
    // An abandoned claim for a date that has closed since becomes an error.
    await t.db.execute(sql`insert into auto_ticket_runs (auto_ticket_id, draw_date, status, attempts, claimed_at) values (${id}, '2026-11-29', 'pending', 1, ${claimedAt})`);
    t.clock.set(cutoff('2026-11-29'));
    await runAutoTickets(deps);
    expect((await runsOf(id)).map((r) => [r.draw_date, r.status])).toEqual([
      ['2026-11-25', 'placed'],
      ['2026-11-28', 'placed'],
      ['2026-11-29', 'error'],
      ['2026-12-01', 'placed'],
    ]);
    t.clock.set(START);
    await voidIt('atplayer', id);
  });

  it('places each date once when many passes run at the same moment (and, on PostgreSQL, from two app instances)', async () => {
    const made: number[] = [];
    for (const n of ['1111', '2222', '3333']) made.push((await save('atplayer', { text: `D\n#12\n${n}#1` })).body.data.autoTicketId);
    t.clock.set(cutoff('2026-11-25'));
    let second: { deps: Deps; close: () => Promise<void> } | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const [{ name }] = await q<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const other = await openDatabase({ databaseUrl: url.toString() });
      const otherDeps: Deps = { ...deps, db: other.db };
      const otherApp = await buildApp(otherDeps);
      second = { deps: otherDeps, close: async () => (await otherApp.close(), await other.close()) };
    }
    try {
      const passes = Array.from({ length: 6 }, (_, i) => runAutoTickets(second && i % 2 ? second.deps : deps));
      const results = await Promise.all(passes);
      expect(results.reduce((s, r) => s + r.placed, 0)).toBe(3);
      expect(results.reduce((s, r) => s + r.errors, 0)).toBe(0);
    } finally {
      await second?.close();
    }
    for (const id of made) {
      const placed = await ticketsOf(id);
      expect(placed.map((p) => p.draw_date)).toEqual(['2026-11-25', '2026-11-28']);
      const [n] = await q<{ n: number }>(
        sql`select count(*)::int as n from tickets where source_type = 4 and inbox_string = (select text from auto_tickets where id = ${id})`,
      );
      expect(n.n).toBe(2);
    }
    t.clock.set(START);
    for (const id of made) await voidIt('atplayer', id);
  });

  it('runs from the scheduler hook with the SMS sender', async () => {
    const res = await save('atplayer', { text: 'D\n#1\n9630#1', drawCount: 2 });
    t.clock.set(cutoff('2026-11-25'));
    const logs: string[] = [];
    await runTicketJobs(deps, (m) => logs.push(m));
    expect(logs).toContain('auto tickets: 1 placed, 0 refused, 0 failed');
    expect(await runsOf(res.body.data.autoTicketId)).toHaveLength(2);
  });
});
