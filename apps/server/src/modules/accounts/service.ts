// Accounts of the hierarchy: who may see and change which account, and the bounds an upline sets.
import { activeCurrencyCodes } from '../admin/currencies';
import { eq } from 'drizzle-orm';
import { accountSettings, type AccountDetail, type CreateOrUpdateUserBody, type Listing, type UserSummary } from '@app/contract';
import {
  availableCredit,
  canHaveHouseUsers,
  creatableLevels,
  formatCodeOrder,
  hasAccess,
  HierarchyLevel,
  LEVEL_NAMES,
  maxDownlineCreditLimit,
  parseCodeOrder,
  roleForLevel,
  RoleId,
  type AccessLevel,
} from '@app/domain';
import { users } from '../../db/schema';
import { assignDefaultRole } from '../../db/seed';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { hashPassword } from '../../platform/password';
import { endUserSessions, loadAccess, type AuthContext } from '../../platform/session';
import { assertHeldByCaller } from '../access/holds';
import { readNumericSettings } from '../../platform/settings';
import * as q from './queries';
import { consumeReservedName } from './reserveNames';
import { applyStatus } from './status';
import { assignChosenPackages, editRefusal, packageChoices } from '../packages/giving';
import { assertWithin, downlineBounds } from './bounds';
import { poolRegistry } from '../pools/registry';
import { assertMayChangeItAdmin, createItAdmin, roleRefused, type CreateOrUpdateUserRequest } from './itAdmins';

/**
 * The target account if it is the caller's acting account or in its downline; otherwise 404, the same
 * answer as for an id that does not exist, so nothing about accounts outside the subtree leaks.
 */
export async function assertInSubtree(deps: Deps, auth: AuthContext, userId: number) {
  const row = await q.findInSubtree(deps.db, auth.actingPath, { id: userId });
  if (!row) throw notFound();
  return row;
}

/**
 * A downline is created under a main account only: a sub-account is a login of its main account (its staff),
 * not a level of the hierarchy; an account under it would sit outside the credit and package chain.
 */
export function assertMainAccountUpline(upline: { mainAccount: boolean }) {
  if (!upline.mainAccount) throw badRequest('VALIDATION_FAILED', { uplineId: 'pattern' });
}

/** Reading another account of the subtree needs the Downline view right; one's own account never does. */
export async function assertReadable(deps: Deps, auth: AuthContext, userId: number) {
  // The caller's right first: a refusal that depends on the id would tell which ids exist (decision 0049).
  if (userId !== auth.actingUserId && userId !== auth.userId && !mayDownline(auth, [1])) throw forbidden();
  return assertInSubtree(deps, auth, userId);
}

const isRoot = (a: { roleId: number }) => a.roleId === RoleId.SuperAdmin || a.roleId === RoleId.ITAdmin;
const pct = (v: string | number) => Number(v);

/** Whether the caller holds a level of the Downline function (the super admin holds all). */
export function mayDownline(auth: AuthContext, levels: AccessLevel[]): boolean {
  return (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) || hasAccess(auth.access, 'Downline', levels);
}

function toSummary(row: NonNullable<Awaited<ReturnType<typeof q.findInSubtree>>>): UserSummary {
  return {
    userId: row.userId,
    username: row.username,
    fullName: row.fullName,
    userRoleId: row.userRoleId,
    status: row.status,
    mainAccount: row.mainAccount,
    creditLimit: row.creditLimit,
    availableCredit: isRoot({ roleId: row.userRoleId }) ? null : availableCredit(row),
    currency: row.currency,
  };
}

export async function userDetailByUsername(deps: Deps, auth: AuthContext, username: string): Promise<UserSummary> {
  const row = await q.findInSubtree(deps.db, auth.actingPath, { username });
  // Without the right to read the downline only oneself is found; any other name, existing or not, is
  // refused alike (decision 0049).
  const own = row && (row.userId === auth.actingUserId || row.userId === auth.userId);
  if (!own && !mayDownline(auth, [1])) throw forbidden();
  if (!row) throw notFound();
  await assertReadable(deps, auth, row.userId);
  return toSummary(row);
}

