// The two statements of placing a batch of tickets. The hot path of the product: in the half hour
// before a draw closes agents paste thousands of tickets, and each round trip to the database costs as
// much as the work in it, so the tickets that arrive together are read, locked and written together in
// two statements whatever their number (decisions 0007, 0062):
//  1. reads: claims the idempotency keys, draws the tickets' and bet lines' ids and numbers, locks the
//     owners' wallets and (shared) the draws, and reads the chains, the draws, the packages, the chains'
//     risk settings and what they have eaten so far;
//  2. write: the tickets, their inbox rows, their lines and shares, the summaries and the stored answers
//     of the idempotency keys; then, holding their locks only from there to the commit, the eaten totals
//     (the batch starts over if one moved further than its shares allow), the number queue and the
//     journal postings.
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
import type { ChainRow, RiskSettings } from './queries';

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
  /** The bet lines' ids, as many as the tickets may expand to. */
  lineIds: number[];
  /**
   * What the chains' amount accounts had eaten on the candidate keys of the read draws, by
   * `userId|drawId|key`, as committed when the read began (not locked: the write checks them).
   */
  totals: Map<string, number>;
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
    /** Every limit key the lines may count against, under each limit method (1, 2, 3). */
    limitKeys: Record<1 | 2 | 3, string[]>;
    /** How many bet lines the tickets expand to at most. */
    lineCount: number;
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
    Omit<BatchReads, 'claimed' | 'packages' | 'wallets' | 'ticketIds' | 'lineIds' | 'totals'> & {
      claimed: [number, string][];
      ticketIds: (string | number)[];
      lineIds: (string | number)[];
      totals: [number, number, string, number | string][];
      drawLocks: number;
      drawsRead: number;
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
        ),
        nd as materialized (${
          a.nextPools.length
            ? sql`select * from (select ${drawCols}, row_number() over (partition by d.pool_id order by d.draw_date) as rank
                                 from draws d join pools p on p.id = d.pool_id
                                 where d.pool_id = any(${ints(a.nextPools)}) and d.record_status = 1 and d.cutoff_at > ${now}) r
                 where rank <= ${a.maxNext}`
            : sql`select ${drawCols}, 0 as rank from draws d join pools p on p.id = d.pool_id where false`
        }),
        dd as materialized (${
          a.dates.length && a.datedPools.length
            ? sql`select ${drawCols} from draws d join pools p on p.id = d.pool_id
                 where d.pool_id = any(${ints(a.datedPools)}) and d.draw_date = any(${texts(a.dates)}::date[])`
            : sql`select ${drawCols} from draws d join pools p on p.id = d.pool_id where false`
        }),
        draw_ids as materialized (select "drawId" as id from nd union select "drawId" from dd),
        -- Shared, in id order: a draw is not moved or cancelled while a batch sells on it (draws/queries.ts).
        -- The write, a later statement, sees every change committed before these were granted.
        draw_locks as materialized (select count(pg_advisory_xact_lock_shared(${DRAW_LOCK_CLASS}::int, id)) as n from (select id from draw_ids order by id) x)
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
          ${json(sql`select "drawId", "poolId", "drawDate", "recordStatus", "cutoffAt", "poolActive" from nd order by "drawDate", "poolId"`)} as "nextDraws",
          ${json(sql`select * from dd`)} as "datedDraws",
          (select n from draw_locks)::int as "drawLocks",
          (select count(*) from draw_ids)::int as "drawsRead",
          array(select nextval('bet_lines_id_seq') from generate_series(1, ${a.lineCount}::int)) as "lineIds",
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
                     where status = 0 and owner_user_id = any(${ids}) and number = any(${texts(a.numbers)})`)} as blocked,
          -- Read after the draw locks were granted (the statement's order), without a lock of its own: each
          -- amount account's keys under its limit method, each found by the primary key (a subquery per key:
          -- no estimate of a table growing by the second makes it a scan).
          (select coalesce(json_agg(json_build_array(c.user_id, c.draw_id, c.key, c.amount)), '[]')
           from (select s.user_id, d.id as draw_id, k.key,
                        (select t.amount from eaten_totals t where t.user_id = s.user_id and t.draw_id = d.id and t.key = k.key) as amount
                 from eat_settings s
                 cross join draw_ids d
                 cross join lateral unnest(case coalesce(s.limit_method, 1) when 3 then ${texts(a.limitKeys[3])} when 2 then ${texts(a.limitKeys[2])}
                                           else ${texts(a.limitKeys[1])} end) as k(key)
                 where s.user_id = any(${ids}) and s.eat_type = 'amount' and (select n from draw_locks) >= 0
                 offset 0) c
           where c.amount is not null) as totals`
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
  if (row.drawLocks !== row.drawsRead) throw new Error('a draw lock was not taken');
  return {
    ...row,
    claimed: new Set(row.claimed.map(([u, k]) => `${u}|${k}`)),
    ticketIds: row.ticketIds.map(Number),
    lineIds: row.lineIds.map(Number),
    totals: new Map(row.totals.map(([u, d, k, amount]) => [`${u}|${d}|${k}`, Number(amount)])),
    packages,
    wallets: new Map(row.wallets.map((w) => [Number(w.userId), { id: Number(w.id), balance: Number(w.balance) }])),
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
  /**
   * What the batch ate per total its shares counted against (0 where a limit was already reached), what
   * the read found there, and how far the total may have moved since with the shares still right
   * (tolerableDrift; null: no bound).
   */
  eaten: { userId: number; drawId: number; key: string; amount: number; read: number; min: number | null; max: number | null }[];
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
 * transaction: its owner's wallet pays the net to open stakes. The rows nothing else waits for are written
 * first; then the eaten totals, the number queue and the open-stakes accounts are locked, in that order (a
 * void's), and held only for the rest of the statement and the commit. The statement fails, and nothing is
 * committed, if anything was not written, if a total moved since the read further than the batch's shares
 * allow, or if anything else planned with changed meanwhile.
 */
export async function writeBatch(p: PipelinedTx, w: BatchWrite, planned: PlannedWith): Promise<void> {
  const at = sql`${w.at.toISOString()}::timestamptz`;
  // In key order: two batches lock the totals they share in the same order.
  const eaten = [...w.eaten].sort((a, b) => a.userId - b.userId || a.drawId - b.drawId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await p.rowsThenCommit(
    'place_write',
    sql`with tk0 as materialized (
          select x.*, nextval('journal_transactions_id_seq') as tx_id
          from ${unnested(w.tickets, 'x', [['id', 'bigint'], ['ticketNo', 'text'], ['xid', 'uuid'], ['userId', 'int'], ['placedBy', 'int'], ['companyId', 'int'],
               ['sourceType', 'int'], ['inboxString', 'text'], ['receiptString', 'text'], ['pageInfo', 'text'], ['customerPhone', 'text'],
               ['gross', 'bigint'], ['commission', 'bigint'], ['net', 'bigint'], ['walletId', 'int'], ['stakesId', 'int'],
               ['rateChainNormal', 'int'], ['rateChainGd', 'int']])}
        ),
        tk as (
          insert into tickets (id, ticket_no, xid, user_id, placed_by, company_id, source_type, ordered_at, inbox_string, receipt_string,
                               page_info, customer_phone, gross, commission, net, transaction_id, rate_chain_normal, rate_chain_gd)
          select "id", "ticketNo", "xid", "userId", "placedBy", "companyId", "sourceType", ${at}, "inboxString", "receiptString",
                 "pageInfo", "customerPhone", "gross", "commission", "net", tx_id, "rateChainNormal", "rateChainGd"
          from tk0
          returning 1
        ),
        -- The inbox (decision 0029): each ticket's text as received, with the ticket it became.
        ib as (
          insert into inbox_texts (company_id, user_id, placed_by, source_type, received_at, text, accepted, ticket_id)
          select "companyId", "userId", "placedBy", "sourceType", ${at}, left(coalesce("inboxString", "receiptString"), 100000), true, "id"
          from tk0
          returning 1
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
          returning 1
        ),
        es0 as materialized (
          select * from ${unnested(w.shares, 'x', [['betLineId', 'bigint'], ['userId', 'int'], ['drawId', 'int'], ['amount', 'bigint'], ['limitKey', 'text']])}
        ),
        es as (
          insert into eat_shares (bet_line_id, user_id, draw_id, amount, limit_key)
          select "betLineId", "userId", "drawId", "amount", "limitKey" from es0
          returning 1
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
          returning 1
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
        ),
        -- Everything above is written before any lock below is asked for (each scan below waits for this one).
        written as materialized (
          select (select count(*) from tk) + (select count(*) from ib) + (select count(*) from bl) + (select count(*) from es)
                 + (select count(*) from ss) + (select count(*) from ik) as n,
                 (select count(*) from sm_sales) + (select count(*) from sm_map) as summaries
        ),
        et0 as materialized (
          select * from ${unnested(eaten, 'd', [['userId', 'int'], ['drawId', 'int'], ['key', 'text'], ['amount', 'bigint'], ['read', 'bigint'], ['min', 'bigint'], ['max', 'bigint']])}
        ),
        -- The totals, created or locked in key order; "on conflict" finds each by its primary key and adds to
        -- its latest value, where an update joined to them would leave the planner a choice.
        et as (
          insert into eaten_totals as et (user_id, draw_id, key, amount)
          select "userId", "drawId", "key", "amount" from et0
          where (select n + summaries from written) >= 0
          order by 1, 2, 3
          on conflict (user_id, draw_id, key) do update set amount = et.amount + excluded.amount
          returning et.user_id, et.draw_id, et.key, et.amount
        ),
        -- Each total as it was before this batch added to it, against what the read found.
        drift as materialized (
          select count(*) as n,
                 count(*) filter (where (d."min" is null or et.amount - d."amount" - d."read" >= d."min")
                                    and (d."max" is null or et.amount - d."amount" - d."read" <= d."max")) as held
          from et join et0 d on d."userId" = et.user_id and d."drawId" = et.draw_id and d."key" = et.key
        ),
        nq as (
          -- A number whose limit is reached is blocked for that account until an admin unblocks it (once:
          -- a number already blocked, by a batch before or beside this one, is left as it is).
          insert into number_queue (owner_user_id, pool_id, draw_date, number, bet_code, reason, status, created_at)
          select "userId", "poolId", "drawDate", "number", "betCode", 'limit-reached', 0, ${at}
          from ${unnested(w.queued, 'x', [['userId', 'int'], ['poolId', 'int'], ['drawDate', 'date'], ['number', 'text'], ['betCode', 'text']])}
          where (select n from drift) >= 0
          on conflict (owner_user_id, pool_id, draw_date, number, bet_code) where status = 0 do nothing
          returning 1
        ),
        ${manyPostingsCtes(
          w.at,
          'stake',
          sql`select tx_id, "placedBy" as initiated_by, "companyId" as company_id, null as memo from tk0`,
          // After the totals and the queue: the open-stakes accounts are locked last.
          sql`select tx_id, "walletId" as account_id, -"net" as amount from tk0 where (select count(*) from nq) >= 0
              union all select tx_id, "stakesId", "net" from tk0 where (select count(*) from nq) >= 0`,
        )}
        -- A journal line naming an unknown wallet, a row not written, an amount eaten not added (later tickets
        -- would eat past a limit) or an answer not stored (its key would stay pending for ever) fails the batch.
        select raise_unless((select count(*) from e) = ${2 * w.tickets.length}::int
                              and (select n from written) = ${2 * w.tickets.length + w.lines.length + w.shares.length + w.settleSums.length + w.answers.length}::int
                              and (select n from drift) = ${eaten.length}::int,
                            'XX000', 'a journal line, a row, an eaten total or an idempotency answer was not written') as written,
               -- A total moved by another batch since the read, further than this batch's shares allow: the
               -- batch starts over (40001) and plans against the totals as they are now.
               raise_unless((select held from drift) = ${eaten.length}::int, '40001', 'an eaten total moved while the batch was planned') as held,
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
