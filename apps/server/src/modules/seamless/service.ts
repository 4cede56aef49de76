// Seamless API accounts: the settlement callback URL of an API account, a ticket's callbacks and their
// delivery state, and ResettleSeamless (send one ticket's result again). Decision 0025.
import { sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound, refused } from '../../platform/errors';
import { isInternalHostLiteral } from '../../platform/outboundHttp';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { assertInSubtree } from '../accounts/service';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import * as q from './queries';

export async function getCallback(deps: Deps, auth: AuthContext, userId: number) {
  await assertInSubtree(deps, auth, userId);
  const [r] = await rows<{ url: string }>(deps.db, sql`select callback_url as url from seamless_accounts where user_id = ${userId}::int`);
  return r?.url ?? null;
}

/** Sets (or with null removes) the account's settlement callback URL. */
export async function saveCallback(deps: Deps, auth: AuthContext, body: { userId: number; callbackUrl: string | null }, ip: string) {
  await assertInSubtree(deps, auth, body.userId);
  // The contract checked it is an absolute http(s) address; empty removes it.
  const url = body.callbackUrl?.trim() || null;
  // Named internal addresses are refused at once; a name resolving to one is refused at each send.
  if (url && !deps.config.allowPrivateCallbacks && isInternalHostLiteral(url)) throw badRequest('VALIDATION_FAILED', { callbackUrl: 'CALLBACK_URL_INVALID' });
  const now = deps.clock.now();
  await runTransaction(deps.db, async (tx) => {
    const [before] = await rows<{ url: string }>(tx, sql`select callback_url as url from seamless_accounts where user_id = ${body.userId}::int`);
    if (url === null) await tx.execute(sql`delete from seamless_accounts where user_id = ${body.userId}::int`);
    else
      await tx.execute(
        sql`insert into seamless_accounts (user_id, callback_url, updated_at, updated_by)
            values (${body.userId}::int, ${url}, ${now.toISOString()}::timestamptz, ${auth.userId}::int)
            on conflict (user_id) do update set callback_url = excluded.callback_url, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      );
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'api-account.callback',
      targetType: 'user',
      targetId: body.userId,
      before: { callbackUrl: before?.url ?? null },
      after: { callbackUrl: url },
      ip,
    });
  });
  return url;
}

/** The ticket, if its owner is the caller's account or below it. */
async function ticketInSubtree(deps: Deps, auth: AuthContext, ticketId: number) {
  const [t] = await rows<{ id: number }>(
    deps.db,
    sql`select t.id from tickets t join users u on u.id = t.user_id where t.id = ${ticketId} and starts_with(u.path, ${auth.actingPath})`,
  );
  if (!t) throw notFound();
}

/** Bet/ResettleSeamless: queues the ticket's current result again for every seamless account it was sent to. */
export async function resettleSeamless(deps: Deps, auth: AuthContext, ticketId: number, ip: string) {
  await ticketInSubtree(deps, auth, ticketId);
  const now = deps.clock.now();
  const queued = await runTransaction(deps.db, async (tx) => {
    const n = await q.enqueueResend(tx, ticketId, now, auth.userId);
    if (n === 0) throw refused('NOT_SEAMLESS_TICKET');
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'seamless.resend', targetType: 'ticket', targetId: ticketId, after: { queued: n }, ip });
    return n;
  });
  return { queued, deliveries: await q.deliveriesOfTicket(deps.db, ticketId) };
}