export function toDetail(r: q.AccountRow): AccountDetail {
  const u = r.u;
  return {
    userId: u.id,
    username: u.username,
    fullName: u.fullName,
    userRoleId: u.roleId,
    level: u.level,
    uplineId: u.uplineId,
    uplineUsername: r.uplineUsername,
    mainAccount: u.isMainAccount,
    phone: u.phone ?? '',
    email: u.email ?? '',
    status: u.status as AccountDetail['status'],
    creditType: u.creditType as AccountDetail['creditType'],
    creditLimit: u.creditLimit,
    balance: r.balance,
    outstanding: r.outstanding,
    availableCredit: isRoot(u) ? null : availableCredit({ ...u, balance: r.balance }),
    currency: u.currency,
    discount: pct(u.discount),
    positionTaking: pct(u.positionTaking),
    fixPackage: u.fixPackage,
    eatSequence: u.eatSequence as AccountDetail['eatSequence'],
    betCodeOrder: u.betCodeOrder,
    defaultPools: u.defaultPools,
    maxFightLimit: u.maxFightLimit,
    canEditPackage: u.canEditPackage,
    receiptFormat: u.receiptFormat as 1 | 3,
    receiptOrderType: u.receiptOrderType as 1 | 2,
    smsEnabled: u.smsEnabled,
    luckyBet: u.luckyBet,
    allowSelfVoid: u.allowSelfVoid,
    voidTicketAuthority: u.voidTicketAuthority,
    voidTicketSendSms: u.voidTicketSendSms,
    allowOrderWithinResultRelease: u.allowOrderWithinResultRelease,
    autoTransfer: u.autoTransfer,
    autoTransferFrequency: u.autoTransferFrequency as 0 | 1,
    autoTransferDay: u.autoTransferDay,
    viewableDownline: u.viewableDownline,
    lineHead: u.lineHead,
    displayFullNameInReport: u.displayFullNameInReport,
    showEarnComm: u.showEarnComm,
    showEarnedReport: u.showEarnedReport,
    viewPageInfo: u.viewPageInfo,
    divideShowFull: u.divideShowFull,
    isDemo: u.isDemo,
    gdLimit: u.gdLimit,
    totalBaseLimit: u.totalBaseLimit,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt?.toISOString() ?? null,
  };
}

export async function userDetailsById(deps: Deps, auth: AuthContext, userId: number): Promise<AccountDetail> {
  await assertReadable(deps, auth, userId);
  const row = await q.accountRow(deps.db, userId, { outstanding: true });
  if (!row) throw notFound();
  return toDetail(row);
}

/** Breadcrumb from the caller's acting account down to `parentId` (both included). */
export async function targetLines(deps: Deps, auth: AuthContext, parentId: number) {
  const parent = await assertInSubtree(deps, auth, parentId);
  const ids = parent.path.split('/').filter(Boolean).map(Number);
  const own = auth.actingPath.split('/').filter(Boolean).map(Number);
  const chain = ids.slice(own.length - 1);
  const rows = await q.usersByIds(deps.db, chain);
  return chain.map((id) => rows.find((r) => r.userId === id)!).filter(Boolean);
}

export async function listing(
  deps: Deps,
  auth: AuthContext,
  f: Omit<q.ListingFilter, 'parentId'> & { parentId?: number },
): Promise<Listing> {
  const parentId = f.parentId ?? auth.actingUserId;
  const breadcrumb = await targetLines(deps, auth, parentId);
  const rows = await q.listing(deps.db, { ...f, parentId });
  return {
    breadcrumb,
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      userId: r.userId,
      username: r.username,
      fullName: r.fullName,
      userRoleId: r.userRoleId,
      level: r.level,
      status: r.status,
      creditType: r.creditType,
      creditLimit: r.creditLimit,
      balance: r.balance,
      availableCredit: availableCredit(r),
      outstanding: r.outstanding,
      currency: r.currency,
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      downlineCount: r.downlineCount,
    })),
  };
}

export async function directDownlines(deps: Deps, auth: AuthContext, userId?: number) {
  const id = userId ?? auth.actingUserId;
  await assertInSubtree(deps, auth, id);
  return q.directDownlines(deps.db, id);
}

/**
 * What the account form needs to create a downline under `uplineId` (default: the caller), or to edit
 * `userId`, one of its direct downlines: levels, credit, the bounds of discount and position taking the
 * server holds (bounds.ts), and the packages the creator may give per type.
 */
