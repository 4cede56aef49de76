import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { useSearchParams } from 'react-router';
import type { UnpostDetail } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';

/** /posting/UnpostDetail: the lines (and run tickets) behind a number's unposted amount. */
export default function UnpostDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const drawId = Number(params.get('drawId'));
  const number = params.get('number') ?? '';
  const companyId = Number(params.get('userId')) || undefined;
  const data = useQuery({
    queryKey: ['posting', 'unpostDetail', drawId, number, companyId],
    queryFn: () => fetchData<UnpostDetail>(API.Posting.GetUnpostDetail, { query: { drawId, number, companyId, pageSize: 500 } }),
    enabled: !!drawId && /^\d{2,6}$/.test(number),
  });
  return (
    <div className="report-page" data-testid="posting-unpost-detail">
      <Typography.Title level={3}>{t('posting.routes.unpostDetail')}: {number}</Typography.Title>
      <Table
        rowKey={(r) => `${r.source}|${r.ticketId}|${r.lineNo}|${r.betCode}|${r.username}`}
        size="small"
        loading={data.isFetching}
        dataSource={data.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('posting.source'), dataIndex: 'source', render: (v: string) => (v === 'run' ? t('posting.sourceRun') : t('posting.sourceLine')) },
          { title: t('posting.ticketNo'), dataIndex: 'ticketNo' },
          { title: t('posting.username'), dataIndex: 'username' },
          { title: t('posting.lineNo'), dataIndex: 'lineNo', align: 'right' },
          { title: t('posting.betCode'), dataIndex: 'betCode' },
          { title: t('posting.stake'), dataIndex: 'stake', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.unposted'), dataIndex: 'unposted', align: 'right', render: (v: number) => formatCents(v) },
        ]}
      />
    </div>
  );
}
