// Idempotency keys: a call that moves money or changes a limit is applied once per (user, key); a retry
// answers with the stored first response. The key row is inserted first in the call's transaction, so a
// concurrent duplicate blocks on its primary key until the first commits, then reads its response.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Envelope } from '@app/contract';
import type { MessageKey } from '@app/domain';
import { idempotencyKeys } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { fail, ok } from '../../platform/envelope';
import { AppError, conflict } from '../../platform/errors';

export interface StoredResponse {
  status: number;
  body: Envelope<unknown>;
  /** True when this is the stored answer of an earlier call with the same key. */
  replayed: boolean;
}

/** JSON with object keys sorted, so the same payload always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

const hashed = (scope: string, text: string) => `${scope}#${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`;

/** What the stored row's scope column holds: the call's name and a hash of its payload. */
export function fingerprint(scope: string, payload: unknown): string {
  return hashed(scope, canonical(payload));
}

/**
 * The same for a payload the server built itself, whose keys come in the order of the code that built
 * it (a parsed bet): plain JSON, without sorting every object's keys. Sorting them cost a twentieth of
 * placing a ticket.
 */
export function fingerprintBuilt(scope: string, payload: unknown): string {
  return hashed(scope, JSON.stringify(payload));
}

/**
 * Runs `work` once per (userId, key) inside the caller's transaction `tx`.
 * - First call: the key row is inserted, `work` runs in a savepoint, and its answer is stored with the
 *   key: success (200) or a business refusal (an AppError below 500: its changes are rolled back but the
 *   refusal is the call's answer, as a retry with the same key would otherwise act later on a changed
 *   state). Anything else (database errors, deadlocks) propagates and takes the key row with it.
 * - Same key again, same call and payload: the stored status and body, nothing applied.
 * - Same key, other call or other payload: 409 IDEMPOTENCY_KEY_REUSED.
 */
export async function idempotent(
  tx: Tx,
  opts: { userId: number; key: string; scope: string; payload: unknown; at: Date; message?: MessageKey },
  work: (tx: Tx) => Promise<unknown>,
): Promise<StoredResponse> {
  const scope = fingerprint(opts.scope, opts.payload);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId: opts.userId, key: opts.key, scope, status: 0, response: {}, createdAt: opts.at })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  if (inserted.length === 0) return replayStored(tx, opts.userId, opts.key, scope);

  let answer: { status: number; body: Envelope<unknown> };
  try {
    const data = await tx.transaction(async (sp) => work(sp));
    answer = { status: 200, body: ok(data, opts.message) };
  } catch (e) {
    answer = refusalAnswer(e);
  }
  return storeAnswer(tx, opts.userId, opts.key, answer);
}

/** The stored answer of a key another call claimed first (same call and payload, else 409). */
export async function replayStored(tx: Tx, userId: number, key: string, scope: string): Promise<StoredResponse> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Not visible yet: treat as a serialization failure so runTransaction starts over.
  if (!row) throw Object.assign(new Error('idempotency key row not visible'), { code: '40001' });
  if (row.scope !== scope) throw conflict('IDEMPOTENCY_KEY_REUSED');
  return { status: row.status, body: row.response as Envelope<unknown>, replayed: true };
}

/** A business refusal (an AppError below 500) as the call's answer; anything else is rethrown. */
export function refusalAnswer(e: unknown): { status: number; body: Envelope<unknown> } {
  if (!(e instanceof AppError) || e.status >= 500) throw e;
  return { status: e.status, body: fail(e.status, e.messageKey, e.data) };
}

/** Stores the answer with the key claimed in this transaction. */
export async function storeAnswer(tx: Tx, userId: number, key: string, answer: { status: number; body: Envelope<unknown> }): Promise<StoredResponse> {
  await tx
    .update(idempotencyKeys)
    .set({ status: answer.status, response: answer.body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { ...answer, replayed: false };
}
