// The draw calendar: draws per pool and date, and each pool's cutoff. A draw's cutoff instant is stored
// (computed from the pool's cutoff in the business time zone) so every check is one comparison.
import { boolean, date, index, integer, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [uniqueIndex('draws_pool_date_key').on(t.poolId, t.drawDate), index('draws_date_idx').on(t.drawDate)],
);
