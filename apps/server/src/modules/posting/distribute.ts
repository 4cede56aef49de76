// Distribution (Posting/GetDistributionSummary, GetUndistributedDetail, DoDistribute, DoManualDistribute,
// TranslateToBetString; decision 0032). A batch goes to the enabled remote agents in priority order, each
// taking what is left within its cap per draw, number and code, as one express text. The invoice (with
// its idempotency key and text) is committed before the call, so whatever happens to the answer the same
// key and text are sent again, and the remote replays instead of placing twice. A refusal or a remote
// never reached passes the lot on; a lot in doubt stays reserved for its remote until the remote says.
import { lockDrawPostingShared, resultReleased, resultReleasedError, POSTING_CAP_LOCK_CLASS } from './released';
import { sql, type SQL } from 'drizzle-orm';
import { translateToBetString, type BetCode, type PoolDef } from '@app/domain';
import type { InvoiceRow } from '@app/contract';
import { businessDateOf } from '../../platform/businessTime';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import { drawOf } from '../reports/map';
import { listRemoteAgents, remoteAgentOf, secretOf, type RemoteAgentRow } from './agents';
import { invoicesWhere } from './invoices';
import { placeAtRemote, type PlaceOutcome } from './remoteCall';
import { poolRegistry } from '../pools/registry';
import { loggedFetch } from '../../platform/apiLog';
import { companyOf } from './scope';

export const InvoiceStatus = { InDoubt: 0, Accepted: 1, Refused: 2, Unreachable: 3 } as const;

interface BatchRaw {
  batch_id: string;
  company_id: number;
  draw_id: number;
  pool_id: number;
  draw_date: string;
  posted_at: Date | string;
  posted_by: number | null;
  amount: string;
  distributed: string;
  in_doubt: string;
  invoices: string;
}
const batchSql = (where: ReturnType<typeof sql>) => sql`
  select b.id as batch_id, b.company_id, b.draw_id, b.pool_id, to_char(b.draw_date, 'YYYY-MM-DD') as draw_date, b.posted_at, b.posted_by,
         (select coalesce(sum(i.amount), 0) from posting_items i where i.batch_id = b.id) as amount,
         (select coalesce(sum(il.amount), 0) from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id where ri.batch_id = b.id and ri.status = 1) as distributed,
         (select coalesce(sum(il.amount), 0) from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id where ri.batch_id = b.id and ri.status = 0) as in_doubt,
         (select count(*) from remote_invoices ri where ri.batch_id = b.id and ri.status in (0, 1)) as invoices
  from posting_batches b where ${where} order by b.draw_id, b.id`;
const toBatch = (r: BatchRaw) => {
  const amount = Number(r.amount);
  const distributed = Number(r.distributed);
  const inDoubt = Number(r.in_doubt);
  return {
    batchId: Number(r.batch_id),
    companyId: Number(r.company_id),
    drawId: Number(r.draw_id),
    poolId: Number(r.pool_id),
    drawDate: r.draw_date,
    postedAt: new Date(r.posted_at).toISOString(),
    auto: r.posted_by === null,
    amount,
    distributed,
    inDoubt,
    undistributed: amount - distributed - inDoubt,
    invoices: Number(r.invoices),
  };
};

export async function distributionSummary(deps: Deps, auth: AuthContext, q: { drawDate: string; companyId?: number }) {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  const found = await rows<BatchRaw>(deps.db, batchSql(sql`b.company_id = ${companyId}::int and b.draw_date = ${q.drawDate}::date`));
  return { rows: found.map(toBatch) };
}

/** A batch the caller may see (its company's). */
async function batchOf(db: DbOrTx, auth: AuthContext, batchId: number) {
  const b = await batchById(db, batchId);
  if (!b) throw notFound();
  await companyOf(db, auth, b.companyId);
  return b;
}

/** A batch with its amounts (distributed, in doubt, left), whoever asks. */
export async function batchById(db: DbOrTx, batchId: number) {
  const [b] = await rows<BatchRaw>(db, batchSql(sql`b.id = ${batchId}::bigint`));
  return b ? toBatch(b) : null;
}

/** The batch's items (of some numbers only, when named): what each has distributed, in doubt and left. */
const itemsSql = (batchId: number, numbers?: SQL) => sql`
  select i.id, i.number, i.bet_code, i.amount,
         coalesce(sum(il.amount) filter (where ri.status = 1), 0) as distributed,
         coalesce(sum(il.amount) filter (where ri.status = 0), 0) as in_doubt
  from posting_items i
  left join remote_invoice_lines il on il.item_id = i.id
  left join remote_invoices ri on ri.id = il.invoice_id and ri.status in (0, 1)
  where i.batch_id = ${batchId}::bigint ${numbers ? sql`and i.number in (${numbers})` : sql``}
  group by i.id`;

