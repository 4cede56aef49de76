// Invoices (Posting/GetRemoteInvoiceList, GetRemoteInvoiceDetails, GetRemoteInvoicePayoutDetails): what
// each remote accepted, with its lines; after results, the payout the remote booked on its ticket, read
// back, against what the remote's package says it must pay (the link rule's winnings, packages/domain).
// A difference is flagged and kept, never silently accepted.
import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceRow } from '@app/contract';
import { strikesOf, winningsOn, type BetCode, type LinkRates, type PoolResult, type Prize } from '@app/domain';
import type { RemoteRate } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { listRemoteAgents, secretOf } from './agents';
import { readRemotePayout } from './remoteCall';
import { loggedFetch } from '../../platform/apiLog';
import { companyOf } from './scope';

const STATUS = ['in-doubt', 'accepted', 'refused', 'unreachable'] as const;

interface InvoiceRaw {
  id: string;
  company_id: number;
  batch_id: string | null;
  remote_agent_id: number;
  remote_name: string;
  draw_id: number;
  pool_id: number;
  draw_date: string;
  status: number;
  manual: boolean;
  total: string;
  remote_ticket_id: string | null;
  remote_ticket_no: string | null;
  message: string | null;
  attempts: number;
  created_at: Date | string;
  payout_remote: string | null;
  payout_expected: string | null;
  bet_text: string;
  rates: RemoteRate[] | null;
  count?: string;
}
const invoiceSql = (where: SQL, tail: SQL = sql``) => sql`
  select ri.*, to_char(ri.draw_date, 'YYYY-MM-DD') as draw_date, ra.name as remote_name, count(*) over () as count
  from remote_invoices ri join remote_agents ra on ra.id = ri.remote_agent_id
  where ${where} order by ri.id ${tail}`;
const num = (v: string | null) => (v === null ? null : Number(v));
const toRow = (r: InvoiceRaw): InvoiceRow => ({
  invoiceId: Number(r.id),
  companyId: Number(r.company_id),
  batchId: num(r.batch_id),
  remoteAgentId: Number(r.remote_agent_id),
  remoteName: r.remote_name,
  drawId: Number(r.draw_id),
  poolId: Number(r.pool_id),
  drawDate: r.draw_date,
  status: STATUS[Number(r.status)],
  manual: r.manual,
  total: Number(r.total),
  remoteTicketNo: r.remote_ticket_no,
  message: r.message,
  attempts: Number(r.attempts),
  createdAt: new Date(r.created_at).toISOString(),
  payoutRemote: num(r.payout_remote),
  payoutExpected: num(r.payout_expected),
  flagged: r.payout_remote !== null && r.payout_expected !== null && r.payout_remote !== r.payout_expected,
});

export async function invoicesWhere(db: DbOrTx, where: SQL): Promise<InvoiceRow[]> {
  return (await rows<InvoiceRaw>(db, invoiceSql(where))).map(toRow);
}

export async function invoiceList(deps: Deps, auth: AuthContext, q: { drawDate: string; companyId?: number; remoteAgentId?: number; page: number; pageSize: number }) {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  const found = await rows<InvoiceRaw>(
    deps.db,
    invoiceSql(
      sql`ri.company_id = ${companyId}::int and ri.draw_date = ${q.drawDate}::date ${q.remoteAgentId ? sql`and ri.remote_agent_id = ${q.remoteAgentId}::int` : sql``}`,
      sql`limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
    ),
  );
  return { rows: found.map(toRow), total: Number(found[0]?.count ?? 0) };
}

async function invoiceOf(deps: Deps, auth: AuthContext, invoiceId: number) {
  const [r] = await rows<InvoiceRaw>(deps.db, invoiceSql(sql`ri.id = ${invoiceId}::bigint`));
  if (!r) throw notFound();
  await companyOf(deps.db, auth, Number(r.company_id));
  const lines = await rows<{ line_no: number; number: string; bet_code: string; amount: string }>(
    deps.db,
    sql`select line_no, number, bet_code, amount from remote_invoice_lines where invoice_id = ${invoiceId}::bigint order by line_no`,
  );
  return { raw: r, lines: lines.map((l) => ({ lineNo: Number(l.line_no), number: l.number, betCode: l.bet_code, amount: Number(l.amount) })) };
}

export async function invoiceDetails(deps: Deps, auth: AuthContext, invoiceId: number) {
  const { raw, lines } = await invoiceOf(deps, auth, invoiceId);
  return { invoice: toRow(raw), betText: raw.bet_text, lines };
}

const linkRatesOf = (r: RemoteRate | undefined): LinkRates => ({
  commissionBp: r?.commissionBp ?? 0,
  payout: r ? { first: r.first, second: r.second, third: r.third, starter: r.starter, consolation: r.consolation } : {},
});

/**
 * The payout check: expected = the winnings of each line at the remote's package given the released
 * result here (results are platform facts, the same on both sides); the remote's booked prizes are read
 * back through its API; both are kept on the invoice, and a difference is flagged.
 */
export async function invoicePayoutDetails(deps: Deps, auth: AuthContext, invoiceId: number) {
  const { raw, lines } = await invoiceOf(deps, auth, invoiceId);
  const [res] = await rows<{ numbers: PoolResult }>(deps.db, sql`select numbers from pool_results where draw_id = ${raw.draw_id}::int and status = 'released'`);
  const remote = (await listRemoteAgents(deps)).find((r) => r.id === Number(raw.remote_agent_id));
  // The rates frozen on the invoice when it was made (decision 0035), as settlement prices its link.
  const rates = new Map((raw.rates ?? []).map((r) => [r.betCode, r]));
  const priced = lines.map((l) => {
    const strikes: Prize[] = res ? strikesOf(l.betCode as BetCode, l.number, res.numbers) : [];
    return { ...l, strikes, expected: winningsOn(l.amount, linkRatesOf(rates.get(l.betCode)), strikes) };
  });
  const expected = priced.reduce((s, l) => s + l.expected, 0);
  let remotePayout: number | null = null;
  let readError: string | null = null;
  if (res && Number(raw.status) === 1 && !raw.manual && raw.remote_ticket_id && remote) {
    try {
      remotePayout = await readRemotePayout(
        {
          baseUrl: remote.baseUrl,
          clientOpcode: remote.clientOpcode,
          secret: secretOf(deps, remote),
          timeoutMs: remote.timeoutMs,
          fetch: (url, opts) => loggedFetch(deps, url, opts),
        },
        Number(raw.remote_ticket_id),
        raw.draw_date,
        Number(raw.pool_id),
      );
    } catch (e) {
      readError = (e as Error).message;
    }
  }
  if (remotePayout !== null) {
    await deps.db.execute(sql`update remote_invoices set payout_remote = ${remotePayout}::bigint, payout_expected = ${expected}::bigint,
      payout_checked_at = ${deps.clock.now().toISOString()}::timestamptz where id = ${invoiceId}::bigint`);
  }
  const [after] = await rows<InvoiceRaw>(deps.db, invoiceSql(sql`ri.id = ${invoiceId}::bigint`));
  return {
    invoice: toRow(after),
    resulted: !!res,
    lines: priced,
    expected,
    remote: remotePayout,
    difference: remotePayout === null ? null : remotePayout - expected,
    flagged: remotePayout !== null && remotePayout !== expected,
    readError,
  };
}
