// Packages (rate sheets an upline gives its downline, per package type) and master templates (the
// company's sheet packages are derived from). Rates are data: nothing in code carries a payout figure.
// Payouts are integer cents per 1 unit of stake; percentages are exact numerics. See
// docs/decisions/0005-packages.md.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tz } from './columns';
import { packageTypes, pools } from './reference';

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    /** The account that defines it (a company or an upline); null for a system package (platform). */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** A seeded package's stable key: the web shows its name and description in the reader's language by it. Cleared once someone edits them. */
    seedKey: text('seed_key'),
    /** SPEC 9: normal 0, GD 2, nine-lotto 3. */
    packageType: smallint('package_type')
      .notNull()
      .references(() => packageTypes.id),
    /** The owner's red package of this type: the sheet applied to its downline's bets on red numbers. */
    isRedPackage: boolean('is_red_package').notNull().default(false),
    /** A system package used when nobody up the chain assigned one (one per type). */
    isDefault: boolean('is_default').notNull().default(false),
    paoEnabled: boolean('pao_enabled').notNull().default(false),
    paoRate: numeric('pao_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Fake pao: a rate shown (receipts, reports to the downline) in place of the real pao rate. */
    fakePao: boolean('fake_pao').notNull().default(false),
    fakePaoRate: numeric('fake_pao_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** ibox payout per permutation: 'exact' division rounded to the cent (default) or the 'official' rounded table. */
    iboxRounding: text('ibox_rounding').notNull().default('exact'),
    /** Package grouping (free text the package list groups by). */
    groupName: text('group_name').notNull().default(''),
    /** SPEC 4: disabled 0, enabled 1, deleted 2. */
    recordStatus: smallint('record_status').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
    updatedAt: tz('updated_at'),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    index('packages_owner_idx').on(t.ownerUserId, t.packageType),
    uniqueIndex('packages_owner_name_key')
      .on(sql`coalesce(${t.ownerUserId}, 0)`, t.packageType, sql`lower(${t.name})`)
      .where(sql`${t.recordStatus} <> 2`),
    uniqueIndex('packages_default_key').on(t.packageType).where(sql`${t.isDefault} and ${t.recordStatus} = 1`),
    uniqueIndex('packages_red_key')
      .on(sql`coalesce(${t.ownerUserId}, 0)`, t.packageType)
      .where(sql`${t.isRedPackage} and ${t.recordStatus} <> 2`),
    check('packages_default_is_system', sql`not ${t.isDefault} or ${t.ownerUserId} is null`),
    check('packages_ibox_rounding', sql`${t.iboxRounding} in ('exact', 'official')`),
  ],
);

/**
 * One bet code of a package, for every pool (pool_id null) or as an override for one pool (Singapore's
 * own prize table). Payouts per prize tier in cents per 1 unit of stake; null = the code does not pay
 * on that tier. The "base rate" is not stored: it is the owner's own effective package, read live.
 */
export const packageRates = pgTable(
  'package_rates',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    poolId: smallint('pool_id').references(() => pools.id),
    /** Whether the package sells this code (extras are modelled but seeded off). */
    enabled: boolean('enabled').notNull().default(true),
    commissionPct: numeric('commission_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    payoutFirst: bigint('payout_first', { mode: 'number' }),
    payoutSecond: bigint('payout_second', { mode: 'number' }),
    payoutThird: bigint('payout_third', { mode: 'number' }),
    payoutStarter: bigint('payout_starter', { mode: 'number' }),
    payoutConsolation: bigint('payout_consolation', { mode: 'number' }),
    payoutFourth: bigint('payout_fourth', { mode: 'number' }),
    payoutFifth: bigint('payout_fifth', { mode: 'number' }),
    payoutSixth: bigint('payout_sixth', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('package_rates_key').on(t.packageId, t.code, sql`coalesce(${t.poolId}, 0)`),
    check('package_rates_commission', sql`${t.commissionPct} >= 0 and ${t.commissionPct} <= 100`),
  ],
);

/** Which package a downline gets, one per package type; none = the nearest upline's, else the system default. */
export const packageAssignments = pgTable(
  'package_assignments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageType: smallint('package_type')
      .notNull()
      .references(() => packageTypes.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    assignedAt: tz('assigned_at').notNull(),
    assignedBy: integer('assigned_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageType] }), index('package_assignments_package_idx').on(t.packageId)],
);

export const masterTemplateItemCategories = pgTable('master_template_item_categories', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

export const masterTemplates = pgTable(
  'master_templates',
  {
    id: serial('id').primaryKey(),
    /** The company the template is for; null = every company (the platform's template). */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The seeded template's stable key (see packages.seed_key). */
    seedKey: text('seed_key'),
    recordStatus: smallint('record_status').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at'),
    updatedBy: integer('updated_by'),
  },
  (t) => [uniqueIndex('master_templates_owner_name_key').on(sql`coalesce(${t.ownerUserId}, 0)`, sql`lower(${t.name})`).where(sql`${t.recordStatus} <> 2`)],
);

export const masterTemplateItems = pgTable(
  'master_template_items',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => masterTemplates.id, { onDelete: 'cascade' }),
    categoryId: smallint('category_id')
      .notNull()
      .references(() => masterTemplateItemCategories.id),
    /** decimal | date | pool | operator | box | ibox | ph | drawNumber (SPEC 3 item kinds). */
    kind: text('kind').notNull(),
    /** The bet code and prize tier a rate item is for, when it is one. */
    code: text('code'),
    tier: text('tier'),
    label: text('label').notNull().default(''),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('master_template_items_template_idx').on(t.templateId, t.position),
    check('master_template_items_kind', sql`${t.kind} in ('decimal', 'date', 'pool', 'operator', 'box', 'ibox', 'ph', 'drawNumber')`),
  ],
);