export async function undistributedDetail(deps: Deps, auth: AuthContext, batchId: number) {
  const batch = await batchOf(deps.db, auth, batchId);
  const found = await rows<{ id: string; number: string; bet_code: string; amount: string; distributed: string; in_doubt: string }>(
    deps.db,
    sql`select * from (${itemsSql(batchId)}) x order by x.amount - x.distributed - x.in_doubt desc, x.number, x.bet_code`,
  );
  return {
    batch,
    rows: found.map((r) => {
      const amount = Number(r.amount);
      const distributed = Number(r.distributed);
      const inDoubt = Number(r.in_doubt);
      return { itemId: Number(r.id), number: r.number, betCode: r.bet_code, amount, distributed, inDoubt, left: amount - distributed - inDoubt };
    }),
  };
}

export type Batch = NonNullable<Awaited<ReturnType<typeof batchById>>>;


/**
 * Reserves what a remote takes now of the batch's next `maxNumbers` numbers after `after` (in number order),
 * as an invoice in doubt with its lines, in one transaction under the batch's lock (so two distributions at
 * once never hand out one amount twice). Reads only those numbers' items, so each placement of a large lot
 * costs the same. `last`: the last number looked at (null: none left after `after`); `invoice`: null when
 * the remote takes nothing of them.
 */
async function reserveLot(deps: Deps, by: number | null, batch: Batch, remote: RemoteAgentRow, pools: readonly PoolDef[], window: { after: string; maxNumbers: number }) {
  return runTransaction(deps.db, async (tx): Promise<{ last: string | null; invoice: { invoiceId: number; key: string; text: string } | null }> => {
    await tx.execute(sql`select id from posting_batches where id = ${batch.batchId}::bigint for update`);
    // The remote's cap is per draw, number and code across batches: two batches of the draw distributed at
    // once each hold only their own batch's lock, so the cap check and the reservation are serialised per
    // remote and draw as well (the lock is taken before the statement that reads what the remote was given).
    await tx.execute(sql`select pg_advisory_xact_lock(${POSTING_CAP_LOCK_CLASS}::int, hashtext(${`${remote.id}:${batch.drawId}`}))`);
    await lockDrawPostingShared(tx, batch.drawId);
    const none = { last: null, invoice: null };
    // Once the draw's result is released nothing more is laid off (a lay-off after it would be unsettled).
    if (await resultReleased(tx, batch.drawId)) return none;
    // Only codes the remote's rates price (a remote saved before codes were checked may name others): a line
    // laid off with no rate would be booked at nothing by settlement, which refuses it.
    const priced = new Set(((remote.rates ?? []) as { betCode: string }[]).map((r) => r.betCode));
    const codes = remote.codeOrder.split('#').filter((c) => priced.has(c));
    if (codes.length === 0) return none;
    const codeList = `{${codes.join(',')}}`;
    const numbers = sql`select n.number from (select distinct number from posting_items
                          where batch_id = ${batch.batchId}::bigint and number > ${window.after} and bet_code = any(${codeList}::text[])
                          order by number limit ${window.maxNumbers}::int) n`;
    const lot = await rows<{ id: string | null; number: string; bet_code: string | null; take: string | null }>(
      tx,
      sql`with it as (${itemsSql(batch.batchId, numbers)}),
          given as (select il.number, il.bet_code, sum(il.amount) as g
                    from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id
                    where ri.remote_agent_id = ${remote.id}::int and ri.draw_id = ${batch.drawId}::int and ri.status in (0, 1)
                      and il.number in (select number from it)
                    group by 1, 2),
          t as (select it.id, it.number, it.bet_code,
                       least(it.amount - it.distributed - it.in_doubt,
                             coalesce(${remote.capPerNumber}::bigint - coalesce(given.g, 0), it.amount)) as take
                from it left join given on given.number = it.number and given.bet_code = it.bet_code
                where it.bet_code = any(${codeList}::text[]))
          select id, number, bet_code, take from t where take > 0
          union all select null, max(number), null, null from it
          order by 2, 3`,
    );
    // The last row: the last number looked at (null when none was left).
    const last = lot.pop()!.number;
    if (lot.length === 0) return { last, invoice: null };
    const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
    const items = lot.map((l) => ({ itemId: Number(l.id), number: l.number, betCode: l.bet_code!, amount: Number(l.take) }));
    const text = translateToBetString(items, { drawDate: batch.drawDate, poolId: batch.poolId, codeOrder: codes as BetCode[], today, pools });
    const [n] = await rows<{ n: string }>(tx, sql`select count(*) + 1 as n from remote_invoices where batch_id = ${batch.batchId}::bigint and remote_agent_id = ${remote.id}::int`);
    // Derived from the batch, the remote and the placement's place in their sequence: the next part of a lot
    // larger than postingLotNumbers, or the next attempt once an earlier one was definitely refused.
    const key = `posting-${batch.batchId}-${remote.id}-${n.n}`;
    const total = items.reduce((s, i) => s + i.amount, 0);
    const [inv] = await rows<{ id: string }>(
      tx,
      sql`insert into remote_invoices (company_id, batch_id, remote_agent_id, draw_id, pool_id, draw_date, idempotency_key, status, bet_text, total, created_by, created_at, rates)
          values (${batch.companyId}::int, ${batch.batchId}::bigint, ${remote.id}::int, ${batch.drawId}::int, ${batch.poolId}::int, ${batch.drawDate}::date,
                  ${key}, 0, ${text}, ${total}::bigint, ${by}::int, ${deps.clock.now().toISOString()}::timestamptz,
                  (select rates from remote_agents where id = ${remote.id}::int))
          returning id`,
    );
    await tx.execute(sql`insert into remote_invoice_lines (invoice_id, item_id, line_no, number, bet_code, amount)
      select ${inv.id}::bigint, x."itemId", row_number() over (order by x.number, x."betCode"), x.number, x."betCode", x.amount
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x("itemId" bigint, number text, "betCode" text, amount bigint)`);
    return { last, invoice: { invoiceId: Number(inv.id), key, text } };
  });
}

