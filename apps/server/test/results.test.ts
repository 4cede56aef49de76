// Result entry, checking and four-eyes release (issue 11 items 2, 3, 5's reason).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PoolId, RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let admin2: string;
let company: string;
let drawId: number;
let openDrawId: number;

const fourD = () => ({
  first: '1234',
  second: '5678',
  third: '9012',
  // As a source prints them: 13 special slots, 3 blank.
  starter: ['1001', '----', '1002', '1003', '****', '1004', '1005', '1006', '-', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});

// 2026-11-22 (Sunday) 12:00 in Kuala Lumpur: the draw of 2026-11-21 has closed, the one of 2026-11-25 has not.
beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.createUser({ username: 'itadmin2', password: 'Passw0rd!', roleId: RoleId.ITAdmin, skipTnc: true });
  await t.createUser({ username: 'resultco', password: 'Passw0rd!', roleId: RoleId.Company, skipTnc: true });
  admin2 = await t.login('itadmin2', 'Passw0rd!');
  company = await t.login('resultco', 'Passw0rd!');
  const coming = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  drawId = await ensurePastDraw();
  openDrawId = coming.body.data.drawId;
});
afterAll(async () => t?.close());

/** A draw whose sales closed yesterday (the API schedules no draw in the past). */
async function ensurePastDraw() {
  const inserted = (await t.db.execute(
    sql`insert into draws (pool_id, draw_date, cutoff_at) values (1, '2026-11-21', '2026-11-21T10:45:00Z') returning id`,
  )) as unknown as { rows: { id: number }[] };
  return inserted.rows[0].id;
}

const results = async (cookie: string, drawDate = '2026-11-21') =>
  (await t.request({ url: '/api/Result/GetPoolResult', query: { drawDate }, cookie })).body.data as {
    drawId: number;
    status: string;
    version: number;
    numbers: unknown;
    canRelease: boolean;
    releaseBlockedBy: string | null;
    enteredBy: string | null;
    history: { action: string; actor: string | null; note: string | null }[];
  }[];

describe('entering a result', () => {
  it('is checked slot by slot: the refusal names each slot and saves nothing', async () => {
    const bad = { ...fourD(), second: '', third: '12', consolation: [...fourD().consolation.slice(0, 9), '1234'] };
    const v = await t.request({ url: '/api/Result/ValidateResult', cookie: admin, json: { drawId, numbers: { fourD: bad } } });
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual({
      valid: false,
      errors: [
        { slot: 'second', problem: 'RESULT_SLOT_REQUIRED' },
        { slot: 'third', problem: 'RESULT_SLOT_INVALID' },
        { slot: 'consolation10', problem: 'DUPLICATED_NUMBER' },
      ],
    });
    const save = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: bad }, version: 0 } });
    expect(save.status).toBe(400);
    expect(save.body.message).toBe('RESULT_INVALID');
    expect(save.body.data).toEqual({ second: 'RESULT_SLOT_REQUIRED', third: 'RESULT_SLOT_INVALID', consolation10: 'DUPLICATED_NUMBER' });
    expect((await results(admin)).find((r) => r.drawId === drawId)?.status).toBe('none');
  });

  it('is refused before the draw has closed', async () => {
    const res = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: openDrawId, numbers: { fourD: fourD() }, version: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('RESULT_DRAW_NOT_CLOSED');
  });

  it('is saved with the blanks of the specials dropped, and who entered it', async () => {
    const res = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD() }, version: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ drawId, version: 1, status: 'entered' });
    const row = (await results(admin)).find((r) => r.drawId === drawId)!;
    expect(row).toMatchObject({ status: 'entered', version: 1, enteredBy: 'admin' });
    expect((row.numbers as { fourD: { starter: string[] } }).fourD.starter).toHaveLength(10);
    expect(row.history.map((h) => [h.action, h.actor])).toEqual([['enter', 'admin']]);
  });

  it('a change made by someone else meanwhile is refused (the version moved)', async () => {
    const res = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin2, json: { drawId, numbers: { fourD: { ...fourD(), first: '4321' } }, version: 0 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('RESULT_CHANGED_MEANWHILE');
  });

  it('a company cannot enter results, and reads none until they are released', async () => {
    const res = await t.request({ url: '/api/Result/SavePoolResult', cookie: company, json: { drawId, numbers: { fourD: fourD() }, version: 1 } });
    expect(res.status).toBe(403);
    const row = (await results(company)).find((r) => r.drawId === drawId)!;
    expect(row).toMatchObject({ status: 'none', numbers: null, history: [] });
  });
});

