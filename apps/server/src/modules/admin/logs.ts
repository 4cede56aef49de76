// Reading the API log ('in'), the API request log ('out') and the audit log, with filters and paging;
// pruning the API logs past apiLogRetentionDays. Filters are one set-based query each.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiLogQuery } from '@app/contract';
import { flushApiLogs } from '../../platform/apiLog';
import type { Deps } from '../../platform/http';
import { readNumericSettings } from '../../platform/settings';
import { rows } from '../ledger/queries';

/** The API log's filter, as the contract parses it. */
export type ApiLogFilter = z.infer<typeof apiLogQuery>;

const iso = (d: Date | string) => new Date(d).toISOString();
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** Dates are business dates: from 00:00 to the end of `to`, in the business time zone. */
function dateRange(deps: Deps, from: string | undefined, to: string | undefined, column: SQL): SQL[] {
  const tz = deps.config.tzBusiness;
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= (${from}::date)::timestamp at time zone ${tz}`);
  if (to) out.push(sql`${column} < (${to}::date + 1)::timestamp at time zone ${tz}`);
  return out;
}

export async function listApiLogs(deps: Deps, direction: 'in' | 'out', f: ApiLogFilter) {
  // What is still buffered belongs to the answer (it is at most a second old).
  await flushApiLogs(deps.db);
  const where: SQL[] = [sql`l.direction = ${direction}`, ...dateRange(deps, f.from, f.to, sql`l.at`)];
  if (f.uri) where.push(sql`l.uri ilike ${like(f.uri)}`);
  if (f.method) where.push(sql`l.method = ${f.method}`);
  if (f.username) where.push(sql`u.username ilike ${like(f.username)}`);
  if (f.status === 'ok') where.push(sql`l.response_status between 200 and 299`);
  if (f.status === 'error') where.push(sql`(l.response_status is null or l.response_status not between 200 and 299)`);
  const list = await rows<{
    id: number | string;
    at: Date | string;
    username: string | null;
    region: string | null;
    uri: string;
    method: string;
    requestHeader: Record<string, string> | null;
    requestBody: string | null;
    responseStatus: number | null;
    responseContent: string | null;
    responseMessage: string | null;
    durationMs: number;
    total: number;
  }>(
    deps.db,
    sql`select l.id, l.at, u.username, l.region, l.uri, l.method, l.request_header as "requestHeader", l.request_body as "requestBody",
               l.response_status as "responseStatus", l.response_content as "responseContent", l.response_message as "responseMessage",
               l.duration_ms as "durationMs", count(*) over ()::int as total
        from api_logs l left join users u on u.id = l.user_id
        where ${and(where)}
        order by l.at desc, l.id desc
        limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`,
  );
  return {
    items: list.map(({ total: _t, ...r }) => ({ ...r, id: Number(r.id), at: iso(r.at) })),
    total: list[0]?.total ?? (f.page > 1 ? await countApiLogs(deps, where) : 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}

async function countApiLogs(deps: Deps, where: SQL[]) {
  const [r] = await rows<{ n: number }>(deps.db, sql`select count(*)::int as n from api_logs l left join users u on u.id = l.user_id where ${and(where)}`);
  return r.n;
}

/** Deletes API log entries older than apiLogRetentionDays. */
export async function pruneApiLogs(deps: Deps): Promise<{ deleted: number; keptDays: number }> {
  const { apiLogRetentionDays } = await readNumericSettings(deps.db, ['apiLogRetentionDays']);
  const before = new Date(deps.clock.now().getTime() - apiLogRetentionDays * 86_400_000);
  const gone = await rows<{ n: number }>(
    deps.db,
    sql`with d as (delete from api_logs where at < ${before.toISOString()}::timestamptz returning 1) select count(*)::int as n from d`,
  );
  return { deleted: gone[0].n, keptDays: apiLogRetentionDays };
}

export interface AuditFilter {
  from?: string;
  to?: string;
  actor?: string;
  action?: string;
  target?: string;
  page: number;
  pageSize: number;
}

// Keys of an audit row's before/after (and its target) that name an account, a draw, a pool ...: the
// screen shows their names, resolved with the page in one query.
const REF_KEYS: Record<string, string> = {
  userId: 'user', uplineId: 'user', downlineId: 'user', companyId: 'user', playerId: 'user', agentId: 'user', targetUserId: 'user', companyIds: 'user', userIds: 'user',
  drawId: 'draw', drawIds: 'draw',
  poolId: 'pool', poolIds: 'pool',
  remoteAgentId: 'remote',
  packageId: 'package',
  ticketId: 'ticket',
};
const TARGET_KINDS: Record<string, string> = { user: 'user', draw: 'draw', pool: 'pool', remote_agents: 'remote', package: 'package', ticket: 'ticket', announcement: 'announcement', master_template: 'template' };

/** A page's names: 'user:4' -> its username, 'draw:13' -> its pool and date, 'pool:1' -> its name ... */
export type AuditNames = Record<string, string | { poolId: number; date: string }>;

/**
 * The audit log: who (actor), what (action, target), when, before and after; with the names of the
 * accounts, draws, pools, remote agents, packages, tickets, announcements and templates the page's rows
 * name (as their target or by an id in before/after), resolved in the same query by set-based joins.
 */
export async function listAudit(deps: Deps, f: AuditFilter) {
  const where: SQL[] = dateRange(deps, f.from, f.to, sql`a.at`);
  if (f.actor) where.push(sql`u.username ilike ${like(f.actor)}`);
  if (f.action) where.push(sql`a.action ilike ${like(f.action)}`);
  // The target by its kind, its id, or an account's username.
  if (f.target) {
    where.push(sql`(a.target_type ilike ${like(f.target)} or a.target_id = ${f.target}
      or (a.target_type = 'user' and a.target_id in (select id::text from users where username ilike ${like(f.target)})))`);
  }
  const refKeys = sql.join(Object.entries(REF_KEYS).map(([k, kind]) => sql`when ${k} then ${kind}`), sql` `);
  const targetKinds = sql.join(Object.entries(TARGET_KINDS).map(([k, kind]) => sql`when ${k} then ${kind}`), sql` `);
  const list = await rows<{
    id: number | string;
    at: Date | string;
    actor: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    before: unknown;
    after: unknown;
    ip: string | null;
    total: number;
    names: AuditNames | null;
  }>(
    deps.db,
    sql`with page as (
          select a.id, a.at, u.username as actor, a.action, a.target_type, a.target_id, a.before, a.after, a.ip,
                 count(*) over ()::int as total
          from audit_log a left join users u on u.id = a.actor_user_id
          where ${and(where)}
          order by a.at desc, a.id desc
          limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}
        ),
        fields as (
          select e.key, e.value from page, jsonb_each(case when jsonb_typeof(page.before) = 'object' then page.before else '{}'::jsonb end) e
          union all
          select e.key, e.value from page, jsonb_each(case when jsonb_typeof(page.after) = 'object' then page.after else '{}'::jsonb end) e
        ),
        refs as (
          select distinct kind, id from (
            select case target_type ${targetKinds} end as kind, target_id as id from page
            union all
            select case key ${refKeys} end, value #>> '{}' from fields where jsonb_typeof(value) in ('number', 'string')
            union all
            select case f.key ${refKeys} end, x from fields f,
                   jsonb_array_elements_text(case when jsonb_typeof(f.value) = 'array' then f.value else '[]'::jsonb end) x
          ) r
          where kind is not null and id ~ '^[0-9]{1,9}$'
        ),
        named as (
          select r.kind || ':' || r.id as ref,
                 case when r.kind = 'draw' then jsonb_build_object('poolId', d.pool_id, 'date', d.draw_date::text)
                      else to_jsonb(coalesce(u.username, p.name, ra.name, pk.name, t.ticket_no, an.title, mt.name)) end as name
          from refs r
          left join users u on r.kind = 'user' and u.id = r.id::int
          left join draws d on r.kind = 'draw' and d.id = r.id::int
          left join pools p on r.kind = 'pool' and p.id = r.id::int
          left join remote_agents ra on r.kind = 'remote' and ra.id = r.id::int
          left join packages pk on r.kind = 'package' and pk.id = r.id::int
          left join tickets t on r.kind = 'ticket' and t.id = r.id::bigint
          left join announcements an on r.kind = 'announcement' and an.id = r.id::int
          left join master_templates mt on r.kind = 'template' and mt.id = r.id::int
          where coalesce(u.id::text, d.id::text, p.id::text, ra.id::text, pk.id::text, t.id::text, an.id::text, mt.id::text) is not null
        )
        select page.id, page.at, page.actor, page.action, page.target_type as "targetType", page.target_id as "targetId",
               page.before, page.after, page.ip, page.total,
               (select jsonb_object_agg(ref, name) from named) as names
        from page
        order by page.at desc, page.id desc`,
  );
  return {
    items: list.map(({ total: _t, names: _n, ...r }) => ({ ...r, id: Number(r.id), at: iso(r.at) })),
    names: list[0]?.names ?? {},
    total: list[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}
