// Packages: the rate sheet (commission and payouts per bet code) an upline gives its downline, per
// package type. The rules (docs/decisions/0005-packages.md):
// - a package is owned by the account that defines it (system packages: no owner, the platform's);
// - it may not give more than its owner gets: commission <= the owner's own, payouts <= the owner's own
//   (the base rate), commission <= agentMaxDiscountPercentage; changing a base or who gets it must keep
//   every package below in bounds;
// - it is assigned to a direct downline per type; a downline without one gets the nearest upline's,
//   else the system default;
// - 'fix package' forbids an account's own package changes, 'can edit package' lets a downline below
//   the company make them.
import {
  PAYOUT_TIERS,
  type CreateOrUpdatePackageBody,
  type PackageDetail,
  type PackageRate,
  type PackageSummary,
  type PayoutTier,
} from '@app/contract';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { readNumericSettings } from '../../platform/settings';
import { assertReadable, mayDownline } from '../accounts/service';
import { editRefusal, hasPackageWrite, isRootRole, ownerKey } from './giving';
import * as q from './queries';

export const PACKAGE_TYPE_IDS = [0, 2, 3] as const;

// ---- rate sheets ----

export type TierPayouts = Partial<Record<PayoutTier, number>>;

export interface Rate {
  code: string;
  poolId: number | null;
  enabled: boolean;
  commissionPct: number;
  payouts: TierPayouts;
}

const TIER_COLUMNS = {
  first: 'payoutFirst',
  second: 'payoutSecond',
  third: 'payoutThird',
  starter: 'payoutStarter',
  consolation: 'payoutConsolation',
  fourth: 'payoutFourth',
  fifth: 'payoutFifth',
  sixth: 'payoutSixth',
} as const satisfies Record<PayoutTier, keyof q.RateRow>;

function tiersOf(get: (t: PayoutTier) => number | null | undefined): TierPayouts {
  const out: TierPayouts = {};
  for (const t of PAYOUT_TIERS) {
    const v = get(t);
    if (v !== null && v !== undefined) out[t] = Number(v);
  }
  return out;
}

export const rateFromRow = (r: q.RateRow): Rate => ({
  code: r.code,
  poolId: r.poolId,
  enabled: r.enabled,
  commissionPct: Number(r.commissionPct),
  payouts: tiersOf((t) => r[TIER_COLUMNS[t]]),
});

function rateColumns(r: Rate) {
  const cols: Record<string, unknown> = { code: r.code, poolId: r.poolId, enabled: r.enabled, commissionPct: r.commissionPct.toFixed(2) };
  for (const t of PAYOUT_TIERS) cols[TIER_COLUMNS[t]] = r.payouts[t] ?? null;
  return cols as Omit<q.RateRow, 'id' | 'packageId'>;
}

/** Field name of a rate in 400 answers: rates.B, or rates.B@4 for the Singapore override of B. */
const rateKey = (code: string, poolId: number | null) => `rates.${code}${poolId ? `@${poolId}` : ''}`;
const hundredths = (n: number) => Math.round(n * 100);

/** The rate a sheet applies to a code on a pool: the pool's override, else the all-pools row. */
function rateAt(sheet: Rate[], code: string, poolId: number | null): Rate | undefined {
  return sheet.find((r) => r.code === code && r.poolId === poolId) ?? (poolId === null ? undefined : sheet.find((r) => r.code === code && r.poolId === null));
}

/** Structural checks of a submitted sheet: one row per code and pool; a sold code pays on some tier. */
function sheetErrors(sheet: Rate[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  for (const r of sheet) {
    const key = rateKey(r.code, r.poolId);
    if (seen.has(key)) fields[key] = 'pattern';
    seen.add(key);
    if (r.enabled && !PAYOUT_TIERS.some((t) => (r.payouts[t] ?? 0) > 0)) fields[`${key}.payouts`] = 'required';
  }
  return fields;
}

/**
 * Where `sheet` gives more than `base` (null: no base, the system's own) or more commission than
 * `maxCommission`: field -> 'max'. Every pool a code has an override for on either side is compared,
 * so a general rate above a base's lower Singapore override is caught as rates.B@4.
 */
export function boundViolations(sheet: Rate[], base: Rate[] | null, maxCommission: number): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const code of new Set(sheet.map((r) => r.code))) {
    const pools = new Set<number | null>([null]);
    for (const r of [...sheet, ...(base ?? [])]) if (r.code === code && r.poolId !== null) pools.add(r.poolId);
    for (const poolId of pools) {
      const mine = rateAt(sheet, code, poolId);
      if (!mine?.enabled) continue;
      const key = rateKey(code, poolId);
      if (hundredths(mine.commissionPct) > hundredths(maxCommission)) fields[`${key}.commissionPct`] = 'max';
      if (!base) continue;
      const theirs = rateAt(base, code, poolId);
      if (!theirs?.enabled) {
        fields[`${key}.enabled`] = 'max';
        continue;
      }
      if (hundredths(mine.commissionPct) > hundredths(theirs.commissionPct)) fields[`${key}.commissionPct`] = 'max';
      for (const t of PAYOUT_TIERS) {
        if ((mine.payouts[t] ?? 0) > (theirs.payouts[t] ?? 0)) fields[`${key}.payouts.${t}`] = 'max';
      }
    }
  }
  return fields;
}

