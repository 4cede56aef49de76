import { Card, Col, Row, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesRow } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useSalesSummary, useSumSalesSummary } from './api';
import { ReportBreadcrumb, ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/**
 * Sales summary: what the bettors under each direct downline bought, per bet code (tickets, lines,
 * turnover, their commission, net), settled or not; the totals per code and the grand total above.
 */
export default function SalesSummaryPage() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortBy: 'username' });
  const data = useSalesSummary(q);
  const sums = useSumSalesSummary({ ...q, page: 1 });
  const report = data.data;
  const columns: ReportColumns<SalesRow> = [
    {
      title: t('reports.account'),
      key: 'account',
      render: (_: unknown, r) =>
        !r.account ? (
          <Typography.Text type="secondary">{t('reports.ownTickets')}</Typography.Text>
        ) : r.hasDownlines ? (
          <a onClick={() => set({ userId: r.account!.userId })} data-testid={`report-drill-${r.account.username}`}>
            {r.account.username} ({r.account.fullName})
          </a>
        ) : (
          `${r.account.username} (${r.account.fullName})`
        ),
    },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.tickets'), dataIndex: 'tickets', key: 'tickets', align: 'right' },
    { title: t('reports.lines'), dataIndex: 'lines', key: 'lines', align: 'right' },
    { title: t('reports.figures.turnover'), dataIndex: 'turnover', key: 'turnover', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.commission'), dataIndex: 'commission', key: 'commission', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.net'), dataIndex: 'net', key: 'net', align: 'right', render: (v: number) => formatCents(v) },
  ];
  return (
    <div data-testid="sales-summary" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.salesSummary')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={API.Report.GetSalesSummary} />
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        <Row gutter={[16, 16]}>
          {(sums.data?.byCode ?? []).map((c) => (
            <Col key={c.betCode} flex="none">
              <Card size="small">
                <Statistic title={`${c.betCode} · ${t('reports.figures.turnover')}`} value={formatCents(c.turnover)} />
              </Card>
            </Col>
          ))}
          <Col flex="none">
            <Card size="small">
              <Statistic title={t('reports.net')} value={formatCents(sums.data?.totals.net ?? 0)} data-testid="sales-grand-net" />
            </Card>
          </Col>
        </Row>
        <ReportTable<SalesRow> tableId="salesSummary"
          size="small"
          bordered
          rowKey={(r) => `${r.account?.userId ?? 0}-${r.betCode}`}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          onChange={(p) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize })}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
          summary={() =>
            report && report.total > 0 ? (
              <Table.Summary.Row data-testid="sales-totals">
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>{t('reports.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <strong>{report.totals.tickets}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong>{report.totals.lines}</strong>
                </Table.Summary.Cell>
                {(['turnover', 'commission', 'net'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 4} align="right">
                    <strong data-testid={`sales-total-${k}`}>{formatCents(report.totals[k])}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
          data-testid="sales-table"
        />
      </Space>
    </div>
  );
}
