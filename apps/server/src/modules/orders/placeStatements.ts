// The three statements of placing a batch of tickets. The hot path of the product: in the half hour
// before a draw closes agents paste thousands of tickets, and each round trip to the database costs as
// much as the work in it, so the tickets that arrive together are read, locked and written together in
// three statements whatever their number (decision 0007):
//  1. reads: claims the idempotency keys, draws the tickets' ids and numbers, locks the owners' wallets
//     and reads the chains, the draws, the packages and the chains' risk settings;
//  2. prepare: creates and locks the eaten totals the tickets count against, locks the open-stakes
//     accounts they post to, and draws the bet line ids;
//  3. write: the journal postings, the tickets, their inbox rows, their lines and shares, the eaten
//     totals, the number queue and the stored answers of the idempotency keys.
// Row sets travel as one array parameter per column (unnested), whatever their number of rows. The read
// travels with the transaction's BEGIN and the write with its COMMIT (platform/pipelined.ts), so the write
// checks its own result (decision 0061).
import { sql, type SQL } from 'drizzle-orm';
import { COMMITTABLE, type PipelinedTx } from '../../platform/pipelined';
import { arrayLiteral, unnested } from '../../platform/sqlArrays';
import { manyPostingsCtes } from '../ledger/queries';
import { effectivePackageIdSql, packageRatesSql, type EffectiveRateRow } from '../packages/queries';
import { DRAW_LOCK_CLASS } from '../draws/queries';
import { summaryDeltasCtes } from '../reports/summaries';
import { SUM_COLUMNS, type SumsRow } from '../settlement/chainSums';
import type { ChainRow, RiskSettings, TotalKey } from './queries';

const ints = (v: number[]) => sql`${arrayLiteral(v)}::int[]`;
const texts = (v: string[]) => sql`${arrayLiteral(v)}::text[]`;
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

export interface BatchReads extends RiskSettings {
  /**
   * `userId|key` of the idempotency keys this batch claimed (the others were claimed before): the write
   * statement stores their answers.
   */
  claimed: Set<string>;
  ticketIds: number[];
  ticketNos: string[];
  /** Every owner and every account of their chains. */
  chain: ChainRow[];
  nextDraws: DrawRow[];
  datedDraws: DrawRow[];
  /** The effective package rows per owner and per account of its chain, by package type (0 normal, 2 GD). */
  packages: Map<string, EffectiveRateRow[]>;
  /** The owners' wallets, locked in id order; an owner that never held credit has none. */
  wallets: Map<number, { id: number; balance: number }>;
}

export const packageKey = (ownerId: number, packageType: number) => `${ownerId}|${packageType}`;

/** The packages of a batch's owners as read: [owner, package id or null] and the packages' rows. */
interface PackagesRead {
  picks: [number, number | null][];
  rows: EffectiveRateRow[];
}

