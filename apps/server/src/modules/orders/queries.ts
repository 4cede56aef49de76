// SQL of ordering: the chain's risk settings, eaten totals under lock, and the ticket's rows, each in
// one set-based statement per ticket (never one per bet line).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

const ints = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const texts = (v: string[]) => sql`${`{${v.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

export interface ChainRow {
  userId: number;
  roleId: number;
  status: string;
  recordStatus: number;
  path: string;
  companyId: number | null;
  username: string;
  receiptOrderType: number;
  positionTaking: string;
  eatType: string | null;
  limitMethod: number | null;
}

/** The owner and every account above it (its path lists them), with their eat settings. */
export function ownerAndChain(db: DbOrTx, ownerId: number) {
  return rows<ChainRow>(
    db,
    sql`select u.id as "userId", u.role_id as "roleId", u.status, u.record_status as "recordStatus", u.path,
               u.company_id as "companyId", u.username, u.receipt_order_type as "receiptOrderType",
               u.position_taking as "positionTaking", e.eat_type as "eatType", e.limit_method as "limitMethod"
        from users o
        join users u on u.id = any(string_to_array(trim(both '/' from o.path), '/')::int[])
        left join eat_settings e on e.user_id = u.id
        where o.id = ${ownerId}`,
  );
}

export interface NewTicket {
  userId: number;
  placedBy: number;
  companyId: number | null;
  sourceType: number;
  orderedAt: Date;
  inboxString: string | null;
  /** The receipt with `mark` where the ticket number goes. */
  receiptTemplate: string;
  mark: string;
  pageInfo: string | null;
  customerPhone: string | null;
  gross: number;
  commission: number;
  net: number;
  transactionId: number;
}

/** Inserts a ticket, its number drawn from the sequence and written into its receipt in the same statement. */
export async function insertTicket(tx: DbOrTx, t: NewTicket) {
  const [row] = await rows<{ id: number; ticketNo: string; xid: string; receiptString: string }>(
    tx,
    sql`with n as (select 'T' || lpad(nextval('ticket_no_seq')::text, 10, '0') as no)
        insert into tickets (ticket_no, user_id, placed_by, company_id, source_type, ordered_at, inbox_string, receipt_string,
                             page_info, customer_phone, gross, commission, net, transaction_id)
        select n.no, ${t.userId}, ${t.placedBy}, ${t.companyId}, ${t.sourceType}, ${t.orderedAt}, ${t.inboxString},
               replace(${t.receiptTemplate}::text, ${t.mark}::text, n.no), ${t.pageInfo}, ${t.customerPhone}, ${t.gross}, ${t.commission}, ${t.net}, ${t.transactionId}
        from n
        returning id, ticket_no as "ticketNo", xid, receipt_string as "receiptString"`,
  );
  return { ...row, id: Number(row.id) };
}

export interface RiskSettings {
  limits: { userId: number; poolId: number; betCode: string; amount: number }[];
  /** Active red numbers of these owners that touch these numbers (directly or through their group). */
  reds: { userId: number; number: string; type: number; groupKey: string; poolId: number | null; limitAmount: number }[];
  /** Numbers blocked in the number queue for these owners on these dates. */
  blocked: { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[];
}

/** The fight limits, red numbers and blocked numbers of the eating accounts for a ticket, in one round trip. */
export async function riskSettings(db: DbOrTx, userIds: number[], numbers: string[], groupKeys: string[], drawDates: string[]): Promise<RiskSettings> {
  if (!userIds.length) return { limits: [], reds: [], blocked: [] };
  const ids = ints(userIds);
  const [row] = await rows<RiskSettings>(
    db,
    sql`select
          (select coalesce(json_agg(json_build_object('userId', user_id, 'poolId', pool_id, 'betCode', bet_code, 'amount', amount)), '[]')
           from fight_limits where user_id = any(${ids})) as limits,
          (select coalesce(json_agg(json_build_object('userId', owner_user_id, 'number', number, 'type', type, 'groupKey', group_key,
                                                      'poolId', pool_id, 'limitAmount', limit_amount)), '[]')
           from red_numbers
           where record_status = 1 and owner_user_id = any(${ids})
             and (number = any(${texts(numbers)}) or (type <> 1 and group_key = any(${texts(groupKeys)})))) as reds,
          (select coalesce(json_agg(json_build_object('userId', owner_user_id, 'poolId', pool_id, 'drawDate', to_char(draw_date, 'YYYY-MM-DD'),
                                                      'number', number, 'betCode', bet_code)), '[]')
           from number_queue
           where status = 0 and owner_user_id = any(${ids}) and draw_date = any(${texts(drawDates)}::date[])
             and number = any(${texts(numbers)})) as blocked`,
  );
  return row;
}

export interface TotalKey {
  userId: number;
  drawId: number;
  key: string;
}

/**
 * Creates the missing eaten-total rows, then locks all of them in (user, draw, key) order and returns what
 * each holds. Concurrent tickets on the same numbers queue here instead of eating past a limit.
 */
export async function lockEatenTotals(tx: DbOrTx, keys: TotalKey[]) {
  if (!keys.length) return new Map<string, number>();
  const unique = [...new Map(keys.map((k) => [`${k.userId}|${k.drawId}|${k.key}`, k])).values()];
  const sorted = unique.sort((a, b) => a.userId - b.userId || a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // One statement creates the missing rows and locks every row in key order: the no-op update takes the
  // row lock and, after waiting for a concurrent ticket, returns the amount that ticket committed.
  const locked = await rows<{ userId: number; drawId: number; key: string; amount: number }>(
    tx,
    sql`insert into eaten_totals (user_id, draw_id, key, amount)
        select u, d, k, 0 from unnest(${ints(sorted.map((k) => k.userId))}, ${ints(sorted.map((k) => k.drawId))}, ${texts(sorted.map((x) => x.key))}) as x(u, d, k)
        order by u, d, k
        on conflict (user_id, draw_id, key) do update set amount = eaten_totals.amount
        returning user_id as "userId", draw_id as "drawId", key, amount`,
  );
  return new Map(locked.map((r) => [`${r.userId}|${r.drawId}|${r.key}`, Number(r.amount)]));
}

export async function addEatenTotals(tx: DbOrTx, deltas: { userId: number; drawId: number; key: string; amount: number }[]) {
  const nonZero = deltas.filter((d) => d.amount !== 0);
  if (!nonZero.length) return;
  await tx.execute(sql`update eaten_totals t set amount = t.amount + d.amount
                       from unnest(${ints(nonZero.map((x) => x.userId))}, ${ints(nonZero.map((x) => x.drawId))}, ${texts(nonZero.map((x) => x.key))},
                                   ${sql`${`{${nonZero.map((x) => x.amount).join(',')}}`}::bigint[]`}) as d(user_id, draw_id, key, amount)
                       where t.user_id = d.user_id and t.draw_id = d.draw_id and t.key = d.key`);
}

/** Ids of open-stakes accounts once seen committed, per database: they never change, so each is read once. */
const stakesAccountIds = new WeakMap<object, Map<string, number>>();

/** The system ledger account holding open stakes for a company, spread over shards to avoid one hot row. */
export async function openStakesAccount(db: object, tx: DbOrTx, companyId: number | null, shard: number): Promise<number> {
  const code = `open-stakes:${companyId ?? 0}:${shard}`;
  const cache = stakesAccountIds.get(db) ?? new Map<string, number>();
  stakesAccountIds.set(db, cache);
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  const found = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = ${code}`);
  // Only a row found by a read is cached: a row this transaction creates could still be rolled back.
  if (found.length) {
    cache.set(code, found[0].id);
    return found[0].id;
  }
  const created = await rows<{ id: number }>(
    tx,
    sql`insert into ledger_accounts (code, company_id, balance) values (${code}, ${companyId}, 0)
        on conflict (code) do update set code = excluded.code returning id`,
  );
  return created[0].id;
}
