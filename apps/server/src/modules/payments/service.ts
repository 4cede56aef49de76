// Payments (transfer credit to / receive credit from a direct downline), credit limits and credit logs.
// The rules are in docs/decisions/0004-credit-model.md.
import {
  PAYMENT_TYPES,
  type CreditLimitChangeKind,
  type CreditLimitResult,
  type CreditLog,
  type CreditLogItem,
  type MakePaymentBody,
  type Payment,
  type PaymentHistory,
  type PaymentHistoryItem,
  type PaymentHistoryQuery,
  type PlayerTransactionQuery,
  type UpdateCreditLimitBody,
} from '@app/contract';
import { maxDownlineCreditLimit, PaymentType, RoleId } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { assertInSubtree } from '../accounts/service';
import { formatBusinessDateTime } from '../../platform/businessTime';
import { centsToDecimal, csvText } from '../../platform/exportText';
import { idempotent, type StoredResponse } from '../ledger/idempotency';
import { availableCredit, isCreditSource, lockWallets, post, runTransaction, walletSummaries } from '../ledger/service';
import { fileHeader, kindForFile, limitForFile, memoForFile } from './memoWords';
import * as q from './queries';

/** Where the ledger tests read it. */
export { centsToDecimal };

export const paymentTypes = () => PAYMENT_TYPES.map((t) => ({ ...t }));

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Moves credit between the caller's acting account and one of its direct downlines, once per
 * idempotency key: type 1 transfers `amount` down (refused unless the caller's available credit covers
 * it, the super admin excepted), type 2 takes it back (refused unless the downline's available credit
 * covers it). Journal transaction, payment row, audit row and key commit together.
 */
export async function makePayment(deps: Deps, auth: AuthContext, body: MakePaymentBody, ip?: string): Promise<StoredResponse> {
  const { idempotencyKey, ...payload } = body;
  return runTransaction(deps.db, (tx) =>
    idempotent(tx, { userId: auth.userId, key: idempotencyKey, scope: 'Payment/MakePayment', payload, at: deps.clock.now() }, async (tx) => {
      const now = deps.clock.now();
      const target = await q.findMainAccount(tx, body.targetUserId, auth.actingUserId);
      if (!target) throw notFound();
      const wallets = await lockWallets(tx, [auth.actingUserId, target.id]);
      const upline = wallets.get(auth.actingUserId)!;
      const downline = wallets.get(target.id)!;
      const transfer = body.type === PaymentType.TransferCredit;
      const [giver, taker] = transfer ? [upline, downline] : [downline, upline];
      const exempt = transfer && isCreditSource(upline);
      const available = availableCredit(giver);
      if (!exempt && available < body.amount) {
        throw new AppError(422, 'INSUFFICIENT_CREDIT', { available: Math.max(0, available) });
      }
      const remark = body.remark?.trim() || null;
      const posted = await post(tx, {
        at: now,
        kind: transfer ? 'transfer' : 'receive',
        initiatedBy: auth.userId,
        companyId: target.companyId,
        memo: remark,
        lines: [
          { accountId: giver.id, amount: -body.amount },
          { accountId: taker.id, amount: body.amount },
        ],
      });
      const finalAmount = posted.balanceAfter.get(downline.id)!;
      const paymentId = await q.insertPayment(tx, {
        type: body.type,
        amount: body.amount,
        targetUserId: target.id,
        initiateUserId: auth.userId,
        initialAmount: downline.balance,
        finalAmount,
        transactionId: posted.transactionId,
        remark,
        at: now,
      });
      await writeAudit(tx, now, {
        actorUserId: auth.userId,
        action: transfer ? 'payment.transfer' : 'payment.receive',
        targetType: 'user',
        targetId: target.id,
        before: { balance: downline.balance, uplineBalance: upline.balance },
        after: {
          balance: finalAmount,
          uplineBalance: posted.balanceAfter.get(upline.id)!,
          amount: body.amount,
          paymentId,
          transactionId: posted.transactionId,
          actingUserId: auth.actingUserId,
        },
        ip,
      });
      const result: Payment = {
        id: paymentId,
        type: body.type,
        amount: body.amount,
        targetUserId: target.id,
        targetUsername: target.username,
        initiateUserId: auth.userId,
        initiateUsername: auth.username,
        initialAmount: downline.balance,
        finalAmount,
        remark,
        at: now.toISOString(),
        transactionId: posted.transactionId,
      };
      return result;
    }),
  );
}

/** The kind of a credit limit change, from the audit action that made it. */
function limitChangeKind(action: string | null): CreditLimitChangeKind {
  if (action === 'user.create') return 'create';
  if (action === 'user.credit-limit.admin') return 'admin';
  if (action === 'user.delete') return 'delete';
  return 'change';
}

