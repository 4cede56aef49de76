// The inbox (issue 12 item 9; decision 0029): every bet text received, accepted or refused. An accepted
// text is written by placement's own write statement (placeStatements: one insert from the tickets'
// rows, no round trip of its own). A refused one is written here, after the refusal, in a statement of
// its own: the refused placement's transaction wrote nothing to the money tables and still writes
// nothing (its only row is the idempotency key's stored answer).
import { sql } from 'drizzle-orm';
import { INBOX_TEXT_MAX } from '../../db/schema';
import type { Envelope } from '@app/contract';
import { AppError } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import type { StoredResponse } from '../ledger/idempotency';
import { SourceType } from './place';

export interface Received {
  ownerId: number;
  sourceType: number;
  /** The text as received (a web order: the text its rows became). */
  text: string;
}

/** API accounts (Basic credentials) act through a session id of their own: their texts came by the API. */
export const sourceOf = (auth: AuthContext, sourceType: number) => (auth.sessionId.startsWith('api:') ? SourceType.Api : sourceType);

/** A refused line as an answer names it: { lineNo, text, key, code? }. */
type RefusedLine = { lineNo: number; text: string; key: string; code?: string };

/** At most this many refused lines are kept per text (each with its own text, bounded by the text). */
const MAX_LINES = 500;

async function recordRefusal(deps: Deps, auth: AuthContext, r: Received, reason: string, data: unknown) {
  const found = (data as { lines?: RefusedLine[] } | null)?.lines;
  const lines = Array.isArray(found) ? found.slice(0, MAX_LINES) : null;
  await deps.db.execute(
    sql`insert into inbox_texts (company_id, user_id, placed_by, source_type, received_at, text, accepted, reason, lines)
        select u.company_id, ${r.ownerId}::int, ${auth.userId}::int, ${r.sourceType}::smallint, ${deps.clock.now().toISOString()}::timestamptz,
               left(${r.text}::text, ${INBOX_TEXT_MAX}::int), false, ${reason}::text, ${lines === null ? null : JSON.stringify(lines)}::jsonb
        from users u where u.id = ${r.ownerId}::int`,
  );
}

/**
 * Runs a placement (reading the text included) and records the text if it was refused: a business
 * refusal thrown (a bad line, 400) or answered (422 and the like). A replayed answer was recorded when
 * it was first given; an accepted text was recorded with its ticket.
 */
export async function received(deps: Deps, auth: AuthContext, r: Received, place: () => Promise<StoredResponse>): Promise<StoredResponse> {
  let out: StoredResponse;
  try {
    out = await place();
  } catch (e) {
    // A refusal of the text (a bad line, no draw, no credit), not of the caller (401, 403, 404) nor of
    // its key (409: the key is another call's).
    if (e instanceof AppError && (e.status === 400 || e.status === 422)) {
      await recordRefusal(deps, auth, r, e.messageKey, e.data);
    }
    throw e;
  }
  if (out.status !== 200 && !out.replayed) {
    const body = out.body as Envelope<unknown>;
    await recordRefusal(deps, auth, r, body.message ?? 'REFUSED', body.data);
  }
  return out;
}
