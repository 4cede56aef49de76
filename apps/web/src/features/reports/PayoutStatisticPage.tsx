import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayoutStatisticRow } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { usePayoutStatistic } from './api';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { poolColumn, totalsRow } from './reportColumns';
import { StatisticChart } from './StatisticChart';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/** Payout statistic: the subtree's strikes per draw date, pool and bet code, what they paid and how much of it is released, charted. */
export default function PayoutStatisticPage() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ pageSize: 100 });
  const data = usePayoutStatistic(q);
  const report = data.data;
  const money = (title: string, value: (r: PayoutStatisticRow) => number, key: string) => ({ title, key, align: 'right' as const, render: (_: unknown, r: PayoutStatisticRow) => formatCents(value(r)) });
  const columns: ReportColumns<PayoutStatisticRow> = [
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    poolColumn(t),
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.statistic.strikes'), dataIndex: 'strikes', key: 'strikes', align: 'right' },
    money(t('reports.payout.stake'), (r) => r.stake, 'stake'),
    money(t('reports.statistic.payout'), (r) => r.amount, 'amount'),
    money(t('reports.payout.released'), (r) => r.released, 'released'),
    money(t('reports.payout.held'), (r) => r.amount - r.released, 'held'),
  ];
  return (
    <div data-testid="payout-statistic" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.payoutStatistic')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={API.Report.GetPayoutStatistic} />
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        <Card size="small" title={t('reports.statistic.payoutByDay')}>
          <StatisticChart series={report?.series ?? []} value={(p) => p.amount} testId="payout-statistic-chart" />
        </Card>
        <ReportTable<PayoutStatisticRow> tableId="payoutStatistic"
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
              totalsRow([t('reports.total'), '', '', report.totals.strikes,
                  formatCents(report.totals.stake),
                  formatCents(report.totals.amount),
                  formatCents(report.totals.released),
                  formatCents(report.totals.amount - report.totals.released)], 'payout-statistic-totals', 3)
            ) : null
          }
          data-testid="payout-statistic-table"
        />
      </Space>
    </div>
  );
}
