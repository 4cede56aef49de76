// SQL of packages, package assignments and master templates. Effective-package resolution walks the
// materialised path of the account (users.path, read-only here) so that it is one statement.
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  masterTemplateItemCategories,
  masterTemplateItems,
  masterTemplates,
  packageAssignments,
  packageRates,
  packages,
  users,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** Ids of the account's ancestors and itself, top down, from its path ('/1/5/9/' gives {1,5,9}). */
const chainIds = (path: SQL) => sql`string_to_array(trim(both '/' from ${path}), '/')::int[]`;

// ---- accounts (read-only: the hierarchy and the package flags of the accounts module's table) ----

export interface AccountRow {
  id: number;
  username: string;
  path: string;
  uplineId: number | null;
  roleId: number;
  isMainAccount: boolean;
  fixPackage: boolean;
  canEditPackage: boolean;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  path: users.path,
  uplineId: users.uplineId,
  roleId: users.roleId,
  isMainAccount: users.isMainAccount,
  fixPackage: users.fixPackage,
  canEditPackage: users.canEditPackage,
};

export async function account(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), ne(users.recordStatus, 2)));
  return row;
}

/** A live main account that is a direct downline of `uplineId`. */
export async function directDownline(db: DbOrTx, id: number, uplineId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.uplineId, uplineId), eq(users.isMainAccount, true), ne(users.recordStatus, 2)));
  return row;
}

// ---- packages ----

const owner = alias(users, 'owner');
const updater = alias(users, 'updater');

const packageColumns = {
  id: packages.id,
  ownerUserId: packages.ownerUserId,
  ownerUsername: owner.username,
  ownerPath: owner.path,
  name: packages.name,
  description: packages.description,
  seedKey: packages.seedKey,
  packageType: packages.packageType,
  isRedPackage: packages.isRedPackage,
  isDefault: packages.isDefault,
  paoEnabled: packages.paoEnabled,
  paoRate: packages.paoRate,
  fakePao: packages.fakePao,
  fakePaoRate: packages.fakePaoRate,
  iboxRounding: packages.iboxRounding,
  groupName: packages.groupName,
  recordStatus: packages.recordStatus,
  updatedAt: packages.updatedAt,
  updatedBy: updater.username,
};
function selectPackages(db: DbOrTx) {
  return db
    .select(packageColumns)
    .from(packages)
    .leftJoin(owner, eq(owner.id, packages.ownerUserId))
    .leftJoin(updater, eq(updater.id, packages.updatedBy));
}
export type PackageRow = Awaited<ReturnType<typeof selectPackages>>[number];

export async function packageById(db: DbOrTx, id: number): Promise<PackageRow | undefined> {
  const [row] = await selectPackages(db).where(and(eq(packages.id, id), ne(packages.recordStatus, 2)));
  return row;
}

export async function packagesByIds(db: DbOrTx, ids: number[]): Promise<PackageRow[]> {
  if (!ids.length) return [];
  return selectPackages(db).where(and(inArray(packages.id, ids), ne(packages.recordStatus, 2)));
}

/** The packages an account defines (null: the system packages), optionally of one type, never deleted ones. */
export async function ownedPackages(db: DbOrTx, ownerUserId: number | null, opts: { packageType?: number; includeDisabled?: boolean }) {
  return selectPackages(db)
    .where(
      and(
        ownerUserId === null ? isNull(packages.ownerUserId) : eq(packages.ownerUserId, ownerUserId),
        opts.packageType === undefined ? undefined : eq(packages.packageType, opts.packageType),
        opts.includeDisabled ? ne(packages.recordStatus, 2) : eq(packages.recordStatus, 1),
      ),
    )
    .orderBy(asc(packages.packageType), asc(packages.groupName), asc(packages.name), asc(packages.id));
}

/** Locks a package row for the rest of the transaction. */
export async function lockPackage(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), ne(packages.recordStatus, 2)))
    .for('update');
  return row;
}

export async function nameTaken(db: DbOrTx, ownerUserId: number | null, packageType: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        ownerUserId === null ? isNull(packages.ownerUserId) : eq(packages.ownerUserId, ownerUserId),
        eq(packages.packageType, packageType),
        sql`lower(${packages.name}) = ${name.toLowerCase()}`,
        ne(packages.recordStatus, 2),
        exceptId ? ne(packages.id, exceptId) : undefined,
      ),
    );
  return !!row;
}

export type NewPackage = typeof packages.$inferInsert;

export async function insertPackage(tx: DbOrTx, p: NewPackage): Promise<number> {
  const [row] = await tx.insert(packages).values(p).returning({ id: packages.id });
  return row.id;
}

