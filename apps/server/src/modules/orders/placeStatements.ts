// The three statements of placing a ticket. The hot path of the product: in the half hour before a draw
// closes agents paste thousands of tickets, and each round trip to the database costs as much as the
// work in it, so a ticket is read, locked and written in three statements rather than twenty.
//  1. reads: claims the idempotency key, draws the ticket's id and number, locks the owner's wallet and
//     reads the chain, the draws, the packages and the chain's risk settings;
//  2. prepare: creates and locks the eaten totals the ticket counts against, and draws its bet line ids;
//  3. write: the journal posting, the ticket, its lines and shares, the eaten totals, the number queue and
//     the stored answer of the idempotency key.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { postingCtes, rows, type PostingRow } from '../ledger/queries';
import { effectiveWithRatesSql, type EffectiveRateRow } from '../packages/queries';
import type { ChainRow, RiskSettings, TotalKey } from './queries';

const ints = (v: number[]) => sql`${`{${v.join(',')}}`}::int[]`;
const bigints = (v: number[]) => sql`${`{${v.join(',')}}`}::bigint[]`;
/** Values are digits, bet codes and limit keys: quotes and backslashes never belong in them. */
const texts = (v: string[]) => sql`${`{${v.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
const json = (q: SQL) => sql`(select coalesce(json_agg(x), '[]') from (${q}) x)`;

export interface DrawRow {
  drawId: number;
  poolId: number;
  drawDate: string;
  recordStatus: number;
  /** ISO instant (JSON). */
  cutoffAt: string;
  poolActive: boolean;
}

export interface TicketReads extends RiskSettings {
  keyInserted: boolean;
  ticketId: number;
  ticketNo: string;
  chain: ChainRow[];
  nextDraws: DrawRow[];
  datedDraws: DrawRow[];
  normalPackage: EffectiveRateRow[];
  gdPackage: EffectiveRateRow[];
  /** The owner's wallet, locked; null when the account never held credit. */
  wallet: { id: number; balance: number } | null;
}

export async function readForTicket(
  tx: DbOrTx,
  a: {
    keyUserId: number;
    key: string;
    scope: string;
    now: Date;
    ownerId: number;
    nextPools: number[];
    maxNext: number;
    datedPools: number[];
    dates: string[];
    needNormal: boolean;
    needGd: boolean;
    numbers: string[];
    groupKeys: string[];
  },
): Promise<TicketReads> {
  const now = sql`${a.now.toISOString()}::timestamptz`;
  const drawCols = sql`d.id as "drawId", d.pool_id as "poolId", to_char(d.draw_date, 'YYYY-MM-DD') as "drawDate",
                       d.record_status as "recordStatus", d.cutoff_at as "cutoffAt", p.record_status = 1 as "poolActive"`;
  // Cast, so that any() takes the array itself rather than the rows of a subquery.
  const ids = sql`(select ids from o)::int[]`;
  const [row] = await rows<TicketReads & { wallet: { id: number; balance: number }[] | null }>(
    tx,
    sql`with k as (
          insert into idempotency_keys (user_id, key, scope, status, response, created_at)
          values (${a.keyUserId}, ${a.key}, ${a.scope}, 0, '{}'::jsonb, ${now})
          on conflict do nothing returning 1
        ),
        o as (select string_to_array(trim(both '/' from path), '/')::int[] as ids from users where id = ${a.ownerId})
        select
          exists (select 1 from k) as "keyInserted",
          nextval('tickets_id_seq') as "ticketId",
          'T' || lpad(nextval('ticket_no_seq')::text, 10, '0') as "ticketNo",
          ${json(sql`select u.id as "userId", u.role_id as "roleId", u.status, u.record_status as "recordStatus", u.path,
                            u.company_id as "companyId", u.username, u.receipt_order_type as "receiptOrderType",
                            u.position_taking as "positionTaking", e.eat_type as "eatType", e.limit_method as "limitMethod",
                            u.credit_limit as "creditLimit", u.credit_type as "creditType"
                     from users u left join eat_settings e on e.user_id = u.id
                     where u.id = any(${ids})`)} as chain,
          ${
            a.nextPools.length
              ? json(sql`select * from (select ${drawCols}, row_number() over (partition by d.pool_id order by d.draw_date) as rank
                                         from draws d join pools p on p.id = d.pool_id
                                         where d.pool_id = any(${ints(a.nextPools)}) and d.record_status = 1 and d.cutoff_at > ${now}) r
                         where rank <= ${a.maxNext} order by "drawDate", "poolId"`)
              : sql`'[]'::json`
          } as "nextDraws",
          ${
            a.dates.length && a.datedPools.length
              ? json(sql`select ${drawCols} from draws d join pools p on p.id = d.pool_id
                         where d.pool_id = any(${ints(a.datedPools)}) and d.draw_date = any(${texts(a.dates)}::date[])`)
              : sql`'[]'::json`
          } as "datedDraws",
          ${a.needNormal ? json(effectiveWithRatesSql(a.ownerId, 0, false)) : sql`'[]'::json`} as "normalPackage",
          ${a.needGd ? json(effectiveWithRatesSql(a.ownerId, 2, false)) : sql`'[]'::json`} as "gdPackage",
          (select json_agg(w) from (select id, balance from ledger_accounts where user_id = ${a.ownerId} for update) w) as wallet,
          ${json(sql`select user_id as "userId", pool_id as "poolId", bet_code as "betCode", amount from fight_limits where user_id = any(${ids})`)} as limits,
          ${json(sql`select owner_user_id as "userId", number, type, group_key as "groupKey", pool_id as "poolId", limit_amount as "limitAmount"
                     from red_numbers
                     where record_status = 1 and owner_user_id = any(${ids})
                       and (number = any(${texts(a.numbers)}) or (type <> 1 and group_key = any(${texts(a.groupKeys)})))`)} as reds,
          ${json(sql`select owner_user_id as "userId", pool_id as "poolId", to_char(draw_date, 'YYYY-MM-DD') as "drawDate", number, bet_code as "betCode"
                     from number_queue
                     where status = 0 and owner_user_id = any(${ids}) and number = any(${texts(a.numbers)})`)} as blocked`,
  );
  return { ...row, ticketId: Number(row.ticketId), wallet: row.wallet?.[0] ? { id: Number(row.wallet[0].id), balance: Number(row.wallet[0].balance) } : null };
}

/**
 * Creates the missing eaten-total rows and locks all of them in (user, draw, key) order: the no-op update
 * takes the row lock and, after waiting for a concurrent ticket, returns what that ticket committed.
 * Concurrent tickets on the same numbers queue here instead of eating past a limit. Draws the ids of the
 * ticket's bet lines in the same round trip.
 */
export async function prepareTicket(tx: DbOrTx, keys: TotalKey[], lineCount: number) {
  const unique = [...new Map(keys.map((k) => [`${k.userId}|${k.drawId}|${k.key}`, k])).values()];
  const sorted = unique.sort((a, b) => a.userId - b.userId || a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const [row] = await rows<{ totals: { userId: number; drawId: number; key: string; amount: number }[]; lineIds: (string | number)[] }>(
    tx,
    sql`with locked as (
          insert into eaten_totals (user_id, draw_id, key, amount)
          select u, d, k, 0 from unnest(${ints(sorted.map((k) => k.userId))}, ${ints(sorted.map((k) => k.drawId))}, ${texts(sorted.map((x) => x.key))}) as x(u, d, k)
          order by u, d, k
          on conflict (user_id, draw_id, key) do update set amount = eaten_totals.amount
          returning user_id, draw_id, key, amount
        )
        select (select coalesce(json_agg(json_build_object('userId', user_id, 'drawId', draw_id, 'key', key, 'amount', amount)), '[]') from locked) as totals,
               array(select nextval('bet_lines_id_seq') from generate_series(1, ${lineCount}::int)) as "lineIds"`,
  );
  return {
    totals: new Map(row.totals.map((r) => [`${r.userId}|${r.drawId}|${r.key}`, Number(r.amount)])),
    lineIds: row.lineIds.map(Number),
  };
}

/** One bet line: one number bought, for one bet code, pool and draw. */
export interface BetLineValues {
  lineNo: number;
  drawId: number;
  poolId: number;
  drawDate: string;
  writtenNumber: string;
  number: string;
  betType: number;
  betCode: string;
  stake: number;
  commission: number;
  unposted: number;
}

export interface TicketWrite {
  posting: PostingRow;
  ticket: {
    id: number;
    ticketNo: string;
    xid: string;
    userId: number;
    placedBy: number;
    companyId: number | null;
    sourceType: number;
    orderedAt: Date;
    inboxString: string | null;
    receiptString: string;
    pageInfo: string | null;
    customerPhone: string | null;
    gross: number;
    commission: number;
    net: number;
  };
  lines: (BetLineValues & { id: number })[];
  shares: { betLineId: number; userId: number; drawId: number; amount: number; limitKey: string | null }[];
  eaten: { userId: number; drawId: number; key: string; amount: number }[];
  queued: { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[];
  idempotency: { userId: number; key: string; status: number; response: unknown };
}

/** Writes everything a placed ticket changes in one statement; returns the journal entries written. */
export async function writeTicket(tx: DbOrTx, w: TicketWrite): Promise<number> {
  const t = w.ticket;
  const l = w.lines;
  const s = w.shares;
  const e = w.eaten.filter((x) => x.amount !== 0);
  const q = w.queued;
  const [row] = await rows<{ entries: number }>(
    tx,
    sql`with ${postingCtes(w.posting)},
        tk as (
          insert into tickets (id, ticket_no, xid, user_id, placed_by, company_id, source_type, ordered_at, inbox_string, receipt_string,
                               page_info, customer_phone, gross, commission, net, transaction_id)
          select ${t.id}, ${t.ticketNo}, ${t.xid}::uuid, ${t.userId}, ${t.placedBy}, ${t.companyId}, ${t.sourceType},
                 ${t.orderedAt.toISOString()}::timestamptz, ${t.inboxString}, ${t.receiptString}, ${t.pageInfo}, ${t.customerPhone},
                 ${t.gross}, ${t.commission}, ${t.net}, t.id
          from t
          returning id
        ),
        bl as (
          insert into bet_lines (id, ticket_id, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number,
                                 bet_type, bet_code, stake, commission, unposted)
          select x.id, tk.id, ${t.companyId}, ${t.userId}, x.line_no, x.draw_id, x.pool_id, x.draw_date::date, x.written, x.number,
                 x.bet_type, x.bet_code, x.stake, x.commission, x.unposted
          from tk, unnest(${bigints(l.map((r) => r.id))}, ${ints(l.map((r) => r.lineNo))}, ${ints(l.map((r) => r.drawId))},
                          ${ints(l.map((r) => r.poolId))}, ${texts(l.map((r) => r.drawDate))}, ${texts(l.map((r) => r.writtenNumber))},
                          ${texts(l.map((r) => r.number))}, ${ints(l.map((r) => r.betType))}, ${texts(l.map((r) => r.betCode))},
                          ${bigints(l.map((r) => r.stake))}, ${bigints(l.map((r) => r.commission))}, ${bigints(l.map((r) => r.unposted))})
               as x(id, line_no, draw_id, pool_id, draw_date, written, number, bet_type, bet_code, stake, commission, unposted)
          returning id
        ),
        es as (
          insert into eat_shares (bet_line_id, user_id, draw_id, amount, limit_key)
          select * from unnest(${bigints(s.map((x) => x.betLineId))}, ${ints(s.map((x) => x.userId))}, ${ints(s.map((x) => x.drawId))},
                               ${bigints(s.map((x) => x.amount))}, ${sql`${`{${s.map((x) => (x.limitKey === null ? 'NULL' : `"${x.limitKey.replace(/["\\]/g, '')}"`)).join(',')}}`}::text[]`})
          returning 1
        ),
        et as (
          update eaten_totals et set amount = et.amount + d.amount
          from unnest(${ints(e.map((x) => x.userId))}, ${ints(e.map((x) => x.drawId))}, ${texts(e.map((x) => x.key))}, ${bigints(e.map((x) => x.amount))})
               as d(user_id, draw_id, key, amount)
          where et.user_id = d.user_id and et.draw_id = d.draw_id and et.key = d.key
          returning 1
        ),
        nq as (
          -- A number whose limit is reached is blocked for that account until an admin unblocks it.
          insert into number_queue (owner_user_id, pool_id, draw_date, number, bet_code, reason, status, created_at)
          select u, p, d::date, n, c, 'limit-reached', 0, ${t.orderedAt.toISOString()}::timestamptz
          from unnest(${ints(q.map((x) => x.userId))}, ${ints(q.map((x) => x.poolId))}, ${texts(q.map((x) => x.drawDate))},
                      ${texts(q.map((x) => x.number))}, ${texts(q.map((x) => x.betCode))}) as x(u, p, d, n, c)
          where not exists (select 1 from number_queue q where q.owner_user_id = x.u and q.pool_id = x.p and q.draw_date = x.d::date
                            and q.number = x.n and q.bet_code = x.c and q.status = 0)
          returning 1
        ),
        ik as (
          update idempotency_keys set status = ${w.idempotency.status}, response = ${JSON.stringify(w.idempotency.response)}::jsonb
          where user_id = ${w.idempotency.userId} and key = ${w.idempotency.key}
          returning 1
        )
        select (select count(*) from e)::int as entries`,
  );
  return Number(row.entries);
}