export async function detailInit(deps: Deps, auth: AuthContext, uplineId?: number, userId?: number) {
  const id = uplineId ?? auth.actingUserId;
  assertMainAccountUpline(await assertInSubtree(deps, auth, id));
  const up = (await q.accountRow(deps.db, id))!.u;
  // The account edited must sit directly under the upline whose bounds are read; otherwise it is not found.
  if (userId !== undefined && (await q.accountRow(deps.db, userId))?.u.uplineId !== id) throw notFound();
  const { agentMaxDiscountPercentage } = await readNumericSettings(deps.db, ['agentMaxDiscountPercentage']);
  const granted = await q.grantedCredit(deps.db, id);
  const levels = creatableLevels({ roleId: up.roleId as RoleId, level: up.level as HierarchyLevel | null });
  const { suggestion } = await consumeReservedName(deps.db, auth.actingUserId, { peek: true });
  return {
    upline: {
      userId: up.id,
      username: up.username,
      level: up.level,
      userRoleId: up.roleId,
      discount: isRoot(up) ? agentMaxDiscountPercentage : pct(up.discount),
      positionTaking: isRoot(up) ? 100 : pct(up.positionTaking),
      maxCreditLimit: isRoot(up) ? null : maxDownlineCreditLimit({ isRoot: false, creditLimit: up.creditLimit }, granted),
    },
    levels: levels.map((l) => ({ id: l, name: LEVEL_NAMES[l] })),
    canCreateHouse: canHaveHouseUsers({ roleId: up.roleId as RoleId, level: up.level as HierarchyLevel | null }),
    maxDiscount: agentMaxDiscountPercentage,
    bounds: await downlineBounds(deps.db, up, userId),
    packageChoices: userId === undefined ? await packageChoices(deps.db, auth, up) : [],
    // The active currencies of /admin-setting/currency (decision 0033), the book currency first.
    currencies: await activeCurrencyCodes(deps),
    suggestedUsername: suggestion,
  };
}

type Upline = typeof users.$inferSelect;

/**
 * The bounds an upline sets on a downline's settings (bounds.ts: discount and position taking; for an
 * existing account also what its own downline holds), and void authority.
 */
async function checkBounds(
  tx: Tx,
  up: Upline,
  body: { discount: number; positionTaking: number; voidTicketAuthority: boolean; canEditPackage: boolean },
  before?: { id: number; canEditPackage: boolean },
) {
  const userId = before?.id;
  const fields: Record<string, string> = {};
  // Authority over a downline's tickets is handed down, never created below: an upline gives it only if it holds it.
  if (!isRoot(up) && body.voidTicketAuthority && !up.voidTicketAuthority) fields.voidTicketAuthority = 'max';
  // So is editing packages: an upline whose own package is fixed (or that may not edit) cannot give a
  // downline the right it lacks, which would undo its company's "fixed package" one level down.
  if (body.canEditPackage && !before?.canEditPackage && editRefusal(up) !== null) fields.canEditPackage = 'max';
  assertWithin(await downlineBounds(tx, up, userId), body, fields);
}

function settingsColumns(b: CreateOrUpdateUserBody) {
  return {
    fullName: b.fullName,
    phone: b.phone || null,
    email: b.email || null,
    creditType: b.creditType,
    currency: b.currency,
    discount: b.discount.toFixed(2),
    positionTaking: b.positionTaking.toFixed(2),
    fixPackage: b.fixPackage,
    eatSequence: b.eatSequence,
    // Stored as the parser reads it back: upper case, each code once (the schema refused anything else).
    betCodeOrder: formatCodeOrder(parseCodeOrder(b.betCodeOrder)!),
    defaultPools: [...new Set(b.defaultPools)].sort((x, y) => x - y),
    maxFightLimit: b.maxFightLimit,
    canEditPackage: b.canEditPackage,
    receiptFormat: b.receiptFormat,
    receiptOrderType: b.receiptOrderType,
    smsEnabled: b.smsEnabled,
    luckyBet: b.luckyBet,
    allowSelfVoid: b.allowSelfVoid,
    voidTicketAuthority: b.voidTicketAuthority,
    voidTicketSendSms: b.voidTicketSendSms,
    allowOrderWithinResultRelease: b.allowOrderWithinResultRelease,
    autoTransfer: b.autoTransfer,
    autoTransferFrequency: b.autoTransferFrequency,
    autoTransferDay: b.autoTransferDay,
    viewableDownline: b.viewableDownline,
    lineHead: b.lineHead,
    displayFullNameInReport: b.displayFullNameInReport,
    showEarnComm: b.showEarnComm,
    showEarnedReport: b.showEarnedReport,
    viewPageInfo: b.viewPageInfo,
    divideShowFull: b.divideShowFull,
    isDemo: b.isDemo,
    gdLimit: b.gdLimit,
    totalBaseLimit: b.totalBaseLimit,
  };
}

/** What an account may change on itself (manage profile): contact details and receipt preferences. */
const SELF_EDITABLE = ['fullName', 'phone', 'email', 'receiptFormat', 'receiptOrderType', 'eatSequence', 'betCodeOrder', 'defaultPools'] as const;

/**
 * `sent`: the settings the caller's body named (before the contract filled in defaults). On an update a
 * setting left out keeps its value: an API caller posting part of an account (its status, say) must not
 * reset the rest to the defaults, nor reactivate a suspended account by leaving `status` out.
 */