export async function updatePackage(tx: DbOrTx, id: number, p: Partial<NewPackage>) {
  await tx.update(packages).set(p).where(eq(packages.id, id));
}

/** Clears the red-package flag on the owner's other packages of the type (one red package per owner and type). */
export async function clearRedFlag(tx: DbOrTx, ownerUserId: number | null, packageType: number, exceptId: number) {
  await tx
    .update(packages)
    .set({ isRedPackage: false })
    .where(
      and(
        ownerUserId === null ? isNull(packages.ownerUserId) : eq(packages.ownerUserId, ownerUserId),
        eq(packages.packageType, packageType),
        eq(packages.isRedPackage, true),
        ne(packages.id, exceptId),
      ),
    );
}

// ---- rates ----

export type RateRow = typeof packageRates.$inferSelect;

export async function ratesOf(db: DbOrTx, packageIds: number[]): Promise<RateRow[]> {
  if (!packageIds.length) return [];
  return db
    .select()
    .from(packageRates)
    .where(inArray(packageRates.packageId, packageIds))
    .orderBy(asc(packageRates.packageId), asc(packageRates.code), sql`${packageRates.poolId} nulls first`);
}

export async function replaceRates(tx: DbOrTx, packageId: number, rates: Omit<typeof packageRates.$inferInsert, 'packageId'>[]) {
  await tx.delete(packageRates).where(eq(packageRates.packageId, packageId));
  if (rates.length) await tx.insert(packageRates).values(rates.map((r) => ({ ...r, packageId })));
}

// ---- assignments and resolution ----

/**
 * The package an account gets for a type: its own assignment, else the nearest upline's, else the
 * system default. `viaUserId` is the account the assignment is on (null: the default).
 */
export async function resolveEffective(db: DbOrTx, userId: number, packageType: number) {
  const [row] = await rows<{ packageId: number | null; viaUserId: number | null }>(
    db,
    sql`select coalesce(x.package_id, d.id) as "packageId", x.user_id as "viaUserId"
        from users u
        left join lateral (
          select a.package_id, a.user_id
          from package_assignments a join packages ap on ap.id = a.package_id and ap.record_status = 1
          where a.package_type = ${packageType}::int and a.user_id = any(${chainIds(sql`u.path`)})
          order by array_position(${chainIds(sql`u.path`)}, a.user_id) desc
          limit 1) x on true
        left join packages d on d.owner_user_id is null and d.is_default and d.package_type = ${packageType}::int and d.record_status = 1
        where u.id = ${userId}::int`,
  );
  return row && row.packageId !== null ? { packageId: Number(row.packageId), viaUserId: row.viaUserId === null ? null : Number(row.viaUserId) } : undefined;
}

export interface EffectiveRateRow {
  packageId: number;
  packageType: number;
  iboxRounding: string;
  paoEnabled: boolean;
  paoRate: string;
  fakePao: boolean;
  fakePaoRate: string;
  code: string | null;
  poolId: number | null;
  enabled: boolean | null;
  commissionPct: string | null;
  first: number | null;
  second: number | null;
  third: number | null;
  starter: number | null;
  consolation: number | null;
  fourth: number | null;
  fifth: number | null;
  sixth: number | null;
}

/** The effective package with its rate rows, in one statement (the ordering hot path). */
export async function effectiveWithRates(db: DbOrTx, userId: number, packageType: number, red: boolean) {
  return rows<EffectiveRateRow>(db, effectiveWithRatesSql(userId, packageType, red));
}

/** The statement of effectiveWithRates (see effectivePackageIdSql and packageRatesSql). */
export function effectiveWithRatesSql(userId: number | SQL, packageType: number, red: boolean): SQL {
  return sql`with pick as (select (${effectivePackageIdSql(userId, packageType, red)}) as package_id)
        ${packageRatesSql(sql`select package_id from pick`)}`;
}

/**
 * The id of an account's effective package of a type, as a scalar subquery: its own or its nearest
 * upline's assignment, else the default (red: the nearest red package above it). `userId` may be a
 * column of an outer query (placing a batch of tickets reads it per owner).
 */
