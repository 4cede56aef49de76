import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OccupiedReport as OccupiedData, UserEatData } from '@app/contract';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useOccupied, useUserEatData } from './api';
import { ReportBreadcrumb, ReportToolbar } from './ReportToolbar';
import { totalsRow } from './reportColumns';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Row = OccupiedData['rows'][number];
type EatDraw = UserEatData['draws'][number];
const SORTABLE: Record<string, string> = { poolId: 'pool', turnover: 'turnover', eaten: 'eaten', ownWinLoss: 'ownWinLoss' };

/**
 * Occupied (decision 0028): the node's own position per pool and bet code over the range (what reached
 * it, what it ate, its share, its own win/loss), from the settled figures; while a date settles or is
 * blocked, SPEC 8's "Occupied report is processing..." instead of half the figures. Below it, the stake
 * it ate per draw (Report/GetUserEatData), settled or not yet.
 */
export function OccupiedReport() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ sortBy: 'pool' });
  const data = useOccupied(q);
  const eat = useUserEatData(q);
  const report = data.data;
  const money = (v: number) => <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const pool = (v: number) => t(`admin.pools.${v}`, { defaultValue: String(v) });
  const sortOrder = (key: string) => (q.sortBy === SORTABLE[key] ? (q.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null);
  const processing = (report?.blockedDates.length ?? 0) > 0;

  const columns: ReportColumns<Row> = [
    { title: t('reports.pool'), dataIndex: 'poolId', key: 'poolId', sorter: true, sortOrder: sortOrder('poolId'), render: pool },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.lines'), dataIndex: 'lines', key: 'lines', align: 'right' },
    { title: t('reports.figures.turnover'), dataIndex: 'turnover', key: 'turnover', align: 'right', sorter: true, sortOrder: sortOrder('turnover'), render: (v: number) => money(v) },
    { title: t('reports.figures.eaten'), dataIndex: 'eaten', key: 'eaten', align: 'right', sorter: true, sortOrder: sortOrder('eaten'), render: (v: number) => money(v) },
    { title: t('reports.stakeholder.share'), dataIndex: 'share', key: 'share', align: 'right', render: pct },
    { title: t('reports.figures.ownWinLoss'), dataIndex: 'ownWinLoss', key: 'ownWinLoss', align: 'right', sorter: true, sortOrder: sortOrder('ownWinLoss'), render: (v: number) => money(v) },
  ];
  const codes = Object.keys(eat.data?.totals ?? {}).sort();
  const eatColumns: ReportColumns<EatDraw> = [
    { title: t('reports.drawDate'), dataIndex: 'drawDate', key: 'drawDate' },
    { title: t('reports.pool'), dataIndex: 'poolId', key: 'poolId', render: pool },
    { title: t('reports.occupied.state'), dataIndex: 'state', key: 'state', render: (s: EatDraw['state']) => <Tag color={s === 'settled' ? 'green' : s === 'settling' ? 'orange' : 'blue'}>{t(`reports.occupied.states.${s}`)}</Tag> },
    ...codes.map((c) => ({ title: c, key: c, align: 'right' as const, render: (_: unknown, d: EatDraw) => (d.eaten[c] ? money(d.eaten[c]) : '') })),
    { title: t('reports.total'), dataIndex: 'total', key: 'total', align: 'right', render: (v: number) => money(v) },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="occupied-report">
      <ReportToolbar account={report?.breadcrumb.at(-1)?.username} q={q} set={set} endpoint={API.Report.GetWinLossOccupiedReport} />
      {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(userId) => set({ userId })} />}
      {report && processing && (
        <Alert
          type="warning"
          showIcon
          message={t('messages.OCCUPIED_REPORT_PROCESSING')}
          description={t('reports.leftOut', { dates: report.blockedDates.join(', ') })}
          data-testid="occupied-processing"
        />
      )}
      {report && <Typography.Text>{t('reports.occupied.positionOf', { account: report.node.username })}</Typography.Text>}
      <ReportTable<Row> tableId="occupied"
        size="small"
        bordered
        rowKey={(r) => `${r.poolId}-${r.betCode}`}
        loading={data.isFetching}
        columns={columns}
        dataSource={report?.rows ?? []}
        scroll={{ x: 'max-content' }}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const by = SORTABLE[String(s?.columnKey)];
          if (p.current !== q.page || p.pageSize !== q.pageSize) set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize });
          else if (by) set({ sortBy: by, sortOrder: s?.order === 'descend' ? 'desc' : 'asc' });
        }}
        pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
        summary={() =>
          report && report.total > 0
            ? totalsRow(
                [t('reports.total'), '', report.totals.lines, money(report.totals.turnover), <span data-testid="occupied-total-eaten">{money(report.totals.eaten)}</span>, pct(report.totals.share), <span data-testid="occupied-total-own">{money(report.totals.ownWinLoss)}</span>],
                'report-totals',
              )
            : null
        }
        data-testid="occupied-table"
      />
      <ReportTable<EatDraw> tableId="eatData"
        size="small"
        bordered
        title={() => <strong>{t('reports.occupied.eatenPerDraw')}</strong>}
        rowKey={(d) => d.drawId}
        loading={eat.isFetching}
        columns={eatColumns}
        dataSource={eat.data?.draws ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          eat.data && eat.data.draws.length > 0
            ? totalsRow([t('reports.total'), '', '', ...codes.map((c) => money(eat.data!.totals[c] ?? 0)), money(eat.data.total)], 'eat-data-totals')
            : null
        }
        data-testid="eat-data-table"
      />
      {q.userId && (
        <Button onClick={() => set({ userId: undefined })} data-testid="report-back-top">
          {t('reports.backToMine')}
        </Button>
      )}
    </Space>
  );
}
