import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { MAP_PRIZES, type MapReport, type MapRow, type MapTicket } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useDrawQuery } from './useDrawQuery';
import { ReportBreadcrumb } from './ReportToolbar';
import './reports.css';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

/** While bets arrive the map is read again this often (issue 12: within one refresh). */
const MAP_REFRESH_MS = 10_000;

function MapTickets({ drawId, number, userId }: { drawId: number; number: string; userId?: number }) {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: ['report', 'mapTickets', drawId, number, userId],
    queryFn: () => fetchData<MapTicket[]>(API.Report.GetMapReportTicket, { query: { drawId, number, userId } }),
  });
  const columns: ReportColumns<MapTicket> = [
    { title: t('reports.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo' },
    { title: t('reports.account'), dataIndex: 'username', key: 'username' },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.payout.stake'), dataIndex: 'stake', key: 'stake', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.figures.eaten'), dataIndex: 'eaten', key: 'eaten', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.map.orderedAt'), dataIndex: 'orderedAt', key: 'orderedAt', render: (v: string) => formatInstant(v, true) },
  ];
  return <ReportTable<MapTicket> tableId="mapTickets" size="small" rowKey={(r) => `${r.ticketId}-${r.betCode}`} loading={data.isFetching} columns={columns} dataSource={data.data ?? []} pagination={false} data-testid={`map-tickets-${number}`} />;
}

/**
 * Map (/report/map-report; /report/map-report-without-modal shows a number's tickets in the row instead
 * of a dialog): a draw's exposure per number, riskiest first, refreshed every 10 seconds until its result.
 */