// ---- who may do what ----

/** The top-level branch (a company's tree) an account belongs to, for serialising changes; null above. */
function branchOf(a: q.AccountRow): number | null {
  if (isRootRole(a.roleId)) return null;
  const ids = a.path.split('/').filter(Boolean).map(Number);
  return ids.length >= 2 ? ids[1] : null;
}

/** The subtree an owner's packages reach: everything for the platform. */
const reachOf = (a: q.AccountRow) => (isRootRole(a.roleId) ? '/' : a.path);

async function actingAccount(db: DbOrTx, auth: AuthContext) {
  const a = await q.account(db, auth.actingUserId);
  if (!a) throw notFound();
  return a;
}

async function assertMayEdit(db: DbOrTx, auth: AuthContext) {
  const a = await actingAccount(db, auth);
  const refusal = editRefusal(a);
  if (refusal) throw forbidden(refusal);
  return a;
}

// ---- reading ----

type View = 'full' | 'bet';

/**
 * What the caller may see of a package: everything (with the base rates) when it is its own or owned in
 * its downline, the bet rates only when it is the package the caller itself gets; otherwise nothing.
 */
async function viewOf(db: DbOrTx, auth: AuthContext, pkg: q.PackageRow): Promise<View | null> {
  if (isRootRole(auth.roleId)) return 'full';
  if (pkg.ownerUserId !== null && pkg.ownerPath?.startsWith(auth.actingPath)) {
    if (pkg.ownerUserId === auth.actingUserId || mayDownline(auth, [1])) return 'full';
  }
  if (pkg.recordStatus !== 1) return null;
  const mine = pkg.isRedPackage
    ? (await q.effectiveWithRates(db, auth.actingUserId, pkg.packageType, true))[0]?.packageId
    : (await q.resolveEffective(db, auth.actingUserId, pkg.packageType))?.packageId;
  return mine === pkg.id ? 'bet' : null;
}

type Relation = PackageSummary['relation'];

function relationTo(subject: q.AccountRow, pkg: q.PackageRow, effective: { packageId: number; viaUserId: number | null } | undefined): Relation {
  if (pkg.ownerUserId === ownerKey(subject)) return 'own';
  if (effective?.packageId === pkg.id) return effective.viaUserId === subject.id ? 'assigned' : effective.viaUserId === null ? 'default' : 'inherited';
  if (pkg.ownerUserId === null) return 'system';
  return 'downline';
}

function toSummary(pkg: q.PackageRow, relation: Relation, assigned: { userId: number; username: string }[]): PackageSummary {
  return {
    packageId: pkg.id,
    packageType: pkg.packageType,
    ownerUserId: pkg.ownerUserId,
    ownerUsername: pkg.ownerUsername,
    name: pkg.name,
    description: pkg.description,
    seedKey: pkg.seedKey,
    groupName: pkg.groupName,
    paoEnabled: pkg.paoEnabled,
    paoRate: Number(pkg.paoRate),
    fakePao: pkg.fakePao,
    fakePaoRate: Number(pkg.fakePaoRate),
    iboxRounding: pkg.iboxRounding as 'exact' | 'official',
    isSystem: pkg.ownerUserId === null,
    isDefault: pkg.isDefault,
    isRedPackage: pkg.isRedPackage,
    recordStatus: pkg.recordStatus,
    relation,
    assignedUsers: assigned,
    updatedAt: pkg.updatedAt?.toISOString() ?? null,
    updatedBy: pkg.updatedBy,
  };
}

const typesOf = (packageType?: number) => (packageType === undefined ? [...PACKAGE_TYPE_IDS] : [packageType]);

