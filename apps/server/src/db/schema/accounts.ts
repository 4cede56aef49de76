import { bigint, boolean, index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from './columns';
import { roles } from './reference';

// ---- accounts ----
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    secondaryPasswordHash: text('secondary_password_hash'),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    roleTypeId: smallint('role_type_id').notNull().default(1),
    /** Hierarchy level of DOMAIN.md (company 1 ... player 7); null above the companies. */
    level: smallint('level'),
    uplineId: integer('upline_id'),
    /** Materialised path of ids from the top, e.g. "/1/5/9/": a subtree is a prefix match. */
    path: text('path').notNull().default('/'),
    companyId: integer('company_id'),
    isMainAccount: boolean('is_main_account').notNull().default(true),
    /** For a sub-account, the main account it acts for. */
    mainAccountId: integer('main_account_id'),
    status: text('status').notNull().default('Active'),
    recordStatus: smallint('record_status').notNull().default(1),
    skipTnc: boolean('skip_tnc').notNull().default(false),
    tncAgreedAt: tz('tnc_agreed_at'),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('MYR'),
    disabledFunctions: text('disabled_functions').array().notNull().default(sql`'{}'::text[]`),
    // -- identity (SPEC 3) --
    phone: text('phone'),
    email: text('email'),
    // -- status and credit --
    /** 'prepaid' spends its balance; 'postpaid' may owe up to its credit limit (DOMAIN.md). */
    creditType: text('credit_type').notNull().default('postpaid'),
    /** Commission (discount) in percent of stake, capped by the upline's and agentMaxDiscountPercentage. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Position taking (PT%) within the upline's. */
    positionTaking: numeric('position_taking', { precision: 5, scale: 2 }).notNull().default('0'),
    // -- package and eat settings --
    fixPackage: boolean('fix_package').notNull().default(false),
    eatSequence: text('eat_sequence').notNull().default('*/**'),
    maxFightLimit: bigint('max_fight_limit', { mode: 'number' }).notNull().default(0),
    canEditPackage: boolean('can_edit_package').notNull().default(false),
    // -- bet text (DOMAIN "Ordering") --
    /** The bet codes an order's amount fields stand for, in order, '#'-separated. */
    betCodeOrder: text('bet_code_order').notNull().default('B#S#4A#A#C'),
    /** Pools (ids) a bet text without a pools line is for; empty: the text must name them. */
    defaultPools: smallint('default_pools').array().notNull().default(sql`'{}'::smallint[]`),
    // -- receipt and messaging --
    receiptFormat: smallint('receipt_format').notNull().default(1),
    receiptOrderType: smallint('receipt_order_type').notNull().default(1),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    luckyBet: boolean('lucky_bet').notNull().default(false),
    // -- ticket permissions --
    allowSelfVoid: boolean('allow_self_void').notNull().default(false),
    voidTicketAuthority: boolean('void_ticket_authority').notNull().default(false),
    voidTicketSendSms: boolean('void_ticket_send_sms').notNull().default(false),
    allowOrderWithinResultRelease: boolean('allow_order_within_result_release').notNull().default(false),
    // -- auto transfer --
    autoTransfer: boolean('auto_transfer').notNull().default(false),
    /** 0 weekly, 1 daily (SPEC 9). */
    autoTransferFrequency: smallint('auto_transfer_frequency').notNull().default(0),
    /** Sunday 0 to Saturday 6. */
    autoTransferDay: smallint('auto_transfer_day').notNull().default(1),
    // -- hierarchy and display --
    viewableDownline: boolean('viewable_downline').notNull().default(true),
    lineHead: boolean('line_head').notNull().default(false),
    displayFullNameInReport: boolean('display_full_name_in_report').notNull().default(false),
    showEarnComm: boolean('show_earn_comm').notNull().default(false),
    showEarnedReport: boolean('show_earned_report').notNull().default(false),
    viewPageInfo: boolean('view_page_info').notNull().default(false),
    divideShowFull: boolean('divide_show_full').notNull().default(false),
    // -- other --
    isDemo: boolean('is_demo').notNull().default(false),
    gdLimit: bigint('gd_limit', { mode: 'number' }).notNull().default(0),
    totalBaseLimit: bigint('total_base_limit', { mode: 'number' }).notNull().default(0),
    /** Sub-accounts: which reports (function names) they may read. */
    reportAccess: text('report_access').array().notNull().default(sql`'{}'::text[]`),
    /** Set when this account was flagged because an upline was: reactivating that upline restores it. */
    flaggedByUserId: integer('flagged_by_user_id'),
    /** Who set a status other than Active directly (an acting account): only it or an account above it lifts it. */
    statusSetBy: integer('status_set_by'),
    updatedAt: tz('updated_at'),
    passwordChangedAt: tz('password_changed_at'),
    lastLoginAt: tz('last_login_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_upline_idx').on(t.uplineId),
    // C collation: starts_with(path, prefix) (the subtree test) can then use the index.
    index('users_path_idx').on(sql`${t.path} collate "C"`),
  ],
);


/** Prefixes an account reserves for generated usernames (e.g. "AB" gives AB001, AB002 ...). */
export const reserveNamePrefixes = pgTable(
  'reserve_name_prefixes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    prefix: text('prefix').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
    digits: smallint('digits').notNull().default(3),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reserve_name_prefixes_prefix_key').on(sql`lower(${t.prefix})`)],
);

/** Machine clients: a client opcode and a hashed secret that act as an account. */
export const apiAccounts = pgTable(
  'api_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientOpcode: text('client_opcode').notNull(),
    secretHash: text('secret_hash').notNull(),
    recordStatus: smallint('record_status').notNull().default(1),
    createdAt: tz('created_at').notNull(),
    createdBy: integer('created_by'),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('api_accounts_opcode_key').on(t.clientOpcode), index('api_accounts_user_idx').on(t.userId)],
);
