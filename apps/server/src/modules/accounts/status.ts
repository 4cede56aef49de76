// Account status (flagging cascades down), deletion and moving an account to another upline.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { maxDownlineCreditLimit, RoleId } from '@app/domain';
import { ledgerAccounts, sessions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { businessDateOf } from '../../platform/businessTime';
import type { Tx } from '../../platform/db';
import { conflict, forbidden, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { onUplineChanged } from '../packages/service';
import { subtreeHasOpenLines } from './outstanding';
import * as q from './queries';
import { assertInSubtree, mayDownline } from './service';
import { assertMayChangeItAdmin } from './itAdmins';

type UserRow = typeof users.$inferSelect;

/**
 * Sets an account's status. Flagging (Inactive, Suspended) flags every active account of its downline
 * too and ends their sessions; reactivating restores the downline that this account's flag had flagged,
 * and is refused while an account above is not active. Runs inside the caller's transaction.
 */
export async function applyStatus(tx: Tx, deps: Deps, auth: AuthContext, target: UserRow, status: string, ip: string) {
  // A status an account above the caller set is that account's to change: an agent does not lift its
  // company's suspension of a player (the setter and the accounts above it may).
  const setter = target.statusSetBy;
  if (setter != null && setter !== auth.actingUserId && auth.actingPath.includes(`/${setter}/`)) throw refused('STATUS_SET_BY_UPLINE');
  // An account is active only while every account above it is (issue 10, item 4).
  if (status === 'Active' && !(await q.uplinesActive(tx, target.id))) throw refused('UPLINE_NOT_ACTIVE');
  const now = deps.clock.now();
  await tx
    .update(users)
    .set({ status, flaggedByUserId: null, statusSetBy: status === 'Active' ? null : auth.actingUserId, updatedAt: now })
    .where(eq(users.id, target.id));
  let cascaded: number[];
  if (status !== 'Active') {
    const rows = await tx
      .update(users)
      .set({ status, flaggedByUserId: target.id, updatedAt: now })
      .where(and(sql`starts_with(${users.path}, ${target.path})`, ne(users.id, target.id), eq(users.status, 'Active'), ne(users.recordStatus, 2)))
      .returning({ id: users.id });
    cascaded = rows.map((r) => r.id);
    // Sessions of every flagged account (and of their sub-accounts) end now.
    await tx
      .update(sessions)
      .set({ endedAt: now, endedReason: 'account-disabled' })
      .where(and(isNull(sessions.endedAt), sql`${sessions.userId} in (select id from users where starts_with(path, ${target.path}))`));
  } else {
    const rows = await tx
      .update(users)
      .set({ status: 'Active', flaggedByUserId: null, updatedAt: now })
      .where(and(sql`starts_with(${users.path}, ${target.path})`, eq(users.flaggedByUserId, target.id)))
      .returning({ id: users.id });
    cascaded = rows.map((r) => r.id);
  }
  await writeAudit(tx, now, {
    actorUserId: auth.userId,
    action: 'user.status',
    targetType: 'user',
    targetId: target.id,
    before: { status: target.status },
    after: { status, cascadedTo: cascaded },
    ip,
  });
  return cascaded;
}

/** Deletes (record status 2, never a row removal) an account with no downline, no open tickets, zero balance. */
export async function deleteUser(deps: Deps, auth: AuthContext, userId: number, ip: string) {
  const target = await assertInSubtree(deps, auth, userId);
  assertMayChangeItAdmin(auth, target);
  // Sub-accounts are suspended through sub-account management, not deleted as a downline.
  if (userId === auth.actingUserId || !target.mainAccount || !mayDownline(auth, [4])) throw forbidden();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const target = await q.lockAccount(tx, userId);
    if (target.roleId === RoleId.SuperAdmin) throw forbidden();
    if ((await q.countLiveDownline(tx, target.path, target.id)) > 0) throw refused('ACCOUNT_HAS_DOWNLINE');
    // The wallet first: a ticket being placed holds it until it commits, so the tickets counted below
    // include it; a ticket that waits for it sees the deletion and is refused.
    const [wallet] = await tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId)).for('update');
    // Open tickets: active tickets on draws not yet past (results and settlement close them later).
    const open = await tx.execute(sql`select 1 from tickets t join bet_lines bl on bl.ticket_id = t.id
                                      where t.user_id = ${userId} and t.status = 1 and bl.draw_date >= ${businessDateOf(now, deps.config.tzBusiness)}::date limit 1`);
    if ((open as unknown as { rows: unknown[] }).rows.length) throw refused('ACCOUNT_HAS_OPEN_TICKETS');
    if (wallet && wallet.balance !== 0) throw refused('ACCOUNT_HAS_BALANCE');
    await tx
      .update(users)
      .set({ recordStatus: 2, creditLimit: 0, updatedAt: now })
      .where(sql`${users.id} = ${userId} or ${users.mainAccountId} = ${userId}`);
    await tx
      .update(sessions)
      .set({ endedAt: now, endedReason: 'account-deleted' })
      .where(and(isNull(sessions.endedAt), sql`${sessions.userId} in (select id from users where id = ${userId} or main_account_id = ${userId})`));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      before: { recordStatus: target.recordStatus, creditLimit: target.creditLimit },
      after: { recordStatus: 2, creditLimit: 0 },
      ip,
    });
  });
}