/** The account to answer for: the caller's acting account, or an account of its downline it may read. */
async function subjectAccount(deps: Deps, auth: AuthContext, userId?: number) {
  const id = userId ?? auth.actingUserId;
  if (id !== auth.actingUserId) await assertReadable(deps, auth, id);
  const subject = await q.account(deps.db, id);
  if (!subject) throw notFound();
  return subject;
}

/** GetPackages: the account's own packages and the ones it gets (assigned, inherited or the default), per type. */
export async function listPackages(
  deps: Deps,
  auth: AuthContext,
  query: { userId?: number; packageType?: number; includeDisabled?: string },
): Promise<PackageSummary[]> {
  const subject = await subjectAccount(deps, auth, query.userId);
  const includeDisabled = query.includeDisabled === 'true' || query.includeDisabled === '1';
  const own = await q.ownedPackages(deps.db, ownerKey(subject), { packageType: query.packageType, includeDisabled });
  const effective = new Map<number, { packageId: number; viaUserId: number | null }>();
  for (const t of typesOf(query.packageType)) {
    const e = await q.resolveEffective(deps.db, subject.id, t);
    if (e) effective.set(t, e);
  }
  const ownIds = new Set(own.map((p) => p.id));
  const received = await q.packagesByIds(
    deps.db,
    [...effective.values()].map((e) => e.packageId).filter((id) => !ownIds.has(id)),
  );
  const assigned = await q.assignedUsers(deps.db, [...ownIds]);
  return [...own, ...received].map((p) =>
    toSummary(
      p,
      relationTo(subject, p, effective.get(p.packageType)),
      assigned.filter((a) => a.packageId === p.id).map(({ userId, username }) => ({ userId, username })),
    ),
  );
}

async function detailOf(deps: Deps, auth: AuthContext, pkg: q.PackageRow, view: View, relation: Relation): Promise<PackageDetail> {
  const sheet = (await q.ratesOf(deps.db, [pkg.id])).map(rateFromRow);
  let base: Rate[] | null = null;
  if (view === 'full' && pkg.ownerUserId !== null) {
    const e = await q.resolveEffective(deps.db, pkg.ownerUserId, pkg.packageType);
    base = e ? (await q.ratesOf(deps.db, [e.packageId])).map(rateFromRow) : [];
  }
  const rates: PackageRate[] = sheet.map((r) => {
    const b = base ? rateAt(base, r.code, r.poolId) : undefined;
    const margin = b
      ? {
          commissionPct: (hundredths(b.commissionPct) - hundredths(r.commissionPct)) / 100,
          payouts: tiersOf((t) => (b.payouts[t] === undefined && r.payouts[t] === undefined ? undefined : (b.payouts[t] ?? 0) - (r.payouts[t] ?? 0))),
        }
      : null;
    return {
      code: r.code,
      poolId: r.poolId,
      enabled: r.enabled,
      commissionPct: r.commissionPct,
      payouts: r.payouts,
      base: b ? { commissionPct: b.commissionPct, payouts: b.payouts } : null,
      margin,
    };
  });
  const acting = await actingAccount(deps.db, auth);
  const assigned = view === 'full' ? await q.assignedUsers(deps.db, [pkg.id]) : [];
  const canEdit = view === 'full' && pkg.ownerUserId === ownerKey(acting) && editRefusal(acting) === null && hasPackageWrite(auth);
  return {
    ...toSummary(
      pkg,
      relation,
      assigned.map(({ userId, username }) => ({ userId, username })),
    ),
    rates,
    canEdit,
  };
}

/** GetPackageDetailById: one package the caller may see, with its rates (and base rates for the owner's side). */
export async function packageDetailById(deps: Deps, auth: AuthContext, id: number): Promise<PackageDetail> {
  const pkg = await q.packageById(deps.db, id);
  if (!pkg) throw notFound();
  const view = await viewOf(deps.db, auth, pkg);
  if (!view) throw notFound();
  const acting = await actingAccount(deps.db, auth);
  const relation = relationTo(acting, pkg, await q.resolveEffective(deps.db, acting.id, pkg.packageType));
  return detailOf(deps, auth, pkg, view, relation);
}

/**
 * GetPackageDetail: by packageId like GetPackageDetailById; otherwise the package an account (the caller,
 * or one of its downline) gets for a type, or with isRedPackage its own red package (null when none).
 */