/** Records what a call proved, on the invoice and on the remote (when it last answered, its last error). */
async function record(deps: Deps, invoiceId: number, drawId: number, remoteId: number, o: PlaceOutcome) {
  const now = deps.clock.now().toISOString();
  const status = { accepted: 1, refused: 2, unreachable: 3, 'in-doubt': 0 }[o.kind];
  const message = o.kind === 'accepted' ? null : o.message;
  await deps.db.transaction(async (tx) => {
    // Not while settlement books the draw's links (it refuses while this invoice is in doubt, then books).
    await lockDrawPostingShared(tx, drawId);
    await tx.execute(sql`update remote_invoices set status = ${status}::smallint, attempts = attempts + 1, message = ${message},
        remote_ticket_id = ${o.kind === 'accepted' ? o.ticketId : null}::bigint, remote_ticket_no = ${o.kind === 'accepted' ? o.ticketNo : null},
        answered_at = case when ${status}::int in (1, 2) then ${now}::timestamptz else answered_at end
      where id = ${invoiceId}::bigint and status = 0`);
    const answered = o.kind === 'accepted' || o.kind === 'refused';
    await tx.execute(sql`update remote_agents set last_error = ${message},
        last_answered_at = case when ${answered} then ${now}::timestamptz else last_answered_at end
      where id = ${remoteId}::int`);
  });
}

/**
 * Sends an invoice's text under its key; an answer in doubt is asked once more at once (same key). `resent`:
 * the key was in doubt before (an earlier run), so only an acceptance settles it.
 */
async function send(deps: Deps, remote: RemoteAgentRow, drawId: number, inv: { invoiceId: number; key: string; text: string }, resent = false) {
  const target = {
    baseUrl: remote.baseUrl,
    clientOpcode: remote.clientOpcode,
    secret: secretOf(deps, remote),
    timeoutMs: remote.timeoutMs,
    fetch: (url: string, opts: Parameters<typeof loggedFetch>[2]) => loggedFetch(deps, url, opts),
  };
  let out = await placeAtRemote(target, inv.text, inv.key, resent);
  if (out.kind === 'in-doubt') out = await placeAtRemote(target, inv.text, inv.key, true);
  await record(deps, inv.invoiceId, drawId, remote.id, out);
  return out;
}

export async function doDistribute(deps: Deps, auth: AuthContext, batchId: number, ip: string) {
  return distributeBatch(deps, await batchOf(deps.db, auth, batchId), auth.userId, ip);
}

/**
 * The remotes that no longer take new lots of a draw: past their own cutoff (cutoffMinutes after the draw's
 * house cutoff), or that refused a placement of the draw as closed.
 */
