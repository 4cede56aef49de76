import { sql } from 'drizzle-orm';
import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

// ---- reference data (SPEC 6 and 9) ----
export const roles = pgTable('roles', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const roleTypes = pgTable('role_types', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const pools = pgTable('pools', {
  id: smallint('id').primaryKey(),
  letter: text('letter').notNull().unique(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  recordStatus: smallint('record_status').notNull().default(1),
  /** The express text's pools-line digit, unique (decision 0037). */
  digit: text('digit').notNull().unique(),
  /** PackageType: which of an account's packages prices and pays the pool's bets. */
  packageType: smallint('package_type').notNull().default(0),
  /** RESULT_FORMS: 4D only, 4D+5D+6D (Toto), 4D+6D (GD). */
  resultForm: text('result_form').notNull().default('4D'),
  /** Regular draw weekdays (Sunday 0), what scheduling a year proposes. */
  drawDays: smallint('draw_days').array().notNull().default(sql`'{0,3,6}'::smallint[]`),
});
export const betTypes = pgTable('bet_types', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const digitTypes = pgTable('digit_types', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const prizes = pgTable('prizes', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});
export const packageTypes = pgTable('package_types', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const limitMethods = pgTable('limit_methods', { id: smallint('id').primaryKey(), name: text('name').notNull() });
export const languages = pgTable('languages', { code: text('code').primaryKey(), name: text('name').notNull() });
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

