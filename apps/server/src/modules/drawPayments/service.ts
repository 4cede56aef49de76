// Draw payment (DOMAIN "Draw payment"): for a draw date, what each account owes its direct upline is the
// sum of its links (settlement_figures.link of the current round of each draw; the figures settlement
// booked, never recomputed here). Recording a payment moves the same amount between the two wallets in
// the journal, so the payer's credit is restored; the date then shows paid, part paid or open.
import { sql } from 'drizzle-orm';
import { ledgerMemoText, RoleId } from '@app/domain';
import type { DrawPaymentInit, DrawPaymentLine, DrawPaymentRow, SaveDrawPaymentBody } from '@app/contract';
import { writeAudit } from '../../platform/audit';
import { AppError, forbidden, notFound, seenOrMissing } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { idempotent, type StoredResponse } from '../ledger/idempotency';
import { rows } from '../ledger/queries';
import { lockWallets, post, runTransaction } from '../ledger/service';
import { dateSettling } from '../settlement/queries';
import type { DbOrTx } from '../../platform/db';

/** Owed (the links of the date's current rounds) and paid to or by its upline `uplineId` (null: each one's own), per account. */
async function figures(db: DbOrTx, drawDate: string, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { owed: number; paid: number }>();
  const list = `{${userIds.join(',')}}`;
  const found = await rows<{ userId: number; owed: string; paid: string }>(
    db,
    sql`select u as "userId",
               coalesce((select sum(f.link) from settlement_figures f join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round
                         where s.draw_date = ${drawDate}::date and f.user_id = u), 0)::text as owed,
               coalesce((select sum(p.amount) from draw_payments p join users d on d.id = p.downline_id
                         where p.draw_date = ${drawDate}::date and p.downline_id = u and p.upline_id = d.upline_id), 0)::text as paid
        from unnest(${list}::int[]) as u`,
  );
  return new Map(found.map((r) => [Number(r.userId), { owed: Number(r.owed), paid: Number(r.paid) }]));
}

/** DOMAIN "Draw payment": a date shows paid, part paid or open (none: nothing owed either way). */
export function paymentStatus(owed: number, paid: number): DrawPaymentLine['status'] {
  const remaining = owed - paid;
  return owed === 0 && paid === 0 ? 'none' : remaining === 0 ? 'paid' : paid === 0 ? 'open' : 'partPaid';
}

function line(u: { userId: number; username: string; fullName: string }, f: { owed: number; paid: number } | undefined): DrawPaymentLine {
  const owed = f?.owed ?? 0;
  const paid = f?.paid ?? 0;
  const remaining = owed - paid;
  return { userId: u.userId, username: u.username, fullName: u.fullName, owed, paid, remaining, status: paymentStatus(owed, paid) };
}

export async function initDrawPayment(deps: Deps, auth: AuthContext, drawDate: string): Promise<DrawPaymentInit> {
  const me = auth.actingUserId;
  const accounts = await rows<{ userId: number; username: string; fullName: string; parentId: number | null; roleId: number; uplineUsername: string | null }>(
    deps.db,
    sql`select u.id as "userId", u.username, u.full_name as "fullName", u.upline_id as "parentId", u.role_id as "roleId", p.username as "uplineUsername"
        from users u left join users p on p.id = u.upline_id
        where (u.id = ${me}::int or u.upline_id = ${me}::int) and u.is_main_account and u.record_status <> 2
        order by u.username`,
  );
  const self = accounts.find((a) => Number(a.userId) === me);
  const downlines = accounts.filter((a) => Number(a.userId) !== me);
  const f = await figures(deps.db, drawDate, accounts.map((a) => Number(a.userId)));
  const settling = await dateSettling(deps.db, drawDate);
  const norm = (a: (typeof accounts)[number]) => ({ ...a, userId: Number(a.userId) });
  return {
    drawDate,
    // A company's upline is the platform: nothing to pay there.
    upline: self && Number(self.roleId) !== RoleId.Company ? { ...line(norm(self), f.get(me)), uplineUsername: self.uplineUsername ?? '' } : null,
    downlines: downlines.map((d) => line(norm(d), f.get(Number(d.userId)))).filter((l) => l.status !== 'none'),
    settling,
  };
}

/**
 * Records a payment between the caller and a direct downline for a date: in the direction the link says,
 * at most what remains (a correction goes the other way, naming the payment it reverses). Idempotent.
 */