export async function closedRemotes(deps: Deps, drawId: number, remotes: RemoteAgentRow[]): Promise<Set<number>> {
  const [draw] = await rows<{ cutoff_at: Date | string }>(deps.db, sql`select cutoff_at from draws where id = ${drawId}::int`);
  const now = deps.clock.now().getTime();
  const cutoff = new Date(draw.cutoff_at).getTime();
  const closed = new Set(remotes.filter((r) => r.cutoffMinutes !== null && now >= cutoff + r.cutoffMinutes * 60_000).map((r) => r.id));
  const refused = await rows<{ id: number }>(
    deps.db,
    sql`select distinct remote_agent_id as id from remote_invoices
        where draw_id = ${drawId}::int and status = ${InvoiceStatus.Refused}::smallint and message like ${`%${DRAW_CLOSED}%`}`,
  );
  for (const r of refused) closed.add(Number(r.id));
  return closed;
}
/** What a remote that is this product answers for a draw past its cutoff (orders/place.ts). */
const DRAW_CLOSED = 'DRAW_CLOSED';

/**
 * Distributes one batch (DoDistribute; automatic posting calls it with `by` null), audited: the lots in doubt of an
 * earlier run are asked again first (only the remote that may hold one can say); then each enabled remote
 * that still takes the draw, in priority order, gets what is left within its cap, at most postingLotNumbers numbers
 * per placement, until it answers anything but an acceptance (the rest then passes to the next remote). After
 * the result is released only what is in doubt is asked again (422 POSTING_RESULT_RELEASED when nothing is).
 */
export async function distributeBatch(deps: Deps, batch: Batch, by: number | null, ip?: string): Promise<{ invoices: InvoiceRow[]; undistributed: number }> {
  const remotes = await listRemoteAgents(deps);
  const byId = new Map(remotes.map((r) => [r.id, r]));
  const doubts = await rows<{ id: string; remote_agent_id: number; idempotency_key: string; bet_text: string }>(
    deps.db,
    sql`select id, remote_agent_id, idempotency_key, bet_text from remote_invoices where batch_id = ${batch.batchId}::bigint and status = 0 and not manual order by id`,
  );
  const released = await resultReleased(deps.db, batch.drawId);
  if (doubts.length === 0 && released) throw resultReleasedError();
  const touched: number[] = [];
  for (const d of doubts) {
    const remote = byId.get(Number(d.remote_agent_id));
    // A deleted remote is not called again: its lot waits for Posting/ResolveInvoice.
    if (!remote) continue;
    await send(deps, remote, batch.drawId, { invoiceId: Number(d.id), key: d.idempotency_key, text: d.bet_text }, true);
    touched.push(Number(d.id));
  }
  if (!released) {
    const closed = await closedRemotes(deps, batch.drawId, remotes);
    // Read before any transaction opens (decision 0037): an added pool's bet-text digit comes from it.
    const pools = await poolRegistry(deps.db);
    for (const remote of remotes) {
      if (!remote.postEnabled || closed.has(remote.id)) continue;
      // A lot larger than postingLotNumbers (POSTING_LOT_NUMBERS) goes as several placements in number order,
      // each an invoice with its own idempotency key: the express text stays well within the remote's bound
      // (100,000 characters) and each placement within its time-out (docs/benchmarks.md "Posting").
      for (let after = ''; ; ) {
        const { last, invoice } = await reserveLot(deps, by, batch, remote, pools, { after, maxNumbers: deps.config.postingLotNumbers });
        if (last === null) break;
        after = last;
        if (!invoice) continue;
        touched.push(invoice.invoiceId);
        if ((await send(deps, remote, batch.drawId, invoice)).kind !== 'accepted') break;
      }
    }
  }
  const { undistributed } = (await batchById(deps.db, batch.batchId))!;
  const invoices = touched.length ? await invoicesWhere(deps.db, sql`ri.id = any(${`{${touched.join(',')}}`}::bigint[])`) : [];
  await writeAudit(deps.db, deps.clock.now(), {
    actorUserId: by,
    action: 'posting.distribute',
    targetType: 'posting_batches',
    targetId: batch.batchId,
    after: { invoices: invoices.map((i) => ({ id: i.invoiceId, remote: i.remoteAgentId, status: i.status, total: i.total })), undistributed, ...(by === null ? { auto: true } : {}) },
    ip,
  });
  return { invoices, undistributed };
}