export async function packageDetail(
  deps: Deps,
  auth: AuthContext,
  query: { packageId?: number; userId?: number; packageType: number; isRedPackage?: string },
): Promise<PackageDetail | null> {
  if (query.packageId) return packageDetailById(deps, auth, query.packageId);
  const subject = await subjectAccount(deps, auth, query.userId);
  const red = query.isRedPackage === 'true' || query.isRedPackage === '1';
  const effective = await q.resolveEffective(deps.db, subject.id, query.packageType);
  const id = red
    ? (await q.ownedPackages(deps.db, ownerKey(subject), { packageType: query.packageType, includeDisabled: true })).find((p) => p.isRedPackage)?.id
    : effective?.packageId;
  if (!id) return null;
  const pkg = await q.packageById(deps.db, id);
  if (!pkg) return null;
  const view = await viewOf(deps.db, auth, pkg);
  if (!view) throw notFound();
  return detailOf(deps, auth, pkg, view, relationTo(subject, pkg, effective));
}

// ---- changing ----

function auditShape(p: Partial<q.NewPackage> | undefined, sheet: Rate[] | undefined) {
  if (!p) return null;
  const { name, description, packageType, groupName, paoEnabled, paoRate, fakePao, fakePaoRate, iboxRounding, recordStatus, isRedPackage } = p;
  return { name, description, packageType, groupName, paoEnabled, paoRate, fakePao, fakePaoRate, iboxRounding, recordStatus, isRedPackage, rates: sheet };
}

/**
 * Packages in `withinPath` whose owner now gets `basePackageId` must stay within it. Answers the fields
 * of the base that are too low for them (field -> 'min').
 */
async function assertDependentsWithin(tx: DbOrTx, packageType: number, withinPath: string, basePackageId: number, baseSheet?: Rate[]) {
  const dependents = await q.dependentPackages(tx, packageType, withinPath, basePackageId);
  if (!dependents.length) return;
  const base = baseSheet ?? (await q.ratesOf(tx, [basePackageId])).map(rateFromRow);
  const all = await q.ratesOf(tx, dependents);
  const fields: Record<string, string> = {};
  for (const id of dependents) {
    const over = boundViolations(
      all.filter((r) => r.packageId === id).map(rateFromRow),
      base,
      Number.POSITIVE_INFINITY,
    );
    for (const k of Object.keys(over)) fields[k] = 'min';
  }
  if (Object.keys(fields).length) throw badRequest('PACKAGE_BELOW_DOWNLINE', fields);
}

/** CreateOrUpdatePackage: the caller's acting account defines or changes one of its packages, within bounds. */
export async function createOrUpdatePackage(deps: Deps, auth: AuthContext, body: CreateOrUpdatePackageBody, ip: string): Promise<PackageDetail | null> {
  const acting = await assertMayEdit(deps.db, auth);
  const owner = ownerKey(acting);
  const sheet: Rate[] = body.rates.map((r) => ({
    code: r.code,
    poolId: r.poolId,
    enabled: r.enabled,
    commissionPct: r.commissionPct,
    payouts: tiersOf((t) => r.payouts[t]),
  }));
  const shape = sheetErrors(sheet);
  if (!body.packageId && body.recordStatus === 2) shape.recordStatus = 'pattern';
  if (Object.keys(shape).length) throw badRequest('VALIDATION_FAILED', shape);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await q.lockPackageScope(tx, branchOf(acting));
    const before = body.packageId ? await q.lockPackage(tx, body.packageId) : undefined;
    if (body.packageId && (!before || before.ownerUserId !== owner)) throw notFound();
    if (before && before.packageType !== body.packageType) throw badRequest('VALIDATION_FAILED', { packageType: 'pattern' });
    if (await q.nameTaken(tx, owner, body.packageType, body.name, body.packageId)) throw conflict('DUPLICATE_NAME');

    const { agentMaxDiscountPercentage } = await readNumericSettings(tx, ['agentMaxDiscountPercentage']);
    let base: Rate[] | null = null;
    if (owner !== null) {
      const e = await q.resolveEffective(tx, owner, body.packageType);
      if (!e) throw badRequest('INVALID_PACKAGE_INFO', { packageType: 'pattern' });
      base = (await q.ratesOf(tx, [e.packageId])).map(rateFromRow);
    }
    const over = boundViolations(sheet, base, agentMaxDiscountPercentage);
    if (Object.keys(over).length) throw badRequest(base ? 'PACKAGE_RATE_EXCEEDS_BASE' : 'VALIDATION_FAILED', over);

    if (before && body.recordStatus !== 1 && (before.isDefault || (await q.isAssigned(tx, before.id)))) throw conflict('PACKAGE_IN_USE');

    const header = {
      name: body.name,
      description: body.description,
      groupName: body.groupName,
      paoEnabled: body.paoEnabled,
      paoRate: body.paoRate.toFixed(2),
      fakePao: body.fakePao,
      fakePaoRate: body.fakePaoRate.toFixed(2),
      iboxRounding: body.iboxRounding,
      recordStatus: body.recordStatus,
      // A deleted package is no longer anyone's red package.
      ...(body.recordStatus === 2 ? { isRedPackage: false } : {}),
      updatedAt: now,
      updatedBy: auth.userId,
    };
    let packageId: number;
    let beforeSheet: Rate[] | undefined;
    if (before) {
      packageId = before.id;
      beforeSheet = (await q.ratesOf(tx, [packageId])).map(rateFromRow);
      // A seeded package keeps its key (shown in the reader's language) only while its words are as seeded.
      const seedKey = before.name === body.name && before.description === body.description ? before.seedKey : null;
      await q.updatePackage(tx, packageId, { ...header, seedKey });
    } else {
      packageId = await q.insertPackage(tx, { ...header, ownerUserId: owner, packageType: body.packageType, createdAt: now, createdBy: auth.userId });
    }
    await q.replaceRates(tx, packageId, sheet.map(rateColumns));
    if (before && body.recordStatus === 1) await assertDependentsWithin(tx, body.packageType, reachOf(acting), packageId, sheet);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: before ? 'package.update' : 'package.create',
      targetType: 'package',
      targetId: packageId,
      before: auditShape(before, beforeSheet),
      after: { ...auditShape({ ...header, packageType: body.packageType }, sheet), ownerUserId: owner },
      ip,
    });
    return packageId;
  });
  // A deleted package is gone from every read: the answer is null.
  return body.recordStatus === 2 ? null : packageDetailById(deps, auth, id);
}