export async function createOrUpdateUser(deps: Deps, auth: AuthContext, body: CreateOrUpdateUserRequest, ip: string, sent?: ReadonlySet<string>) {
  // Default pools must be pools there are: the contract bounds the ids only (pools are data, decision 0037).
  const known = await poolRegistry(deps.db);
  if (body.defaultPools.some((id) => !known.some((p) => p.id === id))) throw badRequest('VALIDATION_FAILED', { defaultPools: 'pattern' });
  const currencyActive = (await activeCurrencyCodes(deps)).includes(body.currency);
  if (!body.userId && !currencyActive) throw badRequest('VALIDATION_FAILED', { currency: 'pattern' });
  if (body.userId) return updateUser(deps, auth, body, ip, currencyActive, sent);
  // The role asked for (SPEC 6 id): an IT admin is a platform login of its own kind; any other role must be
  // the one of the level (or house) asked for. A role the caller may not create gets one refusal, whichever.
  if (body.userRoleId === RoleId.ITAdmin) return userDetailsById(deps, auth, await createItAdmin(deps, auth, body, ip));
  return createUser(deps, auth, body, ip);
}

/** Roles of the hierarchy, created by level (or as a house); the platform's roles are not. */
const HIERARCHY_ROLES: readonly number[] = [RoleId.Company, RoleId.Multilevel, RoleId.Player, RoleId.House];

async function createUser(deps: Deps, auth: AuthContext, body: CreateOrUpdateUserRequest, ip: string) {
  if (!mayDownline(auth, [2])) throw forbidden();
  if (body.userRoleId !== undefined && !HIERARCHY_ROLES.includes(body.userRoleId)) throw roleRefused();
  const fields: Record<string, string> = {};
  if (!body.username) fields.username = 'required';
  if (!body.password) fields.password = 'required';
  if (!body.isHouse && !body.level) fields.level = 'required';
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
  const uplineId = body.uplineId ?? auth.actingUserId;
  assertMainAccountUpline(await assertInSubtree(deps, auth, uplineId));
  const [passwordHash, secondaryHash] = await Promise.all([
    hashPassword(body.password!),
    body.secondaryPassword ? hashPassword(body.secondaryPassword) : Promise.resolve(null),
  ]);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const up = await q.lockAccount(tx, uplineId);
    const upCtx = { roleId: up.roleId as RoleId, level: up.level as HierarchyLevel | null };
    let level: HierarchyLevel | null;
    let roleId: RoleId;
    if (body.isHouse) {
      if (!canHaveHouseUsers(upCtx)) throw badRequest('VALIDATION_FAILED', { isHouse: 'pattern' });
      level = HierarchyLevel.Player;
      roleId = RoleId.House;
    } else {
      level = body.level as HierarchyLevel;
      if (!creatableLevels(upCtx).includes(level)) throw badRequest('VALIDATION_FAILED', { level: 'pattern' });
      roleId = roleForLevel(level);
    }
    if (body.userRoleId !== undefined && body.userRoleId !== roleId) throw roleRefused();
    if (await q.usernameTaken(tx, body.username!)) throw conflict('DUPLICATE_NAME');
    await checkBounds(tx, up, body);
    const creditLimit = body.creditLimit ?? 0;
    const max = maxDownlineCreditLimit({ isRoot: isRoot(up), creditLimit: up.creditLimit }, await q.grantedCredit(tx, up.id));
    if (creditLimit > max) throw badRequest('CREDIT_LIMIT_EXCEEDS_UPLINE', { creditLimit: 'max' });
    const status = up.status === 'Active' ? body.status : up.status;
    const newId = await q.insertAccount(tx, {
      username: body.username!,
      fullName: body.fullName,
      passwordHash,
      secondaryPasswordHash: secondaryHash ?? passwordHash,
      roleId,
      level,
      parentId: up.id,
      isMainAccount: true,
      status,
      creditLimit,
      companyId: up.roleId === RoleId.Company ? up.id : (up.companyId ?? null),
      settings: { ...settingsColumns(body), flaggedByUserId: status === body.status ? null : (up.flaggedByUserId ?? up.id) },
    });
    if (roleId === RoleId.Company) await tx.update(users).set({ companyId: newId }).where(eq(users.id, newId));
    await assignDefaultRole(tx, newId, roleId);
    await assignChosenPackages(tx, auth, up, newId, body.packages ?? [], now, ip);
    await consumeReservedName(tx, auth.actingUserId, { username: body.username! });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'user.create',
      targetType: 'user',
      targetId: newId,
      after: { username: body.username, level, roleId, uplineId: up.id, status, creditLimit, discount: body.discount, positionTaking: body.positionTaking },
      ip,
    });
    return newId;
  });
  return userDetailsById(deps, auth, id);
}

