import type { ReactNode } from 'react';
import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { knownPool } from '../../api/knownPools';

/** The pool of a statistic's row, named in the reader's language. */
export const poolColumn = (t: TFunction) => ({
  title: t('reports.pool'),
  dataIndex: 'poolId',
  key: 'poolId',
  // A name, not a figure: not sorted.
  sorter: false as const,
  render: (id: number) => t(`admin.pools.${id}`, { defaultValue: knownPool(id)?.name ?? String(id) }),
});

/** A report table's totals row: bold cells, the figures (from `rightFrom` on) right-aligned. */
export const totalsRow = (cells: ReactNode[], testId: string, rightFrom = 2) => (
  <Table.Summary fixed>
    <Table.Summary.Row data-testid={testId}>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={i} align={i >= rightFrom ? 'right' : undefined}>
          <strong>{c}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  </Table.Summary>
);
