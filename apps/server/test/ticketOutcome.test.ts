// A ticket shows what it won (issue 28 lines 2-4): after a draw is settled the ticket history's rows carry
// each ticket's outcome and winnings as settlement booked them (held, then released), the history filters
// the winning tickets and totals the winnings; a ticket's detail shows each line's prize slots and the
// draw's result, only inside the caller's subtree; and each row says whether Void and Resend would
// succeed, by the very rule the calls refuse with. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId, RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';
import { fourDResult } from './support/results';
import { resendRefusal, voidRefusal } from '../src/modules/orders/ticketRules';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
const placed: Record<string, { ticketId: number; ticketNo: string }> = {};
let drawId: number;
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const login = (username: string) => t.login(username, username === ADMIN.username ? ADMIN.password : PASSWORD);

async function create(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
}
async function express(name: string, who: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await login(who), json: { text, idempotencyKey: `outcome-${++keyNo}-${Date.now()}`, ...extra } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  placed[name] = res.body.data;
}
type Row = { ticketId: number; outcome: string; settled: boolean; winnings: number; winningsHeld: number; voidRefusal: string | null; resendRefusal: string | null; masterResendRefusal: string | null; status: number };
async function history(who: string, query: Record<string, string | number> = {}) {
  const res = await t.request({ url: '/api/Report/GetTicket', cookie: await login(who), query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Row[]; total: number; totals: { count: number; winnings: number; net: number } };
}
const rowOf = (page: { items: Row[] }, name: string) => page.items.find((r) => r.ticketId === placed[name].ticketId)!;
/** What settlement booked for a ticket's lines (winners of the current round): the figure the rows must carry. */
const booked = async (name: string) =>
  Number(
    (await rows<{ w: string }>(sql`select coalesce(sum(w.player_winnings), 0)::text as w from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
                                   where w.ticket_id = ${placed[name].ticketId}`))[0].w,
  );

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await login(ADMIN.username);
  await t.createUser({ username: 'outit', password: PASSWORD, roleId: RoleId.ITAdmin, skipTnc: true });
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = draw.body.data.drawId;
  expect((await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-28', isSpecial: false } })).status).toBe(200);
  await create(admin, { username: 'outco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100, voidTicketAuthority: true });
  await create(await login('outco'), { username: 'outagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  await create(await login('outagent'), { username: 'outplayer', level: HierarchyLevel.Player, creditLimit: 100_000, allowSelfVoid: true });
  await create(admin, { username: 'outco2', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  await create(await login('outco2'), { username: 'outplayer2', level: HierarchyLevel.Player, creditLimit: 100_000 });

  // 1234 wins the first prize (and nothing else), 9999 nothing; a ticket on the next draw waits.
  await express('won', 'outplayer', '25/11\n#1\n1234#1#1', { customerPhone: '0123456789' });
  await express('lost', 'outplayer', '25/11\n#1\n9999#1');
  await express('later', 'outplayer', '28/11\n#1\n4321#1', { customerPhone: '0123456789' });
  await express('other', 'outplayer2', '25/11\n#1\n1234#1');

  // After the draw: the result is entered by one admin, released by another, and settles at once.
  t.clock.set('2026-11-25T12:00:00Z');
  const saved = await t.request({ url: '/api/Result/SavePoolResult', cookie: await login(ADMIN.username), json: { drawId, numbers: { fourD: fourDResult('1234') }, version: 0 } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: await login('outit'), json: { drawId, version: 1 } });
  expect(released.status, JSON.stringify(released.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('the outcome of a settled ticket', () => {
  it('is won with the booked winnings (held until credit is released), lost, or pending before the result', async () => {
    const page = await history('outplayer');
    const won = rowOf(page, 'won');
    expect(won.outcome).toBe('won');
    expect(won.settled).toBe(true);
    expect(won.winnings).toBeGreaterThan(0);
    expect(won.winnings).toBe(await booked('won'));
    expect(won.winningsHeld).toBe(won.winnings);
    expect(rowOf(page, 'lost')).toMatchObject({ outcome: 'lost', settled: true, winnings: 0, winningsHeld: 0 });
    expect(rowOf(page, 'later')).toMatchObject({ outcome: 'pending', settled: false, winnings: 0 });

    // The company releases the date's credit: the winnings are in the wallet, no longer held.
    const release = await t.request({ url: '/api/Result/ReleaseCredit', cookie: await login('outco'), json: { drawDate: '2026-11-25' } });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    const after = rowOf(await history('outplayer'), 'won');
    expect(after).toMatchObject({ outcome: 'won', winnings: won.winnings, winningsHeld: 0 });
  });

  it('filters the winning tickets and totals the winnings over the filtered set', async () => {
    const all = await history('outplayer');
    const wonAmount = await booked('won');
    expect(all.totals.winnings).toBe(wonAmount);
    const winning = await history('outplayer', { outcome: 'won' });
    expect(winning.items.map((r) => r.ticketId)).toEqual([placed.won.ticketId]);
    expect(winning.total).toBe(1);
    expect(winning.totals).toMatchObject({ count: 1, winnings: wonAmount });
    // The upline sees the same ticket with the same figure; the other branch's winner is not in its set.
    const agent = await history('outagent', { outcome: 'won' });
    expect(agent.items.map((r) => r.ticketId)).toEqual([placed.won.ticketId]);
    expect(agent.totals.winnings).toBe(wonAmount);
    const totals = await t.request({ url: '/api/Report/GetTicketTotal', cookie: await login('outagent'), query: { outcome: 'won' } });
    expect(totals.body.data).toEqual(agent.totals);
    // The exported history says the same: each ticket's outcome and winnings, and the winnings' total.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/Report/GetTicket',
      query: { status: '-1', format: 'csv', lang: 'en' },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: await login('outplayer') },
    });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].endsWith(',Outcome,Winnings')).toBe(true);
    const wonLine = lines.find((l) => l.startsWith(placed.won.ticketNo))!.split(',');
    expect(wonLine.slice(-2)).toEqual(['Won', (wonAmount / 100).toFixed(2)]);
    expect(lines.find((l) => l.startsWith(placed.lost.ticketNo))!.split(',').slice(-2)).toEqual(['Lost', '0.00']);
    expect(lines.at(-1)!.split(',').at(-1)).toBe((wonAmount / 100).toFixed(2));
  });

  it('refuses a caller asking for an account outside its downline', async () => {
    const res = await t.request({ url: '/api/Report/GetTicket', cookie: await login('outagent'), query: { userId: ids.outplayer2, outcome: 'won' } });
    expect(res.status).not.toBe(200);
    expect(res.body.data?.items).toBeUndefined();
  });
});

describe('a ticket\'s detail', () => {
  it('shows each line with its prize slot and winnings, and the draw\'s released result', async () => {
    const res = await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outplayer'), query: { ticketId: placed.won.ticketId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.ticket).toMatchObject({ ticketNo: placed.won.ticketNo, outcome: 'won' });
    const big = d.lines.find((l: { betCode: string }) => l.betCode === 'B');
    const small = d.lines.find((l: { betCode: string }) => l.betCode === 'S');
    expect(big).toMatchObject({ number: '1234', drawDate: '2026-11-25', poolId: PoolId.Magnum, prizes: [{ slot: 'first', count: 1 }] });
    expect(small.prizes).toEqual([{ slot: 'first', count: 1 }]);
    // The lines' winnings are the ticket's, as booked.
    expect(big.winnings + small.winnings).toBe(d.ticket.winnings);
    expect(d.draws).toEqual([expect.objectContaining({ drawId, drawDate: '2026-11-25', settled: true, result: expect.objectContaining({ fourD: expect.objectContaining({ first: '1234' }) }) })]);
    expect(d.settlement.prizes[0]).toMatchObject({ drawId, amount: d.ticket.winnings });
    // A losing line won nothing; a draw still to come has no result.
    const lost = (await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outplayer'), query: { ticketId: placed.lost.ticketId } })).body.data;
    expect(lost.lines[0]).toMatchObject({ number: '9999', prizes: [], winnings: 0 });
    const later = (await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outplayer'), query: { ticketId: placed.later.ticketId } })).body.data;
    expect(later.draws[0]).toMatchObject({ result: null, settled: false });
  });

  it('is the caller\'s subtree only: a sibling branch\'s ticket answers as a missing one', async () => {
    const sibling = await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outplayer'), query: { ticketId: placed.other.ticketId } });
    const missing = await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outplayer'), query: { ticketId: 987_654_321 } });
    expect(sibling.status).toBe(404);
    expect(sibling.body).toEqual(missing.body);
    // The upline reads its downline's ticket.
    expect((await t.request({ url: '/api/Bet/GetTicketDetail', cookie: await login('outco'), query: { ticketId: placed.won.ticketId } })).status).toBe(200);
  });
});

describe('Void and Resend offered only when they can succeed', () => {
  it('says why a settled ticket cannot be voided, as the void call then answers', async () => {
    const page = await history('outplayer');
    expect(rowOf(page, 'won').voidRefusal).toBe('DRAW_HAS_RESULT');
    expect(rowOf(page, 'lost').voidRefusal).toBe('DRAW_HAS_RESULT');
    // Before its cutoff the player's own ticket can still be voided.
    expect(rowOf(page, 'later').voidRefusal).toBeNull();
    const refused = await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('outplayer'), json: { ticketId: placed.won.ticketId } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('DRAW_HAS_RESULT');
    // The company (void authority) is refused the same, for the same reason.
    expect(rowOf(await history('outco'), 'won').voidRefusal).toBe('DRAW_HAS_RESULT');
  });

  it('says a void ticket is void, and a ticket past its cutoff is not the player\'s to void but its upline\'s', async () => {
    t.clock.set('2026-11-28T11:00:00Z'); // past the 28th's cutoff, before its result
    expect(rowOf(await history('outplayer'), 'later').voidRefusal).toBe('DRAW_CLOSED');
    expect(rowOf(await history('outco'), 'later').voidRefusal).toBeNull();
    const voided = await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('outco'), json: { ticketId: placed.later.ticketId } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const row = rowOf(await history('outplayer'), 'later');
    expect(row).toMatchObject({ outcome: 'void', voidRefusal: 'TICKET_ALREADY_VOID', resendRefusal: 'TICKET_ALREADY_VOID' });
  });

  it('says when a receipt has no phone to go to, and when the resend limit is reached', async () => {
    const agent = 'outagent';
    let page = await history(agent);
    expect(rowOf(page, 'lost').resendRefusal).toBe('NO_PHONE_NUMBER');
    expect(rowOf(page, 'lost').masterResendRefusal).toBe('NO_PHONE_NUMBER');
    expect(rowOf(page, 'won').resendRefusal).toBeNull();
    const noPhone = await t.request({ url: '/api/Report/SendSmsReceipt', cookie: await login(agent), json: { ticketId: placed.lost.ticketId } });
    expect(noPhone.body.message).toBe('NO_PHONE_NUMBER');
    // A limit of one resend per ticket for the agent (set by its upline): one resend, then refused.
    const limit = await t.request({ url: '/api/Configuration/UpdateResendOrderLimit', cookie: await login('outco'), json: { userId: ids.outagent, limit: 1 } });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    expect((await t.request({ url: '/api/Report/SendSmsReceipt', cookie: await login(agent), json: { ticketId: placed.won.ticketId } })).status).toBe(200);
    page = await history(agent);
    expect(rowOf(page, 'won').resendRefusal).toBe('RESEND_LIMIT_REACHED');
    // A master resend is not limited.
    expect(rowOf(page, 'won').masterResendRefusal).toBeNull();
    const again = await t.request({ url: '/api/Report/SendSmsReceipt', cookie: await login(agent), json: { ticketId: placed.won.ticketId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('RESEND_LIMIT_REACHED');
  });
});

describe('the rules themselves', () => {
  const rights = { own: true, downline: false };
  it('void: already void, then no right, then a result, then a cutoff of one\'s own', () => {
    expect(voidRefusal({ status: 0, own: true, closed: true, resulted: true }, rights)?.code).toBe('TICKET_ALREADY_VOID');
    expect(voidRefusal({ status: 1, own: false, closed: false, resulted: true }, rights)?.code).toBe('VOID_NOT_ALLOWED');
    expect(voidRefusal({ status: 1, own: true, closed: true, resulted: true }, rights)?.code).toBe('DRAW_HAS_RESULT');
    expect(voidRefusal({ status: 1, own: true, closed: true, resulted: false }, rights)?.code).toBe('DRAW_CLOSED');
    expect(voidRefusal({ status: 1, own: false, closed: true, resulted: false }, { own: false, downline: true })).toBeNull();
  });
  it('resend: void, no phone, limit (not for a master resend)', () => {
    expect(resendRefusal({ status: 0, phone: '1', count: 0, limit: 3, master: false })?.code).toBe('TICKET_ALREADY_VOID');
    expect(resendRefusal({ status: 1, phone: ' ', count: 0, limit: 3, master: false })?.code).toBe('NO_PHONE_NUMBER');
    expect(resendRefusal({ status: 1, phone: '1', count: 3, limit: 3, master: false })?.code).toBe('RESEND_LIMIT_REACHED');
    expect(resendRefusal({ status: 1, phone: '1', count: 3, limit: 3, master: true })).toBeNull();
  });
});
