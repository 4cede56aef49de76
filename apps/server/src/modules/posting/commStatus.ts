// Configuration/GetCommStatus (issue 13 item 8, remote agents only so far; decision 0032): for every remote
// agent, when it last answered, its last error, and the placements whose answer is still in doubt.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { rows } from '../ledger/queries';

export async function commStatus(deps: Deps) {
  const found = await rows<{ id: number; name: string; post_enabled: boolean; last_answered_at: Date | string | null; last_error: string | null; waiting: string; amount: string }>(
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
    lastAnsweredAt: r.last_answered_at ? new Date(r.last_answered_at).toISOString() : null,
    lastError: r.last_error,
    waiting: Number(r.waiting),
    waitingAmount: Number(r.amount),
  }));
}
