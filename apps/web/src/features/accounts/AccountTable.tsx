import type { ReactNode } from 'react';
import { Button, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '@app/contract';
import { RoleId } from '@app/domain';
import { formatCents } from '../../ui/text';
import type { Listing } from './api';
import { levelLabel, StatusTag } from './labels';
import { applyTableChange, PAGE_SIZES, sortOrderOf, type ListingState } from './listingState';
import { formatInstant } from '../../ui/time';

export interface AccountTableProps {
  data: Listing | undefined;
  loading: boolean;
  state: ListingState;
  onChange: (next: ListingState) => void;
  /** Opens an account's own downline (shown on usernames of accounts that have one). */
  onDrill?: (row: ListingRow) => void;
  actions?: (row: ListingRow) => ReactNode;
  actionsWidth?: number;
  testId: string;
}

/** The downline table of /account/manage and /company/manage: server-side paging and sorting. */
export function AccountTable({ data, loading, state, onChange, onDrill, actions, actionsWidth = 260, testId }: AccountTableProps) {
  const { t } = useTranslation();
  const money = (v: number) => <span className="num">{formatCents(v)}</span>;

  const columns: TableColumnsType<ListingRow> = [
    {
      title: t('accounts.username'),
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: sortOrderOf(state, 'username'),
      render: (username: string, row) =>
        // An account that can have a downline opens even while it has none: that is where its first one is created.
        onDrill && (row.downlineCount > 0 || row.userRoleId === RoleId.Company || row.userRoleId === RoleId.Multilevel) ? (
          <Tooltip title={t('accounts.openDownline', { count: row.downlineCount })}>
            <Button type="link" size="small" className="link-cell" onClick={() => onDrill(row)} data-testid={`account-drill-${row.userId}`}>
              {username} <span className="downline-count">({row.downlineCount})</span>
            </Button>
          </Tooltip>
        ) : (
          <span data-testid={`account-username-${row.userId}`}>{username}</span>
        ),
    },
    { title: t('accounts.fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, sortOrder: sortOrderOf(state, 'fullName') },
    {
      title: t('accounts.level'),
      dataIndex: 'level',
      key: 'level',
      sorter: true,
      sortOrder: sortOrderOf(state, 'level'),
      render: (_: unknown, row) => levelLabel(t, row),
    },
    {
      title: t('accounts.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      sortOrder: sortOrderOf(state, 'status'),
      render: (status: string, row) => <StatusTag status={status} testId={`account-status-${row.userId}`} />,
    },
    {
      title: t('accounts.creditLimit'),
      dataIndex: 'creditLimit',
      key: 'creditLimit',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(state, 'creditLimit'),
      render: money,
    },
    { title: t('accounts.balance'), dataIndex: 'balance', key: 'balance', align: 'right', render: money },
    {
      title: t('accounts.availableCredit'),
      dataIndex: 'availableCredit',
      key: 'availableCredit',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(state, 'availableCredit'),
      render: money,
    },
    // The whole subtree's open tickets (net of commission) on unsettled draws, from the server.
    {
      title: t('accounts.outstanding'),
      dataIndex: 'outstanding',
      key: 'outstanding',
      align: 'right',
      render: (v: number, row) => (
        <span className="num" data-testid={`account-outstanding-${row.userId}`}>
          {formatCents(v)}
        </span>
      ),
    },
    { title: t('accounts.currency'), dataIndex: 'currency', key: 'currency', width: 90 },
    {
      title: t('accounts.lastLogin'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      sorter: true,
      sortOrder: sortOrderOf(state, 'lastLoginAt'),
      render: (v: string | null) => (v ? formatInstant(v) : '-'),
    },
  ];
  if (actions) columns.push({ title: t('common.actions'), key: 'actions', width: actionsWidth, render: (_: unknown, row) => actions(row) });

  return (
    <Table<ListingRow>
      rowKey="userId"
      size="middle"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      data-testid={testId}
      locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('common.total', { total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        onChange(applyTableChange(state, pagination, { field: s?.field, order: s?.order ?? null }));
      }}
    />
  );
}
