import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WinLossDetail } from '@app/contract';
import { formatCents } from '../../ui/text';
import { TicketLink } from '../../ui/TicketLink';
import { useWinLossDetail } from './api';
import { reportBackPath } from './detailLink';
import { API } from '../../api/endpoints';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { FigureTitle } from './FigureTitle';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Line = WinLossDetail['lines'][number];

/**
 * A bettor's settled lines with what each won and its result (/winloss-detail from a win/loss report;
 * /self-winloss-detail: the caller's own). The breadcrumb leads back to the report it was opened from
 * (win/loss, win/loss 2, simple, stakeholder), at the upline picked.
 */
export function WinLossDetailView({ self }: { self: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { q, set, own } = useReportQuery({}, ['back']);
  const data = useWinLossDetail(self ? { ...q, userId: undefined } : q);
  const report = data.data;
  const money = (v: number) => <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const back = (userId: number | undefined) =>
    navigate(`${reportBackPath(own.back)}?${new URLSearchParams({ fromDate: q.fromDate, toDate: q.toDate, poolId: String(q.poolId), betCode: q.betCode, ...(userId ? { userId: String(userId) } : {}) })}`);
  const columns: ReportColumns<Line> = [
    { title: t('reports.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo', render: (v: string, r) => <TicketLink ticketId={r.ticketId} ticketNo={v} /> },
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    { title: t('reports.pool'), dataIndex: 'poolId', key: 'poolId', render: (v: number) => t(`admin.pools.${v}`, { defaultValue: String(v) }) },
    { title: t('reports.number'), dataIndex: 'number', key: 'number' },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.figures.turnover'), dataIndex: 'stake', key: 'stake', align: 'right', render: money },
    { title: t('reports.commission'), dataIndex: 'commission', key: 'commission', align: 'right', render: money },
    { title: t('reports.winnings'), dataIndex: 'winnings', key: 'winnings', align: 'right', render: money },
    { title: <FigureTitle figure="memberWinLoss" />, dataIndex: 'result', key: 'result', align: 'right', render: money },
  ];
  return (
    <div data-testid="win-loss-detail" className="report-page">
      <Typography.Title level={3}>
        {t(self ? 'reports.routes.selfWinLoss' : 'reports.routes.winLossDetail')}
        {report && !self ? `: ${report.node.username}` : ''}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={self ? { ...q, userId: undefined } : q} set={set} endpoint={API.Report.GetWinLossDetail} />
        {report && !self && <ReportBreadcrumb trail={report.breadcrumb} onPick={back} />}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        <ReportTable<Line> tableId="winLossDetail"
          size="small"
          bordered
          rowKey={(r) => `${r.ticketId}-${r.drawDate}-${r.number}-${r.betCode}`}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.lines ?? []}
          scroll={{ x: 'max-content' }}
          onChange={(p) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize })}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
          summary={() =>
            report && report.total > 0 ? (
              <Table.Summary.Row data-testid="detail-totals">
                <Table.Summary.Cell index={0} colSpan={5}>
                  <strong>{t('reports.total')}</strong>
                </Table.Summary.Cell>
                {(['stake', 'commission', 'winnings', 'result'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 5} align="right">
                    <strong data-testid={`detail-total-${k}`}>{money(report.totals[k])}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
          data-testid="win-loss-detail-table"
        />
      </Space>
    </div>
  );
}

export default function WinLossDetailPage() {
  return <WinLossDetailView self={false} />;
}
