import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { StakeholderLevel, StakeholderRow } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useStakeholder } from './api';
import { winLossDetailLink } from './detailLink';
import { ReportBreadcrumb, ReportNotice, ReportToolbar } from './ReportToolbar';
import { totalsRow } from './reportColumns';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';
import { FigureTitle } from './FigureTitle';

const SORTABLE: Record<string, string> = { level: 'level', account: 'username', turnover: 'turnover', eaten: 'eaten', result: 'result' };

/**
 * Stakeholder report (decision 0028): for the node's lines, each part of the chain that took them, top
 * first (the unposted rest or the levels above the upline, the upline, then every level of the subtree),
 * with what it ate, its share of the turnover and its result; then the subtree's accounts, each drilling
 * to its own stakeholder report (a bettor to its lines).
 */
export default function StakeholderReportPage() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortBy: 'level' });
  const data = useStakeholder(q);
  const report = data.data;
  const money = (v: number) => <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const partName = (kind: StakeholderRow['kind'], level: number | null) =>
    kind === 'account' ? (level ? t(`levels.${level}`) : '') : t(`reports.stakeholder.parts.${kind}`);
  const { pathname } = useLocation();
  const detailLink = (userId: number) => winLossDetailLink(q, userId, pathname);
  const accountCell = (r: StakeholderRow) => {
    if (!r.account) return null;
    const label = `${r.account.username} (${r.account.fullName})`;
    if (r.kind !== 'account' || r.account.userId === report?.node.userId) return label;
    return r.hasDownlines ? (
      <a onClick={() => set({ userId: r.account!.userId })} data-testid={`stakeholder-drill-${r.account.username}`}>
        {label}
      </a>
    ) : (
      <Link to={detailLink(r.account.userId)} data-testid={`stakeholder-detail-${r.account.username}`}>
        {label}
      </Link>
    );
  };
  const sortOrder = (key: string) => (q.sortBy === SORTABLE[key] ? (q.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null);

  const levelColumns: ReportColumns<StakeholderLevel> = [
    { title: t('reports.stakeholder.part'), key: 'part', render: (_: unknown, l) => <span data-testid={`stakeholder-level-${l.kind}-${l.level ?? 0}`}>{partName(l.kind, l.level)}</span> },
    { title: t('reports.account'), key: 'account', render: (_: unknown, l) => (l.account ? `${l.account.username} (${l.account.fullName})` : l.kind === 'account' ? t('reports.stakeholder.accounts', { count: l.accounts }) : '') },
    { title: t('reports.stakeholder.eaten'), dataIndex: 'eaten', key: 'eaten', align: 'right', render: (v: number) => money(v) },
    { title: t('reports.stakeholder.share'), dataIndex: 'share', key: 'share', align: 'right', render: pct },
    { title: <FigureTitle figure="stakeholderResult" label={t('reports.figures.result')} />, dataIndex: 'result', key: 'result', align: 'right', render: (v: number) => money(v) },
  ];
  const accountColumns: ReportColumns<StakeholderRow> = [
    { title: t('reports.stakeholder.part'), key: 'level', width: 150, sorter: true, sortOrder: sortOrder('level'), render: (_: unknown, r) => partName(r.kind, r.level) },
    { title: t('reports.account'), key: 'account', width: 240, sorter: true, sortOrder: sortOrder('account'), render: (_: unknown, r) => accountCell(r) },
    { title: t('reports.figures.turnover'), dataIndex: 'turnover', key: 'turnover', align: 'right', sorter: true, sortOrder: sortOrder('turnover'), render: (v: number) => money(v) },
    { title: t('reports.stakeholder.eaten'), dataIndex: 'eaten', key: 'eaten', align: 'right', sorter: true, sortOrder: sortOrder('eaten'), render: (v: number) => money(v) },
    { title: t('reports.stakeholder.share'), dataIndex: 'share', key: 'share', align: 'right', render: pct },
    { title: <FigureTitle figure="stakeholderResult" label={t('reports.figures.result')} />, dataIndex: 'result', key: 'result', align: 'right', sorter: true, sortOrder: sortOrder('result'), render: (v: number) => money(v) },
  ];
  return (
    <div data-testid="stakeholder-report" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.stakeholder')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={API.Report.GetStakeHolderReport} />
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
        {report && <ReportNotice blockedDates={report.blockedDates} settlingDates={report.settlingDates} />}
        {report && (
          <Typography.Text data-testid="stakeholder-turnover">
            {t('reports.stakeholder.linesOf', { account: report.node.username, turnover: formatCents(report.turnover) })}
          </Typography.Text>
        )}
        <ReportTable<StakeholderLevel> tableId="stakeholderLevels"
          size="small"
          bordered
          title={() => <strong>{t('reports.stakeholder.levels')}</strong>}
          rowKey={(l) => `${l.kind}-${l.level ?? 0}-${l.account?.userId ?? 0}`}
          loading={data.isFetching}
          columns={levelColumns}
          dataSource={report?.levels ?? []}
          pagination={false}
          summary={() =>
            report && report.levels.length > 0
              ? totalsRow([t('reports.total'), '', <span data-testid="stakeholder-total-eaten">{money(report.totals.eaten)}</span>, pct(report.totals.share), <span data-testid="stakeholder-total-result">{money(report.totals.result)}</span>], 'stakeholder-levels-totals')
              : null
          }
          data-testid="stakeholder-levels"
        />
        <ReportTable<StakeholderRow> tableId="stakeholder"
          size="small"
          bordered
          title={() => <strong>{t('reports.stakeholder.accountsTitle')}</strong>}
          rowKey={(r) => `${r.kind}-${r.account?.userId ?? 0}`}
          loading={data.isFetching}
          columns={accountColumns}
          dataSource={report?.rows ?? []}
          scroll={{ x: 'max-content' }}
          onChange={(p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const by = SORTABLE[String(s?.columnKey)];
            if (p.current !== q.page || p.pageSize !== q.pageSize) set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize });
            else if (by) set({ sortBy: by, sortOrder: s?.order === 'descend' ? 'desc' : 'asc' });
          }}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
          data-testid="stakeholder-table"
        />
        {q.userId && (
          <Button onClick={() => set({ userId: undefined })} data-testid="report-back-top">
            {t('reports.backToMine')}
          </Button>
        )}
      </Space>
    </div>
  );
}
