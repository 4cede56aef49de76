// The draw calendar of a new installation. A pool added later gets its regular draws from the day it is
// added to the end of next year (Setting/CreatePoolRow, decision 0037); the pools seeded at the first start
// are added that day, so they get the same: a fresh install can take a bet at once, and the super admin
// changes the calendar on the pool schedule screen as for any pool (specials, cancellations, a new year).
import { eq } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import type { Db } from '../platform/db';
import { businessDateOf } from '../platform/businessTime';
import { scheduleYear } from '../modules/draws/queries';
import { poolRegistry } from '../modules/pools/registry';
import * as s from './schema';

/** Schedules every pool's regular draws from today (business date) to the end of next year; returns the count. */
export async function scheduleFirstCalendar(db: Db, tz: string, now: Date): Promise<number> {
  const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.roleId, RoleId.SuperAdmin)).limit(1);
  const pools = await poolRegistry(db);
  const today = businessDateOf(now, tz);
  const year = Number(today.slice(0, 4));
  let draws = 0;
  await db.transaction(async (tx) => {
    for (const y of [year, year + 1]) {
      for (const pool of pools) draws += await scheduleYear(tx, pool.id, y, [...pool.drawDays], tz, admin.id, today);
    }
  });
  return draws;
}
