import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { outsideReportRange } from './reportRange';
import type { InitReport, JackpotRow } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { businessToday } from '../../ui/time';
import './reports.css';
import { DateRangePresets } from '../../ui/DateRangePresets';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Jackpot detail (/jackpot-detail?fromDate&toDate&poolId): the jackpots published with released results. */
export default function JackpotDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = businessToday();
  const toDate = ISO.test(params.get('toDate') ?? '') ? params.get('toDate')! : today;
  const fromDate = ISO.test(params.get('fromDate') ?? '') ? params.get('fromDate')! : dayjs(toDate).subtract(30, 'day').format('YYYY-MM-DD');
  const poolId = Number(params.get('poolId')) || -1;
  const init = useQuery({ queryKey: ['report', 'init'], queryFn: () => fetchData<InitReport>(API.Report.InitReport) });
  const data = useQuery({
    queryKey: ['report', 'jackpot', fromDate, toDate, poolId],
    queryFn: () => fetchData<{ rows: JackpotRow[] }>(API.Report.GetDetailJackpot, { query: { fromDate, toDate, poolId } }),
  });
  const set = (change: Record<string, string>) => setParams(new URLSearchParams({ fromDate, toDate, poolId: String(poolId), ...change }));
  const pool = (id: number) => t(`admin.pools.${id}`, { defaultValue: String(id) });
  const amount = (v: number | null) => (v == null ? '-' : formatCents(v));
  const columns: ReportColumns<JackpotRow> = [
    { title: t('reports.jackpot.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    { title: t('reports.jackpot.pool'), dataIndex: 'poolId', key: 'poolId', render: (v: number) => pool(v) },
    { title: t('reports.jackpot.jackpot1'), dataIndex: 'jackpot1', key: 'jackpot1', align: 'right', render: amount },
    { title: t('reports.jackpot.jackpot2'), dataIndex: 'jackpot2', key: 'jackpot2', align: 'right', render: amount },
    { title: t('reports.jackpot.source'), dataIndex: 'source', key: 'source', render: (v: string | null) => (v === 'manual' ? t('results.manual') : (v ?? '')) },
  ];
  return (
    <div data-testid="jackpot-detail" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.jackpot')}</Typography.Title>
      <PrintHeader period={fromDate === toDate ? fromDate : `${fromDate} – ${toDate}`} filters={[poolId === -1 ? t('reports.allPools') : pool(poolId)]} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            <DateRangePresets
              value={[dayjs(fromDate), dayjs(toDate)]}
              allowClear={false}
              onChange={(v) => v?.[0] && v[1] && set({ fromDate: v[0].format('YYYY-MM-DD'), toDate: v[1].format('YYYY-MM-DD') })}
              disabledDate={outsideReportRange}
              data-testid="jackpot-range"
            />
            <Select<number>
              value={poolId}
              onChange={(v) => set({ poolId: String(v) })}
              style={{ width: 200 }}
              options={[{ value: -1, label: t('reports.allPools') }, ...(init.data?.pools ?? []).map((p) => ({ value: p.poolId, label: pool(p.poolId) }))]}
              data-testid="jackpot-pool"
            />
          </Space>
        </Card>
        <ReportTable<JackpotRow> tableId="jackpot"
          size="small"
          bordered
          rowKey="drawId"
          loading={data.isLoading}
          columns={columns}
          dataSource={data.data?.rows ?? []}
          pagination={false}
          data-testid="jackpot-table"
        />
      </Space>
    </div>
  );
}
