// The draw calendar: draws per pool and date, and the cutoffs. A draw's cutoff is its own time when it
// has one (a special draw), else its pool's time for that weekday, else the pool's default time; the
// instant is stored (computed in the business time zone) so every check is one comparison.
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from './columns';
import { pools } from './reference';

export const poolCutoffs = pgTable('pool_cutoffs', {
  poolId: smallint('pool_id')
    .primaryKey()
    .references(() => pools.id),
  cutoffHour: smallint('cutoff_hour').notNull(),
  cutoffMinute: smallint('cutoff_minute').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** A pool's cutoff on one weekday (0 Sunday .. 6 Saturday) where it differs from the pool's default. */
export const poolWeekdayCutoffs = pgTable(
  'pool_weekday_cutoffs',
  {
    poolId: smallint('pool_id')
      .notNull()
      .references(() => pools.id),
    weekday: smallint('weekday').notNull(),
    cutoffHour: smallint('cutoff_hour').notNull(),
    cutoffMinute: smallint('cutoff_minute').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.weekday] }),
    check('pool_weekday_cutoffs_time', sql`${t.weekday} between 0 and 6 and ${t.cutoffHour} between 0 and 23 and ${t.cutoffMinute} between 0 and 59`),
  ],
);

export const draws = pgTable(
  'draws',
  {
    id: serial('id').primaryKey(),
    poolId: smallint('pool_id')
      .notNull()
      .references(() => pools.id),
    /** Calendar date in the business time zone. */
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    isSpecial: boolean('is_special').notNull().default(false),
    /** 1 enabled, 0 disabled (cancelled), 2 deleted (SPEC 4 record status). */
    recordStatus: smallint('record_status').notNull().default(1),
    /** The instant sales close; bets, voids and changes are refused from then on. */
    cutoffAt: tz('cutoff_at').notNull(),
    /** The draw's own cutoff time (business time), e.g. a special draw's; null follows the pool's weekday time. */
    ownCutoffHour: smallint('own_cutoff_hour'),
    ownCutoffMinute: smallint('own_cutoff_minute'),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('draws_pool_date_key').on(t.poolId, t.drawDate),
    index('draws_date_idx').on(t.drawDate),
    check(
      'draws_own_cutoff',
      sql`(${t.ownCutoffHour} is null and ${t.ownCutoffMinute} is null) or (${t.ownCutoffHour} between 0 and 23 and ${t.ownCutoffMinute} between 0 and 59)`,
    ),
  ],
);