export function MapView({ modal }: { modal: boolean }) {
  const { t } = useTranslation();
  const { params, drawDate, userId, drawId, draws, drawOptions, set: go } = useDrawQuery();
  const [search, setSearch] = useState(params.get('number') ?? '');
  const [sortBy, setSortBy] = useState<'risk' | 'number' | 'stake' | 'eaten'>('risk');
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [opened, setOpened] = useState<string | null>(null);
  const set = (change: Record<string, string | undefined>) => {
    go(change);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const number = /^\d{0,6}$/.test(search) ? search : '';
  const data = useQuery({
    queryKey: ['report', 'map', drawId, userId, number, sortBy, page],
    queryFn: () => fetchData<MapReport>(API.Report.GetMapReport, { query: { drawId, userId, number: number || undefined, sortBy, ...page }, busy: false }),
    enabled: !!drawId,
    refetchInterval: (q) => (q.state.data?.draw.hasResult ? false : MAP_REFRESH_MS),
  });
  const report = data.data;
  const codes = [...new Set((report?.rows ?? []).flatMap((r) => Object.keys(r.stake)))].sort();
  const columns: ReportColumns<MapRow> = [
    {
      title: t('reports.number'),
      dataIndex: 'number',
      key: 'number',
      render: (v: string) =>
        modal ? (
          <a onClick={() => setOpened(v)} data-testid={`map-number-${v}`}>
            {v}
          </a>
        ) : (
          <span data-testid={`map-number-${v}`}>{v}</span>
        ),
    },
    { title: t('reports.map.stake'), key: 'stake', children: codes.map((c) => ({ title: c, key: `s-${c}`, align: 'right' as const, render: (_: unknown, r: MapRow) => formatCents(r.stake[c] ?? 0) })) },
    { title: t('reports.map.stakeTotal'), dataIndex: 'stakeTotal', key: 'stakeTotal', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.figures.eaten'), dataIndex: 'eatenTotal', key: 'eatenTotal', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: t('reports.runMap.laidOff'),
      dataIndex: 'runTotal',
      key: 'runTotal',
      align: 'right',
      render: (v: number, r: MapRow) => <span data-testid={`map-run-${r.number}`}>{v ? formatCents(v) : ''}</span>,
    },
    {
      title: t('reports.map.ifStruck'),
      key: 'payouts',
      children: MAP_PRIZES.map((p) => ({ title: t(`reports.prizes.${p}`), key: `p-${p}`, align: 'right' as const, render: (_: unknown, r: MapRow) => formatCents(r.payouts[p] ?? 0) })),
    },
    { title: t('reports.map.risk'), dataIndex: 'risk', key: 'risk', align: 'right', render: (v: number) => <strong className={v > 0 ? 'report-negative' : undefined}>{formatCents(v)}</strong> },
    {
      title: '',
      key: 'detail',
      render: (_: unknown, r: MapRow) => (
        <Link to={`/map-detail?${new URLSearchParams({ drawId: String(drawId), number: r.number, ...(userId ? { userId: String(userId) } : {}) })}`} data-testid={`map-detail-${r.number}`}>
          {t('reports.mapDetail.open')}
        </Link>
      ),
    },
  ];
  return (
    <div data-testid="map-report" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.map')}</Typography.Title>
      <PrintHeader period={drawDate} filters={[drawOptions.find((o) => o.value === drawId)?.label, search && `${t('reports.map.search')}: ${search}`]} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            <DatePicker value={dayjs(drawDate)} allowClear={false} onChange={(v) => v && set({ drawDate: v.format('YYYY-MM-DD'), drawId: undefined })} data-testid="map-date" />
            <Select<number>
              value={drawId}
              onChange={(v) => set({ drawId: String(v) })}
              style={{ width: 200 }}
              placeholder={t('reports.map.pickDraw')}
              options={drawOptions}
              data-testid="map-draw"
            />
            <Input.Search
              value={search}
              onChange={(e) => {
                setSearch(e.target.value.replace(/\D/g, '').slice(0, 6));
                setPage((p) => ({ ...p, page: 1 }));
              }}
              placeholder={t('reports.map.search')}
              style={{ width: 180 }}
              allowClear
              data-testid="map-search"
            />
            <Select<'risk' | 'number' | 'stake' | 'eaten'>
              value={sortBy}
              onChange={(v) => {
                setSortBy(v);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              style={{ width: 180 }}
              options={(['risk', 'number', 'stake', 'eaten'] as const).map((s) => ({ value: s, label: t(`reports.map.sort.${s}`) }))}
              data-testid="map-sort"
            />
          </Space>
        </Card>
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(id) => set({ userId: id ? String(id) : undefined })} />}
        {!drawId && !draws.isFetching && <Empty description={t('reports.map.noDraw')} />}
        {drawId && (
          <ReportTable<MapRow> tableId="map"
            size="small"
            bordered
            rowKey="number"
            loading={data.isLoading}
            columns={columns}
            dataSource={report?.rows ?? []}
            scroll={{ x: 'max-content' }}
            expandable={modal ? undefined : { expandedRowRender: (r) => <MapTickets drawId={drawId} number={r.number} userId={userId} /> }}
            onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 50 })}
            pagination={{ current: page.page, pageSize: page.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
            summary={() =>
              report && report.total > 0 ? (
                <Table.Summary.Row data-testid="map-totals">
                  <Table.Summary.Cell index={0} colSpan={(modal ? 1 : 2) + codes.length}>
                    <strong>{t('reports.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <strong>{formatCents(report.totals.stakeTotal)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <strong>{formatCents(report.totals.eatenTotal)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <strong data-testid="map-run-total">{report.totals.runTotal ? formatCents(report.totals.runTotal) : ''}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} colSpan={MAP_PRIZES.length + 2} />
                </Table.Summary.Row>
              ) : null
            }
            data-testid="map-table"
          />
        )}
      </Space>
      {modal && drawId && (
        <Modal open={opened !== null} onCancel={() => setOpened(null)} footer={null} width={900} title={t('reports.map.ticketsOf', { number: opened })} destroyOnHidden>
          {opened && <MapTickets drawId={drawId} number={opened} userId={userId} />}
        </Modal>
      )}
    </div>
  );
}

export default function MapReportPage() {
  return <MapView modal />;
}
