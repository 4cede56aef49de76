// Auto transfer (SPEC 3 "auto transfer with frequency and day of week"): once per business date, every
// account due that day settles its wallet to zero against its upline. Claimed through job_runs, so that
// with several server processes on one database each period runs once; set-based SQL, one transaction.
import { sql } from 'drizzle-orm';
import { ledgerMemoText } from '@app/domain';
import type { Deps } from '../../platform/http';
import { dayOfWeek } from '../../platform/businessTime';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';

export const AUTO_TRANSFER_JOB = 'auto-transfer';

export interface AutoTransferResult {
  /** False when another run (this process or another) already claimed the period. */
  ran: boolean;
  period: string;
  accounts: number;
  /** Total cents moved, both directions. */
  moved: number;
}

/** Depth of an account in the hierarchy from its materialised path ("/1/7/12/" is 3). */
const depth = sql`(length(u.path) - length(replace(u.path, '/', '')) - 1)`;

/**
 * Settles the accounts due on `businessDate` (YYYY-MM-DD in the business time zone): daily ones every
 * date, weekly ones when the date's weekday is their autoTransferDay. A positive balance goes back to
 * the upline (payment type 2, receive credit), a negative one is topped up from the upline (type 1,
 * transfer credit) whatever the upline's available credit, so the period closes at zero. Journal kind
 * 'auto-transfer', payments initiated by the upline, one audit row per account (actor: the system).
 * The deepest accounts settle first, so an agent's own settlement includes what its players settled.
 */
export async function runAutoTransfer(deps: Deps, businessDate: string): Promise<AutoTransferResult> {
  const at = deps.clock.now();
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const dow = dayOfWeek(businessDate);
  const due = sql`u.auto_transfer and u.is_main_account and u.record_status <> 2 and u.upline_id is not null
    and (u.auto_transfer_frequency = 1 or (u.auto_transfer_frequency = 0 and u.auto_transfer_day = ${dow}))`;
  const memo = ledgerMemoText('autoTransfer', { date: businessDate });

  return runTransaction(deps.db, async (tx) => {
    // The claim: a second process blocks here until the first commits, then finds the period taken.
    // Should this transaction fail, the claim goes with it and the next check runs the period again.
    const claimed = await rows<{ job: string }>(
      tx,
      sql`insert into job_runs (job, period, claimed_at) values (${AUTO_TRANSFER_JOB}, ${businessDate}, ${atSql})
          on conflict do nothing returning job`,
    );
    if (claimed.length === 0) return { ran: false, period: businessDate, accounts: 0, moved: 0 };

    // Uplines of due accounts that hold a wallet get one too (an upline changed since the last period).
    await tx.execute(sql`
      insert into ledger_accounts (user_id, company_id, balance)
      select distinct up.id, up.company_id, 0::bigint from users u
      join ledger_accounts w on w.user_id = u.id
      join users up on up.id = u.upline_id
      where ${due} and up.is_main_account
      on conflict do nothing`);
    // Every wallet this run touches, locked in ascending id order like every other posting.
    await tx.execute(sql`
      select l.id from ledger_accounts l
      where l.user_id in (select u.id from users u where ${due} union select u.upline_id from users u where ${due})
      order by l.id for update`);

    const depths = await rows<{ d: number }>(
      tx,
      sql`select distinct ${depth} as d from users u join ledger_accounts w on w.user_id = u.id
          where ${due} and w.balance <> 0 order by d desc`,
    );
    let accounts = 0;
    let moved = 0;
    for (const { d } of depths) {
      // One statement per level: transaction ids drawn up front, entries with running balances for
      // uplines settling several downlines, cached balances, payments and audit rows.
      const [r] = await rows<{ n: number; moved: string }>(
        tx,
        sql`with d as materialized (
              select u.id as user_id, u.upline_id, u.company_id, w.id as wallet_id, w.balance as b,
                     uw.id as up_wallet_id, uw.balance as up_balance,
                     nextval(pg_get_serial_sequence('journal_transactions', 'id')) as tx_id
              from users u
              join ledger_accounts w on w.user_id = u.id
              join ledger_accounts uw on uw.user_id = u.upline_id
              where ${due} and ${depth} = ${Number(d)} and w.balance <> 0
            ),
            ins_tx as (
              insert into journal_transactions (id, at, kind, initiated_by, company_id, memo)
              select tx_id, ${atSql}, 'auto-transfer', upline_id, company_id, ${memo} from d
            ),
            legs as (
              select tx_id, wallet_id as account_id, -b as amount, 0::bigint as balance_after, company_id from d
              union all
              select tx_id, up_wallet_id, b,
                     up_balance + sum(b) over (partition by up_wallet_id order by tx_id rows unbounded preceding),
                     company_id
              from d
            ),
            ins_e as (
              insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
              select tx_id, account_id, amount, balance_after, company_id, ${atSql} from legs
            ),
            upd as (
              update ledger_accounts l set balance = l.balance + s.delta, updated_at = ${atSql}
              from (select account_id, sum(amount) as delta from legs group by account_id) s
              where l.id = s.account_id
            ),
            ins_p as (
              insert into payments (type, amount, target_user_id, initiate_user_id, initial_amount, final_amount,
                                    transaction_id, remark, at)
              select case when b > 0 then 2 else 1 end, abs(b), user_id, upline_id, b, 0, tx_id, ${memo}, ${atSql} from d
            ),
            ins_a as (
              insert into audit_log (at, actor_user_id, action, target_type, target_id, before, after)
              select ${atSql}, null, 'payment.auto-transfer', 'user', user_id::text,
                     jsonb_build_object('balance', b),
                     jsonb_build_object('balance', 0, 'amount', abs(b), 'transactionId', tx_id, 'period', ${businessDate}::text)
              from d
            )
            select count(*)::int as n, coalesce(sum(abs(b)), 0)::text as moved from d`,
      );
      accounts += Number(r.n);
      moved += Number(r.moved);
    }

    const result = { accounts, moved };
    await tx.execute(sql`
      update job_runs set finished_at = ${atSql}, result = ${JSON.stringify(result)}::jsonb
      where job = ${AUTO_TRANSFER_JOB} and period = ${businessDate}`);
    return { ran: true, period: businessDate, ...result };
  });
}
