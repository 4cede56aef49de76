// Configuration/GetCommStatus (issue 13 item 8; decisions 0032, 0035): every party the product calls out
// to, with when it last answered, its last error and what waits for it: the remote agents, the result
// sites, the seamless accounts' settlement callbacks and the SMS gateway. One set-based query per kind.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { businessDateOf } from '../../platform/businessTime';
import { rows } from '../ledger/queries';
import { smsGatewayUrl } from '../receipts/service';
import { resultSites } from '../results/fetch';

type Instant = Date | string | null;
const iso = (at: Instant) => (at ? new Date(at).toISOString() : null);

/**
 * Each remote agent kept (and a deleted one while lots sent to it are in doubt): what is in doubt with it,
 * and what the next distribution offers it (decision 0032, automatic posting): the undistributed part of
 * the posted batches of recent draws without a released result, in its codes, of the draws it still takes
 * (before its own cutoff, not refused as closed).
 */
async function remoteAgents(deps: Deps) {
  const now = deps.clock.now();
  const today = businessDateOf(now, deps.config.tzBusiness);
  const found = await rows<{
    id: number;
    name: string;
    post_enabled: boolean;
    record_status: number;
    last_answered_at: Instant;
    last_error: string | null;
    waiting: string;
    amount: string;
    queued: string | null;
    draws: string | null;
  }>(
    deps.db,
    sql`with doubt as (select remote_agent_id, count(*) as waiting, sum(total) as amount from remote_invoices where status = 0 group by 1),
        item_left as (
          select b.draw_id, i.bet_code, i.amount - coalesce(sum(il.amount) filter (where ri.status in (0, 1)), 0) as left_amount
          from posting_batches b
          join draws d on d.id = b.draw_id and d.record_status = 1 and d.draw_date >= ${today}::date - 1
          join posting_items i on i.batch_id = b.id
          left join remote_invoice_lines il on il.item_id = i.id
          left join remote_invoices ri on ri.id = il.invoice_id
          where not exists (select 1 from pool_results pr where pr.draw_id = b.draw_id and pr.status = 'released')
          group by b.draw_id, i.id, i.bet_code, i.amount),
        draw_left as (select draw_id, bet_code, sum(left_amount) as left_amount from item_left where left_amount > 0 group by 1, 2),
        queue as (
          select ra.id, sum(l.left_amount) as queued, count(distinct l.draw_id) as draws
          from remote_agents ra
          join draw_left l on l.bet_code = any(string_to_array(ra.code_order, '#'))
          join draws d on d.id = l.draw_id
          where ra.record_status = 1 and ra.post_enabled
            and (ra.cutoff_minutes is null or ${now.toISOString()}::timestamptz < d.cutoff_at + make_interval(mins => ra.cutoff_minutes))
            and not exists (select 1 from remote_invoices x where x.remote_agent_id = ra.id and x.draw_id = d.id and x.status = 2 and x.message like '%DRAW_CLOSED%')
          group by ra.id)
        select ra.id, ra.name, ra.post_enabled, ra.record_status, ra.last_answered_at, ra.last_error,
               coalesce(doubt.waiting, 0) as waiting, coalesce(doubt.amount, 0) as amount, queue.queued, queue.draws
        from remote_agents ra left join doubt on doubt.remote_agent_id = ra.id left join queue on queue.id = ra.id
        where ra.record_status = 1 or doubt.waiting > 0
        order by ra.record_status desc, ra.priority, ra.name`,
  );
  return found.map((r) => ({
    kind: 'remote-agent' as const,
    id: Number(r.id),
    name: r.name,
    postEnabled: r.post_enabled,
    deleted: Number(r.record_status) !== 1,
    lastAnsweredAt: iso(r.last_answered_at),
    lastError: r.last_error,
    waiting: Number(r.waiting),
    waitingAmount: Number(r.amount),
    queuedAmount: Number(r.queued ?? 0),
    queuedDraws: Number(r.draws ?? 0),
  }));
}