describe('releasing a result: four eyes', () => {
  it('the login that entered it cannot release it, and is told why', async () => {
    expect((await results(admin)).find((r) => r.drawId === drawId)).toMatchObject({ canRelease: false, releaseBlockedBy: 'RESULT_SAME_LOGIN' });
    const res = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin, json: { drawId, version: 1 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('RESULT_SAME_LOGIN');
  });

  it('the login that last changed it cannot either, nor the one that entered it', async () => {
    const change = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin2, json: { drawId, numbers: { fourD: { ...fourD(), first: '4321' } }, version: 1 } });
    expect(change.body.data).toMatchObject({ version: 2, status: 'entered' });
    const refused = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin2, json: { drawId, version: 2 } });
    expect(refused.body.message).toBe('RESULT_SAME_LOGIN');
    // admin entered it, so admin stays barred too: another login must release.
    expect((await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin, json: { drawId, version: 2 } })).body.message).toBe('RESULT_SAME_LOGIN');
  });

  it('a third admin releases the version it saw; a company then reads it', async () => {
    await t.createUser({ username: 'itadmin3', password: 'Passw0rd!', roleId: RoleId.ITAdmin, skipTnc: true });
    const admin3 = await t.login('itadmin3', 'Passw0rd!');
    const stale = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin3, json: { drawId, version: 1 } });
    expect(stale.status).toBe(409);
    const res = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin3, json: { drawId, version: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ drawId, status: 'released', releasedBy: 'itadmin3' });
    const seen = (await results(company)).find((r) => r.drawId === drawId)!;
    expect(seen).toMatchObject({ status: 'released' });
    expect((seen.numbers as { fourD: { first: string } }).fourD.first).toBe('4321');
    const status = await t.request({ url: '/api/Configuration/GetReleaseResultStatus', query: { drawDate: '2026-11-21' }, cookie: company });
    expect(status.body.data.find((s: { drawId: number }) => s.drawId === drawId)).toMatchObject({ status: 'released', releasedBy: 'itadmin3' });
    const again = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin3, json: { drawId, version: 2 } });
    expect(again.body.message).toBe('RESULT_ALREADY_RELEASED');
  });

  it('correcting a released result needs a reason, and the history keeps both versions', async () => {
    const noReason = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD() }, version: 2 } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toEqual({ reason: 'RESULT_REASON_REQUIRED' });
    const res = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourD() }, version: 2, reason: 'Operator corrected 1st prize' } });
    expect(res.body.data).toEqual({ drawId, version: 3, status: 'released' });
    const row = (await results(admin)).find((r) => r.drawId === drawId)!;
    expect(row.history.map((h) => h.action)).toEqual(['enter', 'change', 'release', 'correct']);
    expect(row.history.at(-1)?.note).toBe('Operator corrected 1st prize');
  });

  it('the history cannot be rewritten', async () => {
    await expect(t.db.execute(sql`update result_history set note = 'x'`)).rejects.toThrow();
  });
});

describe('a Toto result: 5D and 6D where the draw sold them', () => {
  it('gets its jackpots without its numbers being checked again; a change of its numbers needs them', async () => {
    const [d] = ((await t.db.execute(
      sql`insert into draws (pool_id, draw_date, cutoff_at) values (${PoolId.Toto}, '2026-11-21', '2026-11-21T10:45:00Z') returning id`,
    )) as unknown as { rows: { id: number }[] }).rows;
    const numbers = { fourD: { ...fourD(), starter: fourD().starter.filter((n) => /^\d{4}$/.test(n)) }, fiveD: null, sixD: null };
    await t.db.execute(
      sql`insert into pool_results (draw_id, pool_id, draw_date, numbers, status, source, confirmed, changed_at, version)
          values (${d.id}, ${PoolId.Toto}, '2026-11-21', ${JSON.stringify(numbers)}::jsonb, 'entered', 'manual', false, now(), 1)`,
    );
    const jackpots = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: d.id, numbers, version: 1, jackpots: { jackpot1: 123456789, jackpot2: null } } });
    expect(jackpots.status, JSON.stringify(jackpots.body)).toBe(200);
    // Nobody bought 5D or 6D on this draw: its 4D numbers are its whole result.
    const changed = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: d.id, numbers: { ...numbers, fourD: { ...numbers.fourD, first: '4444' } }, version: 1 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Once it has 5D and 6D lines (as placement records them in the sales summary), a change needs those numbers.
    await t.db.execute(sql`insert into sales_summary (draw_id, pool_id, draw_date, user_id, via_user_id, bet_code, tickets, lines, turnover, commission)
                           values (${d.id}, ${PoolId.Toto}, '2026-11-21', 1, 0, '5D', 1, 1, 100, 0), (${d.id}, ${PoolId.Toto}, '2026-11-21', 1, 0, '6D', 1, 1, 100, 0)`);
    const needs = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId: d.id, numbers: { ...numbers, fourD: { ...numbers.fourD, first: '5555' } }, version: 2 } });
    expect(needs.status).toBe(400);
    expect(needs.body.data).toMatchObject({ fiveD1: 'RESULT_SLOT_REQUIRED', sixD: 'RESULT_SLOT_REQUIRED' });
  });
});
