// Issue 29 line 6: a cutoff or draw change shows its effect first (PreviewCutoffChange, PreviewDrawChange)
// and is made only with the caller's secondary password; a refused change changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
let admin: string;
let co: string;
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const drawIds: Record<string, number> = {};

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
const express = (cookie: string, text: string) => t.request({ url: '/api/Bet/PlaceExpressOrder', cookie, json: { text, idempotencyKey: `guard-key-${++keyNo}-${Date.now()}` } });
const magnumCutoffs = async () =>
  (await rows<{ draw_date: string; cutoff_at: Date | string }>(sql`select draw_date::text, cutoff_at from draws where pool_id = ${PoolId.Magnum} order by draw_date`)).map(
    (r) => `${r.draw_date} ${new Date(r.cutoff_at).toISOString()}`,
  );

// 2026-11-22 is a Sunday; 04:00Z is 12:00 in Kuala Lumpur. Magnum closes at 18:45 (10:45Z).
beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'guardco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  co = await t.login('guardco', PASSWORD);
  await createOk(co, { username: 'guardagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await t.login('guardagent', PASSWORD);
  await createOk(agent, { username: 'guardp1', level: HierarchyLevel.Player, creditLimit: 100_000 });
  await createOk(agent, { username: 'guardp2', level: HierarchyLevel.Player, creditLimit: 100_000 });
  for (const date of ['2026-11-22', '2026-11-25', '2026-11-28']) {
    const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: date, isSpecial: false } });
    expect(res.status).toBe(200);
    drawIds[date] = res.body.data.drawId;
  }
  const p1 = await t.login('guardp1', PASSWORD);
  const p2 = await t.login('guardp2', PASSWORD);
  // On Wednesday's Magnum draw: two tickets of guardp1 (RM 1 and RM 2 Big), one of guardp2 (RM 3 Big).
  for (const [cookie, text] of [
    [p1, '25/11\n#1\n1234#1'],
    [p1, '25/11\n#1\n5678#2'],
    [p2, '25/11\n#1\n9012#3'],
  ] as const) {
    const res = await express(cookie, text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('PreviewCutoffChange', () => {
  it('lists every open draw the change moves, with its tickets, accounts and stake, and the new close time against the server clock', async () => {
    // 12:04 in Kuala Lumpur: today's draw closes in 4 minutes, and every coming Magnum draw moves.
    const res = await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4 }, cookie: admin });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p.serverTime).toBe('2026-11-22T04:00:00.000Z');
    expect(p.draws.map((d: { drawDate: string; newCutoffAt: string; msLeft: number }) => `${d.drawDate} ${d.newCutoffAt} ${d.msLeft}`)).toEqual([
      `2026-11-22 2026-11-22T04:04:00.000Z ${4 * 60_000}`,
      `2026-11-25 2026-11-25T04:04:00.000Z ${3 * 86_400_000 + 4 * 60_000}`,
      `2026-11-28 2026-11-28T04:04:00.000Z ${6 * 86_400_000 + 4 * 60_000}`,
    ]);
    expect(p.draws[1]).toMatchObject({ letter: 'M', cutoffAt: '2026-11-25T10:45:00.000Z', tickets: 3, agents: 2, stake: 600 });
    expect(p.draws[0]).toMatchObject({ tickets: 0, agents: 0, stake: 0 });
    expect(p.totals).toEqual({ draws: 3, tickets: 3, agents: 2, stake: 600, closingAtOnce: 0 });
    expect(p.refusal).toBeNull();
  });

  it('says which draws close at once when the new time has already passed today, and moves only that weekday\'s draws for a weekday', async () => {
    const past = await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, cutoffHour: 11, cutoffMinute: 0 }, cookie: admin });
    expect(past.body.data.draws[0]).toMatchObject({ drawDate: '2026-11-22', msLeft: -60 * 60_000 });
    expect(past.body.data.totals.closingAtOnce).toBe(1);
    const wednesday = await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, weekday: 3, cutoffHour: 19, cutoffMinute: 0 }, cookie: admin });
    expect(wednesday.body.data.draws.map((d: { drawDate: string }) => d.drawDate)).toEqual(['2026-11-25']);
    const same = await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, cutoffHour: 18, cutoffMinute: 45 }, cookie: admin });
    expect(same.body.data.draws).toEqual([]);
    expect(same.body.data.totals).toEqual({ draws: 0, tickets: 0, agents: 0, stake: 0, closingAtOnce: 0 });
  });

  it('is the super admin\'s only, and names a bad field', async () => {
    expect((await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4 }, cookie: co })).status).toBe(403);
    const bad = await t.request({ url: '/api/Pools/PreviewCutoffChange', query: { poolId: PoolId.Magnum, cutoffHour: 24, cutoffMinute: 0 }, cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('cutoffHour');
  });
});