/**
 * Moves an account (with its whole downline) under another upline inside the caller's subtree. The new
 * upline must sit above the account's level, outside its own subtree, and have room for its credit limit,
 * discount and position taking.
 */
export async function changeUpline(deps: Deps, auth: AuthContext, userId: number, newUplineId: number, ip: string) {
  await assertInSubtree(deps, auth, userId);
  await assertInSubtree(deps, auth, newUplineId);
  if (userId === auth.actingUserId || !mayDownline(auth, [3])) throw forbidden();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Lock in id order so two moves never deadlock.
    const [a, b] = userId < newUplineId ? [userId, newUplineId] : [newUplineId, userId];
    const first = await q.lockAccount(tx, a);
    const second = await q.lockAccount(tx, b);
    const target = first.id === userId ? first : second;
    const up = first.id === newUplineId ? first : second;
    if (!target || !up) throw notFound();
    if (target.uplineId === up.id) return;
    const upLevel = up.roleId === RoleId.SuperAdmin ? 0 : up.level;
    if (!up.isMainAccount || !target.isMainAccount || up.path.startsWith(target.path) || upLevel === null || target.level === null || upLevel >= target.level) {
      throw refused('INVALID_UPLINE');
    }
    if (target.roleId === RoleId.Company && up.roleId !== RoleId.SuperAdmin) throw refused('INVALID_UPLINE');
    // An account's money, posting book and reports belong to the company at the top of its path
    // (users.company_id, on its tickets, wallets and settlement): a move stays inside its company.
    if (target.roleId !== RoleId.Company && (up.roleId === RoleId.Company ? up.id : up.companyId) !== target.companyId) {
      throw refused('INVALID_UPLINE');
    }
    if (up.roleId !== RoleId.SuperAdmin) {
      const granted = await q.grantedCredit(tx, up.id);
      const max = maxDownlineCreditLimit({ isRoot: false, creditLimit: up.creditLimit }, granted);
      if (target.creditLimit > max) throw conflict('UPLINE_LIMIT_BROKEN');
      if (Number(target.discount) > Number(up.discount)) throw conflict('UPLINE_DISCOUNT_BROKEN');
      if (Number(target.positionTaking) > Number(up.positionTaking)) throw conflict('UPLINE_POSITION_TAKING_BROKEN');
    }
    // Tickets in play keep the chain they were placed under (eat shares, summaries, rates): a move while
    // any line of the subtree is unsettled would settle them under the old chain but report them under
    // the new one. Moves wait until the subtree's tickets have settled (or are voided).
    if (await subtreeHasOpenLines(tx, target.path)) throw conflict('UPLINE_OPEN_TICKETS');
    const oldPrefix = target.path;
    const newPrefix = `${up.path}${target.id}/`;
    await tx.update(users).set({ uplineId: up.id, updatedAt: now }).where(eq(users.id, target.id));
    await tx
      .update(users)
      .set({ path: sql`${newPrefix} || substr(${users.path}, ${oldPrefix.length + 1})` })
      .where(sql`starts_with(${users.path}, ${oldPrefix})`);
    // The moved account now gets its packages from the new upline; refuse the move if they do not fit.
    await onUplineChanged(tx, target.id);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'user.upline',
      targetType: 'user',
      targetId: target.id,
      before: { uplineId: target.uplineId, path: oldPrefix },
      after: { uplineId: up.id, path: newPrefix },
      ip,
    });
  });
}
