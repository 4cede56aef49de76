import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PoolId, RoleId } from '@app/domain';
import { assertDrawOpen } from '../src/modules/draws/service';
import { loadConfig } from '../src/platform/config';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
// 2026-11-22 is a Sunday; 04:00Z is 12:00 in Kuala Lumpur.
beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
});
afterAll(async () => t?.close());

/** Moves the clock; a jump of days outlives any session, so log in again. */
async function at(time: string | Date) {
  t.clock.set(time);
  admin = await t.login(ADMIN.username, ADMIN.password);
}

const deps = () => ({ db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } });

describe('scheduling a year', () => {
  it('creates the draws of a year by weekday, set-based and idempotent', async () => {
    const res = await t.request({
      url: '/api/Pools/ScheduleSelectedYearDraw',
      cookie: admin,
      json: { year: 2027, schedules: [{ poolId: PoolId.Magnum, weekdays: [0, 3, 6] }, { poolId: PoolId.Singapore, weekdays: [3] }] },
    });
    expect(res.status).toBe(200);
    // 2027: 52 Sundays, 52 Wednesdays, 52 Saturdays (it starts on a Friday and is not a leap year).
    expect(res.body.data.created).toBe(156 + 52);
    const again = await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2027, schedules: [{ poolId: PoolId.Magnum, weekdays: [0, 3, 6] }] } });
    expect(again.body.data.created).toBe(0);
    const magnum = await t.request({ url: '/api/Pools/GetScheduledDrawByYear', query: { year: 2027, poolId: PoolId.Magnum }, cookie: admin });
    expect(magnum.body.data).toHaveLength(156);
    expect(magnum.body.data[0]).toMatchObject({ drawDate: '2027-01-02', letter: 'M', isSpecial: false, open: true });
    // 18:45 in Kuala Lumpur is 10:45 UTC.
    expect(magnum.body.data[0].cutoffAt).toBe('2027-01-02T10:45:00.000Z');
  });

  it('schedules GD every day while dailyPool is 1, and only on the given weekdays when it is 0', async () => {
    const daily = await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2028, schedules: [{ poolId: PoolId.GD, weekdays: [3] }] } });
    expect(daily.body.data.created).toBe(366);
    await t.db.execute(sql`update system_settings set value = '0' where key = 'dailyPool'`);
    try {
      const weekly = await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2029, schedules: [{ poolId: PoolId.GD, weekdays: [3] }] } });
      expect(weekly.body.data.created).toBe(52);
    } finally {
      await t.db.execute(sql`update system_settings set value = '1' where key = 'dailyPool'`);
    }
  });

  it('is for the super admin only', async () => {
    await t.createUser({ username: 'drawco', password: 'Passw0rd!', roleId: RoleId.Company, skipTnc: true });
    const co = await t.login('drawco', 'Passw0rd!');
    const res = await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: co, json: { year: 2030, schedules: [{ poolId: 1, weekdays: [0] }] } });
    expect(res.status).toBe(403);
    expect((await t.request({ url: '/api/Pools/GetPoolsSelection', cookie: co })).status).toBe(200);
  });
});

describe('cutoff by the server clock', () => {
  it('closes a draw at its cutoff to the millisecond', async () => {
    const added = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Toto, drawDate: '2026-11-24', isSpecial: true } });
    expect(added.status).toBe(200);
    expect(added.body.data.cutoffAt).toBe('2026-11-24T10:45:00.000Z');
    const cutoff = new Date('2026-11-24T10:45:00.000Z').getTime();
    t.clock.set(new Date(cutoff - 1));
    await expect(assertDrawOpen(t.db, deps(), PoolId.Toto, '2026-11-24')).resolves.toMatchObject({ drawDate: '2026-11-24' });
    t.clock.set(new Date(cutoff));
    await expect(assertDrawOpen(t.db, deps(), PoolId.Toto, '2026-11-24')).rejects.toMatchObject({ status: 422, messageKey: 'DRAW_CLOSED' });
    t.clock.set(new Date(cutoff + 1));
    await expect(assertDrawOpen(t.db, deps(), PoolId.Toto, '2026-11-24')).rejects.toMatchObject({ messageKey: 'DRAW_CLOSED' });
    await at(new Date(cutoff + 1));
    const edit = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: added.body.data.drawId, recordStatus: 0 } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe('DRAW_CLOSED');
    await at('2026-11-22T04:00:00Z');
  });

  it('uses the business date, not UTC, across midnight', async () => {
    // 16:30 UTC on the 25th is 00:30 on the 26th in Kuala Lumpur: "today" is the 26th there.
    await at('2026-11-25T16:30:00Z');
    const day = await t.request({ url: '/api/Pools/GetPoolScheduleByDay', cookie: admin });
    expect(day.status).toBe(200);
    await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Sabah, drawDate: '2026-11-26' } });
    const today = await t.request({ url: '/api/Pools/GetPoolScheduleByDay', cookie: admin });
    expect(today.body.data.map((d: { drawDate: string; letter: string }) => `${d.drawDate} ${d.letter}`)).toEqual(['2026-11-26 B']);
    // A draw for the 25th (business yesterday) cannot be added any more.
    const late = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Sabah, drawDate: '2026-11-25' } });
    expect(late.status).toBe(422);
    await at('2026-11-22T04:00:00Z');
  });

  it('moves future cutoffs when a pool cutoff changes, and refuses a duplicate draw', async () => {
    const res = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Toto, cutoffHour: 19, cutoffMinute: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.data.find((p: { poolId: number }) => p.poolId === PoolId.Toto)).toMatchObject({ cutoffHour: 19, cutoffMinute: 5 });
    const day = await t.request({ url: '/api/Pools/GetPoolScheduleByDay', query: { date: '2026-11-24' }, cookie: admin });
    expect(day.body.data[0].cutoffAt).toBe('2026-11-24T11:05:00.000Z');
    const dup = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Toto, drawDate: '2026-11-24' } });
    expect(dup.status).toBe(409);
    const bad = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Toto, cutoffHour: 24, cutoffMinute: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('cutoffHour');
  });

  it('lists each pool with its next open draw', async () => {
    const res = await t.request({ url: '/api/Pools/GetPoolsSelection', cookie: admin });
    expect(res.body.data).toHaveLength(8);
    const toto = res.body.data.find((p: { letter: string }) => p.letter === 'T');
    expect(toto.nextDraw).toMatchObject({ drawDate: '2026-11-24', open: true });
  });
});