/**
 * AssignPackage: gives a direct downline one of the caller's packages for a type, or (packageId null)
 * removes the assignment so that the downline gets the caller's own package again.
 */
export async function assignPackage(
  deps: Deps,
  auth: AuthContext,
  body: { userId: number; packageType: number; packageId: number | null },
  ip: string,
) {
  const acting = await assertMayEdit(deps.db, auth);
  const target = await q.directDownline(deps.db, body.userId, acting.id);
  if (!target) throw notFound();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await q.lockPackageScope(tx, branchOf(acting));
    const before = await q.assignmentOf(tx, target.id, body.packageType);
    if (body.packageId !== null) {
      const pkg = await q.lockPackage(tx, body.packageId);
      if (!pkg || pkg.ownerUserId !== ownerKey(acting)) throw notFound();
      if (pkg.packageType !== body.packageType || pkg.isRedPackage || pkg.recordStatus !== 1) {
        throw badRequest('INVALID_PACKAGE_INFO', { packageId: 'pattern' });
      }
      await q.setAssignment(tx, { userId: target.id, packageType: body.packageType, packageId: pkg.id, assignedAt: now, assignedBy: auth.userId });
    } else if (before) {
      await q.removeAssignment(tx, target.id, body.packageType);
    }
    const effective = await q.resolveEffective(tx, target.id, body.packageType);
    if (effective) await assertDependentsWithin(tx, body.packageType, target.path, effective.packageId);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'package.assign',
      targetType: 'user',
      targetId: target.id,
      before: { packageType: body.packageType, packageId: before?.packageId ?? null },
      after: { packageType: body.packageType, packageId: body.packageId },
      ip,
    });
    return { userId: target.id, packageType: body.packageType, packageId: body.packageId, effectivePackageId: effective?.packageId ?? null };
  });
}

/**
 * Account/FixIsRedPackage: marks one of the caller's packages as its red package for that type (the sheet
 * its downline's bets on red numbers use), or clears the mark. One red package per owner and type; a
 * package assigned to a downline cannot be the red one.
 */
