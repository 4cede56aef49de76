import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { Link } from 'react-router';
import type { InvoiceList, InvoiceRow } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { PostingFilters } from './PostingFilters';
import { PostingPayments } from './PostingPayments';
import { ResolveInvoiceDialog } from './ResolveInvoiceDialog';
import { usePostingScope } from './usePostingScope';

const COLORS: Record<InvoiceRow['status'], string> = { accepted: 'green', refused: 'red', unreachable: 'orange', 'in-doubt': 'gold' };

export function InvoiceStatusTag({ row }: { row: InvoiceRow }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={COLORS[row.status]} data-testid={`invoice-status-${row.invoiceId}`}>{t(`posting.statuses.${row.status}`)}</Tag>
      {row.manual && <Tag>{t('posting.manualTag')}</Tag>}
    </Space>
  );
}

export function PayoutCheck({ row }: { row: InvoiceRow }) {
  const { t } = useTranslation();
  if (row.payoutRemote === null) return null;
  return row.flagged ? <Tag color="red">{t('posting.flagged')}</Tag> : <Tag color="green">{t('posting.checked')}</Tag>;
}

/**
 * /posting/InvoiceList: every placement at a remote agent of the date, with its status and payout check; the
 * super admin resolves one in doubt by hand.
 */
export default function InvoiceListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = usePostingScope();
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [resolving, setResolving] = useState<InvoiceRow | null>(null);
  const company: Record<string, string> = scope.companyId ? { userId: String(scope.companyId) } : {};
  const data = useQuery({
    queryKey: ['posting', 'invoices', scope.drawDate, scope.companyId, page],
    queryFn: () => fetchData<InvoiceList>(API.Posting.GetRemoteInvoiceList, { query: { drawDate: scope.drawDate, companyId: scope.companyId, ...page }, busy: false }),
    enabled: !scope.waiting,
  });
  return (
    <div className="report-page" data-testid="posting-invoices">
      <Typography.Title level={3}>{t('posting.routes.invoices')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PostingFilters scope={scope} withDraw={false}>
          <Link to={`/posting/posting-agent-eat-detail?${new URLSearchParams({ fromDate: scope.drawDate, toDate: scope.drawDate, ...company })}`} data-testid="posting-to-eat-detail">
            {t('posting.routes.eatDetail')}
          </Link>
        </PostingFilters>
        {!scope.waiting && <PostingPayments drawDate={scope.drawDate} companyId={scope.companyId} />}
        <Table<InvoiceRow>
          rowKey="invoiceId"
          size="small"
          loading={data.isFetching}
          dataSource={data.data?.rows ?? []}
          pagination={{ current: page.page, pageSize: page.pageSize, total: data.data?.total ?? 0, onChange: (p, ps) => setPage({ page: p, pageSize: ps }) }}
          columns={[
            { title: '#', dataIndex: 'invoiceId', render: (v: number) => <Link to={`/invoice-detail?invoiceId=${v}`} data-testid={`invoice-open-${v}`}>{v}</Link> },
            { title: t('posting.remote'), dataIndex: 'remoteName' },
            { title: t('posting.batch'), dataIndex: 'batchId' },
            { title: t('posting.draw'), dataIndex: 'poolId', render: (v: number) => t(`admin.pools.${v}`, { defaultValue: String(v) }) },
            { title: t('posting.status'), key: 'status', render: (_: unknown, r) => <InvoiceStatusTag row={r} /> },
            { title: t('posting.remoteTicketNo'), dataIndex: 'remoteTicketNo' },
            { title: t('posting.amount'), dataIndex: 'total', align: 'right', render: (v: number) => formatCents(v) },
            { title: t('posting.message'), dataIndex: 'message' },
            { title: t('posting.payoutRemote'), dataIndex: 'payoutRemote', align: 'right', render: (v: number | null) => (v === null ? '' : formatCents(v)) },
            { title: t('posting.payout'), key: 'check', render: (_: unknown, r) => <PayoutCheck row={r} /> },
            ...(scope.superAdmin
              ? [
                  {
                    title: '',
                    key: 'resolve',
                    render: (_: unknown, r: InvoiceRow) =>
                      r.status === 'in-doubt' ? (
                        <Button size="small" onClick={() => setResolving(r)} data-testid={`invoice-resolve-${r.invoiceId}`}>
                          {t('posting.resolve.action')}
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Space>
      {resolving && <ResolveInvoiceDialog invoice={resolving} onClose={() => setResolving(null)} onDone={() => void queryClient.invalidateQueries({ queryKey: ['posting'] })} />}
    </div>
  );
}
