import { Grid, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreditLogItem } from '@app/contract';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import type { Paging } from './api';
import { JournalKindTag, LimitChangeCell, LimitChangeTag, MemoCell, SignedAmount } from './ledgerCells';

const journalOnly = (render: (r: Extract<CreditLogItem, { kind: 'journal' }>) => React.ReactNode) => (_: unknown, r: CreditLogItem) =>
  r.kind === 'journal' ? render(r) : '-';

/** One account's credit log: wallet entries with pre- and post-balance, and its credit limit changes. */
export function CreditLogTable({
  items,
  total,
  loading,
  paging,
  onPaging,
  testId,
}: {
  items: CreditLogItem[];
  total: number;
  loading: boolean;
  paging: Paging;
  onPaging: (p: Paging) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // A phone: the table fits the screen (cells wrap, the time on two lines) instead of scrolling sideways.
  const narrow = Grid.useBreakpoint().sm === false;
  const columns: TableColumnsType<CreditLogItem> = [
    { title: t('payment.at'), dataIndex: 'at', key: 'at', render: (v: string) => {
        const at = formatInstant(v, true);
        if (!narrow) return at;
        const [day, time] = at.split(' ');
        return (
          <>
            {day}
            <br />
            {time}
          </>
        );
      },
    },
    {
      title: t('payment.type'),
      key: 'type',
      render: (_: unknown, r) => (r.kind === 'journal' ? <JournalKindTag kind={r.type} /> : <LimitChangeTag change={r.change} />),
    },
    // A phone keeps the time, kind and amount (issue 28 line 8); the balance after from sm up, the rest from md.
    { title: t('creditLog.preBalance'), key: 'pre', align: 'right', responsive: ['md'], render: journalOnly((r) => formatCents(r.preBalance)) },
    { title: t('payment.amount'), key: 'amount', align: 'right', render: journalOnly((r) => <SignedAmount cents={r.amount} />) },
    { title: t('creditLog.postBalance'), key: 'post', align: 'right', responsive: ['sm'], render: journalOnly((r) => formatCents(r.postBalance)) },
    {
      title: t('payment.creditLimit'),
      key: 'limit',
      align: 'right',
      responsive: ['md'],
      render: (_: unknown, r) => (r.kind === 'creditLimit' ? <LimitChangeCell before={r.before} after={r.after} /> : ''),
    },
    { title: t('payment.initiatedBy'), dataIndex: 'initiatedBy', key: 'by', responsive: ['md'], render: (v: string | null) => v ?? t('creditLog.system') },
    { title: t('payment.remark'), key: 'remark', responsive: ['lg'], render: journalOnly((r) => <MemoCell kind={r.type} memo={r.remark} />) },
  ];
  return (
    <Table<CreditLogItem>
      rowKey={(r) => `${r.kind}-${r.id}`}
      size={narrow ? 'small' : 'middle'}
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={narrow ? undefined : { x: 'max-content' }}
      locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total,
        showSizeChanger: true,
        showTotal: (n) => t('common.total', { total: n }),
      }}
      onChange={(p) => onPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
      data-testid={testId}
    />
  );
}
