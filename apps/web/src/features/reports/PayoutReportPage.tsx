import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayoutReport } from '@app/contract';
import { formatCents } from '../../ui/text';
import { TicketLink } from '../../ui/TicketLink';
import { usePayout } from './api';
import { API } from '../../api/endpoints';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Row = PayoutReport['rows'][number];

/** Payout: the strikes of the subtree (or the caller's own), with prize, rate, stake, amount, held or released. */
export function PayoutView({ self }: { self: boolean }) {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortOrder: 'desc' });
  const data = usePayout(q, self);
  const report = data.data;
  const columns: ReportColumns<Row> = [
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    { title: t('reports.pool'), dataIndex: 'poolId', key: 'poolId', render: (v: number) => t(`admin.pools.${v}`, { defaultValue: String(v) }) },
    { title: t('reports.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo', render: (v: string, r) => <TicketLink ticketId={r.ticketId} ticketNo={v} /> },
    ...(self ? [] : [{ title: t('reports.account'), dataIndex: 'username', key: 'username' }]),
    { title: t('reports.number'), dataIndex: 'number', key: 'number' },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    {
      title: t('reports.payout.prize'),
      key: 'prizes',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {r.prizes.map((p) => (
            <Tag key={p.prize}>
              {t(`reports.prizes.${p.prize}`)}
              {p.count > 1 ? ` x${p.count}` : ''} @ {formatCents(p.rate)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('reports.payout.stake'), dataIndex: 'stake', key: 'stake', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.payout.amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: t('reports.payout.state'),
      dataIndex: 'released',
      key: 'released',
      render: (v: boolean) => <Tag color={v ? 'green' : 'orange'}>{t(v ? 'reports.payout.released' : 'reports.payout.held')}</Tag>,
    },
  ];
  return (
    <div data-testid="payout-report" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.payout')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={self ? API.Report.GetSelfPayoutReport : API.Report.GetPayoutReport} />
        {report && !self && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        <ReportTable<Row> tableId="payout"
          size="small"
          bordered
          rowKey={(r) => `${r.ticketId}-${r.drawDate}-${r.poolId}-${r.number}-${r.betCode}`}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          scroll={{ x: 'max-content' }}
          onChange={(p) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize })}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
          summary={() =>
            report && report.total > 0 ? (
              <Table.Summary.Row data-testid="payout-totals">
                <Table.Summary.Cell index={0} colSpan={self ? 6 : 7}>
                  <strong>{t('reports.total')}</strong>
                  {'  '}
                  {t('reports.payout.heldReleased', { held: formatCents(report.totals.held), released: formatCents(report.totals.released) })}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong>{formatCents(report.totals.stake)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <strong data-testid="payout-total-amount">{formatCents(report.totals.amount)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} />
              </Table.Summary.Row>
            ) : null
          }
          data-testid="payout-table"
        />
      </Space>
    </div>
  );
}

export default function PayoutReportPage() {
  return <PayoutView self={false} />;
}
