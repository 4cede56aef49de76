import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MapDetail, MapDetailRow } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useAccess } from '../../navigation/useAccess';
import { useAuth } from '../../state/AuthContext';
import { historyHref } from '../history/rules';
import { ReportBreadcrumb } from './ReportToolbar';
import './reports.css';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/**
 * Map detail (/map-detail?drawId&number&userId): one number of a draw's map per direct downline (and the
 * account's own tickets): tickets, stake per bet code and what the account ate of them; a downline with
 * downlines of its own opens its detail in turn. Its totals are the number's row of the map.
 */
export default function MapDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const access = useAccess();
  const { userData } = useAuth();
  const drawId = Number(params.get('drawId')) || undefined;
  const number = /^\d{2,6}$/.test(params.get('number') ?? '') ? params.get('number')! : undefined;
  const userId = Number(params.get('userId')) || undefined;
  const data = useQuery({
    queryKey: ['report', 'mapDetail', drawId, number, userId],
    queryFn: () => fetchData<MapDetail>(API.Report.GetMapDetailReport, { query: { drawId, number, userId } }),
    enabled: !!drawId && !!number,
  });
  const report = data.data;
  const pick = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('userId', String(id));
    else next.delete('userId');
    setParams(next);
  };
  const codes = [...new Set((report?.rows ?? []).flatMap((r) => Object.keys(r.stake)))].sort();
  const columns: ReportColumns<MapDetailRow> = [
    {
      title: t('reports.account'),
      key: 'account',
      render: (_: unknown, r) =>
        r.account === null ? (
          t('reports.ownTickets')
        ) : r.hasDownlines ? (
          <a onClick={() => pick(r.account!.userId)} data-testid={`map-detail-down-${r.account.username}`}>
            {r.account.username}
          </a>
        ) : (
          r.account.username
        ),
    },
    {
      title: t('reports.figures.tickets'),
      dataIndex: 'tickets',
      key: 'tickets',
      align: 'right',
      // The tickets themselves, in the ticket history (each number there opens its detail): the own
      // tickets, or a bettor's; an account with downlines opens its own detail instead.
      render: (v: number, r) => {
        const owner = r.account === null ? (userId ?? userData?.actingUserId) : r.hasDownlines ? undefined : r.account.userId;
        if (!report || !owner || !v || !access.hasRoute('/order/ticket-history')) return v;
        return (
          <Tooltip title={t('history.detail.tickets')}>
            <Link to={historyHref({ number, drawDate: report.draw.drawDate, poolId: report.draw.poolId, userId: owner })} data-testid={`map-detail-tickets-${r.account?.username ?? 'own'}`}>
              {v}
            </Link>
          </Tooltip>
        );
      },
    },
    { title: t('reports.map.stake'), key: 'stake', children: codes.map((c) => ({ title: c, key: `s-${c}`, align: 'right' as const, render: (_: unknown, r: MapDetailRow) => formatCents(r.stake[c] ?? 0) })) },
    { title: t('reports.map.stakeTotal'), dataIndex: 'stakeTotal', key: 'stakeTotal', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.figures.eaten'), key: 'eaten', children: codes.map((c) => ({ title: c, key: `e-${c}`, align: 'right' as const, render: (_: unknown, r: MapDetailRow) => formatCents(r.eaten[c] ?? 0) })) },
    { title: t('reports.mapDetail.eatenTotal'), dataIndex: 'eatenTotal', key: 'eatenTotal', align: 'right', render: (v: number) => formatCents(v) },
  ];
  const back = report ? `/report/map-report?${new URLSearchParams({ drawDate: report.draw.drawDate, drawId: String(report.draw.drawId), ...(userId ? { userId: String(userId) } : {}) })}` : '/report/map-report';
  return (
    <div data-testid="map-detail" className="report-page">
      <Typography.Title level={3}>{t('reports.mapDetail.title', { number: number ?? '' })}</Typography.Title>
      <PrintHeader account={report?.breadcrumb.at(-1)?.username} period={report?.draw.drawDate} filters={[report && t(`admin.pools.${report.draw.poolId}`, { defaultValue: String(report.draw.poolId) })]} />
      {report && (
        <Typography.Paragraph type="secondary">
          {t('reports.mapDetail.of', { date: report.draw.drawDate, pool: t(`admin.pools.${report.draw.poolId}`, { defaultValue: String(report.draw.poolId) }) })}{' '}
          <Link to={back}>
            <Button size="small" data-testid="map-detail-back">
              {t('reports.routes.map')}
            </Button>
          </Link>
        </Typography.Paragraph>
      )}
      {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={pick} />}
      <ReportTable<MapDetailRow> tableId="mapDetail"
        size="small"
        bordered
        rowKey={(r) => String(r.account?.userId ?? 0)}
        loading={data.isLoading}
        columns={columns}
        dataSource={report?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        summary={() =>
          report && report.rows.length > 0 ? (
            <Table.Summary.Row data-testid="map-detail-totals">
              <Table.Summary.Cell index={0}>
                <strong>{t('reports.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{report.totals.tickets}</strong>
              </Table.Summary.Cell>
              {codes.map((c, i) => (
                <Table.Summary.Cell key={`s-${c}`} index={2 + i} align="right">
                  <strong>{formatCents(report.totals.stake[c] ?? 0)}</strong>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={2 + codes.length} align="right">
                <strong>{formatCents(report.totals.stakeTotal)}</strong>
              </Table.Summary.Cell>
              {codes.map((c, i) => (
                <Table.Summary.Cell key={`e-${c}`} index={3 + codes.length + i} align="right">
                  <strong>{formatCents(report.totals.eaten[c] ?? 0)}</strong>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={3 + 2 * codes.length} align="right">
                <strong data-testid="map-detail-eaten-total">{formatCents(report.totals.eatenTotal)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
        data-testid="map-detail-table"
      />
    </div>
  );
}
