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

async function remoteAgents(deps: Deps) {
  const found = await rows<{ id: number; name: string; post_enabled: boolean; last_answered_at: Instant; last_error: string | null; waiting: string; amount: string }>(
    deps.db,
    sql`select ra.id, ra.name, ra.post_enabled, ra.last_answered_at, ra.last_error,
               count(ri.id) as waiting, coalesce(sum(ri.total), 0) as amount
        from remote_agents ra left join remote_invoices ri on ri.remote_agent_id = ra.id and ri.status = 0
        where ra.record_status = 1
        group by ra.id order by ra.priority, ra.name`,
  );
  return found.map((r) => ({
    kind: 'remote-agent' as const,
    id: Number(r.id),
    name: r.name,
    postEnabled: r.post_enabled,
    lastAnsweredAt: iso(r.last_answered_at),
    lastError: r.last_error,
    waiting: Number(r.waiting),
    waitingAmount: Number(r.amount),
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
