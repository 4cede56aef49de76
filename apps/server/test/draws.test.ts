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
    const edit = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: added.body.data.drawId, recordStatus: 0, secondaryPassword: ADMIN.password } });
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
    const res = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Toto, cutoffHour: 19, cutoffMinute: 5, secondaryPassword: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(res.body.data.find((p: { poolId: number }) => p.poolId === PoolId.Toto)).toMatchObject({ cutoffHour: 19, cutoffMinute: 5 });
    const day = await t.request({ url: '/api/Pools/GetPoolScheduleByDay', query: { date: '2026-11-24' }, cookie: admin });
    expect(day.body.data[0].cutoffAt).toBe('2026-11-24T11:05:00.000Z');
    const dup = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Toto, drawDate: '2026-11-24' } });
    expect(dup.status).toBe(409);
    const bad = await t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: PoolId.Toto, cutoffHour: 24, cutoffMinute: 0, secondaryPassword: ADMIN.password } });
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

describe('cutoffs per pool and weekday, and a special draw its own', () => {
  const sarawak = PoolId.Sarawak;
  const cutoffOn = async (date: string, poolId = sarawak) => {
    const day = await t.request({ url: '/api/Pools/GetPoolScheduleByDay', query: { date }, cookie: admin });
    return day.body.data.find((d: { poolId: number }) => d.poolId === poolId);
  };
  const setCutoff = (json: object) => t.request({ url: '/api/Pools/UpdateCutoffTime', cookie: admin, json: { poolId: sarawak, secondaryPassword: ADMIN.password, ...json } });

  it('gives one weekday its own cutoff, moves only that day\'s coming draws, and schedules by it', async () => {
    await at('2026-11-22T04:00:00Z');
    await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2026, schedules: [{ poolId: sarawak, weekdays: [0, 3, 6] }] } });
    const res = await setCutoff({ weekday: 0, cutoffHour: 17, cutoffMinute: 30 });
    expect(res.status).toBe(200);
    const pool = res.body.data.find((p: { poolId: number }) => p.poolId === sarawak);
    expect(pool.weekdays[0]).toEqual({ weekday: 0, cutoffHour: 17, cutoffMinute: 30, own: true });
    expect(pool.weekdays[3]).toEqual({ weekday: 3, cutoffHour: 18, cutoffMinute: 45, own: false });
    // Sundays close at 17:30 (09:30 UTC), today's draw included; Wednesdays keep 18:45.
    expect(await cutoffOn('2026-11-22')).toMatchObject({ cutoffAt: '2026-11-22T09:30:00.000Z', cutoffHour: 17, cutoffMinute: 30, ownCutoff: false });
    expect(await cutoffOn('2026-11-29')).toMatchObject({ cutoffAt: '2026-11-29T09:30:00.000Z' });
    expect(await cutoffOn('2026-11-25')).toMatchObject({ cutoffAt: '2026-11-25T10:45:00.000Z', cutoffHour: 18, cutoffMinute: 45 });
    // A past draw keeps the cutoff it closed at.
    expect(await cutoffOn('2026-11-15')).toMatchObject({ cutoffAt: '2026-11-15T10:45:00.000Z' });
    await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2027, schedules: [{ poolId: sarawak, weekdays: [0, 3] }] } });
    const y2027 = await t.request({ url: '/api/Pools/GetScheduledDrawByYear', query: { year: 2027, poolId: sarawak }, cookie: admin });
    expect(y2027.body.data.slice(0, 2).map((d: { drawDate: string; cutoffAt: string }) => `${d.drawDate} ${d.cutoffAt}`)).toEqual([
      '2027-01-03 2027-01-03T09:30:00.000Z',
      '2027-01-06 2027-01-06T10:45:00.000Z',
    ]);
  });

  it('moves the days without their own time when the default changes; a day set to the default follows it again', async () => {
    await setCutoff({ cutoffHour: 18, cutoffMinute: 0 });
    expect(await cutoffOn('2026-11-25')).toMatchObject({ cutoffAt: '2026-11-25T10:00:00.000Z' });
    expect(await cutoffOn('2026-11-29')).toMatchObject({ cutoffAt: '2026-11-29T09:30:00.000Z' });
    const back = await setCutoff({ weekday: 0, cutoffHour: 18, cutoffMinute: 0 });
    expect(back.body.data.find((p: { poolId: number }) => p.poolId === sarawak).weekdays[0]).toMatchObject({ own: false });
    await setCutoff({ cutoffHour: 18, cutoffMinute: 15 });
    expect(await cutoffOn('2026-11-29')).toMatchObject({ cutoffAt: '2026-11-29T10:15:00.000Z' });
    const bad = await setCutoff({ weekday: 7, cutoffHour: 18, cutoffMinute: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('weekday');
  });

  it('keeps a special draw\'s own cutoff when the pool\'s times change, until it is dropped', async () => {
    const added = await t.request({
      url: '/api/Pools/SubmitNewDraw',
      cookie: admin,
      json: { poolId: sarawak, drawDate: '2026-11-24', isSpecial: true, cutoffHour: 15, cutoffMinute: 0 },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ cutoffAt: '2026-11-24T07:00:00.000Z', cutoffHour: 15, cutoffMinute: 0, ownCutoff: true, isSpecial: true });
    await setCutoff({ weekday: 2, cutoffHour: 16, cutoffMinute: 0 });
    await setCutoff({ cutoffHour: 18, cutoffMinute: 30 });
    expect(await cutoffOn('2026-11-24')).toMatchObject({ cutoffAt: '2026-11-24T07:00:00.000Z', ownCutoff: true });
    const half = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: added.body.data.drawId, cutoffHour: 16, secondaryPassword: ADMIN.password } });
    expect(half.status).toBe(400);
    // Dropped: the pool's Tuesday time (16:00) decides again.
    const dropped = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: added.body.data.drawId, cutoffHour: null, cutoffMinute: null, secondaryPassword: ADMIN.password } });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toMatchObject({ cutoffAt: '2026-11-24T08:00:00.000Z', ownCutoff: false });
    const own = await t.request({ url: '/api/Pools/SubmitEditedDraw', cookie: admin, json: { drawId: added.body.data.drawId, cutoffHour: 14, cutoffMinute: 15, secondaryPassword: ADMIN.password } });
    expect(own.body.data).toMatchObject({ cutoffAt: '2026-11-24T06:15:00.000Z', ownCutoff: true });
    // An own cutoff already past is refused.
    const past = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: sarawak, drawDate: '2026-11-22', cutoffHour: 11, cutoffMinute: 0 } });
    expect(past.status).toBe(422);
  });

  it('answers the draw clock: the server time and the chosen pools\' coming draws with cutoff and time left', async () => {
    await at('2026-11-23T05:00:00Z');
    await t.createUser({ username: 'clockplayer', password: 'Passw0rd!', roleId: RoleId.Player, skipTnc: true });
    const player = await t.login('clockplayer', 'Passw0rd!');
    const res = await t.request({ url: '/api/Pools/GetDrawClock', query: { poolIds: `${sarawak}`, count: 3 }, cookie: player });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ serverTime: '2026-11-23T05:00:00.000Z', businessDate: '2026-11-23', timeZone: 'Asia/Kuala_Lumpur' });
    expect(res.body.data.pools).toHaveLength(1);
    const draws = res.body.data.pools[0].draws;
    expect(draws.map((d: { drawDate: string }) => d.drawDate)).toEqual(['2026-11-24', '2026-11-25', '2026-11-28']);
    expect(draws[0]).toMatchObject({ isSpecial: true, ownCutoff: true, cutoffHour: 14, cutoffMinute: 15, msLeft: 25 * 3600_000 + 15 * 60_000 });
    const all = await t.request({ url: '/api/Pools/GetDrawClock', cookie: player });
    expect(all.body.data.pools).toHaveLength(8);
    const bad = await t.request({ url: '/api/Pools/GetDrawClock', query: { poolIds: '9' }, cookie: player });
    expect(bad.status).toBe(400);
    expect((await t.request({ url: '/api/Pools/GetDrawClock' })).status).toBe(401);
    await at('2026-11-22T04:00:00Z');
  });
});

