// Receipts after the order (docs/decisions/0006-auto-tickets.md): resending a ticket's receipt by SMS
// through an outbox, within the resending account's per-ticket resend limit (a master resend is not
// limited), the sender job that hands the outbox to an HTTP gateway, and the admin tool's receipt
// correction (before the ticket's draws close, audited).
import { loggedFetch } from '../../platform/apiLog';
import { writeAudit } from '../../platform/audit';
import { AppError, conflict, forbidden, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { assertInSubtree, assertReadable } from '../accounts/service';
import { runTransaction } from '../ledger/service';
import * as q from './queries';
import { resendRefusal } from '../orders/ticketRules';

/** System setting keys this module reads. */
export const SMS_GATEWAY_SETTING = 'smsGatewayUrl';
export const RESEND_LIMIT_SETTING = 'resendOrderLimit';
/** Resends per ticket when neither the account nor the system setting says otherwise. */
const FALLBACK_RESEND_LIMIT = 3;

/** The caller's resends per ticket: its own limit, else the system's. */
export async function resendLimitOf(deps: Deps, auth: AuthContext): Promise<number> {
  return (await q.ownLimit(deps.db, auth.actingUserId)) ?? (await defaultLimit(deps));
}

async function defaultLimit(deps: Deps): Promise<number> {
  const v = Number(await q.settingValue(deps.db, RESEND_LIMIT_SETTING));
  return Number.isInteger(v) && v >= 0 ? v : FALLBACK_RESEND_LIMIT;
}

// ---- resend ----

/**
 * Report/SendSmsReceipt (and the master resend): queues the ticket's receipt for its customer's phone,
 * or the account's. An ordinary resend counts against the caller's (acting account's) limit of resends
 * per ticket; the ticket row is locked while counting, so parallel resends cannot pass the limit.
 */
export async function sendSmsReceipt(deps: Deps, auth: AuthContext, ticketId: number, master: boolean) {
  const now = deps.clock.now();
  const fallback = await defaultLimit(deps);
  return runTransaction(deps.db, async (tx) => {
    const t = await q.ticketInSubtree(tx, auth.actingPath, { id: ticketId }, true);
    if (!t) throw notFound();
    const phone = t.customerPhone?.trim() || t.accountPhone?.trim() || '';
    const limit = (await q.ownLimit(tx, auth.actingUserId)) ?? fallback;
    const count = await q.resendCount(tx, t.ticketId);
    // The rule the history's rows show beforehand (orders/ticketRules.ts).
    const why = resendRefusal({ status: t.status, phone, count, limit, master });
    if (why) throw new AppError(why.status, why.code, why.code === 'RESEND_LIMIT_REACHED' ? { resendCount: count, resendLimit: limit } : null);
    const row = await q.insertOutbox(tx, {
      companyId: t.companyId,
      userId: t.userId,
      ticketId: t.ticketId,
      kind: master ? 'receipt-master-resend' : 'receipt-resend',
      phone,
      body: t.receipt,
      createdAt: now,
      createdBy: auth.userId,
      actingUserId: auth.actingUserId,
    });
    return {
      outboxId: row.id,
      ticketId: t.ticketId,
      ticketNo: t.ticketNo,
      phone,
      status: row.status,
      resendCount: master ? count : count + 1,
      resendLimit: limit,
      master,
    };
  });
}

// ---- resend limits (/manage-resend-order-limit) ----

/** Configuration/GetResendOrderLimit: a parent's direct downlines (default the caller's) and their limits. */
export async function resendLimits(deps: Deps, auth: AuthContext, f: { parentId?: number; search?: string; page: number; pageSize: number }) {
  const parentId = f.parentId ?? auth.actingUserId;
  if (parentId !== auth.actingUserId) await assertReadable(deps, auth, parentId);
  const fallback = await defaultLimit(deps);
  const page = await q.limitRows(deps.db, parentId, f);
  return {
    defaultLimit: fallback,
    total: page[0]?.total ?? 0,
    items: page.map(({ total: _total, ...r }) => ({
      ...r,
      effectiveLimit: r.limit ?? fallback,
      updatedAt: r.updatedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Configuration/UpdateResendOrderLimit: sets (or, with null, clears) the limit of an account strictly
 * below the caller's: nobody sets its own. Audited.
 */
export async function updateResendLimit(deps: Deps, auth: AuthContext, body: { userId: number; limit: number | null }, ip: string) {
  const target = await assertInSubtree(deps, auth, body.userId);
  if (target.userId === auth.actingUserId) throw forbidden();
  if (!target.mainAccount) throw notFound();
  const now = deps.clock.now();
  await runTransaction(deps.db, async (tx) => {
    const before = await q.ownLimit(tx, body.userId);
    await q.setLimit(tx, body.userId, body.limit, now, auth.userId);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'resend-limit.update',
      targetType: 'user',
      targetId: body.userId,
      before: { limit: before },
      after: { limit: body.limit },
      ip,
    });
  });
  const fallback = await defaultLimit(deps);
  return { userId: body.userId, limit: body.limit, effectiveLimit: body.limit ?? fallback };
}

// ---- receipt correction (admin tool) ----

async function correctionView(deps: Deps, t: NonNullable<Awaited<ReturnType<typeof q.ticketInSubtree>>>) {
  const closed = await q.anyDrawClosed(deps.db, t.ticketId, deps.clock.now());
  return { ticketId: t.ticketId, ticketNo: t.ticketNo, xid: t.xid, username: t.username, receipt: t.receipt, status: t.status, editable: t.status === 1 && !closed };
}

/** Setting/GetReceiptStringByTicketXId. */
export async function receiptByXid(deps: Deps, auth: AuthContext, xid: string) {
  const t = await q.ticketInSubtree(deps.db, auth.actingPath, { xid });
  if (!t) throw notFound();
  return correctionView(deps, t);
}

/** Setting/UpdateTicketReceiptString: only an active ticket whose draws are all still open; audited before/after. */
export async function updateReceipt(deps: Deps, auth: AuthContext, body: { xid: string; receiptString: string }, ip: string) {
  const receipt = body.receiptString.replace(/\r\n?/g, '\n').trimEnd();
  if (!receipt.trim()) throw new AppError(400, 'EMPTY_RECEIPT_STRING', { receiptString: 'required' });
  const now = deps.clock.now();
  const ticketId = await runTransaction(deps.db, async (tx) => {
    const t = await q.ticketInSubtree(tx, auth.actingPath, { xid: body.xid }, true);
    if (!t) throw notFound();
    if (t.status !== 1) throw conflict('TICKET_ALREADY_VOID');
    if (await q.anyDrawClosed(tx, t.ticketId, now)) throw refused('DRAW_CLOSED');
    await q.updateReceipt(tx, t.ticketId, receipt);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'ticket.receipt-correct',
      targetType: 'ticket',
      targetId: t.ticketId,
      before: { receipt: t.receipt },
      after: { receipt },
      ip,
    });
    return t.ticketId;
  });
  const t = await q.ticketInSubtree(deps.db, auth.actingPath, { id: ticketId });
  return correctionView(deps, t!);
}

// ---- the sender job ----

const LEASE_MS = 60_000;
const MAX_SEND_ATTEMPTS = 5;
const SEND_TIMEOUT_MS = 10_000;

/** The gateway URL from the system setting smsGatewayUrl, when it is an http(s) URL; else undefined. */
export async function smsGatewayUrl(deps: Deps): Promise<string | undefined> {
  const v = (await q.settingValue(deps.db, SMS_GATEWAY_SETTING))?.trim();
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface SmsSendResult {
  /** False when no gateway is configured: messages wait in the outbox. */
  configured: boolean;
  sent: number;
  failed: number;
}

/**
 * Hands waiting outbox messages to the gateway: POST JSON `{ id, to, message }`; any 2xx answer marks
 * the message processed (1). A failure waits a minute per attempt and is retried; after
 * MAX_SEND_ATTEMPTS it becomes an error (99). No gateway configured: nothing happens.
 */
export async function runSmsSender(deps: Deps, opts: { batch?: number } = {}): Promise<SmsSendResult> {
  const url = await smsGatewayUrl(deps);
  if (!url) return { configured: false, sent: 0, failed: 0 };
  const now = deps.clock.now();
  const batch = await q.leaseBatch(deps.db, now, new Date(now.getTime() + LEASE_MS), opts.batch ?? 50);
  let sent = 0;
  let failed = 0;
  for (const m of batch) {
    try {
      // Recorded in the API request log (decision 0033).
      const res = await loggedFetch(deps, url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: Number(m.id), to: m.phone, message: m.body }),
        timeoutMs: SEND_TIMEOUT_MS,
        maxBytes: 100_000,
      });
      if (!res.ok) throw new Error(`gateway answered HTTP ${res.status}`);
      await q.markSent(deps.db, Number(m.id), deps.clock.now());
      sent++;
    } catch (e) {
      const at = deps.clock.now();
      await q.markFailed(deps.db, Number(m.id), e instanceof Error ? e.message : String(e), m.attempts >= MAX_SEND_ATTEMPTS, new Date(at.getTime() + LEASE_MS * m.attempts));
      failed++;
    }
  }
  return { configured: true, sent, failed };
}
