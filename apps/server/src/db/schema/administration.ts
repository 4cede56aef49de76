import { bigserial, boolean, check, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from './columns';

// ---- administration (issue 14, decision 0033): announcements, currencies and the API logs ----

/** An announcement of the super admin: to every company, or to the companies in announcement_targets. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  titleCn: text('title_cn'),
  messageCn: text('message_cn'),
  titleBm: text('title_bm'),
  messageBm: text('message_bm'),
  allCompanies: boolean('all_companies').notNull().default(true),
  /** 1 shown, 0 deleted (kept for the audit trail). */
  recordStatus: smallint('record_status').notNull().default(1),
  createdAt: tz('created_at').notNull(),
  createdBy: integer('created_by'),
  updatedAt: tz('updated_at').notNull(),
  updatedBy: integer('updated_by'),
});

export const announcementTargets = pgTable(
  'announcement_targets',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
  },
  (t) => [primaryKey({ name: 'announcement_targets_pk', columns: [t.announcementId, t.companyId] })],
);

/** Which login (user, a sub-account on its own) has read which announcement: its banner is gone for it. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    readAt: tz('read_at').notNull(),
  },
  (t) => [primaryKey({ name: 'announcement_reads_pk', columns: [t.userId, t.announcementId] })],
);

export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    fakeRate: numeric('fake_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    recordStatus: smallint('record_status').notNull().default(1),
    updatedAt: tz('updated_at'),
    updatedBy: integer('updated_by'),
  },
  (t) => [check('currencies_rates', sql`${t.rate} > 0 AND ${t.fakeRate} > 0`)],
);

/** One call: 'in' made by an API account to this server, 'out' made by this server to another. */
export const apiLogs = pgTable(
  'api_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    direction: text('direction').notNull(),
    at: tz('at').notNull(),
    userId: integer('user_id'),
    region: text('region'),
    uri: text('uri').notNull(),
    method: text('method').notNull(),
    requestHeader: jsonb('request_header'),
    requestBody: text('request_body'),
    responseStatus: integer('response_status'),
    responseContent: text('response_content'),
    responseMessage: text('response_message'),
    durationMs: integer('duration_ms').notNull(),
    /** The request's id (X-Request-Id; the server's log lines carry it as reqId); null before migration 0033. */
    requestId: text('request_id'),
  },
  (t) => [index('api_logs_direction_at_idx').on(t.direction, t.at), check('api_logs_direction', sql`${t.direction} in ('in', 'out')`)],
);

/**
 * The admin tool's job runs (RunAdminJob) and the backups (manual and scheduled), kept so their history
 * survives a restart (decision 0036). steps are the stages as they happened; detail holds what a job
 * reports beside its summary (a backup's file and size).
 */
export const adminJobRuns = pgTable(
  'admin_job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    /** 'manual' (the admin tool) or 'schedule'. */
    trigger: text('trigger').notNull(),
    byUserId: integer('by_user_id'),
    startedAt: tz('started_at').notNull(),
    finishedAt: tz('finished_at'),
    status: text('status').notNull(),
    summary: text('summary').notNull().default(''),
    steps: jsonb('steps').$type<{ at: string; text: string; stage?: string }[]>().notNull().default(sql`'[]'::jsonb`),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('admin_job_runs_started_idx').on(t.startedAt),
    index('admin_job_runs_job_idx').on(t.job, t.startedAt),
    check('admin_job_runs_status', sql`${t.status} in ('running', 'done', 'failed')`),
    check('admin_job_runs_trigger', sql`${t.trigger} in ('manual', 'schedule')`),
  ],
);
