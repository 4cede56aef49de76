// Manual resolution of a lot in doubt (Posting/ResolveInvoice; decision 0035): a remote that never answers
// would otherwise block the draw's settlement, which refuses while a lot is in doubt. The super admin, having
// asked the remote by other means, marks the invoice accepted (with the remote's ticket number) or not
// accepted (its amount returns to undistributed). Under the draw's posting lock (shared), so it never
// slips between settlement's check for doubts and its booking; refused once the company's draw is settled.
import { sql } from 'drizzle-orm';
import type { InvoiceRow } from '@app/contract';
import { writeAudit } from '../../platform/audit';
import { notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import { invoicesWhere } from './invoices';
import { lockDrawPostingShared } from './released';

export async function resolveInvoice(
  deps: Deps,
  auth: AuthContext,
  body: { invoiceId: number; accepted: boolean; remoteTicketNo?: string },
  ip: string,
): Promise<InvoiceRow> {
  await runTransaction(deps.db, async (tx) => {
    const [found] = await rows<{ draw_id: number }>(tx, sql`select draw_id from remote_invoices where id = ${body.invoiceId}::bigint`);
    if (!found) throw notFound();
    await lockDrawPostingShared(tx, Number(found.draw_id));
    const [inv] = await rows<{ status: number; company_id: number; draw_id: number }>(
      tx,
      sql`select status, company_id, draw_id from remote_invoices where id = ${body.invoiceId}::bigint for update`,
    );
    const [settled] = await rows<{ s: boolean }>(
      tx,
      sql`select exists (select 1 from settlement_bookings where draw_id = ${inv.draw_id}::int and company_id = ${inv.company_id}::int and step = 'distribute') as s`,
    );
    if (settled.s) throw refused('POSTING_DRAW_SETTLED');
    if (Number(inv.status) !== 0) throw refused('POSTING_NOT_IN_DOUBT');
    const now = deps.clock.now().toISOString();
    await tx.execute(sql`update remote_invoices set status = ${body.accepted ? 1 : 2}::smallint, answered_at = ${now}::timestamptz,
        remote_ticket_no = ${body.accepted ? body.remoteTicketNo! : null}, message = ${body.accepted ? null : 'resolved by hand: not accepted'}
      where id = ${body.invoiceId}::bigint`);
    await writeAudit(tx, deps.clock.now(), {
      actorUserId: auth.userId,
      action: 'posting.resolve-invoice',
      targetType: 'remote_invoices',
      targetId: body.invoiceId,
      before: { status: 'in-doubt' },
      after: { accepted: body.accepted, remoteTicketNo: body.remoteTicketNo ?? null },
      ip,
    });
  });
  const [row] = await invoicesWhere(deps.db, sql`ri.id = ${body.invoiceId}::bigint`);
  return row;
}
