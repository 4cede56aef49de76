// Draw results (DOMAIN.md "Results: entry, checking, release"): one result per draw (a pool on a date),
// for the whole platform. Its numbers are kept as the named slots of packages/domain PoolResult. Every
// entry, change, fetch (and failed fetch), release and correction is a history row, never an update.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { PoolResult } from '@app/domain';

/** Jackpot amounts in cents by name (jackpot1, jackpot2); a pool that publishes none has none. */
export type Jackpots = { jackpot1?: number | null; jackpot2?: number | null };
import { tz } from './columns';

export const poolResults = pgTable(
  'pool_results',
  {
    drawId: integer('draw_id').primaryKey(),
    poolId: smallint('pool_id').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    numbers: jsonb('numbers').$type<PoolResult>().notNull(),
    /** 'entered' (typed by a person), 'fetched' (read from a result site), 'released'. */
    status: text('status').notNull(),
    /** 'manual' or the result site it was fetched from. */
    source: text('source').notNull(),
    /** Two sources agreed on every slot. */
    confirmed: boolean('confirmed').notNull().default(false),
    /** The logins (real users, not the main account they act for) that entered and last changed it. */
    enteredBy: integer('entered_by'),
    changedBy: integer('changed_by'),
    changedAt: tz('changed_at').notNull(),
    releasedBy: integer('released_by'),
    releasedAt: tz('released_at'),
    /** Bumped by every change: a release names the version it saw, so it never releases unseen numbers. */
    version: integer('version').notNull().default(1),
    /** Jackpot amounts published with the result, in cents (e.g. Magnum's Jackpot1/Jackpot2); null when none. */
    jackpots: jsonb('jackpots').$type<Jackpots>(),
  },
  (t) => [
    index('pool_results_date_idx').on(t.drawDate),
    check('pool_results_status', sql`${t.status} in ('entered', 'fetched', 'released')`),
  ],
);

export const resultHistory = pgTable(
  'result_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawId: integer('draw_id').notNull(),
    at: tz('at').notNull(),
    /** The login that acted; null for the fetch job. */
    actorId: integer('actor_id'),
    /** enter, change, fetch, fetch-failed, confirm, release, correct */
    action: text('action').notNull(),
    numbers: jsonb('numbers').$type<PoolResult>(),
    source: text('source'),
    /** The reason of a correction, or what went wrong with a fetch. */
    note: text('note'),
  },
  (t) => [index('result_history_draw_idx').on(t.drawId, t.at)],
);
