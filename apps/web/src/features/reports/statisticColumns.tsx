import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { POOLS } from '@app/domain';

/** The pool of a statistic's row, named in the reader's language. */
export const poolColumn = (t: TFunction) => ({
  title: t('reports.pool'),
  dataIndex: 'poolId',
  key: 'poolId',
  render: (id: number) => t(`admin.pools.${id}`, { defaultValue: POOLS.find((p) => p.id === id)?.name ?? String(id) }),
});

/** The totals row under a statistic's three key columns (date, pool, code). */
export function StatisticTotals({ cells, testId }: { cells: (string | number)[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={3}>
        <strong>{t('reports.total')}</strong>
      </Table.Summary.Cell>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={i + 3} align="right">
          <strong>{c}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