export async function saveDrawPayment(deps: Deps, auth: AuthContext, body: SaveDrawPaymentBody, ip: string): Promise<StoredResponse> {
  const { idempotencyKey, ...payload } = body;
  return runTransaction(deps.db, (tx) =>
    idempotent(tx, { userId: auth.userId, key: idempotencyKey, scope: 'Payment/SaveDrawPayment', payload, at: deps.clock.now(), message: 'SAVED' }, async (tx) => {
      const now = deps.clock.now();
      const me = auth.actingUserId;
      const [down] = await rows<{ id: number; companyId: number | null }>(
        tx,
        sql`select id, company_id as "companyId" from users where id = ${body.downlineId}::int and upline_id = ${me}::int and is_main_account`,
      );
      if (!down) throw notFound();
      // While a draw of the date is being settled (or settled again) its figures are not final.
      if (await dateSettling(tx, body.drawDate)) throw new AppError(409, 'RESULT_CALCULATION_PROCESSING');
      const wallets = await lockWallets(tx, [me, body.downlineId]);
      const f = (await figures(tx, body.drawDate, [body.downlineId])).get(body.downlineId)!;
      const remaining = f.owed - f.paid;
      // Signed as stored: > 0 the downline paid its upline, < 0 the upline paid the downline.
      const amount = body.direction === 'fromDownline' ? body.amount : -body.amount;
      if (body.reversesId !== undefined) {
        const [orig] = await rows<{ amount: string; reversed: boolean }>(
          tx,
          sql`select amount::text, exists (select 1 from draw_payments r where r.reverses_id = p.id) as reversed
              from draw_payments p where p.id = ${body.reversesId}::int and p.downline_id = ${body.downlineId}::int and p.upline_id = ${me}::int and p.draw_date = ${body.drawDate}::date`,
        );
        if (!orig) throw notFound();
        if (orig.reversed) throw new AppError(409, 'DRAW_PAYMENT_REVERSED', { reversesId: 'reversed' });
        if (amount !== -Number(orig.amount)) throw new AppError(400, 'DRAW_PAYMENT_TOO_MUCH', { amount: 'reverse' });
      } else if (remaining === 0 || Math.sign(amount) !== Math.sign(remaining) || Math.abs(amount) > Math.abs(remaining)) {
        throw new AppError(400, 'DRAW_PAYMENT_TOO_MUCH', { amount: 'max', remaining });
      }
      // The downline paid (amount > 0): its credit comes back, its upline's goes down by what it received.
      const posted = await post(tx, {
        at: now,
        kind: 'draw-payment',
        initiatedBy: auth.userId,
        companyId: down.companyId,
        memo: ledgerMemoText('drawPayment', { date: body.drawDate }),
        lines: [
          { accountId: wallets.get(body.downlineId)!.id, amount },
          { accountId: wallets.get(me)!.id, amount: -amount },
        ],
      });
      const [saved] = await rows<{ id: number }>(
        tx,
        sql`insert into draw_payments (draw_date, downline_id, upline_id, amount, remark, reference, reverses_id, transaction_id, at, by)
            values (${body.drawDate}::date, ${body.downlineId}::int, ${me}::int, ${amount}, ${body.remark?.trim() || null}, ${body.reference?.trim() || null},
                    ${body.reversesId ?? null}, ${posted.transactionId}, ${now.toISOString()}::timestamptz, ${auth.userId}::int)
            returning id`,
      );
      await writeAudit(tx, now, { actorUserId: auth.userId, action: 'draw-payment.save', targetType: 'user', targetId: body.downlineId, after: { ...payload }, ip });
      return { paymentId: Number(saved.id), remaining: remaining - amount };
    }),
  );
}

/** Payments the caller made or received for a date (or a range), newest first. */
export async function drawPaymentHistory(deps: Deps, auth: AuthContext, q: { drawDate?: string; fromDate?: string; toDate?: string }): Promise<DrawPaymentRow[]> {
  const me = auth.actingUserId;
  const from = q.drawDate ?? q.fromDate ?? '1900-01-01';
  const to = q.drawDate ?? q.toDate ?? '2999-12-31';
  const found = await rows<DrawPaymentRow & { at: Date | string }>(
    deps.db,
    sql`select p.id, to_char(p.draw_date, 'YYYY-MM-DD') as "drawDate", p.downline_id as "downlineId", d.username as downline,
               p.upline_id as "uplineId", u.username as upline, p.amount, p.remark, p.reference, p.reverses_id as "reversesId",
               exists (select 1 from draw_payments r where r.reverses_id = p.id) as reversed, p.at, b.username as by
        from draw_payments p join users d on d.id = p.downline_id join users u on u.id = p.upline_id join users b on b.id = p.by
        where (p.upline_id = ${me}::int or p.downline_id = ${me}::int) and p.draw_date between ${from}::date and ${to}::date
        order by p.id desc limit 500`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount), at: new Date(r.at).toISOString() }));
}

/** Edits the remark and reference of a payment the caller recorded (amounts are corrected by a reversal). */
export async function updateDrawPaymentDetail(deps: Deps, auth: AuthContext, body: { paymentId: number; remark?: string | null; reference?: string | null }, ip: string) {
  return runTransaction(deps.db, async (tx) => {
    const me = auth.actingUserId;
    const [found] = await rows<{ uplineId: number; downlineId: number; inReach: boolean; remark: string | null; reference: string | null }>(
      tx,
      sql`select p.upline_id as "uplineId", p.downline_id as "downlineId", p.remark, p.reference,
                 starts_with(u.path, ${auth.actingPath}::text) as "inReach"
          from draw_payments p join users u on u.id = p.upline_id where p.id = ${body.paymentId}::int for update of p`,
    );
    // A payment outside the caller's reach (recorded outside its subtree, and not to it) is one that does
    // not exist (decision 0049). One within reach that another recorded is refused: only who recorded
    // a payment details it.
    const p = seenOrMissing(found, (r) => r.inReach || Number(r.downlineId) === me);
    if (Number(p.uplineId) !== me) throw forbidden();
    const remark = body.remark === undefined ? p.remark : body.remark?.trim() || null;
    const reference = body.reference === undefined ? p.reference : body.reference?.trim() || null;
    await tx.execute(sql`update draw_payments set remark = ${remark}, reference = ${reference} where id = ${body.paymentId}::int`);
    await writeAudit(tx, deps.clock.now(), { actorUserId: auth.userId, action: 'draw-payment.detail', targetType: 'draw_payments', targetId: body.paymentId, before: { remark: p.remark, reference: p.reference }, after: { remark, reference }, ip });
    return { paymentId: body.paymentId, remark, reference };
  });
}