export async function fixIsRedPackage(deps: Deps, auth: AuthContext, body: { packageId: number; isRedPackage: boolean }, ip: string) {
  const acting = await assertMayEdit(deps.db, auth);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await q.lockPackageScope(tx, branchOf(acting));
    const pkg = await q.lockPackage(tx, body.packageId);
    if (!pkg || pkg.ownerUserId !== ownerKey(acting)) throw notFound();
    if (body.isRedPackage && (pkg.isDefault || (await q.isAssigned(tx, pkg.id)))) throw conflict('PACKAGE_IN_USE');
    if (body.isRedPackage) await q.clearRedFlag(tx, pkg.ownerUserId, pkg.packageType, pkg.id);
    await q.updatePackage(tx, pkg.id, { isRedPackage: body.isRedPackage, updatedAt: now, updatedBy: auth.userId });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'package.red-flag',
      targetType: 'package',
      targetId: pkg.id,
      before: { isRedPackage: pkg.isRedPackage },
      after: { isRedPackage: body.isRedPackage },
      ip,
    });
  });
  return packageDetailById(deps, auth, body.packageId);
}

// ---- for the ordering module ----

export interface PackageRateFigures {
  /** Commission (discount) in percent of stake, 2 decimals. */
  commissionPct: number;
  /** Cents paid per 1 unit of stake per prize tier; a tier absent pays nothing. */
  payouts: TierPayouts;
}

export interface EffectivePackage {
  packageId: number;
  packageType: number;
  iboxRounding: 'exact' | 'official';
  pao: { enabled: boolean; rate: number; fake: boolean; fakeRate: number };
  /** Codes sold on every pool (unless a pool override says otherwise). */
  rates: Map<string, PackageRateFigures>;
  /** Per-pool overrides (Singapore's own table); null: the code is not sold on that pool. */
  poolRates: Map<number, Map<string, PackageRateFigures | null>>;
}

export function toEffective(rows: q.EffectiveRateRow[]): EffectivePackage | null {
  if (!rows.length) return null;
  const h = rows[0];
  const pkg: EffectivePackage = {
    packageId: Number(h.packageId),
    packageType: Number(h.packageType),
    iboxRounding: h.iboxRounding as 'exact' | 'official',
    pao: { enabled: h.paoEnabled, rate: Number(h.paoRate), fake: h.fakePao, fakeRate: Number(h.fakePaoRate) },
    rates: new Map(),
    poolRates: new Map(),
  };
  for (const r of rows) {
    if (r.code === null) continue;
    const figures = r.enabled ? { commissionPct: Number(r.commissionPct), payouts: tiersOf((t) => r[t]) } : null;
    if (r.poolId === null) {
      if (figures) pkg.rates.set(r.code, figures);
      continue;
    }
    const pool = pkg.poolRates.get(Number(r.poolId)) ?? new Map<string, PackageRateFigures | null>();
    pool.set(r.code, figures);
    pkg.poolRates.set(Number(r.poolId), pool);
  }
  return pkg;
}

/**
 * The package a user's bets are charged and paid by, for a package type: the one assigned to the user,
 * else the nearest upline's assignment, else the system default. One statement; call it with the
 * transaction handle. No package at all: 422 INVALID_PACKAGE_INFO.
 */
export async function effectivePackage(tx: DbOrTx, userId: number, packageType: number): Promise<EffectivePackage> {
  const pkg = toEffective(await q.effectiveWithRates(tx, userId, packageType, false));
  if (!pkg) throw refused('INVALID_PACKAGE_INFO');
  return pkg;
}

/** The red package that applies to a user's bets on red numbers: the nearest upline's (else the system's); null if none. */
export async function effectiveRedPackage(tx: DbOrTx, userId: number, packageType: number): Promise<EffectivePackage | null> {
  return toEffective(await q.effectiveWithRates(tx, userId, packageType, true));
}

/** The rate of a code on a pool: the pool's override, else the all-pools rate; undefined when not sold. */
export function rateFor(pkg: EffectivePackage, poolId: number, code: string): PackageRateFigures | undefined {
  const pool = pkg.poolRates.get(poolId);
  if (pool?.has(code)) return pool.get(code) ?? undefined;
  return pkg.rates.get(code);
}

/**
 * For the accounts module's upline change, inside its transaction and after the moved account's path is
 * updated: the moved account's assignments came from its old upline, so they go (it inherits the new
 * upline's package), and every package in the moved subtree must fit under what it now gets, else 400
 * PACKAGE_BELOW_DOWNLINE refuses the move.
 */
export async function onUplineChanged(tx: DbOrTx, userId: number) {
  const moved = await q.account(tx, userId);
  if (!moved) return;
  for (const packageType of PACKAGE_TYPE_IDS) {
    await q.removeAssignment(tx, userId, packageType);
    const effective = await q.resolveEffective(tx, userId, packageType);
    if (effective) await assertDependentsWithin(tx, packageType, moved.path, effective.packageId);
  }
}
