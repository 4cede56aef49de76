// The credit ledger (docs/decisions/0004-credit-model.md): one wallet per main account, a double-entry
// journal that is append-only and sums to zero per transaction, balances cached beside it.
import { availableCredit, RoleId } from '@app/domain';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { pipelinedTransaction, type PipelinedTx } from '../../platform/pipelined';
import * as q from './queries';

/** A locked wallet with its account's credit fields. */
export type Wallet = q.WalletRow & Omit<q.CreditRow, 'userId'>;

// ---- transactions that survive lock contention ----

const RETRYABLE = new Set(['40P01', '40001']);

/** The PostgreSQL error code of an error, looking through driver and drizzle wrappers. */
export function pgCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** How often runTransaction started over, by error code (for tests and benchmarks). */
export const retryStats: Record<string, number> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in one database transaction and runs it again, from the start, when PostgreSQL reports a
 * deadlock (40P01) or a serialization failure (40001): those are the database's way to say "try again",
 * and the user should never see them. Wallets are locked in ascending id order, so retries are rare.
 */
export function runTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 6): Promise<T> {
  return retrying(() => db.transaction(fn), attempts);
}

/** runTransaction for a transaction of few large statements, BEGIN and COMMIT sent with them (platform/pipelined.ts). */
export function runPipelinedTransaction<T>(db: Db, fn: (p: PipelinedTx) => Promise<T>, attempts = 6): Promise<T> {
  return retrying(() => pipelinedTransaction(db, fn), attempts);
}

async function retrying<T>(transaction: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (e) {
      const code = pgCode(e);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw e;
      retryStats[code] = (retryStats[code] ?? 0) + 1;
      await sleep(Math.floor(Math.random() * 10 * attempt) + 1);
    }
  }
}

// ---- wallets ----

/**
 * The wallets of these main accounts, created if missing and locked (SELECT ... FOR UPDATE) in ascending
 * wallet id order for the rest of the transaction, with their accounts' credit fields read after the
 * locks are held. Keyed by user id.
 *
 * Missing wallets are created before any wallet is locked. A new row is held by its creator until it
 * commits, and it has the highest id: creating it after taking locks on older wallets would break the
 * ascending order (two first payments to one new account could then deadlock). Created first, the only
 * transactions that wait for it are other creators, and those hold no wallet locks yet.
 */
export async function lockWallets(tx: Tx, userIds: number[]): Promise<Map<number, Wallet>> {
  const wanted = [...new Set(userIds)];
  const existing = new Set(await q.existingWallets(tx, wanted));
  const missing = wanted.filter((id) => !existing.has(id));
  if (missing.length > 0) await q.createWallets(tx, missing);
  const locked = await q.lockWallets(tx, wanted);
  const credit = new Map((await q.creditRows(tx, wanted)).map((c) => [c.userId, c]));
  const map = new Map<number, Wallet>();
  for (const w of locked) {
    const c = credit.get(w.userId)!;
    map.set(w.userId, { ...c, id: w.id, userId: w.userId, balance: Number(w.balance) });
  }
  for (const id of wanted) if (!map.has(id)) throw new Error(`no wallet for user ${id} (not a main account?)`);
  return map;
}

/** The super admin is the source of credit: its wallet may go below zero without bound. */
export const isCreditSource = (w: { roleId: number }) => w.roleId === RoleId.SuperAdmin;

/**
 * Credit an account may still use, in cents (packages/domain): postpaid may owe up to its limit
 * (limit + balance), prepaid spends its balance. Stakes of open tickets are journal debits, so they are
 * already in the balance.
 */
export { availableCredit };

export interface WalletSummary {
  userId: number;
  /** null until the account's first movement of credit. */
  walletId: number | null;
  balance: number;
  creditLimit: number;
  creditType: string;
  availableCredit: number;
}

/**
 * Balances and available credit of accounts, for listings and detail screens (other modules call this).
 * An account without a wallet yet has balance 0.
 */
