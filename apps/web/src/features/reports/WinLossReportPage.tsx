import { Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { WinLossFigures, WinLossRow } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useWinLoss } from './api';
import { winLossDetailLink } from './detailLink';
import { FigureTitle } from './FigureTitle';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/** full: every figure of DOMAIN's list; sections: downline | own | upline at a glance; simple: the bottom lines. */
export type WinLossVariant = 'full' | 'sections' | 'simple';

type Key = keyof WinLossFigures;
const SECTIONS: Record<WinLossVariant, { group: 'downline' | 'own' | 'upline'; keys: Key[] }[]> = {
  full: [
    { group: 'downline', keys: ['lines', 'turnover', 'downlinePass', 'downlineCommission', 'downlineWinnings', 'memberWinLoss'] },
    { group: 'own', keys: ['eaten', 'ownWinLoss', 'commissionSpread', 'payoutSpread', 'result'] },
    { group: 'upline', keys: ['pass', 'uplineCommission', 'uplineWinnings', 'payableToUpline'] },
  ],
  sections: [
    { group: 'downline', keys: ['turnover', 'downlineCommission', 'memberWinLoss'] },
    { group: 'own', keys: ['eaten', 'ownWinLoss', 'result'] },
    { group: 'upline', keys: ['pass', 'payableToUpline'] },
  ],
  simple: [{ group: 'downline', keys: ['turnover', 'memberWinLoss', 'result', 'payableToUpline'] }],
};
const SORTABLE: Partial<Record<Key, string>> = { turnover: 'turnover', memberWinLoss: 'memberWinLoss', ownWinLoss: 'ownWinLoss', result: 'result', payableToUpline: 'payableToUpline' };

/**
 * Win/loss (DOMAIN "Reports: the figures"): per direct downline, what it passed up and owes, what the
 * viewer ate and earned, and what the viewer owes above, for settled draw dates. A downline with
 * downlines drills to its own report; a bettor drills to its lines (/winloss-detail).
 */
export function WinLossReport({ variant, titleKey, demo = false }: { variant: WinLossVariant; titleKey: string; demo?: boolean }) {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortBy: 'username' });
  const endpoint = demo ? API.Report.GetWinLoss3SectionsReportDemo : API.Report.GetWinLossReport;
  const data = useWinLoss(q, endpoint);
  const report = data.data;
  const money = (v: number) => <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const { pathname } = useLocation();
  const detailLink = (userId: number) => winLossDetailLink(q, userId, pathname);

  const accountCell = (r: WinLossRow) => {
    if (!r.account) return <Typography.Text type="secondary">{t('reports.ownTickets')}</Typography.Text>;
    const label = `${r.account.username} (${r.account.fullName})`;
    // A remote agent the company laid off to (decision 0035: a negative id) has no account or tickets here.
    if (r.account.userId < 0)
      return (
        <span data-testid={`report-remote-${-r.account.userId}`}>
          {r.account.username} <Typography.Text type="secondary">({t('reports.remoteAgent')})</Typography.Text>
        </span>
      );
    return r.hasDownlines ? (
      <a onClick={() => set({ userId: r.account!.userId })} data-testid={`report-drill-${r.account.username}`}>
        {label}
      </a>
    ) : (
      <Link to={detailLink(r.account.userId)} data-testid={`report-detail-${r.account.username}`}>
        {label}
      </Link>
    );
  };
  const figure = (k: Key) => ({
    title: <FigureTitle figure={k} />,
    dataIndex: k,
    key: k,
    align: 'right' as const,
    // The server sorts these over every page; the others sort the page shown (ReportTable).
    ...(SORTABLE[k] ? { sorter: true, sortOrder: q.sortBy === SORTABLE[k] ? (q.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null } : {}),
    render: (v: number) => (k === 'lines' ? v : money(v)),
  });
  const columns: ReportColumns<WinLossRow> = [
    { title: t('reports.account'), key: 'account', fixed: 'left', width: 220, render: (_: unknown, r) => accountCell(r), sorter: true, sortOrder: q.sortBy === 'username' ? (q.sortOrder === 'desc' ? 'descend' : 'ascend') : null },
    ...SECTIONS[variant].map((s) => (variant === 'simple' ? s.keys.map(figure) : [{ title: t(`reports.sections.${s.group}`), key: s.group, children: s.keys.map(figure) }])).flat(),
  ];
  const keys = SECTIONS[variant].flatMap((s) => s.keys);

  return (
    <div data-testid="win-loss-report" className="report-page">
      <Typography.Title level={3}>{t(titleKey)}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={endpoint} />
        {variant === 'sections' && <DemoSwitch demo={demo} />}
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        <ReportTable<WinLossRow> tableId={`winLoss-${variant}`}
          size="small"
          bordered
          rowKey={(r) => r.account?.userId ?? 0}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          scroll={{ x: 'max-content' }}
          onChange={(p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const by = s?.columnKey === 'account' ? 'username' : SORTABLE[s?.columnKey as Key];
            if (p.current !== q.page || p.pageSize !== q.pageSize) set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize });
            else if (by) set({ sortBy: by, sortOrder: s?.order === 'descend' ? 'desc' : 'asc' });
          }}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
          summary={() =>
            report && report.total > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="report-totals">
                  <Table.Summary.Cell index={0}>
                    <strong>{t('reports.total')}</strong>
                  </Table.Summary.Cell>
                  {keys.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      <strong data-testid={`report-total-${k}`}>{k === 'lines' ? report.totals[k] : money(report.totals[k])}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
          data-testid="win-loss-table"
        />
        <Link className="no-print" to={`/report/winlose-usline?${new URLSearchParams({ fromDate: q.fromDate, toDate: q.toDate, ...(q.userId ? { userId: String(q.userId) } : {}) })}`} data-testid="report-usline">
          {t('reports.usline.open')}
        </Link>
        {report?.node && q.userId && (
          <Button onClick={() => set({ userId: undefined })} data-testid="report-back-top">
            {t('reports.backToMine')}
          </Button>
        )}
      </Space>
    </div>
  );
}

/** Between win/loss 2 and its demo variant (the accounts flagged demo and their downlines), keeping the filter. */
function DemoSwitch({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <Space className="no-print">
      {demo && <Tag color="orange">{t('reports.demo.only')}</Tag>}
      <Link to={`/report/win-loss-2-report${demo ? '' : '-demo'}${search}`} data-testid="report-demo-switch">
        {t(demo ? 'reports.demo.all' : 'reports.demo.open')}
      </Link>
    </Space>
  );
}

export default function WinLossReportPage() {
  return <WinLossReport variant="full" titleKey="reports.routes.winLoss" />;
}
