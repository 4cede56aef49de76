// The journal's guarantees, enforced by the database itself and proved by checkLedger.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { idempotent } from '../src/modules/ledger/idempotency';
import { availableCredit, checkLedger, lockWallets, pgCode, post, runTransaction, walletSummaries } from '../src/modules/ledger/service';
import { businessDateOf, businessMinuteOfDay, dayOfWeek, formatBusinessDateTime } from '../src/platform/businessTime';
import { centsToDecimal } from '../src/modules/payments/service';
import type { Tx } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let a: number;
let b: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.createUser({ username: 'ledgera', roleId: RoleId.Company, uplineId: 1, creditLimit: 1_000 });
  b = await t.createUser({ username: 'ledgerb', roleId: RoleId.Multilevel, uplineId: a, creditLimit: 500 });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

/** A balanced posting between the wallets of a and b, through the service. */
async function transfer(amount: number, inTx?: Tx) {
  const run = async (tx: Tx) => {
    const w = await lockWallets(tx, [a, b]);
    return post(tx, {
      at: t.clock.now(),
      kind: 'transfer',
      initiatedBy: a,
      lines: [
        { accountId: w.get(a)!.id, amount: -amount },
        { accountId: w.get(b)!.id, amount },
      ],
    });
  };
  return inTx ? run(inTx) : runTransaction(t.db, run);
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
};

