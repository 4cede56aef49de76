// Delivering queued settlement callbacks (decision 0025). Each is POSTed as JSON to the seamless account's
// callback URL, signed: X-Seamless-Signature = "sha256=" + hex HMAC-SHA256 of "<timestamp>.<body>", keyed
// with the account's API secret as this server holds it (its sha256, hex: the client derives the same key
// from its secret; the secret itself is never stored). A 2xx answer acknowledges it; anything else (an
// error status, a time-out, a redirect, an answer too large) leaves it failing with the error and the next
// attempt after an exponential backoff. Several server processes may run this: a due row is leased by
// moving its next attempt forward before it is sent, so each send happens from one process.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { loggedFetch } from '../../platform/apiLog';
import { rows } from '../ledger/queries';

/** First retry after 30 s, doubling up to an hour. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 3_600_000;
/** How long a row is reserved for the process sending it (longer than the time-out). */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** An acknowledgement is a few bytes; more is not read. */
const MAX_ANSWER_BYTES = 16_384;
const BATCH = 50;

export const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

export function signature(key: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Due {
  id: number;
  payload: unknown;
  attempts: number;
  callbackUrl: string | null;
  key: string | null;
}

/** Sends the due callbacks (at most BATCH); returns how many were delivered and how many failed. */
export async function deliverDue(deps: Deps, opts: { timeoutMs?: number } = {}): Promise<{ delivered: number; failed: number }> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = await rows<Due>(
    deps.db,
    sql`with d as (
          select id from seamless_deliveries where status <> 'delivered' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at, id limit ${BATCH} for update skip locked
        ),
        leased as (
          update seamless_deliveries sd set next_attempt_at = ${lease.toISOString()}::timestamptz from d where sd.id = d.id
          returning sd.id, sd.account_id, sd.payload, sd.attempts
        )
        select l.id, l.payload, l.attempts, s.callback_url as "callbackUrl",
               (select a.secret_hash from api_accounts a where a.user_id = l.account_id and a.record_status = 1 order by a.id desc limit 1) as key
        from leased l left join seamless_accounts s on s.user_id = l.account_id
        order by l.id`,
  );
  let delivered = 0;
  let failed = 0;
  for (const d of due) {
    const error = await send(deps, d, deps.clock.now(), opts.timeoutMs ?? TIMEOUT_MS);
    const at = deps.clock.now();
    const attempts = Number(d.attempts) + 1;
    if (error === null) {
      delivered++;
      await deps.db.execute(
        sql`update seamless_deliveries set status = 'delivered', attempts = ${attempts}, delivered_at = ${at.toISOString()}::timestamptz, last_error = null
            where id = ${d.id}`,
      );
    } else {
      failed++;
      const next = new Date(at.getTime() + backoffMs(attempts));
      await deps.db.execute(
        sql`update seamless_deliveries set status = 'failing', attempts = ${attempts}, last_error = ${error.slice(0, 500)},
                   next_attempt_at = ${next.toISOString()}::timestamptz
            where id = ${d.id} and status <> 'delivered'`,
      );
    }
  }
  return { delivered, failed };
}

/** One attempt: null when acknowledged (2xx), else what went wrong. */
async function send(deps: Deps, d: Due, now: Date, timeoutMs: number): Promise<string | null> {
  if (!d.callbackUrl) return 'the account has no settlement callback URL';
  if (!d.key) return 'the account has no active API secret to sign with';
  const body = JSON.stringify(d.payload);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    // Recorded in the API request log, the signature masked (decision 0033).
    const res = await loggedFetch(deps, d.callbackUrl, {
      method: 'POST',
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      // The URL is a company's: it may not point the server at internal addresses (decision 0025).
      publicOnly: !deps.config.allowPrivateCallbacks,
      headers: {
        'content-type': 'application/json',
        'x-seamless-delivery': String(d.id),
        'x-seamless-timestamp': timestamp,
        'x-seamless-signature': signature(d.key, timestamp, body),
      },
      body,
    });
    return res.ok ? null : `answered HTTP ${res.status}`;
  } catch (e) {
    return (e as Error).message;
  }
}
