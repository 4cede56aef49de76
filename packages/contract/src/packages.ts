// Schemas of the package and master template calls (Configuration controller; Account/FixIsRedPackage).
// Payouts are integer cents per 1 unit of stake; commissions are percentages with 2 decimals.
import { z } from 'zod';
import { MAX_POOL_ID } from '@app/domain';
import { cents, id, queryId, smallId, text } from './fields';

/** SPEC 9 package types: normal 0, GD 2, nine-lotto 3. */
export const PACKAGE_TYPE_IDS = [0, 2, 3] as const;
export const packageType = z.union([z.literal(0), z.literal(2), z.literal(3)]);
export type PackageTypeId = z.infer<typeof packageType>;
const packageTypeParam = z.coerce
  .number()
  .int()
  .min(0)
  .max(3)
  .refine((n) => (PACKAGE_TYPE_IDS as readonly number[]).includes(n), 'pattern');

/** Prize tiers a package pays on (DOMAIN.md: first to sixth, starter = special, consolation). */
export const PAYOUT_TIERS = ['first', 'second', 'third', 'starter', 'consolation', 'fourth', 'fifth', 'sixth'] as const;
export type PayoutTier = (typeof PAYOUT_TIERS)[number];

const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'pattern');
const tier = cents.nullable().optional();

/** Payout per tier in cents per 1 unit of stake; absent or null: the code does not pay on that tier. */
export const payouts = z.object({
  first: tier,
  second: tier,
  third: tier,
  starter: tier,
  consolation: tier,
  fourth: tier,
  fifth: tier,
  sixth: tier,
});
export type Payouts = Partial<Record<PayoutTier, number | null>>;

/** A bet code as packages store it (B, S, 4A, A, C, 4B ... 2A, 5D, 6D). */
export const betCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .max(4)
  .regex(/^[0-9A-Z]{1,4}$/, 'pattern');

export const rateInput = z.object({
  code: betCodeField,
  /** null: every pool; a pool id: an override for that pool (Singapore's own prize table). */
  poolId: z.number().int().min(1).max(MAX_POOL_ID).nullable().default(null),
  enabled: z.boolean().default(true),
  commissionPct: percent,
  payouts: payouts.default({}),
});
export type RateInput = z.infer<typeof rateInput>;

const rateFigures = z.object({ commissionPct: z.number(), payouts: payouts });

export const packageRate = z.object({
  code: z.string(),
  poolId: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Bet rate: what the downline is charged (commission) and paid (payouts). */
  commissionPct: z.number(),
  payouts: payouts,
  /** Base rate: the owner's own rate from above; shown to the owner and its uplines only (null otherwise). */
  base: rateFigures.nullable(),
  /** base - bet: the owner's margin (null where base is). */
  margin: rateFigures.nullable(),
});
export type PackageRate = z.infer<typeof packageRate>;

export const packageSettings = z.object({
  name: text(60).trim().min(1),
  description: text(300).trim().default(''),
  groupName: text(60).trim().default(''),
  paoEnabled: z.boolean().default(false),
  paoRate: percent.default(0),
  fakePao: z.boolean().default(false),
  fakePaoRate: percent.default(0),
  /** ibox payout per permutation: exact division rounded to the cent (default) or the official rounded table. */
  iboxRounding: z.enum(['exact', 'official']).default('exact'),
});

export const createOrUpdatePackageBody = packageSettings.extend({
  /** Absent: a new package owned by the caller's acting account. */
  packageId: id.optional(),
  packageType: packageType,
  /** 1 enabled, 0 disabled, 2 deleted; a package in use cannot be disabled or deleted. */
  recordStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  /** The whole rate sheet (replaces the stored one). */
  rates: z.array(rateInput).min(1).max(200),
});
export type CreateOrUpdatePackageBody = z.infer<typeof createOrUpdatePackageBody>;

export const packageUser = z.object({ userId: z.number().int(), username: z.string() });

/**
 * How the package relates to the account asked about: its own (it defines it), assigned to it by its
 * upline, inherited (an upline's assignment), the system default, a system package (root callers), or
 * owned by an account of its downline.
 */
export const packageRelation = z.enum(['own', 'assigned', 'inherited', 'default', 'system', 'downline']);