export async function readForBatch(
  p: PipelinedTx,
  a: {
    now: Date;
    keys: { userId: number; key: string; scope: string }[];
    owners: number[];
    normalOwners: number[];
    gdOwners: number[];
    nextPools: number[];
    maxNext: number;
    datedPools: number[];
    dates: string[];
    numbers: string[];
    groupKeys: string[];
  },
): Promise<BatchReads> {
  const now = sql`${a.now.toISOString()}::timestamptz`;
  const drawCols = sql`d.id as "drawId", d.pool_id as "poolId", to_char(d.draw_date, 'YYYY-MM-DD') as "drawDate",
                       d.record_status as "recordStatus", d.cutoff_at as "cutoffAt", p.record_status = 1 as "poolActive"`;
  // Cast, so that any() takes the array itself rather than the rows of a subquery.
  const ids = sql`(select ids from o)::int[]`;
  // Each owner's package id, and each package's rows once: the owners of a batch mostly share a package.
  // Every account of the owners' chains: the ticket freezes each one's rates (settlement/rateChains.ts).
  const packagesOf = (owners: number[], packageType: number) =>
    owners.length
      ? sql`(with picks as (select o.uid, (${effectivePackageIdSql(sql`o.uid`, packageType, false)}) as package_id
                            from unnest(${ids}) as o(uid))
             select json_build_object(
                      'picks', (select coalesce(json_agg(json_build_array(uid, package_id)), '[]') from picks),
                      'rows', ${json(packageRatesSql(sql`select package_id from picks`))}))`
      : sql`'{"picks": [], "rows": []}'::json`;
  const [row] = await p.rows<
    Omit<BatchReads, 'claimed' | 'packages' | 'wallets' | 'ticketIds'> & {
      claimed: [number, string][];
      ticketIds: (string | number)[];
      normalPackages: PackagesRead;
      gdPackages: PackagesRead;
      wallets: { id: number; userId: number; balance: number }[];
    }
  >(
    'place_read',
    sql`with k as (
          insert into idempotency_keys (user_id, key, scope, status, response, created_at)
          select x."userId", x.key, x.scope, 0, '{}'::jsonb, ${now} from ${unnested(a.keys, 'x', [['userId', 'int'], ['key', 'text'], ['scope', 'text']])}
          -- In key order, so that two batches claiming the same keys (retries) wait rather than deadlock.
          order by x."userId", x.key
          on conflict do nothing returning user_id, key
        ),
        o as (
          select coalesce(array_agg(distinct p::int), '{}') as ids
          from users, unnest(string_to_array(trim(both '/' from path), '/')) as p
          where id = any(${ints(a.owners)})
        )
        select
          (select coalesce(json_agg(json_build_array(user_id, key)), '[]') from k) as claimed,
          array(select nextval('tickets_id_seq') from generate_series(1, ${a.keys.length}::int)) as "ticketIds",
          array(select 'T' || lpad(nextval('ticket_no_seq')::text, 10, '0') from generate_series(1, ${a.keys.length}::int)) as "ticketNos",
          ${json(sql`select u.id as "userId", u.role_id as "roleId", u.status, u.record_status as "recordStatus", u.path,
                            u.company_id as "companyId", u.username, u.receipt_order_type as "receiptOrderType", u.eat_sequence as "eatSequence",
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
          ${packagesOf(a.normalOwners, 0)} as "normalPackages",
          ${packagesOf(a.gdOwners, 2)} as "gdPackages",
          -- Locked in id order (the sort runs below the row locks), the ledger's order for wallets.
          ${json(sql`select id, user_id as "userId", balance from ledger_accounts where user_id = any(${ints(a.owners)}) order by id for update`)} as wallets,
          ${json(sql`select user_id as "userId", pool_id as "poolId", bet_code as "betCode", amount from fight_limits where user_id = any(${ids})`)} as limits,
          ${json(sql`select owner_user_id as "userId", number, type, group_key as "groupKey", pool_id as "poolId", limit_amount as "limitAmount"
                     from red_numbers
                     where record_status = 1 and owner_user_id = any(${ids})
                       and (number = any(${texts(a.numbers)}) or (type <> 1 and group_key = any(${texts(a.groupKeys)})))`)} as reds,
          ${json(sql`select owner_user_id as "userId", pool_id as "poolId", to_char(draw_date, 'YYYY-MM-DD') as "drawDate", number, bet_code as "betCode"
                     from number_queue
                     where status = 0 and owner_user_id = any(${ids}) and number = any(${texts(a.numbers)})`)} as blocked`,
  );
  // Owners with one package share its list of rows.
  const packages = new Map<string, EffectiveRateRow[]>();
  for (const [read, type] of [[row.normalPackages, 0], [row.gdPackages, 2]] as const) {
    const rowsOf = new Map<number, EffectiveRateRow[]>();
    for (const r of read.rows) {
      const list = rowsOf.get(Number(r.packageId));
      if (list) list.push(r);
      else rowsOf.set(Number(r.packageId), [r]);
    }
    for (const [userId, packageId] of read.picks) {
      const list = packageId === null ? undefined : rowsOf.get(Number(packageId));
      if (list) packages.set(packageKey(Number(userId), type), list);
    }
  }
  return {
    ...row,
    claimed: new Set(row.claimed.map(([u, k]) => `${u}|${k}`)),
    ticketIds: row.ticketIds.map(Number),
    packages,
    wallets: new Map(row.wallets.map((w) => [Number(w.userId), { id: Number(w.id), balance: Number(w.balance) }])),
  };
}

/**
 * Creates the missing eaten-total rows and locks all of them in (user, draw, key) order: the no-op update
 * takes the row lock and, after waiting for a concurrent ticket, returns what that ticket committed.
 * Concurrent tickets on the same numbers queue here instead of eating past a limit. Then locks the
 * open-stakes accounts in id order (after the totals, as voiding does), and draws the bet line ids.
 */
export async function prepareBatch(p: PipelinedTx, keys: TotalKey[], lineCount: number, stakesAccounts: number[], drawIds: number[]) {
  const unique = [...new Map(keys.map((k) => [`${k.userId}|${k.drawId}|${k.key}`, k])).values()];
  const sorted = unique.sort((a, b) => a.userId - b.userId || a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const [row] = await p.rows<{ totals: { userId: number; drawId: number; key: string; amount: number }[]; stakes: number; drawLocks: number; lineIds: (string | number)[] }>(
    'place_prepare',
    sql`with locked as (
          insert into eaten_totals (user_id, draw_id, key, amount)
          select u, d, k, 0 from unnest(${ints(sorted.map((k) => k.userId))}, ${ints(sorted.map((k) => k.drawId))}, ${texts(sorted.map((x) => x.key))}) as x(u, d, k)
          order by u, d, k
          on conflict (user_id, draw_id, key) do update set amount = eaten_totals.amount
          returning user_id, draw_id, key, amount
        ),
        totals as materialized (select coalesce(json_agg(json_build_object('userId', user_id, 'drawId', draw_id, 'key', key, 'amount', amount)), '[]') as j from locked),
        -- Reading "totals" first makes the totals' locks come before these.
        stakes as (select id from ledger_accounts where id = any(${ints(stakesAccounts)}) and (select j is not null from totals) order by id for update),
        -- Shared: a draw is not moved or cancelled while a batch sells on it (draws/queries.ts).
        draw_locks as (select pg_advisory_xact_lock_shared(${DRAW_LOCK_CLASS}::int, d) from unnest(${ints(drawIds)}) as d)
        select (select j from totals) as totals, (select count(*) from stakes)::int as stakes,
               (select count(*) from draw_locks)::int as "drawLocks",
               array(select nextval('bet_lines_id_seq') from generate_series(1, ${lineCount}::int)) as "lineIds"`,
  );
  if (row.stakes !== new Set(stakesAccounts).size) throw new Error('an open-stakes account is missing');
  if (row.drawLocks !== drawIds.length) throw new Error('a draw lock was not taken');
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

export interface TicketRow {
  id: number;
  ticketNo: string;
  xid: string;
  userId: number;
  placedBy: number;
  companyId: number | null;
  sourceType: number;
  inboxString: string | null;
  receiptString: string;
  pageInfo: string | null;
  customerPhone: string | null;
  gross: number;
  commission: number;
  net: number;
  /** The owner's wallet pays the net to this open-stakes account. */
  walletId: number;
  stakesId: number;
  /** The frozen rates of the ticket's chain (rate_chains) for its normal and GD lines. */
  rateChainNormal: number | null;
  rateChainGd: number | null;
}

export interface BatchWrite {
  at: Date;
  tickets: TicketRow[];
  lines: (BetLineValues & { id: number; ticketId: number; companyId: number | null; userId: number })[];
  shares: { betLineId: number; userId: number; drawId: number; amount: number; limitKey: string | null }[];
  /** What the batch ate per locked total. */
  eaten: { userId: number; drawId: number; key: string; amount: number }[];
  queued: { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[];
  /** The stored answer of every claimed key, placed or refused. */
  answers: { userId: number; key: string; scope: string; status: number; response: unknown }[];
  /** What settlement sums of the batch's lines (decision 0043). */
  settleSums: SumsRow[];
}

/**
 * What the batch planned with, checked again by its write: the draws and owners as read, and the
 * server's clock once the locks are held.
 */
export interface PlannedWith {
  draws: Pick<DrawRow, 'drawId' | 'drawDate'>[];
  owners: Pick<ChainRow, 'userId' | 'status' | 'recordStatus' | 'creditLimit' | 'creditType'>[];
  lockedAt: Date;
}

/**
 * Writes everything the batch changes in one statement and commits. Each ticket has its own journal
 * transaction: its owner's wallet pays the net to open stakes (both locked). The statement fails, and
 * nothing is committed, if anything was not written or anything planned with changed meanwhile.
 */
export async function writeBatch(p: PipelinedTx, w: BatchWrite, planned: PlannedWith): Promise<void> {
  const at = sql`${w.at.toISOString()}::timestamptz`;
  const eaten = w.eaten.filter((x) => x.amount !== 0);
  await p.rowsThenCommit(
    'place_write',
    sql`with tk0 as materialized (
          select x.*, nextval('journal_transactions_id_seq') as tx_id
          from ${unnested(w.tickets, 'x', [['id', 'bigint'], ['ticketNo', 'text'], ['xid', 'uuid'], ['userId', 'int'], ['placedBy', 'int'], ['companyId', 'int'],
               ['sourceType', 'int'], ['inboxString', 'text'], ['receiptString', 'text'], ['pageInfo', 'text'], ['customerPhone', 'text'],
               ['gross', 'bigint'], ['commission', 'bigint'], ['net', 'bigint'], ['walletId', 'int'], ['stakesId', 'int'],
               ['rateChainNormal', 'int'], ['rateChainGd', 'int']])}
        ),
        ${manyPostingsCtes(
          w.at,
          'stake',
          sql`select tx_id, "placedBy" as initiated_by, "companyId" as company_id, null as memo from tk0`,
          sql`select tx_id, "walletId" as account_id, -"net" as amount from tk0 union all select tx_id, "stakesId", "net" from tk0`,
        )},
        tk as (
          insert into tickets (id, ticket_no, xid, user_id, placed_by, company_id, source_type, ordered_at, inbox_string, receipt_string,
                               page_info, customer_phone, gross, commission, net, transaction_id, rate_chain_normal, rate_chain_gd)
          select "id", "ticketNo", "xid", "userId", "placedBy", "companyId", "sourceType", ${at}, "inboxString", "receiptString",
                 "pageInfo", "customerPhone", "gross", "commission", "net", tx_id, "rateChainNormal", "rateChainGd"
          from tk0
        ),
        -- The inbox (decision 0029): each ticket's text as received, with the ticket it became.
        ib as (
          insert into inbox_texts (company_id, user_id, placed_by, source_type, received_at, text, accepted, ticket_id)
          select "companyId", "userId", "placedBy", "sourceType", ${at}, left(coalesce("inboxString", "receiptString"), 100000), true, "id"
          from tk0
        ),
        bl0 as materialized (
          select * from ${unnested(w.lines, 'x', [['id', 'bigint'], ['ticketId', 'bigint'], ['companyId', 'int'], ['userId', 'int'], ['lineNo', 'int'], ['drawId', 'int'],
               ['poolId', 'int'], ['drawDate', 'date'], ['writtenNumber', 'text'], ['number', 'text'], ['betType', 'int'], ['betCode', 'text'],
               ['stake', 'bigint'], ['commission', 'bigint'], ['unposted', 'bigint']])}
        ),
        bl as (
          insert into bet_lines (id, ticket_id, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number,
                                 bet_type, bet_code, stake, commission, unposted)
          select "id", "ticketId", "companyId", "userId", "lineNo", "drawId", "poolId", "drawDate", "writtenNumber", "number",
                 "betType", "betCode", "stake", "commission", "unposted"
          from bl0
        ),
        es0 as materialized (
          select * from ${unnested(w.shares, 'x', [['betLineId', 'bigint'], ['userId', 'int'], ['drawId', 'int'], ['amount', 'bigint'], ['limitKey', 'text']])}
        ),
        es as (
          insert into eat_shares (bet_line_id, user_id, draw_id, amount, limit_key)
          select "betLineId", "userId", "drawId", "amount", "limitKey" from es0
        ),
        -- The report summaries (decision 0034): the batch's sales and exposure per account of each chain.
        sm_lines as (
          select "id" as id, "ticketId" as ticket_id, "drawId" as draw_id, "poolId" as pool_id, "drawDate" as draw_date, "userId" as user_id,
                 "number" as number, "betCode" as bet_code, "stake" as stake, "commission" as commission from bl0
        ),
        sm_shares as (select "betLineId" as bet_line_id, "userId" as user_id, "amount" as amount from es0),
        ${summaryDeltasCtes('sm_lines', 'sm_shares', 1)},
        -- What settlement sums of these lines (decision 0043), computed by placement (chainSumsOfBatch).
        ss as (
          insert into settle_sums (draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, ${sql.raw(SUM_COLUMNS.join(', '))})
          select x.d, x.c, x.ch, x.b, x.p, x.s, ${sql.raw(SUM_COLUMNS.map((_, i) => `x.v${i}`).join(', '))}
          from ${unnested(
            w.settleSums.map((r): Record<string, unknown> => ({ d: r.drawId, c: r.companyId, ch: r.chainId, b: r.betCode, p: r.poolId, s: r.stakesId, ...Object.fromEntries(r.sums.map((v, i) => [`v${i}`, v])) })),
            'x',
            [['d', 'int'], ['c', 'int'], ['ch', 'int'], ['b', 'text'], ['p', 'smallint'], ['s', 'int'], ...SUM_COLUMNS.map((_, i) => [`v${i}`, 'bigint'] as const)],
          )}
        ),
        -- The totals and the key rows exist and are locked by this transaction (prepareBatch, readForBatch):
        -- "on conflict" finds each by its primary key, where an update joined to them would leave the
        -- planner a choice (a cached plan made while the table was small scans all of it).
        et as (
          insert into eaten_totals as et (user_id, draw_id, key, amount)
          select "userId", "drawId", "key", "amount" from ${unnested(eaten, 'd', [['userId', 'int'], ['drawId', 'int'], ['key', 'text'], ['amount', 'bigint']])}
          on conflict (user_id, draw_id, key) do update set amount = et.amount + excluded.amount
          returning 1
        ),
        nq as (
          -- A number whose limit is reached is blocked for that account until an admin unblocks it.
          insert into number_queue (owner_user_id, pool_id, draw_date, number, bet_code, reason, status, created_at)
          select "userId", "poolId", "drawDate", "number", "betCode", 'limit-reached', 0, ${at}
          from ${unnested(w.queued, 'x', [['userId', 'int'], ['poolId', 'int'], ['drawDate', 'date'], ['number', 'text'], ['betCode', 'text']])}
          where not exists (select 1 from number_queue q where q.owner_user_id = x."userId" and q.pool_id = x."poolId" and q.draw_date = x."drawDate"
                            and q.number = x."number" and q.bet_code = x."betCode" and q.status = 0)
        ),
        ik as (
          insert into idempotency_keys as k (user_id, key, scope, status, response, created_at)
          select "userId", "key", "scope", "status", "response"::jsonb, ${at}
          from ${unnested(
            w.answers.map((a) => ({ ...a, response: JSON.stringify(a.response) })),
            'x',
            [['userId', 'int'], ['key', 'text'], ['scope', 'text'], ['status', 'int'], ['response', 'text']],
          )}
          on conflict (user_id, key) do update set status = excluded.status, response = excluded.response
          -- Only a key this batch claimed (still pending) takes an answer; any other fails the batch below.
          where k.status = 0 and k.scope = excluded.scope
          returning 1
        )
        -- A journal line naming an unknown wallet, an amount eaten not added (later tickets would eat past a
        -- limit) or an answer not stored (its key would stay pending for ever) fails the batch.
        select raise_unless((select count(*) from e) = ${2 * w.tickets.length}::int and (select count(*) from et) = ${eaten.length}::int
                              and (select count(*) from ik) = ${w.answers.length}::int,
                            'XX000', 'a journal line, an eaten total or an idempotency answer was not written') as written,
               -- As committed when this statement began, after the wallet and draw locks were taken: a draw
               -- moved, cancelled or closed, or an owner deleted, disabled or given another credit limit,
               -- before then starts the batch over (40001).
               raise_unless(
                 (select count(*) from ${unnested(planned.draws, 's', [['drawId', 'int'], ['drawDate', 'date']])}
                    join draws x on x.id = s."drawId" and x.record_status = 1 and x.draw_date = s."drawDate" and x.cutoff_at > ${planned.lockedAt.toISOString()}::timestamptz)
                   = ${planned.draws.length}::int
                 and (select count(*) from ${unnested(planned.owners, 's', [['userId', 'int'], ['status', 'text'], ['recordStatus', 'int'], ['creditLimit', 'bigint'], ['creditType', 'text']])}
                      join users u on u.id = s."userId" and u.status = s.status and u.record_status = s."recordStatus"
                                  and u.credit_limit = s."creditLimit" and u.credit_type = s."creditType")
                   = ${planned.owners.length}::int,
                 '40001', 'a draw or an owner changed while the batch waited for its locks') as unchanged,
               set_config(${COMMITTABLE}, 'yes', true) as committable`,
  );
}
