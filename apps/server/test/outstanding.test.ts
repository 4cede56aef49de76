// Issue 10 item 12: outstanding is the net (stake less commission) of the active tickets on unsettled
// draws, of an account's whole subtree; the accounts list, the account detail and the dashboard (which
// reads the detail) show it beside balance and available credit. Tickets are placed and voided through
// the API, so the figures are the ones placement and void really post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let keyNo = 0;
const ids: Record<string, number> = {};
const login = (username: string) => t.login(username, PASSWORD);

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
}
/** Places a ticket of `units` Big on `number` for Magnum's next draw; answers its id and net. */
async function place(username: string, number: string, units: number, pool: number = PoolId.Magnum): Promise<{ ticketId: number; net: number; gross: number }> {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await login(username), json: { text: `D\n#${pool}\n${number}#${units}`, idempotencyKey: `outstanding-${++keyNo}` } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
async function listing(username: string, parentId?: number) {
  const res = await t.request({ url: '/api/Account/GetUserListing', cookie: await login(username), query: parentId ? { parentId } : {} });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data.items as { username: string; outstanding: number; balance: number; availableCredit: number; creditLimit: number }[]).map((r) => [r.username, r]));
}
async function detail(username: string, of: string) {
  const res = await t.request({ url: '/api/Account/GetUserDetailsById', cookie: await login(username), query: { userId: ids[of] } });
  expect(res.status).toBe(200);
  return res.body.data as { outstanding: number; balance: number; availableCredit: number; creditLimit: number };
}

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'oco', level: HierarchyLevel.Company, creditLimit: 10_000_000, voidTicketAuthority: true });
  await createOk(await login('oco'), { username: 'omaster', level: HierarchyLevel.Master, creditLimit: 2_000_000, voidTicketAuthority: true });
  await createOk(await login('omaster'), { username: 'oagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
  await createOk(await login('omaster'), { username: 'oagent2', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
  await createOk(await login('oagent'), { username: 'op1', level: HierarchyLevel.Player, creditLimit: 100_000, allowSelfVoid: true });
  await createOk(await login('oagent'), { username: 'op2', level: HierarchyLevel.Player, creditLimit: 100_000 });
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status).toBe(200);
  drawId = draw.body.data.drawId;
  const toto = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Toto, drawDate: '2026-11-25', isSpecial: false } });
  expect(toto.status).toBe(200);
  await t.createUser({ username: 'oit', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
});
let drawId: number;
afterAll(async () => t?.close());

describe('outstanding', () => {
  it('is 0 for accounts without open tickets', async () => {
    const rows = await listing('oagent');
    expect(rows.op1.outstanding).toBe(0);
    expect((await detail('omaster', 'oagent')).outstanding).toBe(0);
  });

  it('is the net of active tickets, per player, and its whole subtree for an agent and above', async () => {
    const a = await place('op1', '1234', 10);
    const b = await place('op1', '2345', 4);
    const c = await place('op2', '3456', 7);
    // Commission is taken: outstanding is what the tickets hold of credit, not their gross.
    expect(a.net).toBeLessThan(a.gross);
    const rows = await listing('oagent');
    expect(rows.op1.outstanding).toBe(a.net + b.net);
    expect(rows.op2.outstanding).toBe(c.net);
    // Balance went down by the same net; available = limit + balance (postpaid).
    expect(rows.op1.balance).toBe(-(a.net + b.net));
    expect(rows.op1.availableCredit).toBe(rows.op1.creditLimit - (a.net + b.net));
    // The master's list shows each agent's branch; the company's detail of the master its whole subtree.
    const masterRows = await listing('omaster');
    expect(masterRows.oagent.outstanding).toBe(a.net + b.net + c.net);
    expect(masterRows.oagent2.outstanding).toBe(0);
    expect((await detail('oco', 'omaster')).outstanding).toBe(a.net + b.net + c.net);
    // An agent reads its own (dashboard): its subtree's sum, though its own wallet did not move.
    const own = await detail('oagent', 'oagent');
    expect(own.outstanding).toBe(a.net + b.net + c.net);
    expect(own.balance).toBe(0);
    // A player reads only its own.
    expect((await detail('op1', 'op1')).outstanding).toBe(a.net + b.net);
  });

  it('no longer counts a voided ticket', async () => {
    const before = (await detail('oagent', 'oagent')).outstanding;
    const ticket = await place('op1', '4567', 5);
    expect((await detail('oagent', 'oagent')).outstanding).toBe(before + ticket.net);
    const res = await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('op1'), json: { ticketId: ticket.ticketId } });
    expect(res.status).toBe(200);
    expect((await detail('oagent', 'oagent')).outstanding).toBe(before);
    expect((await listing('omaster')).oagent.outstanding).toBe(before);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("stops counting a draw's lines once settlement books them, and keeps counting the other draws'", async () => {
    const toto = await place('op2', '5678', 3, PoolId.Toto);
    const before = (await detail('oagent', 'oagent')).outstanding;
    const magnumNet = Number(
      ((await t.db.execute(sql`select coalesce(sum(bl.stake - bl.commission), 0)::int as n from bet_lines bl where bl.draw_id = ${drawId} and bl.status = 1`)) as unknown as { rows: { n: number }[] }).rows[0].n,
    );
    expect(magnumNet).toBeGreaterThan(0);
    expect(before).toBe(magnumNet + toto.net);
    // Magnum's result is saved and released (by another admin); release settles the draw at once (the default).
    t.clock.set('2026-11-25T12:00:00Z');
    const saved = await t.request({
      url: '/api/Result/SavePoolResult',
      cookie: await t.login(ADMIN.username, ADMIN.password),
      json: { drawId, numbers: { fourD: { first: '9991', second: '9992', third: '9993', starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'], consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'] } }, version: 0 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: await login('oit'), json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const booked = ((await t.db.execute(sql`select count(*)::int as n from settlement_bookings where draw_id = ${drawId} and step = 'distribute'`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(Number(booked)).toBeGreaterThan(0);
    // Only the Toto ticket still holds credit, for the agent's branch, the master's list and the player.
    expect((await detail('oagent', 'oagent')).outstanding).toBe(toto.net);
    expect((await listing('omaster')).oagent.outstanding).toBe(toto.net);
    expect((await listing('oagent')).op1.outstanding).toBe(0);
    expect((await listing('oagent')).op2.outstanding).toBe(toto.net);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
