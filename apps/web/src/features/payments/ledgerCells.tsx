import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreditLimitChangeKind } from '@app/contract';
import { formatCents } from '../../ui/text';

// Cells shared by the payment history, the credit log and a player's statement, where transfers, journal
// entries and credit limit changes stand in one list.

const JOURNAL_COLOR: Record<string, string> = { transfer: 'blue', receive: 'purple', 'auto-transfer': 'cyan', stake: 'gold', void: 'green', settlement: 'geekblue', winning: 'magenta', reversal: 'volcano' };

export function JournalKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Tag color={JOURNAL_COLOR[kind] ?? 'default'}>{t(`creditLog.kinds.${kind}`, { defaultValue: kind })}</Tag>;
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
