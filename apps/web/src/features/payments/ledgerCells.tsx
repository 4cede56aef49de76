import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CreditLimitChangeKind } from '@app/contract';
import { parseLedgerMemo, SEEDED_POOLS } from '@app/domain';
import { formatCents } from '../../ui/text';
import { poolName } from '../admin/pools';

// Cells shared by the payment history, the credit log and a player's statement, where transfers, journal
// entries and credit limit changes stand in one list.

const JOURNAL_COLOR: Record<string, string> = { transfer: 'blue', receive: 'purple', 'auto-transfer': 'cyan', stake: 'gold', void: 'green', settlement: 'geekblue', winning: 'magenta', reversal: 'volcano' };

export function JournalKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Tag color={JOURNAL_COLOR[kind] ?? 'default'}>{t(`words.kinds.${kind}`, { defaultValue: t(`creditLog.kinds.${kind}`, { defaultValue: kind }) })}</Tag>;
}

/**
 * A journal transaction's memo in the reader's language: the system's memos (packages/domain ledgerMemos,
 * old rows too) by their code and parameters, a seeded pool by its name in the language; a memo a user
 * typed as typed (a posting payment's typed remark after the words).
 */
export function memoText(t: TFunction, kind: string, memo: string | null | undefined): string {
  const m = parseLedgerMemo(kind, memo);
  if (!m) return memo ?? '';
  const p = m.params;
  const pool = p.pool ? SEEDED_POOLS.find((x) => x.name === p.pool) : undefined;
  const text = t(`words.memo.${m.code}`, {
    ...p,
    pool: pool ? poolName(t, pool.id, p.pool) : (p.pool ?? ''),
    round: p.round && p.round > 1 ? t('words.memo.round', { round: p.round }) : '',
  });
  return p.remark ? `${text}: ${p.remark}` : text;
}

export function MemoCell({ kind, memo }: { kind: string; memo: string | null | undefined }) {
  const { t } = useTranslation();
  const text = memoText(t, kind, memo);
  return text ? <span data-testid="ledger-memo">{text}</span> : <>-</>;
}

export function LimitChangeTag({ change }: { change: CreditLimitChangeKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={change === 'admin' ? 'volcano' : 'orange'} data-testid="limit-change-tag">
      {t(`payment.limitChanges.${change}`)}
    </Tag>
  );
}

/** A credit limit change: before → after, the difference beneath. */
export function LimitChangeCell({ before, after }: { before: number; after: number }) {
  const diff = after - before;
  return (
    <span data-testid="limit-change">
      {formatCents(before)} → <strong>{formatCents(after)}</strong>{' '}
      <Typography.Text type="secondary" className={diff < 0 ? 'amount-negative' : 'amount-positive'}>
        ({diff > 0 ? '+' : ''}
        {formatCents(diff)})
      </Typography.Text>
    </span>
  );
}

/** A signed amount: green when credit comes in, red when it goes out. */
export function SignedAmount({ cents }: { cents: number }) {
  return <span className={cents < 0 ? 'amount-negative' : 'amount-positive'}>{cents > 0 ? `+${formatCents(cents)}` : formatCents(cents)}</span>;
}
