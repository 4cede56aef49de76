// Schemas of the account calls of the hierarchy (issue 3).
import { z } from 'zod';
import { cents, id, queryId, smallId, text } from './fields';
import { parseCodeOrder, PATTERNS, MAX_POOL_ID, MAX_POOLS } from '@app/domain';

export const accountStatus = z.enum(['Active', 'Inactive', 'Suspended']);
export const creditType = z.enum(['prepaid', 'postpaid']);
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'pattern');
const optionalText = (max: number) => text(max).trim().optional().default('');

/** Settings an upline sets on a downline (SPEC 3 field groups, without identity and credit limit). */
export const accountSettings = z.object({
  fullName: text(100).trim().min(1),
  phone: optionalText(20).refine((v) => v === '' || PATTERNS.mobilePhone.test(v), 'pattern'),
  email: optionalText(100).refine((v) => v === '' || PATTERNS.email.test(v), 'pattern'),
  status: accountStatus.default('Active'),
  creditType: creditType.default('postpaid'),
  currency: text(10).trim().min(1).default('MYR'),
  discount: percent.default(0),
  positionTaking: percent.default(0),
  fixPackage: z.boolean().default(false),
  eatSequence: z.enum(['*/**', '**/*']).default('*/**'),
  /** The bet codes a bet text's amount fields stand for, in order ('B#S#4A#A#C'). */
  betCodeOrder: text(64)
    .trim()
    .refine((v) => parseCodeOrder(v) !== null, 'pattern')
    .default('B#S#4A#A#C'),
  /** Pools (1 to 8) of a bet text without a pools line; empty: the text names them. */
  defaultPools: z.array(z.number().int().min(1).max(MAX_POOL_ID)).max(MAX_POOLS).default([]),
  maxFightLimit: cents.default(0),
  canEditPackage: z.boolean().default(false),
  receiptFormat: z.union([z.literal(1), z.literal(3)]).default(1),
  receiptOrderType: z.union([z.literal(1), z.literal(2)]).default(1),
  smsEnabled: z.boolean().default(false),
  luckyBet: z.boolean().default(false),
  allowSelfVoid: z.boolean().default(false),
  voidTicketAuthority: z.boolean().default(false),
  voidTicketSendSms: z.boolean().default(false),
  allowOrderWithinResultRelease: z.boolean().default(false),
  autoTransfer: z.boolean().default(false),
  autoTransferFrequency: z.union([z.literal(0), z.literal(1)]).default(0),
  autoTransferDay: z.number().int().min(0).max(6).default(1),
  viewableDownline: z.boolean().default(true),
  lineHead: z.boolean().default(false),
  displayFullNameInReport: z.boolean().default(false),
  showEarnComm: z.boolean().default(false),
  showEarnedReport: z.boolean().default(false),
  viewPageInfo: z.boolean().default(false),
  divideShowFull: z.boolean().default(false),
  isDemo: z.boolean().default(false),
  gdLimit: cents.default(0),
  totalBaseLimit: cents.default(0),
});
export type AccountSettings = z.infer<typeof accountSettings>;

export const usernameField = z
  .string()
  .trim()
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9_.-]+$/, 'pattern');
export const passwordField = text(200).min(8);

export const createOrUpdateUserBody = accountSettings.extend({
  /** Absent: create a new direct downline of the caller (or of `uplineId` inside the caller's subtree). */
  userId: id.optional(),
  username: usernameField.optional(),
  password: passwordField.optional(),
  secondaryPassword: passwordField.optional(),
  /** Hierarchy level (1 company ... 7 player) of a new account; ignored on update. */
  level: z.number().int().min(1).max(7).optional(),
  /** The role of a new account (SPEC 6 id): 2 creates an IT admin (the super admin only); absent, by level. */
  userRoleId: id.optional(),
  /** A house account (role 6) instead of a hierarchy account. */
  isHouse: z.boolean().optional(),
  uplineId: id.optional(),
  /** Credit limit of a new account, in cents; later changes go through UpdateUserCreditLimit. */
  creditLimit: cents.optional(),
  /**
   * Packages given to a new account, one per package type, from the creator's own (GetUserDetailInit's
   * packageChoices); a type left out inherits the creator's. Ignored on update (AssignPackage changes them).
   */
  packages: z
    .array(z.object({ packageType: z.union([z.literal(0), z.literal(2), z.literal(3)]), packageId: id }))
    .max(3)
    .optional(),
});
export type CreateOrUpdateUserBody = z.infer<typeof createOrUpdateUserBody>;