/**
 * Each configured result site: its last page saved or confirmed (result_history), the failure after it if
 * any, and today's closed draws of its pools whose result is not released yet (what the next fetch asks it
 * for).
 */
async function resultSiteStatus(deps: Deps) {
  const sites = await resultSites(deps);
  if (sites.length === 0) return [];
  const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  const found = await rows<{ name: string; answered: Instant; failed: Instant; note: string | null; waiting: string }>(
    deps.db,
    sql`with s as (select * from jsonb_to_recordset(${JSON.stringify(sites.map((x) => ({ name: x.name, pools: x.pools })))}::jsonb) as s(name text, pools int[])),
        h as (select source, max(at) filter (where action in ('fetch', 'confirm')) as answered,
                     (array_agg(at order by at desc) filter (where action = 'fetch-failed'))[1] as failed,
                     (array_agg(note order by at desc) filter (where action = 'fetch-failed'))[1] as note
              from result_history where source in (select name from s) group by source),
        w as (select s.name, count(d.id) as waiting from s
              join draws d on d.pool_id = any(s.pools) and d.draw_date = ${today}::date and d.record_status = 1
                and d.cutoff_at <= ${deps.clock.now().toISOString()}::timestamptz
              left join pool_results r on r.draw_id = d.id
              where r.status is null or r.status <> 'released'
              group by s.name)
        select s.name, h.answered, h.failed, h.note, coalesce(w.waiting, 0) as waiting
        from s left join h on h.source = s.name left join w on w.name = s.name`,
  );
  const byName = new Map(found.map((r) => [r.name, r]));
  return sites.map((site, i) => {
    const r = byName.get(site.name);
    const answered = iso(r?.answered ?? null);
    const failed = iso(r?.failed ?? null);
    // An error is shown until the site answers again.
    const current = failed && (!answered || failed > answered);
    return { kind: 'result-site' as const, id: i + 1, name: site.name, lastAnsweredAt: answered, lastError: current ? (r?.note ?? null) : null, waiting: Number(r?.waiting ?? 0) };
  });
}

/** Each seamless account's callback: its last acknowledged delivery, its latest failure, the deliveries not acknowledged. */
async function seamlessCallbacks(deps: Deps) {
  const found = await rows<{ id: number; username: string; answered: Instant; error: string | null; waiting: string }>(
    deps.db,
    sql`select sa.user_id as id, u.username, d.answered, d.error, coalesce(d.waiting, 0) as waiting
        from seamless_accounts sa join users u on u.id = sa.user_id
        left join (select account_id, max(delivered_at) as answered,
                          (array_agg(last_error order by id desc) filter (where status = 'failing'))[1] as error,
                          count(*) filter (where status <> 'delivered') as waiting
                   from seamless_deliveries group by account_id) d on d.account_id = sa.user_id
        order by u.username`,
  );
  return found.map((r) => ({ kind: 'seamless-callback' as const, id: Number(r.id), name: r.username, lastAnsweredAt: iso(r.answered), lastError: r.error, waiting: Number(r.waiting) }));
}

/** The SMS gateway, when one is configured or messages wait for one. */
async function smsGateway(deps: Deps) {
  const [r] = await rows<{ answered: Instant; error: string | null; waiting: string }>(
    deps.db,
    sql`select (select max(sent_at) from sms_outbox where status = 1) as answered,
               (select last_error from sms_outbox where last_error is not null order by id desc limit 1) as error,
               (select count(*) from sms_outbox where status = 0) as waiting`,
  );
  const url = await smsGatewayUrl(deps);
  if (!url && Number(r.waiting) === 0) return [];
  return [{ kind: 'sms-gateway' as const, id: 1, name: url ? new URL(url).host : '', lastAnsweredAt: iso(r.answered), lastError: url ? r.error : 'no gateway configured (system setting smsGatewayUrl)', waiting: Number(r.waiting) }];
}

export async function commStatus(deps: Deps) {
  return [...(await remoteAgents(deps)), ...(await resultSiteStatus(deps)), ...(await seamlessCallbacks(deps)), ...(await smsGateway(deps))];
}
