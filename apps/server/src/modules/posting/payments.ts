// Payments between a company and its remote agents (Result/PayPosting; DOMAIN "Posting": paying a remote
// agent is a draw payment between the company and the remote; decision 0035). What the company owes a
// remote for a draw date is the sum of its links to it that settlement booked (posting_links of the draws'
// current, distributed rounds), never recomputed here. Recording a payment moves the same amount between
// the company's wallet and the remote's ledger account, in either direction, in full or in part.
import { sql } from 'drizzle-orm';
import type { PayPostingBody, PostingPaymentLine } from '@app/contract';
import { ledgerMemoText } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { paymentStatus } from '../drawPayments/service';
import { idempotent, type StoredResponse } from '../ledger/idempotency';
import { rows } from '../ledger/queries';
import { lockWallets, post, runTransaction } from '../ledger/service';
import { dateSettling } from '../settlement/queries';
import { remoteAccounts } from '../settlement/posting';
import { companyOf } from './scope';

/** Per remote agent with a link or a payment on the date: owed (> 0 the company owes it), paid, open. */
async function lines(db: DbOrTx, companyId: number, drawDate: string, remoteAgentId?: number): Promise<PostingPaymentLine[]> {
  const found = await rows<{ id: number; name: string; owed: string; paid: string }>(
    db,
    sql`with o as (
          select pl.remote_agent_id as id, sum(pl.link) as owed from posting_links pl
          join draw_settlements s on s.draw_id = pl.draw_id and s.round = pl.round and s.distributed_at is not null
          where pl.company_id = ${companyId}::int and pl.draw_date = ${drawDate}::date group by 1
        ),
        p as (
          select remote_agent_id as id, sum(amount) as paid from posting_payments
          where company_id = ${companyId}::int and draw_date = ${drawDate}::date group by 1
        )
        select ra.id, ra.name, coalesce(o.owed, 0)::text as owed, coalesce(p.paid, 0)::text as paid
        from o full join p on p.id = o.id join remote_agents ra on ra.id = coalesce(o.id, p.id)
        where ${remoteAgentId ?? null}::int is null or ra.id = ${remoteAgentId ?? null}::int
        order by ra.priority, ra.id`,
  );
  return found.map((r) => {
    const owed = Number(r.owed);
    const paid = Number(r.paid);
    return { remoteAgentId: Number(r.id), remoteName: r.name, drawDate, owed, paid, remaining: owed - paid, status: paymentStatus(owed, paid) };
  });
}

export async function postingPayments(deps: Deps, auth: AuthContext, q: { drawDate: string; companyId?: number }) {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  const all = await lines(deps.db, companyId, q.drawDate);
  return { rows: all.filter((l) => l.status !== 'none'), settling: await dateSettling(deps.db, q.drawDate) };
}

/**
 * Records a payment between the company and a remote agent for a date, in the direction the links say and
 * at most what remains. Idempotent: the same key answers the same, and pays once.
 */
export async function payPosting(deps: Deps, auth: AuthContext, body: PayPostingBody, ip: string): Promise<StoredResponse> {
  const { idempotencyKey, ...payload } = body;
  const companyId = await companyOf(deps.db, auth, body.companyId);
  // The remote's account of the company, created before any lock (the ledger's lock order).
  const [remote] = await rows<{ id: number }>(deps.db, sql`select id from remote_agents where id = ${body.remoteAgentId}::int`);
  if (!remote) throw notFound();
  const [account] = await runTransaction(deps.db, (tx) => remoteAccounts(tx, companyId, [body.remoteAgentId]));
  return runTransaction(deps.db, (tx) =>
    idempotent(tx, { userId: auth.userId, key: idempotencyKey, scope: 'Result/PayPosting', payload: { ...payload, companyId }, at: deps.clock.now(), message: 'SAVED' }, async (tx) => {
      const now = deps.clock.now();
      // While a draw of the date is being settled (or settled again) the links are not final.
      if (await dateSettling(tx, body.drawDate)) throw new AppError(409, 'RESULT_CALCULATION_PROCESSING');
      // The company's wallet, then the remote's account (system accounts after wallets).
      const wallets = await lockWallets(tx, [companyId]);
      await tx.execute(sql`select 1 from ledger_accounts where id = ${account}::int for update`);
      const [line] = await lines(tx, companyId, body.drawDate, body.remoteAgentId);
      const remaining = line?.remaining ?? 0;
      // Signed as stored: > 0 the company paid the remote, < 0 the remote paid the company.
      const amount = body.direction === 'toRemote' ? body.amount : -body.amount;
      if (remaining === 0 || Math.sign(amount) !== Math.sign(remaining) || Math.abs(amount) > Math.abs(remaining)) {
        throw new AppError(400, 'DRAW_PAYMENT_TOO_MUCH', { amount: 'max', remaining });
      }
      // The company paid (amount > 0): its credit comes back, and the remote's account owes less.
      const posted = await post(tx, {
        at: now,
        kind: 'draw-payment',
        initiatedBy: auth.userId,
        companyId,
        // The Pay dialog's remark: posting_payments has no column for it, so the ledger's memo (shown in the
        // wallet's transaction history) and the audit entry keep it.
        memo: ledgerMemoText('postingPayment', { date: body.drawDate, remote: line.remoteName, remark: body.remark || undefined }),
        lines: [
          { accountId: wallets.get(companyId)!.id, amount },
          { accountId: account, amount: -amount },
        ],
      });
      const [saved] = await rows<{ id: number }>(
        tx,
        sql`insert into posting_payments (company_id, remote_agent_id, draw_date, amount, transaction_id, idempotency_key, created_by, created_at)
            values (${companyId}::int, ${body.remoteAgentId}::int, ${body.drawDate}::date, ${amount}, ${posted.transactionId}, ${idempotencyKey},
                    ${auth.userId}::int, ${now.toISOString()}::timestamptz)
            returning id`,
      );
      await writeAudit(tx, now, { actorUserId: auth.userId, action: 'posting.pay', targetType: 'remote_agents', targetId: body.remoteAgentId, after: { ...payload, remark: body.remark ?? null, companyId }, ip });
      return { paymentId: Number(saved.id), remaining: remaining - amount };
    }),
  );
}
