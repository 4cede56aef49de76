import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { Link } from 'react-router';
import type { UnpostSummary } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { PostingFilters } from './PostingFilters';
import { usePostingScope } from './usePostingScope';

type Summary = UnpostSummary;

/** /posting/Unpost: what the company did not eat of a draw, per number and code; Post fixes it into a batch. */
export default function UnpostPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scope = usePostingScope();
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const data = useQuery({
    queryKey: ['posting', 'unpost', scope.drawId, scope.companyId, page],
    queryFn: () => fetchData<Summary>(API.Posting.GetUnpostSummary, { query: { drawId: scope.drawId, companyId: scope.companyId, ...page }, busy: false }),
    enabled: !!scope.drawId && !scope.waiting,
  });
  const s = data.data;
  const post = () =>
    alerts.confirm(t('posting.confirmPost', { count: s?.total ?? 0, amount: formatCents(s?.totals.amount ?? 0) }), () => {
      void apiCall<{ batchId: number; amount: number }>(API.Posting.DoPost, { json: { drawId: scope.drawId, companyId: scope.companyId } }).then((res) => {
        if (!res.success) return;
        void message.success(t('posting.posted', { batchId: res.data?.batchId, amount: formatCents(res.data?.amount ?? 0) }));
        void queryClient.invalidateQueries({ queryKey: ['posting'] });
      });
    });
  const detail = (number: string) => `/posting/UnpostDetail?${new URLSearchParams({ drawId: String(scope.drawId), number, ...(scope.companyId ? { userId: String(scope.companyId) } : {}), drawDate: scope.drawDate })}`;
  return (
    <div className="report-page" data-testid="posting-unpost">
      <Typography.Title level={3}>{t('posting.routes.unpost')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PostingFilters scope={scope}>
          <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={!s || s.total === 0} onClick={post} data-testid="posting-post">
            {t('posting.post')}
          </Button>
          <Link to={`/posting/Distribution?${new URLSearchParams({ drawDate: scope.drawDate, ...(scope.companyId ? { userId: String(scope.companyId) } : {}) })}`}>{t('posting.routes.distribution')}</Link>
        </PostingFilters>
        <Table
          rowKey={(r) => `${r.number}|${r.betCode}`}
          size="small"
          loading={data.isFetching}
          dataSource={s?.rows ?? []}
          locale={{ emptyText: t('posting.nothing') }}
          pagination={{ current: page.page, pageSize: page.pageSize, total: s?.total ?? 0, onChange: (p, ps) => setPage({ page: p, pageSize: ps }) }}
          columns={[
            { title: t('posting.number'), dataIndex: 'number', render: (v: string) => <Link to={detail(v)} data-testid={`unpost-number-${v}`}>{v}</Link> },
            { title: t('posting.betCode'), dataIndex: 'betCode' },
            { title: t('posting.lines'), dataIndex: 'lines', align: 'right' },
            { title: t('posting.unposted'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
          ]}
          summary={() =>
            s && s.total > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>{t('posting.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">{s.totals.lines}</Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right"><strong data-testid="unpost-total">{formatCents(s.totals.amount)}</strong></Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Space>
    </div>
  );
}