const SETTING_KEYS = Object.keys(accountSettings.shape);

/** The account's current value of every setting the caller did not send. */
function keptSettings(before: typeof users.$inferSelect, sent: ReadonlySet<string>): Partial<CreateOrUpdateUserBody> {
  const current = toDetail({ u: before, uplineUsername: null, balance: 0, outstanding: 0 } as unknown as q.AccountRow) as unknown as Record<string, unknown>;
  return Object.fromEntries(SETTING_KEYS.filter((k) => !sent.has(k) && k in current).map((k) => [k, current[k]]));
}

async function updateUser(deps: Deps, auth: AuthContext, sentBody: CreateOrUpdateUserBody, ip: string, currencyActive: boolean, sent?: ReadonlySet<string>) {
  let body = sentBody;
  const targetId = body.userId!;
  // The caller's rights before the lookup, so the answer for an unseen id is the missing one's (decision 0049).
  const self = targetId === auth.actingUserId;
  if (!self && !mayDownline(auth, [3])) throw forbidden();
  if (self && !auth.isMainAccount) throw forbidden();
  const target = await assertInSubtree(deps, auth, targetId);
  // A sub-account's credentials, rights and status are sub-account management (CreateOrUpdateSubAccount),
  // never a Downline edit: otherwise a sub-account could take over a sibling holding more rights.
  if (!target.mainAccount) throw forbidden();
  assertMayChangeItAdmin(auth, target);
  // One's own passwords change only through ChangePassword, which asks for the old one (throttled) and
  // ends the other sessions: here a stolen session alone would set both, the secondary one included.
  if (self && (body.password || body.secondaryPassword)) throw forbidden();
  // Whoever sets an account's password can log in as it and use all it holds: a sub-account may do that
  // only to an account holding nothing beyond its own rights (decision 0013), as for sub-accounts.
  if (!self && !auth.isMainAccount && (body.password || body.secondaryPassword)) assertHeldByCaller(auth, await loadAccess(deps.db, targetId));
  const now = deps.clock.now();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const secondaryHash = body.secondaryPassword ? await hashPassword(body.secondaryPassword) : null;
  await deps.db.transaction(async (tx) => {
    const before = await q.lockAccount(tx, targetId);
    if (!before) throw notFound();
    if (sent) body = { ...sentBody, ...keptSettings(before, sent) };
    // An active currency of /admin-setting/currency, or the one the account has (one made inactive later
    // does not stop its accounts being edited).
    if (!self && !currencyActive && body.currency !== before.currency) throw badRequest('VALIDATION_FAILED', { currency: 'pattern' });
    let changes: Partial<typeof users.$inferInsert>;
    if (self) {
      // Manage profile: only one's own contact details and preferences; never limits, status or rates.
      const all = settingsColumns(body);
      changes = Object.fromEntries(SELF_EDITABLE.map((k) => [k, all[k]]));
    } else {
      const up = before.uplineId ? await q.lockAccount(tx, before.uplineId) : null;
      if (up) await checkBounds(tx, up, body, before);
      changes = settingsColumns(body);
    }
    if (passwordHash) changes.passwordHash = passwordHash;
    if (secondaryHash) changes.secondaryPasswordHash = secondaryHash;
    await tx.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, targetId));
    if (passwordHash && !self) await endUserSessions(tx, deps.clock, targetId, 'password-reset');
    if (!self && body.status !== before.status) await applyStatus(tx, deps, auth, before, body.status, ip);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([k, v]) => k !== 'passwordHash' && k !== 'secondaryPasswordHash' && String((before as Record<string, unknown>)[k] ?? '') !== String(v ?? '')),
    );
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: self ? 'user.profile.update' : 'user.update',
      targetType: 'user',
      targetId,
      before: Object.fromEntries(Object.keys(changed).map((k) => [k, (before as Record<string, unknown>)[k]])),
      after: { ...changed, ...(passwordHash ? { password: 'changed' } : {}), ...(secondaryHash ? { secondaryPassword: 'changed' } : {}) },
      ip,
    });
  });
  return userDetailsById(deps, auth, targetId);
}

/** Creates an account with its path and, for a main account, the default permission role of its level. */
export async function createAccount(tx: Tx, a: q.NewAccount): Promise<number> {
  const id = await q.insertAccount(tx, a);
  if (a.isMainAccount) await assignDefaultRole(tx, id, a.roleId as RoleId);
  return id;
}