describe('UpdateCutoffTime with the secondary password', () => {
  it('refuses without it or with a wrong one, changing nothing', async () => {
    const before = await magnumCutoffs();
    const missing = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4 } });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toHaveProperty('secondaryPassword');
    const wrong = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4, secondaryPassword: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('INVALID_SECONDARY_PASSWORD');
    // A session verified a moment ago is not enough: each change carries the password.
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: ADMIN.password }, cookie: admin });
    expect((await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4 } })).status).toBe(400);
    const company = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: co, json: { poolId: PoolId.Magnum, cutoffHour: 12, cutoffMinute: 4, secondaryPassword: PASSWORD } });
    expect(company.status).toBe(403);
    expect(await magnumCutoffs()).toEqual(before);
    const [pool] = await rows<{ cutoff_hour: number }>(sql`select cutoff_hour from pool_cutoffs where pool_id = ${PoolId.Magnum}`);
    expect(pool.cutoff_hour).toBe(18);
  });

  it('with it, moves the draws the preview listed and audits the change with its effect', async () => {
    const res = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Magnum, cutoffHour: 19, cutoffMinute: 0, secondaryPassword: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(await magnumCutoffs()).toEqual(['2026-11-22 2026-11-22T11:00:00.000Z', '2026-11-25 2026-11-25T11:00:00.000Z', '2026-11-28 2026-11-28T11:00:00.000Z']);
    const [audit] = await rows<{ after: { cutoffHour: number; effect: Record<string, number> } }>(
      sql`select after from audit_log where action = 'pool.cutoff' and target_id = ${String(PoolId.Magnum)} order by id desc limit 1`,
    );
    expect(audit.after).toMatchObject({ cutoffHour: 19, effect: { draws: 3, tickets: 3, agents: 2, stake: 600 } });
  });
});

describe('PreviewDrawChange and SubmitEditedDraw', () => {
  it('previews a cancel, a move and an own cutoff, with the refusal the change would meet', async () => {
    const cancel = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-25'], recordStatus: 0 }, cookie: admin });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.draws).toEqual([expect.objectContaining({ drawDate: '2026-11-25', newCutoffAt: null, msLeft: null, tickets: 3, agents: 2, stake: 600 })]);
    expect(cancel.body.data.refusal).toBe('DRAW_HAS_TICKETS');
    const move = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-28'], drawDate: '2026-11-29' }, cookie: admin });
    expect(move.body.data.draws[0]).toMatchObject({ drawDate: '2026-11-28', newDrawDate: '2026-11-29', newCutoffAt: '2026-11-29T11:00:00.000Z', tickets: 0 });
    expect(move.body.data.refusal).toBeNull();
    const onto = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-28'], drawDate: '2026-11-25' }, cookie: admin });
    expect(onto.body.data.refusal).toBe('DUPLICATE_DRAW');
    // An own cutoff already past today: the change would be refused, as the edit refuses it.
    const early = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-22'], cutoffHour: 11, cutoffMinute: 0 }, cookie: admin });
    expect(early.body.data.draws[0]).toMatchObject({ newCutoffAt: '2026-11-22T03:00:00.000Z', msLeft: -60 * 60_000 });
    expect(early.body.data.refusal).toBe('DRAW_CLOSED');
    const soon = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-25'], cutoffHour: 12, cutoffMinute: 30 }, cookie: admin });
    expect(soon.body.data.draws[0]).toMatchObject({ newCutoffAt: '2026-11-25T04:30:00.000Z', tickets: 3 });
    expect(soon.body.data.refusal).toBeNull();
    const drop = await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-25'], cutoffHour: 'null', cutoffMinute: 'null' }, cookie: admin });
    expect(drop.body.data.draws[0]).toMatchObject({ newCutoffAt: '2026-11-25T11:00:00.000Z' });
    expect((await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: drawIds['2026-11-28'], recordStatus: 0 }, cookie: co })).status).toBe(403);
    expect((await t.request({ url: '/api/Pools/PreviewDrawChange', query: { drawId: 999_999 }, cookie: admin })).status).toBe(404);
  });

  it('moves a draw only with the secondary password; refused, the draw stays as it was', async () => {
    const id = drawIds['2026-11-28'];
    const missing = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: id, drawDate: '2026-11-29' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toHaveProperty('secondaryPassword');
    const wrong = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: id, recordStatus: 0, secondaryPassword: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('INVALID_SECONDARY_PASSWORD');
    const company = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: co, json: { drawId: id, recordStatus: 0, secondaryPassword: PASSWORD } });
    expect(company.status).toBe(403);
    const [still] = await rows<{ draw_date: string; record_status: number }>(sql`select draw_date::text, record_status from draws where id = ${id}`);
    expect(still).toEqual({ draw_date: '2026-11-28', record_status: 1 });
    const moved = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: id, drawDate: '2026-11-29', secondaryPassword: ADMIN.password } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ drawDate: '2026-11-29', cutoffAt: '2026-11-29T11:00:00.000Z' });
    const [audit] = await rows<{ before: { drawDate: string }; after: { drawDate: string } }>(
      sql`select before, after from audit_log where action = 'draw.edit' and target_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ before: { drawDate: '2026-11-28' }, after: { drawDate: '2026-11-29' } });
  });
});