describe('wallets and postings', () => {
  it('creates wallets lazily, posts both entries with post-balances and moves the cached balances', async () => {
    expect(await rows(t.db, sql`select 1 from ledger_accounts where user_id in (${a}, ${b})`)).toEqual([]);
    const first = await transfer(300);
    const second = await transfer(-100);
    const [wa] = await rows<{ id: number; balance: number }>(t.db, sql`select id, balance from ledger_accounts where user_id = ${a}`);
    const [wb] = await rows<{ id: number; balance: number }>(t.db, sql`select id, balance from ledger_accounts where user_id = ${b}`);
    expect([Number(wa.balance), Number(wb.balance)]).toEqual([-200, 200]);
    expect(first.balanceAfter.get(wb.id)).toBe(300);
    expect(second.balanceAfter.get(wb.id)).toBe(200);
    expect(second.balanceAfter.get(wa.id)).toBe(-200);
    const summaries = await walletSummaries(t.db, [
      { userId: a, creditLimit: 1_000, creditType: 'postpaid' },
      { userId: b, creditLimit: 500, creditType: 'prepaid' },
      { userId: 9_999, creditLimit: 7, creditType: 'postpaid' },
    ]);
    expect(summaries.get(a)).toMatchObject({ balance: -200, availableCredit: 800 });
    expect(summaries.get(b)).toMatchObject({ balance: 200, availableCredit: 200 });
    expect(summaries.get(9_999)).toMatchObject({ walletId: null, balance: 0, availableCredit: 7 });
  });

  it('computes available credit: postpaid limit + balance, prepaid balance', () => {
    expect(availableCredit({ creditType: 'postpaid', creditLimit: 1_000, balance: -300 })).toBe(700);
    expect(availableCredit({ creditType: 'prepaid', creditLimit: 1_000, balance: 300 })).toBe(300);
    expect(availableCredit({ creditType: 'prepaid', creditLimit: 1_000, balance: -5 })).toBe(-5);
  });

  it('refuses, before touching the database, postings that do not balance or repeat an account', async () => {
    await expect(
      runTransaction(t.db, async (tx) => {
        const w = await lockWallets(tx, [a, b]);
        return post(tx, { at: t.clock.now(), kind: 'transfer', initiatedBy: a, lines: [{ accountId: w.get(a)!.id, amount: -5 }, { accountId: w.get(b)!.id, amount: 4 }] });
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      runTransaction(t.db, async (tx) => {
        const w = await lockWallets(tx, [a]);
        return post(tx, { at: t.clock.now(), kind: 'transfer', initiatedBy: a, lines: [{ accountId: w.get(a)!.id, amount: -5 }, { accountId: w.get(a)!.id, amount: 5 }] });
      }),
    ).rejects.toThrow(/one entry per account/);
  });

  it('gives sub-accounts no wallet', async () => {
    const staff = await t.createUser({ username: 'ledgerstaff', roleId: RoleId.Company, mainAccountId: a });
    await expect(runTransaction(t.db, (tx) => lockWallets(tx, [staff]))).rejects.toThrow(/no wallet/);
    expect(await rows(t.db, sql`select 1 from ledger_accounts where user_id = ${staff}`)).toEqual([]);
  });
});

describe('the database guards the journal', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of journal entries, transactions and payments', async () => {
    await transfer(10);
    for (const stmt of [
      sql`update journal_entries set amount = amount + 1`,
      sql`delete from journal_entries`,
      sql`truncate journal_entries`,
      sql`update journal_transactions set kind = 'x'`,
      sql`delete from journal_transactions`,
      sql`truncate journal_transactions cascade`,
    ]) {
      const e = await failure(t.db.execute(stmt));
      expect(String((e as { cause?: Error }).cause?.message ?? e)).toMatch(/append-only/);
    }
    await t.db.execute(sql`insert into payments (type, amount, target_user_id, initiate_user_id, initial_amount, final_amount, transaction_id, at)
      select 1, 10, ${b}, ${a}, 0, 10, max(id), now() from journal_transactions`);
    await expect(t.db.execute(sql`update payments set amount = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from payments`)).rejects.toThrow();
  });

  it('refuses at commit a journal transaction whose entries do not sum to zero, and keeps nothing of it', async () => {
    const [before] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_transactions`);
    const e = await failure(
      t.db.transaction(async (tx) => {
        const w = await lockWallets(tx, [a, b]);
        const [jt] = await rows<{ id: number }>(tx, sql`insert into journal_transactions (at, kind) values (now(), 'broken') returning id`);
        await tx.execute(sql`insert into journal_entries (transaction_id, account_id, amount, balance_after, at)
          values (${jt.id}, ${w.get(a)!.id}, -50, 0, now()), (${jt.id}, ${w.get(b)!.id}, 49, 0, now())`);
        // Inside the transaction the insert itself succeeded: the check is deferred to the commit.
      }),
    );
    expect(pgCode(e)).toBe('23514');
    const [after] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_transactions`);
    expect(after.n).toBe(before.n);
  });

  it('checkLedger reports an unbalanced transaction, a wrong cached balance, a broken running balance and a non-zero total', async () => {
    // Inside a transaction that is rolled back: the commit check would refuse it anyway.
    const marker = new Error('rollback');
    const e = await failure(
      t.db.transaction(async (tx) => {
        const w = await lockWallets(tx, [a, b]);
        const [jt] = await rows<{ id: number }>(tx, sql`insert into journal_transactions (at, kind) values (now(), 'broken') returning id`);
        await tx.execute(sql`insert into journal_entries (transaction_id, account_id, amount, balance_after, at)
          values (${jt.id}, ${w.get(a)!.id}, -50, 12345, now())`);
        await tx.execute(sql`update ledger_accounts set balance = balance + 7 where id = ${w.get(b)!.id}`);
        const v = await checkLedger(tx);
        expect(v.map((x) => x.kind).sort()).toEqual(['cached-balance', 'cached-balance', 'global-sum', 'running-balance', 'unbalanced-transaction']);
        expect(v.find((x) => x.kind === 'unbalanced-transaction')!.detail).toEqual({ transactionId: jt.id, sum: -50 });
        expect(v.find((x) => x.kind === 'global-sum')!.detail).toEqual({ total: 7 });
        throw marker;
      }),
    );
    expect(e).toBe(marker);
  });

  it('checkLedger reports a bet line without its ticket or draw and an eat share without its bet line (no foreign keys there)', async () => {
    const marker = new Error('rollback');
    const e = await failure(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bet_lines (id, ticket_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number, bet_type, bet_code, stake, commission)
          values (-1, -1, ${a}, 1, -1, 1, '2026-11-25', '1234', '1234', 1, 'B', 100, 0)`);
        await tx.execute(sql`insert into eat_shares (bet_line_id, user_id, draw_id, amount) values (-2, ${a}, -1, 50)`);
        const v = await checkLedger(tx);
        expect(v).toEqual([
          { kind: 'orphan-row', detail: { table: 'bet_lines', id: -1 } },
          { kind: 'orphan-row', detail: { table: 'eat_shares', id: -2 } },
        ]);
        throw marker;
      }),
    );
    expect(e).toBe(marker);
  });
});

describe('transactions that retry', () => {
  it('runs the whole transaction again on a deadlock or serialization failure, and gives up on anything else', async () => {
    let calls = 0;
    const result = await runTransaction(t.db, async () => {
      calls++;
      if (calls === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      if (calls === 2) throw new Error('wrapped', { cause: { code: '40001' } });
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);

    calls = 0;
    await expect(runTransaction(t.db, async () => { calls++; throw Object.assign(new Error('unique'), { code: '23505' }); })).rejects.toThrow('unique');
    expect(calls).toBe(1);
    calls = 0;
    await expect(runTransaction(t.db, async () => { calls++; throw Object.assign(new Error('deadlock'), { code: '40P01' }); }, 3)).rejects.toThrow('deadlock');
    expect(calls).toBe(3);
  });
});

describe('idempotent()', () => {
  const call = (key: string, payload: unknown, work: (tx: Tx) => Promise<unknown>) =>
    runTransaction(t.db, (tx) => idempotent(tx, { userId: a, key, scope: 'Test/Call', payload, at: t.clock.now() }, work));

  it('stores the first answer, replays it, and refuses another payload under the same key', async () => {
    let runs = 0;
    const first = await call('key-00000001', { x: 1, y: [1, 2] }, async () => ({ run: ++runs }));
    const again = await call('key-00000001', { y: [1, 2], x: 1 }, async () => ({ run: ++runs }));
    expect(first).toEqual({ status: 200, body: { success: true, message: 'SUCCESS', data: { run: 1 }, code: 200 }, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
    await expect(call('key-00000001', { x: 2 }, async () => null)).rejects.toMatchObject({ status: 409, messageKey: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('keeps a business refusal with its key but rolls back what the refused call wrote', async () => {
    const [before] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_entries`);
    const refusal = await call('key-00000002', {}, async (tx) => {
      await transfer(1, tx);
      throw new AppError(422, 'VALIDATION_FAILED', { why: 'test' });
    });
    expect(refusal).toMatchObject({ status: 422, body: { success: false, message: 'VALIDATION_FAILED', data: { why: 'test' }, code: 422 } });
    expect((await call('key-00000002', {}, async () => 'later')).body).toEqual(refusal.body);
    const [after] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_entries`);
    expect(after.n).toBe(before.n);
  });

  it('keeps nothing when the call fails unexpectedly, so the key can be used again', async () => {
    await expect(
      call('key-00000003', {}, async (tx) => {
        await transfer(1, tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await call('key-00000003', {}, async () => 'fine')).body.data).toBe('fine');
  });
});

describe('business time and money formatting', () => {
  it('reads business dates and minutes in the configured zone', () => {
    const tz = 'Asia/Kuala_Lumpur';
    expect(businessDateOf(new Date('2026-11-22T15:59:00Z'), tz)).toBe('2026-11-22');
    expect(businessDateOf(new Date('2026-11-22T16:00:00Z'), tz)).toBe('2026-11-23');
    expect(businessMinuteOfDay(new Date('2026-11-22T16:05:00Z'), tz)).toBe(5);
    expect(formatBusinessDateTime(new Date('2026-11-22T16:05:09Z'), tz)).toBe('2026-11-23 00:05:09');
    expect(dayOfWeek('2026-11-22')).toBe(0); // a Sunday
    expect(dayOfWeek('2026-11-28')).toBe(6);
  });

  it('writes cents as plain decimals', () => {
    expect([0, 5, 100, 123_456, -1, -100_006].map(centsToDecimal)).toEqual(['0.00', '0.05', '1.00', '1234.56', '-0.01', '-1000.06']);
  });
});