export const packageSummary = packageSettings.extend({
  packageId: z.number().int(),
  packageType: z.number().int(),
  ownerUserId: z.number().int().nullable(),
  ownerUsername: z.string().nullable(),
  /** A seeded package's key ("standard"): the web shows its name and description in the reader's language by it. */
  seedKey: z.string().nullable(),
  isSystem: z.boolean(),
  isDefault: z.boolean(),
  isRedPackage: z.boolean(),
  recordStatus: z.number().int(),
  relation: packageRelation,
  /** Direct downlines the package is assigned to (for the owner's view; empty otherwise). */
  assignedUsers: z.array(packageUser),
  /** Last modified and by. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PackageSummary = z.infer<typeof packageSummary>;

export const packageDetail = packageSummary.extend({
  rates: z.array(packageRate),
  /** Whether the caller may change it (its own package, not fixed, with the right to edit packages). */
  canEdit: z.boolean(),
});
export type PackageDetail = z.infer<typeof packageDetail>;

const optionalId = queryId.optional();
const flag = z.enum(['true', 'false', '1', '0']).optional();

export const getPackagesQuery = z.object({
  /** Whose packages (default: the caller's acting account); another account must be in its downline. */
  userId: optionalId,
  packageType: packageTypeParam.optional(),
  /** Include disabled packages (the owner's list). */
  includeDisabled: flag,
});

export const packageDetailQuery = z.object({
  /** A package by id; absent: the effective package of `userId` (default the caller) for `packageType`. */
  packageId: optionalId,
  userId: optionalId,
  packageType: packageTypeParam.default(0),
  /** With no packageId: the account's own red package of that type (null data when it has none). */
  isRedPackage: flag,
});
export const packageIdQuery = z.object({ id: queryId });

export const assignPackageBody = z.object({
  /** A direct downline of the caller's acting account. */
  userId: id,
  packageType: packageType,
  /** One of the caller's own packages of that type; null: remove the assignment (the downline inherits). */
  packageId: id.nullable(),
});
export const assignment = z.object({
  userId: z.number().int(),
  packageType: z.number().int(),
  packageId: z.number().int().nullable(),
  /** The package the downline now gets (assigned, inherited or default). */
  effectivePackageId: z.number().int().nullable(),
});

export const fixIsRedPackageBody = z.object({
  packageId: id,
  isRedPackage: z.boolean(),
});

// ---- master templates ----

/** SPEC 3 item kinds: decimal, date string, pool string, operator, box, ibox, PH and draw number. */
export const TEMPLATE_ITEM_KINDS = ['decimal', 'date', 'pool', 'operator', 'box', 'ibox', 'ph', 'drawNumber'] as const;
export const templateItemKind = z.enum(TEMPLATE_ITEM_KINDS);
export type TemplateItemKind = z.infer<typeof templateItemKind>;

export const templateItemCategory = z.object({ categoryId: z.number().int(), name: z.string(), position: z.number().int() });

export const templateItemInput = z.object({
  categoryId: smallId,
  kind: templateItemKind,
  code: betCodeField.nullable().optional(),
  tier: z.enum(PAYOUT_TIERS).nullable().optional(),
  label: text(60).trim().default(''),
  value: text(60).trim(),
});

export const templateItem = z.object({
  itemId: z.number().int(),
  templateId: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  kind: templateItemKind,
  code: z.string().nullable(),
  tier: z.string().nullable(),
  label: z.string(),
  value: z.string(),
  position: z.number().int(),
});

export const masterTemplate = z.object({
  templateId: z.number().int(),
  ownerUserId: z.number().int().nullable(),
  ownerUsername: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  /** The seeded template's key, as packages'. */
  seedKey: z.string().nullable(),
  recordStatus: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

export const createOrUpdateMasterTemplateBody = z.object({
  templateId: id.optional(),
  /** The company it is for; null or absent: every company. */
  ownerUserId: id.nullable().optional(),
  name: text(60).trim().min(1),
  description: text(300).trim().default(''),
  recordStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  /** The whole item list in display order (replaces the stored one). */
  items: z.array(templateItemInput).max(500),
});
export type CreateOrUpdateMasterTemplateBody = z.infer<typeof createOrUpdateMasterTemplateBody>;

export const templateIdQuery = z.object({ templateId: queryId });
