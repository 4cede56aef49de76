// Moving an account under another upline waits until its subtree's tickets have settled (or are voided):
// lines in play keep the chain they were placed under (eat shares, rates, report summaries), so a move
// while they are open would settle them under one chain and report them under another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
}
const move = (userId: number, newUplineId: number) => t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: cookies.movco, json: { userId, newUplineId } });
const pathOf = async (id: number) => ((await t.db.execute(sql`select path from users where id = ${id}`)) as unknown as { rows: { path: string }[] }).rows[0].path;

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(cookies.admin, { username: 'movco', level: HierarchyLevel.Company, creditLimit: 10_000_000, positionTaking: 100, voidTicketAuthority: true });
  await createOk(cookies.movco, { username: 'movm1', level: HierarchyLevel.Master, creditLimit: 2_000_000, positionTaking: 50 });
  await createOk(cookies.movco, { username: 'movm2', level: HierarchyLevel.Master, creditLimit: 2_000_000, positionTaking: 50 });
  await createOk(cookies.movm1, { username: 'movagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 20 });
  await createOk(cookies.movagent, { username: 'movplayer', level: HierarchyLevel.Player, creditLimit: 100_000 });
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId: 1, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status, JSON.stringify(draw.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('change upline with tickets in play', () => {
  it('is refused while a line of the subtree is unsettled, changing nothing, and allowed once it is voided', async () => {
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies.movplayer, json: { text: 'D\n#1\n1234#1', idempotencyKey: 'move-open-1' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const before = await pathOf(ids.movagent);

    const refused = await move(ids.movagent, ids.movm2);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('UPLINE_OPEN_TICKETS');
    expect(await pathOf(ids.movagent)).toBe(before);
    // The player's own move is refused the same way.
    expect((await move(ids.movplayer, ids.movm2)).body.message).toBe('UPLINE_OPEN_TICKETS');

    const voided = await t.request({ url: '/api/Bet/VoidTicket', cookie: cookies.movco, json: { ticketId: placed.body.data.ticketId } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const moved = await move(ids.movagent, ids.movm2);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await pathOf(ids.movagent)).toBe(`${await pathOf(ids.movm2)}${ids.movagent}/`);
  });
});