const limitChange = (r: q.LimitChangeColumns & { id: number | null; at: Date | string }) => ({
  kind: 'creditLimit' as const,
  id: Number(r.id),
  change: limitChangeKind(r.action),
  before: Number(r.limitBefore),
  after: Number(r.limitAfter),
  at: iso(r.at),
});

function toHistoryItem(r: q.PaymentRow): PaymentHistoryItem {
  if (r.kind === 'creditLimit') {
    return { ...limitChange(r), targetUserId: r.targetUserId, targetUsername: r.targetUsername, initiateUserId: r.initiateUserId, initiateUsername: r.initiateUsername };
  }
  return {
    kind: 'payment',
    id: Number(r.id),
    type: Number(r.type),
    amount: Number(r.amount),
    targetUserId: r.targetUserId,
    targetUsername: r.targetUsername,
    initiateUserId: Number(r.initiateUserId),
    initiateUsername: r.initiateUsername ?? '',
    initialAmount: Number(r.initialAmount),
    finalAmount: Number(r.finalAmount),
    remark: r.remark,
    at: iso(r.at),
    transactionId: Number(r.transactionId),
  };
}

/** Payments and credit limit changes whose target is in the caller's subtree, newest first, a page at a time. */
export async function paymentHistory(deps: Deps, auth: AuthContext, query: PaymentHistoryQuery): Promise<PaymentHistory> {
  if (query.targetUserId !== undefined) await assertInSubtree(deps, auth, query.targetUserId);
  const filter = { rootPath: auth.actingPath, targetUserId: query.targetUserId, from: query.from, to: query.to, tz: deps.config.tzBusiness };
  const page = await q.paymentPage(deps.db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return {
    items: page.filter((r) => r.id !== null).map(toHistoryItem),
    total: Number(page[0]?.total ?? 0),
  };
}

/**
 * Sets a direct downline's credit limit (mode 'upline': the caller's acting account is its upline) or
 * any account's (mode 'admin': super admin and IT admin). Bounds, checked under locks:
 * - the upline (unless it is the super admin) grants at most its own limit in total to its direct
 *   downlines: new limit <= upline limit - limits of its other direct downlines;
 * - the account keeps covering what it granted its own direct downlines: new limit >= their sum;
 * - a postpaid account is never left below zero available: new limit + balance >= 0.
 */
export async function updateCreditLimit(
  deps: Deps,
  auth: AuthContext,
  body: UpdateCreditLimitBody,
  mode: 'upline' | 'admin',
  ip?: string,
): Promise<StoredResponse> {
  const { idempotencyKey, ...payload } = body;
  const scope = mode === 'admin' ? 'Account/AdminUpdateUserCreditLimit' : 'Account/UpdateUserCreditLimit';
  return runTransaction(deps.db, (tx) =>
    idempotent(tx, { userId: auth.userId, key: idempotencyKey, scope, payload, at: deps.clock.now() }, async (tx) => {
      const now = deps.clock.now();
      const found = await q.findMainAccount(tx, body.userId, mode === 'upline' ? auth.actingUserId : undefined);
      if (!found || found.uplineId === null) throw notFound();
      // Ancestors first: the upline's row serialises every limit change among its direct downlines.
      const locked = await q.lockAccounts(tx, [found.uplineId, found.id]);
      const upline = locked.find((a) => a.id === found.uplineId)!;
      const target = locked.find((a) => a.id === found.id)!;
      if (target.uplineId !== upline.id) throw notFound(); // moved under another upline meanwhile
      const wallet = (await lockWallets(tx, [target.id])).get(target.id)!;

      if (upline.roleId !== RoleId.SuperAdmin) {
        const others = await q.grantedToDirectDownlines(tx, upline.id, target.id);
        const max = maxDownlineCreditLimit({ isRoot: false, creditLimit: Number(upline.creditLimit) }, others);
        if (body.creditLimit > max) throw new AppError(422, 'CREDIT_LIMIT_EXCEEDS_UPLINE', { max });
      }
      // "Used" is either what it granted its own direct downlines or, postpaid, what it owes.
      const granted = await q.grantedToDirectDownlines(tx, target.id);
      if (body.creditLimit < granted) throw new AppError(422, 'CREDIT_LIMIT_BELOW_USED', { min: granted, reason: 'downline' });
      if (target.creditType !== 'prepaid' && body.creditLimit + wallet.balance < 0) {
        throw new AppError(422, 'CREDIT_LIMIT_BELOW_USED', { min: -wallet.balance, reason: 'outstanding' });
      }

      const previous = Number(target.creditLimit);
      await q.setCreditLimit(tx, target.id, body.creditLimit, now);
      await writeAudit(tx, now, {
        actorUserId: auth.userId,
        action: mode === 'admin' ? 'user.credit-limit.admin' : 'user.credit-limit',
        targetType: 'user',
        targetId: target.id,
        before: { creditLimit: previous },
        after: { creditLimit: body.creditLimit },
        ip,
      });
      const result: CreditLimitResult = {
        userId: target.id,
        username: target.username,
        creditType: target.creditType,
        previousCreditLimit: previous,
        creditLimit: body.creditLimit,
        balance: wallet.balance,
        availableCredit: availableCredit({ creditType: target.creditType, creditLimit: body.creditLimit, balance: wallet.balance }),
      };
      return result;
    }),
  );
}

async function creditLogTarget(deps: Deps, auth: AuthContext, userId: number | undefined) {
  const id = userId ?? auth.actingUserId;
  if (id !== auth.actingUserId) await assertInSubtree(deps, auth, id);
  const account = await q.findMainAccount(deps.db, id);
  if (!account) throw notFound();
  const summary = (
    await walletSummaries(deps.db, [{ userId: account.id, creditLimit: Number(account.creditLimit), creditType: account.creditType }])
  ).get(account.id)!;
  return { account, summary, walletId: summary.walletId };
}

function toEntry(r: q.CreditLogRow): CreditLogItem {
  if (r.kind === 'creditLimit') return { ...limitChange(r), initiatedById: r.initiatedById, initiatedBy: r.initiatedBy };
  const amount = Number(r.amount);
  const post = Number(r.balanceAfter);
  return {
    kind: 'journal',
    id: Number(r.id),
    transactionId: Number(r.transactionId),
    type: r.journalKind ?? '',
    amount,
    preBalance: post - amount,
    postBalance: post,
    initiatedById: r.initiatedById,
    initiatedBy: r.initiatedBy,
    remark: r.memo,
    at: iso(r.at),
  };
}

/** Credit log (Report/GetPlayerTransaction): one wallet's entries with pre- and post-balance. */
export async function creditLog(deps: Deps, auth: AuthContext, query: PlayerTransactionQuery): Promise<CreditLog> {
  const { account, summary, walletId } = await creditLogTarget(deps, auth, query.userId);
  const filter = { from: query.from, to: query.to, tz: deps.config.tzBusiness };
  const page = await q.creditLogPage(deps.db, { userId: account.id, walletId, ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const items = page.filter((r) => r.id !== null).map(toEntry);
  const total = Number(page[0]?.total ?? 0);
  return {
    userId: account.id,
    username: account.username,
    creditType: account.creditType,
    creditLimit: summary.creditLimit,
    balance: summary.balance,
    availableCredit: summary.availableCredit,
    items,
    total,
  };
}

const CSV_MAX_ROWS = 100_000;

/** The whole filtered credit log as CSV (newest first), with a header row. */
export async function creditLogCsv(deps: Deps, auth: AuthContext, query: PlayerTransactionQuery): Promise<{ filename: string; csv: string }> {
  const { account, walletId } = await creditLogTarget(deps, auth, query.userId);
  const tz = deps.config.tzBusiness;
  const rowsOut = await q.creditLogPage(deps.db, { userId: account.id, walletId, from: query.from, to: query.to, tz, limit: CSV_MAX_ROWS, offset: 0 });
  // In the requester's language (lang, default English): the kinds and the system's memos in words; a
  // memo a user typed as typed.
  const lang = query.lang ?? 'en';
  const lines = [fileHeader(lang, tz).map(csvText).join(',')];
  for (const r of rowsOut.filter((x) => x.id !== null).map(toEntry)) {
    const when = formatBusinessDateTime(new Date(r.at), tz);
    const fields =
      r.kind === 'journal'
        ? [csvText(kindForFile(r.type, lang)), centsToDecimal(r.amount), centsToDecimal(r.preBalance), centsToDecimal(r.postBalance), csvText(r.initiatedBy), csvText(memoForFile(r.type, r.remark, lang)), String(r.transactionId), '', '']
        : [csvText(limitForFile(r.change, lang)), centsToDecimal(r.after - r.before), '', '', csvText(r.initiatedBy), '', '', centsToDecimal(r.before), centsToDecimal(r.after)];
    lines.push([when, ...fields].join(','));
  }
  const range = [query.from, query.to].filter(Boolean).join('_to_');
  const safeName = account.username.replace(/[^A-Za-z0-9_.-]/g, '_');
  return { filename: `credit-log-${safeName}${range ? `-${range}` : ''}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