export const accountDetail = accountSettings.extend({
  userId: z.number().int(),
  username: z.string(),
  userRoleId: z.number().int(),
  level: z.number().int().nullable(),
  uplineId: z.number().int().nullable(),
  uplineUsername: z.string().nullable(),
  mainAccount: z.boolean(),
  creditLimit: z.number().int(),
  balance: z.number().int(),
  /** Net of the active tickets on unsettled draws of the account and its whole downline, in cents. */
  outstanding: z.number().int(),
  availableCredit: z.number().int().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type AccountDetail = z.infer<typeof accountDetail>;

export const listingQuery = z.object({
  parentId: queryId.optional(),
  searchTerm: text(50).trim().optional(),
  /** 'Active' | 'Inactive' | 'Suspended', or -1 for all (SPEC 9). */
  status: z.union([accountStatus, z.literal('-1'), z.literal('')]).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  sortBy: z.enum(['username', 'fullName', 'level', 'status', 'creditLimit', 'availableCredit', 'lastLoginAt']).default('username'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
});

export const listingRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  userRoleId: z.number().int(),
  level: z.number().int().nullable(),
  status: z.string(),
  creditType: z.string(),
  creditLimit: z.number().int(),
  balance: z.number().int(),
  availableCredit: z.number().int(),
  /** Net (stake less commission) of the active tickets on unsettled draws of the account's whole subtree, in cents. */
  outstanding: z.number().int(),
  currency: z.string(),
  lastLoginAt: z.string().nullable(),
  downlineCount: z.number().int(),
});
export type ListingRow = z.infer<typeof listingRow>;

export const crumb = z.object({ userId: z.number().int(), username: z.string(), level: z.number().int().nullable() });
export const listing = z.object({ items: z.array(listingRow), total: z.number().int(), breadcrumb: z.array(crumb) });
export type Listing = z.infer<typeof listing>;

export const detailInitQuery = z.object({
  uplineId: queryId.optional(),
  /** Editing this direct downline of the upline: the bounds then include what its own downline holds (min). */
  userId: queryId.optional(),
});

const range = z.object({ min: z.number(), max: z.number() });

export const detailInit = z.object({
  /** The account new downlines are created under. */
  upline: z.object({
    userId: z.number().int(),
    username: z.string(),
    level: z.number().int().nullable(),
    userRoleId: z.number().int(),
    discount: z.number(),
    positionTaking: z.number(),
    /** Highest credit limit it may still grant one new downline, in cents (null: no bound). */
    maxCreditLimit: z.number().int().nullable(),
  }),
  levels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  canCreateHouse: z.boolean(),
  maxDiscount: z.number(),
  /** The bounds the server enforces on save (from the upline's own settings; min from the account's own downline). */
  bounds: z.object({ discount: range, positionTaking: range }),
  /** Per package type: what a new account inherits, and the packages the creator may give it instead. */
  packageChoices: z.array(
    z.object({
      packageType: z.number().int(),
      inherited: z.object({ packageId: z.number().int(), name: z.string(), seedKey: z.string().nullable().optional() }).nullable(),
      packages: z.array(z.object({ packageId: z.number().int(), name: z.string(), seedKey: z.string().nullable().optional() })),
    }),
  ),
  currencies: z.array(z.string()),
  suggestedUsername: z.string().nullable(),
});

export const statusBody = z.object({ userId: id, status: accountStatus });
export const updateUplineBody = z.object({ userId: id, newUplineId: id });
export const deleteUserBody = z.object({ userId: id });
export const downline = z.object({ userId: z.number().int(), username: z.string(), fullName: z.string(), level: z.number().int().nullable(), status: z.string() });

export const reserveNamePrefix = z.object({ id: z.number().int(), prefix: z.string(), digits: z.number().int(), nextNumber: z.number().int() });
export const reserveNamePrefixBody = z.object({
  id: id.optional(),
  prefix: z.string().trim().min(1).max(10).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'pattern'),
  digits: z.number().int().min(1).max(6).default(3),
});

export const cloneAccountBody = z.object({
  sourceUserId: id,
  username: usernameField,
  fullName: text(100).trim().min(1),
  password: passwordField,
});

export const subAccountBody = z.object({
  userId: id.optional(),
  username: usernameField.optional(),
  fullName: text(100).trim().min(1),
  password: passwordField.optional(),
  secondaryPassword: passwordField.optional(),
  status: accountStatus.default('Active'),
  activities: z.array(z.object({ activityId: smallId, option: z.enum(['None', 'View', 'Control']) })).default([]),
  reportAccess: z.array(text(100)).default([]),
});
export const subAccountRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  status: z.string(),
  accessString: z.string(),
  reportAccess: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
});

export const apiAccountView = z.object({
  userId: z.number().int(),
  clientOpcode: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export const generatedApiCode = z.object({ clientOpcode: z.string(), clientSecret: z.string() });
export const apiAccountBody = z.object({
  userId: id,
  clientOpcode: text(64).min(8),
  clientSecret: text(200).min(32),
});
