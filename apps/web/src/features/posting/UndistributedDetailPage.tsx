import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { Link, useSearchParams } from 'react-router';
import type { UndistributedDetail } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';

export function useBatchDetail(batchId: number) {
  return useQuery({
    queryKey: ['posting', 'undistributed', batchId],
    queryFn: () => fetchData<UndistributedDetail>(API.Posting.GetUndistributedDetail, { query: { batchId } }),
    enabled: batchId > 0,
  });
}

/** /posting/UndistributedDetail: a batch per number and code: distributed, in doubt and left. */
export default function UndistributedDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const batchId = Number(params.get('batchId'));
  const data = useBatchDetail(batchId);
  const b = data.data?.batch;
  return (
    <div className="report-page" data-testid="posting-undistributed">
      <Typography.Title level={3}>{t('posting.routes.undistributed')}</Typography.Title>
      {b && (
        <Descriptions size="small" bordered column={4} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('posting.batch')}>{b.batchId}</Descriptions.Item>
          <Descriptions.Item label={t('posting.date')}>{b.drawDate}</Descriptions.Item>
          <Descriptions.Item label={t('posting.amount')}>{formatCents(b.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('posting.undistributed')}>{formatCents(b.undistributed)}</Descriptions.Item>
        </Descriptions>
      )}
      {b && b.undistributed > 0 && <Link to={`/posting/ManualDistribute?batchId=${b.batchId}`}>{t('posting.manual')}</Link>}
      <Table
        rowKey="itemId"
        size="small"
        loading={data.isFetching}
        dataSource={data.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('posting.number'), dataIndex: 'number' },
          { title: t('posting.betCode'), dataIndex: 'betCode' },
          { title: t('posting.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.distributed'), dataIndex: 'distributed', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.inDoubt'), dataIndex: 'inDoubt', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.left'), dataIndex: 'left', align: 'right', render: (v: number, r) => <strong data-testid={`left-${r.number}-${r.betCode}`}>{formatCents(v)}</strong> },
        ]}
      />
    </div>
  );
}
