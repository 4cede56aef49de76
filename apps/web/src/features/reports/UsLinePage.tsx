import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UsLineReport } from '@app/contract';
import { formatCents } from '../../ui/text';
import { useUsLine } from './api';
import { FigureTitle } from './FigureTitle';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Row = UsLineReport['rows'][number];
const STATUS_COLOR: Record<Row['status'], string> = { none: 'default', open: 'red', partPaid: 'orange', paid: 'green' };

/**
 * /report/winlose-usline: per draw date, the link to the upline (what draw payment settles) and what was
 * paid; `self` (/self-usline): the caller's own, a player's too (issue 29 line 3).
 */
export function UsLineView({ self = false }: { self?: boolean }) {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortOrder: 'desc' });
  const data = useUsLine(q, self);
  const report = data.data;
  const money = (v: number) => <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const columns: ReportColumns<Row> = [
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate', render: (d: string) => <Link to={`/draw-payment?drawDate=${d}`}>{d}</Link> },
    { title: <FigureTitle figure="payableToUpline" label={t('reports.usline.owed')} />, dataIndex: 'owed', key: 'owed', align: 'right', render: money },
    { title: t('reports.usline.paid'), dataIndex: 'paid', key: 'paid', align: 'right', render: money },
    { title: t('reports.usline.remaining'), dataIndex: 'remaining', key: 'remaining', align: 'right', render: money },
    { title: t('reports.usline.status'), dataIndex: 'status', key: 'status', render: (s: Row['status']) => <Tag color={STATUS_COLOR[s]}>{t(`drawPayment.status.${s}`)}</Tag> },
  ];
  return (
    <div data-testid="usline-report" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.usline')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} codes={false} pools={false} />
        {report && !self && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        {report?.upline && <Typography.Text data-testid="usline-upline">{t('reports.usline.upline', { upline: report.upline.username })}</Typography.Text>}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        <ReportTable<Row> tableId="usline"
          size="small"
          bordered
          rowKey="drawDate"
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          onChange={(p) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize })}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0 }}
          summary={() =>
            report && report.total > 0 ? (
              <Table.Summary.Row data-testid="usline-totals">
                <Table.Summary.Cell index={0}>
                  <strong>{t('reports.total')}</strong>
                </Table.Summary.Cell>
                {(['owed', 'paid', 'remaining'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 1} align="right">
                    <strong>{money(report.totals[k])}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={4} />
              </Table.Summary.Row>
            ) : null
          }
          data-testid="usline-table"
        />
      </Space>
    </div>
  );
}

export default function UsLinePage() {
  return <UsLineView />;
}