export function effectivePackageIdSql(userId: number | SQL, packageType: number, red: boolean): SQL {
  return red
    ? sql`select p.id
          from users u join packages p on p.package_type = ${packageType}::int and p.is_red_package and p.record_status = 1
          where u.id = ${userId}::int
            and (p.owner_user_id is null or (p.owner_user_id = any(${chainIds(sql`u.path`)}) and p.owner_user_id <> u.id))
          order by coalesce(array_position(${chainIds(sql`u.path`)}, p.owner_user_id), 0) desc
          limit 1`
    : sql`select coalesce(x.package_id, d.id)
          from users u
          left join lateral (
            select a.package_id
            from package_assignments a join packages ap on ap.id = a.package_id and ap.record_status = 1
            where a.package_type = ${packageType}::int and a.user_id = any(${chainIds(sql`u.path`)})
            order by array_position(${chainIds(sql`u.path`)}, a.user_id) desc
            limit 1) x on true
          left join packages d on d.owner_user_id is null and d.is_default and d.package_type = ${packageType}::int and d.record_status = 1
          where u.id = ${userId}::int`;
}

/** The EffectiveRateRow rows of the packages whose ids the subquery `packageIds` selects. */
export function packageRatesSql(packageIds: SQL): SQL {
  return sql`select p.id as "packageId", p.package_type as "packageType", p.ibox_rounding as "iboxRounding",
               p.pao_enabled as "paoEnabled", p.pao_rate::text as "paoRate", p.fake_pao as "fakePao", p.fake_pao_rate::text as "fakePaoRate",
               r.code, r.pool_id as "poolId", r.enabled, r.commission_pct::text as "commissionPct",
               r.payout_first as first, r.payout_second as second, r.payout_third as third, r.payout_starter as starter,
               r.payout_consolation as consolation, r.payout_fourth as fourth, r.payout_fifth as fifth, r.payout_sixth as sixth
        from packages p
        left join package_rates r on r.package_id = p.id
        where p.id in (${packageIds})`;
}

/**
 * Enabled packages of one type owned by accounts inside the subtree `withinPath` whose owner's effective
 * package is `basePackageId`: the packages a change to that base (or to who gets it) must keep in bounds.
 */
