import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesStatisticRow } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useSalesStatistic } from './api';
import { ReportBreadcrumb, ReportToolbar } from './ReportToolbar';
import { poolColumn, totalsRow } from './reportColumns';
import { StatisticChart } from './StatisticChart';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/** Sales statistic: what the subtree sold per draw date, pool and bet code, with the turnover charted by date and pool. */
export default function SalesStatisticPage() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ pageSize: 100 });
  const data = useSalesStatistic(q);
  const report = data.data;
  const money = (key: 'turnover' | 'commission' | 'net', title: string) => ({ title, dataIndex: key, key, align: 'right' as const, render: (v: number) => formatCents(v) });
  const columns: ReportColumns<SalesStatisticRow> = [
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    poolColumn(t),
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.tickets'), dataIndex: 'tickets', key: 'tickets', align: 'right' },
    { title: t('reports.lines'), dataIndex: 'lines', key: 'lines', align: 'right' },
    money('turnover', t('reports.figures.turnover')),
    money('commission', t('reports.commission')),
    money('net', t('reports.net')),
  ];
  return (
    <div data-testid="sales-statistic" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.salesStatistic')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={API.Report.GetSalesStatistic} />
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        <Card size="small" title={t('reports.statistic.turnoverByDay')}>
          <StatisticChart series={report?.series ?? []} value={(p) => p.turnover} testId="sales-statistic-chart" />
        </Card>
        <ReportTable<SalesStatisticRow> tableId="salesStatistic"
          size="small"
          bordered
          rowKey={(r) => `${r.drawDate}-${r.poolId}-${r.betCode}`}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          onChange={(p) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize })}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
          summary={() =>
            report && report.total > 0 ? (
              totalsRow([t('reports.total'), '', '', report.totals.tickets, report.totals.lines, formatCents(report.totals.turnover), formatCents(report.totals.commission), formatCents(report.totals.net)], 'sales-statistic-totals', 3)
            ) : null
          }
          data-testid="sales-statistic-table"
        />
      </Space>
    </div>
  );
}