export async function walletSummaries(
  db: DbOrTx,
  accounts: { userId: number; creditLimit: number; creditType: string }[],
): Promise<Map<number, WalletSummary>> {
  const wallets = await q.readWallets(
    db,
    accounts.map((a) => a.userId),
  );
  const byUser = new Map(wallets.map((w) => [w.userId, w]));
  return new Map(
    accounts.map((a) => {
      const w = byUser.get(a.userId);
      const b = w ? Number(w.balance) : 0;
      return [a.userId, { ...a, walletId: w?.id ?? null, balance: b, availableCredit: availableCredit({ ...a, balance: b }) }];
    }),
  );
}

// ---- postings ----

export interface Posting {
  at: Date;
  /** transfer, receive, auto-transfer (later: stake, void, commission, winning, draw-payment, reversal). */
  kind: string;
  /** The logged-in user who caused it (a sub-account's own id), or null for the system. */
  initiatedBy: number | null;
  companyId?: number | null;
  memo?: string | null;
  lines: q.PostingLine[];
}

/**
 * Appends one journal transaction: the entries must sum to zero (the database refuses the commit
 * otherwise) and each account may appear once. The caller holds the wallets' locks (lockWallets).
 * Returns the transaction id and each account's balance after.
 */
/** What every journal transaction must be before it is written (the database refuses it too). */
export function assertPostable(p: Pick<Posting, 'lines'>) {
  if (p.lines.length < 2) throw new Error('a journal transaction needs two entries at least');
  if (new Set(p.lines.map((l) => l.accountId)).size !== p.lines.length) throw new Error('one entry per account');
  if (p.lines.reduce((s, l) => s + l.amount, 0) !== 0) throw new Error('journal transaction does not balance');
  if (p.lines.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) throw new Error('amounts are non-zero integer cents');
}

export async function post(tx: Tx, p: Posting): Promise<{ transactionId: number; balanceAfter: Map<number, number> }> {
  assertPostable(p);
  const entries = await q.insertPosting(tx, {
    at: p.at,
    kind: p.kind,
    initiatedBy: p.initiatedBy,
    companyId: p.companyId ?? null,
    memo: p.memo ?? null,
    lines: p.lines,
  });
  if (entries.length !== p.lines.length) throw new Error('a journal line named an unknown wallet');
  return {
    transactionId: Number(entries[0].transactionId),
    balanceAfter: new Map(entries.map((e) => [Number(e.accountId), Number(e.balanceAfter)])),
  };
}

// ---- the check that runs after every test scenario ----

export interface LedgerViolation {
  kind: 'unbalanced-transaction' | 'cached-balance' | 'running-balance' | 'global-sum' | 'orphan-row';
  detail: Record<string, unknown>;
}

/**
 * Proves the ledger's invariants: every journal transaction sums to zero; every cached balance equals
 * the sum of its entries; every entry's balance_after is the running sum of its account; and the
 * balances of all wallets sum to zero (money is only ever moved, never made); and every bet line has its
 * ticket and draw and every eat share its bet line (those tables keep no foreign keys, decision 0008).
 * Returns the violations.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  for (const r of await q.unbalancedTransactions(db)) {
    out.push({ kind: 'unbalanced-transaction', detail: { transactionId: Number(r.transactionId), sum: Number(r.sum) } });
  }
  for (const r of await q.cacheMismatches(db)) {
    out.push({ kind: 'cached-balance', detail: { accountId: r.accountId, balance: Number(r.balance), entries: Number(r.entries) } });
  }
  for (const r of await q.runningBalanceBreaks(db)) {
    out.push({ kind: 'running-balance', detail: { entryId: Number(r.entryId), accountId: r.accountId, balanceAfter: Number(r.balanceAfter), running: Number(r.running) } });
  }
  const total = await q.totalOfBalances(db);
  if (total !== 0) out.push({ kind: 'global-sum', detail: { total } });
  for (const r of await q.orphanRows(db)) out.push({ kind: 'orphan-row', detail: r });
  return out;
}
