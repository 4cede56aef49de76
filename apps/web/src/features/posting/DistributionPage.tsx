import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { BatchSummary, DistributeResult, DistributionSummary } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { EmptyHint } from '../../ui/EmptyHint';
import { useAlerts } from '../../ui/useAlerts';
import { PostingFilters } from './PostingFilters';
import { usePostingScope } from './usePostingScope';

/** /posting/Distribution: the date's posting batches, what each distributed and what is left; Distribute. */
export default function DistributionPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scope = usePostingScope();
  const data = useQuery({
    queryKey: ['posting', 'distribution', scope.drawDate, scope.companyId],
    queryFn: () => fetchData<DistributionSummary>(API.Posting.GetDistributionSummary, { query: { drawDate: scope.drawDate, companyId: scope.companyId }, busy: false }),
    enabled: !scope.waiting,
  });
  const company: Record<string, string> = scope.companyId ? { userId: String(scope.companyId) } : {};
  const distribute = (b: BatchSummary) =>
    alerts.confirm(t('posting.confirmDistribute', { batchId: b.batchId, amount: formatCents(b.undistributed) }), () => {
      void apiCall<DistributeResult>(API.Posting.DoDistribute, { json: { batchId: b.batchId } }).then((res) => {
        if (!res.success) return;
        void message.success(t('posting.distributedResult', { count: res.data?.invoices.length ?? 0, left: formatCents(res.data?.undistributed ?? 0) }));
        void queryClient.invalidateQueries({ queryKey: ['posting'] });
      });
    });
  const pool = (id: number) => t(`admin.pools.${id}`, { defaultValue: String(id) });
  return (
    <div className="report-page" data-testid="posting-distribution">
      <Typography.Title level={3}>{t('posting.routes.distribution')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PostingFilters scope={scope} withDraw={false}>
          <Link to={`/posting/InvoiceList?${new URLSearchParams({ drawDate: scope.drawDate, ...company })}`} data-testid="posting-to-invoices">
            {t('posting.routes.invoices')}
          </Link>
          <Link to={`/posting/posting-agent-eat-detail?${new URLSearchParams({ fromDate: scope.drawDate, toDate: scope.drawDate, ...company })}`} data-testid="posting-to-eat-detail">
            {t('posting.routes.eatDetail')}
          </Link>
        </PostingFilters>
        <Table<BatchSummary>
          rowKey="batchId"
          size="small"
          loading={data.isFetching}
          dataSource={data.data?.rows ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <EmptyHint
                text={t('menuLogin.empty.distribution', { date: dayjs(scope.drawDate).format('DD/MM/YYYY') })}
                action={{ label: t('menuLogin.empty.toUnpost'), to: `/posting/Unpost?${new URLSearchParams({ drawDate: scope.drawDate, ...company })}` }}
                testId="distribution-empty"
              />
            ),
          }}
          columns={[
            { title: t('posting.batch'), dataIndex: 'batchId' },
            { title: t('posting.draw'), dataIndex: 'poolId', render: (v: number) => pool(v) },
            {
              title: t('posting.postedAt'),
              dataIndex: 'postedAt',
              render: (v: string, r) => (
                <Space size={4}>
                  {formatInstant(v, true)}
                  {r.auto && <Tag color="blue" data-testid={`batch-auto-${r.batchId}`}>{t('posting.autoTag')}</Tag>}
                </Space>
              ),
            },
            { title: t('posting.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
            { title: t('posting.distributed'), dataIndex: 'distributed', align: 'right', render: (v: number, r) => <span data-testid={`batch-distributed-${r.batchId}`}>{formatCents(v)}</span> },
            { title: t('posting.inDoubt'), dataIndex: 'inDoubt', align: 'right', render: (v: number) => formatCents(v) },
            {
              title: t('posting.undistributed'),
              dataIndex: 'undistributed',
              align: 'right',
              render: (v: number, r) => (
                <Link to={`/posting/UndistributedDetail?batchId=${r.batchId}`} data-testid={`batch-undistributed-${r.batchId}`}>
                  {formatCents(v)}
                </Link>
              ),
            },
            { title: t('posting.invoices'), dataIndex: 'invoices', align: 'right' },
            {
              title: '',
              key: 'act',
              render: (_: unknown, r) => (
                <Space>
                  <Button size="small" type="primary" disabled={r.undistributed + r.inDoubt === 0} onClick={() => distribute(r)} data-testid={`batch-distribute-${r.batchId}`}>
                    {t('posting.distribute')}
                  </Button>
                  {r.undistributed > 0 && <Link to={`/posting/ManualDistribute?batchId=${r.batchId}`}>{t('posting.manual')}</Link>}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </div>
  );
}
