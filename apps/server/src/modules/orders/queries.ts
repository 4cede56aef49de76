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

export function fightLimits(db: DbOrTx, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([] as { userId: number; poolId: number; betCode: string; amount: number }[]);
  return rows<{ userId: number; poolId: number; betCode: string; amount: number }>(
    db,
    sql`select user_id as "userId", pool_id as "poolId", bet_code as "betCode", amount from fight_limits where user_id = any(${ints(userIds)})`,
  );
}

/** Active red numbers of these owners that touch these numbers (directly or through their group). */
export function redNumbers(db: DbOrTx, userIds: number[], numbers: string[], groupKeys: string[]) {
  if (!userIds.length) return Promise.resolve([] as { userId: number; number: string; type: number; groupKey: string; poolId: number | null; limitAmount: number }[]);
  return rows<{ userId: number; number: string; type: number; groupKey: string; poolId: number | null; limitAmount: number }>(
    db,
    sql`select owner_user_id as "userId", number, type, group_key as "groupKey", pool_id as "poolId", limit_amount as "limitAmount"
        from red_numbers
        where record_status = 1 and owner_user_id = any(${ints(userIds)})
          and (number = any(${texts(numbers)}) or (type <> 1 and group_key = any(${texts(groupKeys)})))`,
  );
}

export function blockedNumbers(db: DbOrTx, userIds: number[], drawDates: string[], numbers: string[]) {
  if (!userIds.length) return Promise.resolve([] as { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[]);
  return rows<{ userId: number; poolId: number; drawDate: string; number: string; betCode: string }>(
    db,
    sql`select owner_user_id as "userId", pool_id as "poolId", to_char(draw_date, 'YYYY-MM-DD') as "drawDate", number, bet_code as "betCode"
        from number_queue
        where status = 0 and owner_user_id = any(${ints(userIds)}) and draw_date = any(${texts(drawDates)}::date[]) and number = any(${texts(numbers)})`,
  );
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
  const sorted = [...keys].sort((a, b) => a.userId - b.userId || a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const u = ints(sorted.map((k) => k.userId));
  const d = ints(sorted.map((k) => k.drawId));
  const k = texts(sorted.map((x) => x.key));
  await tx.execute(sql`insert into eaten_totals (user_id, draw_id, key, amount)
                       select * , 0 from unnest(${u}, ${d}, ${k}) order by 1, 2, 3 on conflict do nothing`);
  const locked = await rows<{ userId: number; drawId: number; key: string; amount: number }>(
    tx,
    sql`select user_id as "userId", draw_id as "drawId", key, amount from eaten_totals
        where (user_id, draw_id, key) in (select * from unnest(${u}, ${d}, ${k}))
        order by user_id, draw_id, key for update`,
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

/** The system ledger account holding open stakes for a company, spread over shards to avoid one hot row. */
export async function openStakesAccount(tx: DbOrTx, companyId: number | null, shard: number): Promise<number> {
  const code = `open-stakes:${companyId ?? 0}:${shard}`;
  const found = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = ${code}`);
  if (found.length) return found[0].id;
  const created = await rows<{ id: number }>(
    tx,
    sql`insert into ledger_accounts (code, company_id, balance) values (${code}, ${companyId}, 0)
        on conflict (code) do update set code = excluded.code returning id`,
  );
  return created[0].id;
}
