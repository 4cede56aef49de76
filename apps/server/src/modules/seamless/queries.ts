// The set-based statements of seamless settlement callbacks (DOMAIN "Seamless API accounts", decision 0025).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

/** What one callback tells the client about a ticket's result on one draw (built once, when queued). */
const payloadOf = (resend: string) => sql`jsonb_build_object(
  'ticketId', tk.id, 'ticketNo', tk.ticket_no, 'xid', tk.xid, 'drawId', d.id, 'drawDate', to_char(d.draw_date, 'YYYY-MM-DD'),
  'poolId', d.pool_id, 'round', g.round, 'resend', ${sql.raw(resend)}, 'lines', g.lines,
  'stake', g.stake, 'net', g.net, 'winnings', g.winnings, 'result', g.winnings - g.net)`;

/**
 * Queues every active ticket of the draw's round whose owner is a seamless account or below one: one row
 * per ticket and seamless account, built by one statement. Queued once per round (the key), so running
 * it again (another process, a retried distribution) adds nothing.
 */
export async function enqueueSettled(tx: DbOrTx, drawId: number, round: number, at: Date): Promise<number> {
  // Most installations have no seamless account: then the draw's lines are not read at all.
  const [any] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from seamless_accounts`);
  if (!Number(any.n)) return 0;
  const [r] = await rows<{ n: number }>(
    tx,
    sql`with acc as materialized (
          select s.user_id as account_id, u.path from seamless_accounts s join users u on u.id = s.user_id
        ),
        g as (
          select acc.account_id, bl.ticket_id, ${round}::int as round, sum(bl.stake)::bigint as stake,
                 sum(bl.stake - bl.commission)::bigint as net, coalesce(sum(w.player_winnings), 0)::bigint as winnings,
                 jsonb_agg(jsonb_build_object('lineId', bl.id, 'number', bl.number, 'betCode', bl.bet_code, 'betType', bl.bet_type,
                                              'stake', bl.stake, 'net', bl.stake - bl.commission, 'winnings', coalesce(w.player_winnings, 0))
                           order by bl.id) as lines
          from bet_lines bl
          join users o on o.id = bl.user_id
          join acc on starts_with(o.path, acc.path)
          left join winners w on w.draw_id = bl.draw_id and w.round = ${round}::int and w.bet_line_id = bl.id
          where bl.draw_id = ${drawId}::int and bl.status = 1
          group by acc.account_id, bl.ticket_id
        ),
        ins as (
          insert into seamless_deliveries (account_id, ticket_id, draw_id, round, resend, payload, next_attempt_at, created_at)
          select g.account_id, g.ticket_id, d.id, g.round, 0, ${payloadOf('0')}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          from g join tickets tk on tk.id = g.ticket_id cross join draws d
          where d.id = ${drawId}::int
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from ins`,
  );
  return Number(r.n);
}

export interface DeliveryRow {
  id: number;
  accountId: number;
  ticketId: number;
  drawId: number;
  round: number;
  resend: number;
  status: 'pending' | 'delivered' | 'failing';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
  createdAt: string;
}

/** Every callback of a ticket, newest round and resend first. */
export async function deliveriesOfTicket(db: DbOrTx, ticketId: number): Promise<DeliveryRow[]> {
  const found = await rows<DeliveryRow>(
    db,
    sql`select id, account_id as "accountId", ticket_id as "ticketId", draw_id as "drawId", round, resend, status, attempts,
               last_error as "lastError", next_attempt_at as "nextAttemptAt", delivered_at as "deliveredAt", created_at as "createdAt"
        from seamless_deliveries where ticket_id = ${ticketId} order by draw_id, round desc, resend desc, account_id`,
  );
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return found.map((d) => ({
    ...d,
    id: Number(d.id),
    ticketId: Number(d.ticketId),
    attempts: Number(d.attempts),
    nextAttemptAt: iso(d.nextAttemptAt)!,
    deliveredAt: iso(d.deliveredAt),
    createdAt: iso(d.createdAt)!,
  }));
}

/**
 * Queues the ticket's latest settled result again (ResettleSeamless): per seamless account and draw, the
 * current round's callback copied as the next resend. Returns how many were queued.
 */
export async function enqueueResend(tx: DbOrTx, ticketId: number, at: Date, by: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`with last as (
          select distinct on (sd.account_id, sd.draw_id) sd.*
          from seamless_deliveries sd join draw_settlements s on s.draw_id = sd.draw_id and s.round = sd.round
          where sd.ticket_id = ${ticketId}
          order by sd.account_id, sd.draw_id, sd.resend desc
        ),
        ins as (
          insert into seamless_deliveries (account_id, ticket_id, draw_id, round, resend, payload, next_attempt_at, created_at, created_by)
          select account_id, ticket_id, draw_id, round, resend + 1, jsonb_set(payload, '{resend}', to_jsonb(resend + 1)),
                 ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${by}::int
          from last
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from ins`,
  );
  return Number(r.n);
}
