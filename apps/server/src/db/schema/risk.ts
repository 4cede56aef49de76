// Risk: how much of each number an account eats (fight limits), red numbers that lower a number's
// limit, and the queue of numbers blocked because their limit was reached.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';
import { pools } from './reference';

export const eatSettings = pgTable('eat_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** 'percentage' (position taking) or 'amount' (fight limit). */
  eatType: text('eat_type').notNull(),
  /** 1 amount base, 2 total base, 3 group base (SPEC 9). */
  limitMethod: smallint('limit_method').notNull().default(1),
  updatedAt: tz('updated_at').notNull(),
  updatedBy: integer('updated_by'),
});

/** An account's fight limit per pool and bet code (cents of stake it eats on one number in one draw). */
export const fightLimits = pgTable(
  'fight_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    poolId: smallint('pool_id')
      .notNull()
      .references(() => pools.id),
    betCode: text('bet_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.poolId, t.betCode] })],
);

export const redNumbers = pgTable(
  'red_numbers',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    /** 1 normal, 2 4P, 3 6P, 4 12P, 5 24P: the permutation types cover the number's whole group. */
    type: smallint('type').notNull(),
    /** Sorted digits: the key shared by every permutation of the number. */
    groupKey: text('group_key').notNull(),
    /** Null for every pool. */
    poolId: smallint('pool_id').references(() => pools.id),
    /** The lowered limit: what may be eaten on the number (or each number of the group) per draw, in cents. */
    limitAmount: bigint('limit_amount', { mode: 'number' }).notNull(),
    recordStatus: smallint('record_status').notNull().default(1),
    createdAt: tz('created_at').notNull(),
    createdBy: integer('created_by'),
  },
  (t) => [index('red_numbers_owner_idx').on(t.ownerUserId, t.groupKey)],
);

/** Numbers blocked because a limit was reached (SPEC 4 queue status: 0 active, 1 processed, 2 cancelled, 99 error). */
export const numberQueue = pgTable(
  'number_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    poolId: smallint('pool_id')
      .notNull()
      .references(() => pools.id),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(0),
    createdAt: tz('created_at').notNull(),
    resolvedAt: tz('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    index('number_queue_owner_idx').on(t.ownerUserId, t.status, t.drawDate),
    // Blocked once while blocked: placement's batches add to it side by side (decision 0062).
    uniqueIndex('number_queue_active_key').on(t.ownerUserId, t.poolId, t.drawDate, t.number, t.betCode).where(sql`status = 0`),
  ],
);

/**
 * Run tickets (issue 12 item 8; decision 0030): what an account laid off of a number it ate over its limit
 * on a draw, per bet code, for posting to distribute. One row per draw, account, number and code holding
 * the whole run laid off so far, so a repeated save (a double click) never lays off twice.
 */
export const runTickets = pgTable(
  'run_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    drawId: integer('draw_id').notNull(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    number: text('number').notNull(),
    betCode: text('bet_code').notNull(),
    /** Cents of stake laid off (the run), net of nothing: the map subtracts it from what the account ate. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Of the amount, what posting has fixed into batches so far (DoPost posts the rest). */
    postedAmount: bigint('posted_amount', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: tz('created_at').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('run_tickets_key').on(t.drawId, t.userId, t.number, t.betCode),
    index('run_tickets_company_idx').on(t.companyId, t.drawDate),
    check('run_tickets_amount', sql`${t.amount} > 0`),
  ],
);