export async function translate(
  deps: Deps,
  body: { drawId: number; remoteAgentId?: number; codeOrder?: string; items: { number: string; betCode: string; amount: number }[] },
) {
  const draw = await drawOf(deps.db, body.drawId);
  const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  // For a remote, its own code order: the text is read there by the order of the company's account.
  let order = body.codeOrder ?? 'B#S#4A#A#C';
  if (body.remoteAgentId !== undefined) order = (await remoteAgentOf(deps, body.remoteAgentId)).codeOrder;
  const codes = order.split('#');
  body.items.forEach((i, n) => {
    if (!codes.includes(i.betCode)) throw badRequest('VALIDATION_FAILED', { [`items.${n}.betCode`]: 'pattern' });
  });
  return { text: translateToBetString(body.items, { drawDate: draw.drawDate, poolId: draw.poolId, codeOrder: codes as BetCode[], today, pools: await poolRegistry(deps.db) }) };
}

/**
 * A lay-off done by hand (phone, chat) to a remote without an API: recorded as an accepted invoice of the
 * batch, each line at most what is left of its number and code.
 */
export async function doManualDistribute(
  deps: Deps,
  auth: AuthContext,
  body: { batchId: number; remoteAgentId: number; remoteTicketNo: string; items: { number: string; betCode: string; amount: number }[] },
  ip: string,
): Promise<InvoiceRow> {
  const batch = await batchOf(deps.db, auth, body.batchId);
  const remote = await remoteAgentOf(deps, body.remoteAgentId);
  const pools = await poolRegistry(deps.db);
  const invoiceId = await runTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select id from posting_batches where id = ${batch.batchId}::bigint for update`);
    await lockDrawPostingShared(tx, batch.drawId);
    if (await resultReleased(tx, batch.drawId)) throw resultReleasedError();
    const items = await rows<{ id: string; number: string; bet_code: string; amount: string; distributed: string; in_doubt: string }>(tx, itemsSql(batch.batchId));
    const byKey = new Map(items.map((i) => [`${i.number}|${i.bet_code}`, i]));
    // A number and code named twice counts both against what is left.
    const used = new Map<string, number>();
    const lines = body.items.map((w, n) => {
      const key = `${w.number}|${w.betCode}`;
      const it = byKey.get(key);
      if (!it) throw badRequest('VALIDATION_FAILED', { [`items.${n}.number`]: 'NOT_FOUND' });
      const left = Number(it.amount) - Number(it.distributed) - Number(it.in_doubt) - (used.get(key) ?? 0);
      if (w.amount > left) throw badRequest('VALIDATION_FAILED', { [`items.${n}.amount`]: 'TOO_LARGE' });
      used.set(key, (used.get(key) ?? 0) + w.amount);
      return { itemId: Number(it.id), number: w.number, betCode: w.betCode, amount: w.amount };
    });
    const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
    const text = translateToBetString(lines, { drawDate: batch.drawDate, poolId: batch.poolId, codeOrder: remote.codeOrder.split('#') as BetCode[], today, pools });
    const [n] = await rows<{ n: string }>(tx, sql`select count(*) + 1 as n from remote_invoices where batch_id = ${batch.batchId}::bigint and remote_agent_id = ${remote.id}::int`);
    const now = deps.clock.now().toISOString();
    const [inv] = await rows<{ id: string }>(
      tx,
      sql`insert into remote_invoices (company_id, batch_id, remote_agent_id, draw_id, pool_id, draw_date, idempotency_key, status, manual, bet_text, total,
                                       remote_ticket_no, created_by, created_at, answered_at, rates)
          values (${batch.companyId}::int, ${batch.batchId}::bigint, ${remote.id}::int, ${batch.drawId}::int, ${batch.poolId}::int, ${batch.drawDate}::date,
                  ${`manual-${batch.batchId}-${remote.id}-${n.n}`}, 1, true, ${text}, ${lines.reduce((s, l) => s + l.amount, 0)}::bigint,
                  ${body.remoteTicketNo}, ${auth.userId}::int, ${now}::timestamptz, ${now}::timestamptz,
                  (select rates from remote_agents where id = ${remote.id}::int))
          returning id`,
    );
    await tx.execute(sql`insert into remote_invoice_lines (invoice_id, item_id, line_no, number, bet_code, amount)
      select ${inv.id}::bigint, x."itemId", row_number() over (order by x.number, x."betCode"), x.number, x."betCode", x.amount
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x("itemId" bigint, number text, "betCode" text, amount bigint)`);
    await writeAudit(tx, deps.clock.now(), { actorUserId: auth.userId, action: 'posting.manual-distribute', targetType: 'remote_invoices', targetId: inv.id, after: { batchId: batch.batchId, remoteAgentId: remote.id, lines }, ip });
    return Number(inv.id);
  });
  const [row] = await invoicesWhere(deps.db, sql`ri.id = ${invoiceId}::bigint`);
  return row;
}
