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