export async function dependentPackages(db: DbOrTx, packageType: number, withinPath: string, basePackageId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select q.id from packages q join users o on o.id = q.owner_user_id
        left join lateral (
          select a.package_id
          from package_assignments a join packages ap on ap.id = a.package_id and ap.record_status = 1
          where a.package_type = ${packageType}::int and a.user_id = any(${chainIds(sql`o.path`)})
          order by array_position(${chainIds(sql`o.path`)}, a.user_id) desc
          limit 1) x on true
        left join packages d on d.owner_user_id is null and d.is_default and d.package_type = ${packageType}::int and d.record_status = 1
        where q.package_type = ${packageType}::int and q.record_status = 1 and starts_with(o.path, ${withinPath})
          and coalesce(x.package_id, d.id) = ${basePackageId}::int`,
  );
  return found.map((r) => Number(r.id));
}

export async function assignmentOf(db: DbOrTx, userId: number, packageType: number) {
  const [row] = await db
    .select()
    .from(packageAssignments)
    .where(and(eq(packageAssignments.userId, userId), eq(packageAssignments.packageType, packageType)));
  return row;
}

export async function setAssignment(tx: DbOrTx, a: typeof packageAssignments.$inferInsert) {
  await tx
    .insert(packageAssignments)
    .values(a)
    .onConflictDoUpdate({
      target: [packageAssignments.userId, packageAssignments.packageType],
      set: { packageId: a.packageId, assignedAt: a.assignedAt, assignedBy: a.assignedBy },
    });
}

export async function removeAssignment(tx: DbOrTx, userId: number, packageType: number) {
  await tx.delete(packageAssignments).where(and(eq(packageAssignments.userId, userId), eq(packageAssignments.packageType, packageType)));
}

/** Live accounts a package is assigned to. */
export async function assignedUsers(db: DbOrTx, packageIds: number[]) {
  if (!packageIds.length) return [];
  return db
    .select({ packageId: packageAssignments.packageId, userId: users.id, username: users.username })
    .from(packageAssignments)
    .innerJoin(users, eq(users.id, packageAssignments.userId))
    .where(and(inArray(packageAssignments.packageId, packageIds), ne(users.recordStatus, 2)))
    .orderBy(asc(users.username));
}

/** Any assignment of the package, deleted accounts included (it still decides nothing, but keep it honest). */
export async function isAssigned(db: DbOrTx, packageId: number): Promise<boolean> {
  const [row] = await db.select({ userId: packageAssignments.userId }).from(packageAssignments).where(eq(packageAssignments.packageId, packageId)).limit(1);
  return !!row;
}

/**
 * Serialises package changes: changes inside one top-level branch (a company's tree) take that branch's
 * lock, changes to the system packages take the lock every branch shares, exclusively.
 */
export async function lockPackageScope(tx: DbOrTx, branchId: number | null) {
  if (branchId === null) {
    await tx.execute(sql`select pg_advisory_xact_lock(5005, 0)`);
    return;
  }
  await tx.execute(sql`select pg_advisory_xact_lock_shared(5005, 0)`);
  await tx.execute(sql`select pg_advisory_xact_lock(5005, ${branchId}::int)`);
}

// ---- master templates ----

const templateOwner = alias(users, 'template_owner');
const templateUpdater = alias(users, 'template_updater');

export async function templates(db: DbOrTx) {
  const counts = db
    .select({ templateId: masterTemplateItems.templateId, n: sql<number>`count(*)::int`.as('n') })
    .from(masterTemplateItems)
    .groupBy(masterTemplateItems.templateId)
    .as('item_counts');
  return db
    .select({
      templateId: masterTemplates.id,
      ownerUserId: masterTemplates.ownerUserId,
      ownerUsername: templateOwner.username,
      name: masterTemplates.name,
      description: masterTemplates.description,
      seedKey: masterTemplates.seedKey,
      recordStatus: masterTemplates.recordStatus,
      itemCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
      updatedAt: masterTemplates.updatedAt,
      updatedBy: templateUpdater.username,
    })
    .from(masterTemplates)
    .leftJoin(templateOwner, eq(templateOwner.id, masterTemplates.ownerUserId))
    .leftJoin(templateUpdater, eq(templateUpdater.id, masterTemplates.updatedBy))
    .leftJoin(counts, eq(counts.templateId, masterTemplates.id))
    .where(ne(masterTemplates.recordStatus, 2))
    .orderBy(asc(masterTemplates.name), asc(masterTemplates.id));
}

export async function lockTemplate(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(masterTemplates)
    .where(and(eq(masterTemplates.id, id), ne(masterTemplates.recordStatus, 2)))
    .for('update');
  return row;
}

export async function templateNameTaken(db: DbOrTx, ownerUserId: number | null, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: masterTemplates.id })
    .from(masterTemplates)
    .where(
      and(
        ownerUserId === null ? isNull(masterTemplates.ownerUserId) : eq(masterTemplates.ownerUserId, ownerUserId),
        sql`lower(${masterTemplates.name}) = ${name.toLowerCase()}`,
        ne(masterTemplates.recordStatus, 2),
        exceptId ? ne(masterTemplates.id, exceptId) : undefined,
      ),
    );
  return !!row;
}

export async function insertTemplate(tx: DbOrTx, t: typeof masterTemplates.$inferInsert): Promise<number> {
  const [row] = await tx.insert(masterTemplates).values(t).returning({ id: masterTemplates.id });
  return row.id;
}

export async function updateTemplate(tx: DbOrTx, id: number, t: Partial<typeof masterTemplates.$inferInsert>) {
  await tx.update(masterTemplates).set(t).where(eq(masterTemplates.id, id));
}

export async function replaceTemplateItems(tx: DbOrTx, templateId: number, items: Omit<typeof masterTemplateItems.$inferInsert, 'templateId'>[]) {
  await tx.delete(masterTemplateItems).where(eq(masterTemplateItems.templateId, templateId));
  if (items.length) await tx.insert(masterTemplateItems).values(items.map((i) => ({ ...i, templateId })));
}

export async function templateItems(db: DbOrTx, templateId: number) {
  return db
    .select({
      itemId: masterTemplateItems.id,
      templateId: masterTemplateItems.templateId,
      categoryId: masterTemplateItems.categoryId,
      categoryName: masterTemplateItemCategories.name,
      kind: masterTemplateItems.kind,
      code: masterTemplateItems.code,
      tier: masterTemplateItems.tier,
      label: masterTemplateItems.label,
      value: masterTemplateItems.value,
      position: masterTemplateItems.position,
    })
    .from(masterTemplateItems)
    .innerJoin(masterTemplateItemCategories, eq(masterTemplateItemCategories.id, masterTemplateItems.categoryId))
    .where(eq(masterTemplateItems.templateId, templateId))
    .orderBy(asc(masterTemplateItems.position), asc(masterTemplateItems.id));
}

export async function categories(db: DbOrTx) {
  return db
    .select({ categoryId: masterTemplateItemCategories.id, name: masterTemplateItemCategories.name, position: masterTemplateItemCategories.position })
    .from(masterTemplateItemCategories)
    .orderBy(asc(masterTemplateItemCategories.position), asc(masterTemplateItemCategories.id));
}

export async function templateById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: masterTemplates.id })
    .from(masterTemplates)
    .where(and(eq(masterTemplates.id, id), ne(masterTemplates.recordStatus, 2)));
  return row;
}
