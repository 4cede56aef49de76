// Outstanding: the credit an account's open tickets still hold (issue 10 item 12). Placement debits the
// owner's wallet by each ticket's net (stake less commission) into an open-stakes account and a void gives
// it back, so the net of every active bet line not yet settled is credit in play: the balance already went
// down by it, and settlement books it as win or loss. An account's outstanding is that of its whole subtree
// (its own tickets and every downline's), so an agent sees what its branch has in play.
//
// Every screen (accounts list, account detail, dashboard) reads it through subtreeOutstandingSql, so there
// is one definition; it is a set-based expression evaluated inside the statement that reads the accounts.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/**
 * SQL condition: the bet line `line` (an alias of bet_lines) is on a draw whose settlement has not yet
 * booked it. THE ONE SPOT that says what "settled" means here.
 *
 * Settlement (decision 0023) books a draw's lines per company ('distribute' in settlement_bookings): that
 * transaction drains their stakes out of the open-stakes accounts, so from then on the line holds no
 * credit. A correction reverses and books again in one transaction, so a line once booked stays booked.
 * Per (draw, company) rather than draw_settlements.distributed_at, which is set only after every company
 * is booked and is cleared when a correction starts the next round: the figure follows the ledger exactly.
 */
export function lineDrawUnsettledSql(line: SQL): SQL {
  return sql`not exists (select 1 from settlement_bookings sb
    where sb.draw_id = ${line}.draw_id and sb.company_id = coalesce(${line}.company_id, 0) and sb.step = 'distribute')`;
}

/**
 * SQL scalar (cents): outstanding of the subtree whose root has the materialised path `rootPath` (a
 * column such as users.path, or a value). Tickets are reached from the subtree's accounts by
 * tickets_user_idx and their lines by bet_lines_ticket_idx; lines are summed (not tickets' net) so a
 * ticket on several draws stops counting draw by draw as each is settled.
 */
export function subtreeOutstandingSql(rootPath: SQL) {
  return sql<number>`(select coalesce(sum(ol.stake - ol.commission), 0)
    from users ou
    join tickets ot on ot.user_id = ou.id and ot.status = 1
    join bet_lines ol on ol.ticket_id = ot.id and ol.status = 1
    where starts_with(ou.path, ${rootPath}) and ${lineDrawUnsettledSql(sql.raw('ol'))})`.mapWith(Number);
}

/** Whether any account of the subtree rooted at `rootPath` holds an active line not yet settled. */
export async function subtreeHasOpenLines(tx: DbOrTx, rootPath: string): Promise<boolean> {
  const res = (await tx.execute(sql`select exists (select 1
    from users ou
    join tickets ot on ot.user_id = ou.id and ot.status = 1
    join bet_lines ol on ol.ticket_id = ot.id and ol.status = 1
    where starts_with(ou.path, ${rootPath}) and ${lineDrawUnsettledSql(sql.raw('ol'))}) as open`)) as unknown as { rows: { open: boolean }[] };
  return !!res.rows[0]?.open;
}