describe('the calendar of several days in one read (issue 28: Web Order read 14 days one call each)', () => {
  type Day = { drawId: number; drawDate: string; poolId: number; open: boolean };
  const read = async (query: Record<string, string | number>, as: { cookie?: string } = { cookie: admin }) =>
    t.request({ url: '/api/Pools/GetPoolScheduleByDay', query, cookie: as.cookie });

  it('answers `days` days from the date (default the business date) as the single days do, in date order', async () => {
    await at('2026-11-22T04:00:00Z');
    // Draws of two pools on different weekdays (idempotent: what earlier tests scheduled stays).
    const schedules = [{ poolId: PoolId.Magnum, weekdays: [0, 3, 6] }, { poolId: PoolId.Singapore, weekdays: [1, 3] }];
    expect((await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2026, schedules } })).status).toBe(200);
    const range = await read({ days: 14 });
    expect(range.status).toBe(200);
    const one: Day[] = [];
    for (let i = 0; i < 14; i++) {
      const d = new Date(Date.UTC(2026, 10, 22 + i)).toISOString().slice(0, 10);
      one.push(...((await read({ date: d })).body.data as Day[]));
    }
    const ids = (list: Day[]) => list.map((d) => `${d.drawDate} ${d.poolId} ${d.open}`);
    expect(one.length).toBeGreaterThan(3);
    expect(ids(range.body.data)).toEqual(ids(one));
    expect(new Set((range.body.data as Day[]).map((d) => d.drawDate)).size).toBeGreaterThan(1);
    const from = await read({ date: '2026-11-24', days: 3 });
    expect(ids(from.body.data)).toEqual(ids(one.filter((d) => d.drawDate >= '2026-11-24' && d.drawDate <= '2026-11-26')));
    // Without `days`, one day as before.
    expect(ids((await read({})).body.data)).toEqual(ids(one.filter((d) => d.drawDate === '2026-11-22')));
  });

  it('refuses more than 31 days or none, and a caller without a session', async () => {
    for (const days of [0, 32, 'x']) {
      const res = await read({ days });
      expect(res.status).toBe(400);
      expect(res.body.data).toHaveProperty('days');
    }
    expect((await read({ days: 14 }, {})).status).toBe(401);
    // Any logged-in account reads the calendar (the betting screens of a player).
    await t.createUser({ username: 'rangeplayer', password: 'Passw0rd!', roleId: RoleId.Player, skipTnc: true });
    const player = await t.login('rangeplayer', 'Passw0rd!');
    expect((await read({ days: 14 }, { cookie: player })).status).toBe(200);
  });
});
