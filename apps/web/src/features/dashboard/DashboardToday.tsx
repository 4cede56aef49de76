// Today on the dashboard (issue 14 item 8; decision 0036): today's draws with their cutoff and the time
// left, the caller's subtree's sales today and the latest released results, from one call
// (Dashboard/GetDashboard). The countdown ticks from the server's "now" and each draw's time left when it
// answered: the browser's clock only measures how long ago that was, never what time it is.
import { useEffect, useState } from 'react';
import { Card, Col, Empty, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { poolName } from '../admin/pools';
import { formatCutoff, formatLeft } from '../betting/drawClock';

type DashboardData = Dashboard & { receivedAt: number };
type DashboardDraw = Dashboard['draws'][number];
type DashboardResult = NonNullable<Dashboard['results']>['pools'][number];

/** Read again every minute, so a passed cutoff, new sales and a newly released result show. */
const REFRESH_MS = 60_000;

export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: async (): Promise<DashboardData> => ({ ...(await fetchData<Dashboard>(API.Dashboard.GetDashboard)), receivedAt: performance.now() }),
    refetchInterval: REFRESH_MS,
  });

/** A draw's time left now: what the server said less the time since it said it. */
const leftOf = (d: DashboardDraw, data: DashboardData, at: number) => d.msLeft - (at - data.receivedAt);

function TodayDraws({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setAt(performance.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Table<DashboardDraw>
      data-testid="dashboard-draws"
      size="small"
      pagination={false}
      rowKey="drawId"
      dataSource={data.draws}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.today.noDraws')} /> }}
      columns={[
        { title: t('dashboard.today.pool'), key: 'pool', render: (_, d) => `${d.letter} ${poolName(t, d.poolId, d.poolName)}${d.isSpecial ? ` (${t('dashboard.today.special')})` : ''}` },
        { title: t('dashboard.today.cutoff'), key: 'cutoff', render: (_, d) => `${formatCutoff(d)}${d.ownCutoff ? '*' : ''}` },
        {
          title: t('dashboard.today.timeLeft'),
          key: 'left',
          render: (_, d) => {
            const left = leftOf(d, data, at);
            const open = d.open && left > 0;
            return (
              <span data-testid={`dashboard-draw-${d.poolId}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Tag color={open ? 'green' : 'default'}>{open ? t('dashboard.today.open') : t('dashboard.today.closed')}</Tag>
                {open ? <span data-testid={`dashboard-draw-${d.poolId}-left`}>{formatLeft(left)}</span> : null}
              </span>
            );
          },
        },
      ]}
    />
  );
}

function LatestResults({ results }: { results: Dashboard['results'] }) {
  const { t } = useTranslation();
  if (!results) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.today.noResults')} />;
  return (
    <>
      <Typography.Text type="secondary" data-testid="dashboard-results-date">
        {t('dashboard.today.drawDate')}: {results.drawDate}
      </Typography.Text>
      <Table<DashboardResult>
        data-testid="dashboard-results"
        size="small"
        pagination={false}
        rowKey="drawId"
        dataSource={results.pools}
        columns={[
          { title: t('dashboard.today.pool'), key: 'pool', render: (_, r) => poolName(t, r.poolId, r.poolName) },
          { title: t('dashboard.today.first'), dataIndex: 'first', render: (v: string) => <b>{v}</b> },
          { title: t('dashboard.today.second'), dataIndex: 'second' },
          { title: t('dashboard.today.third'), dataIndex: 'third' },
        ]}
      />
    </>
  );
}

/** The dashboard's "today" row: draws, sales and results. `money` shows cents with the book currency. */
export function DashboardToday({ money }: { money: (cents: number) => string }) {
  const { t } = useTranslation();
  const q = useDashboard();
  const data = q.data;
  const sales = data?.sales;
  const figures = [
    { key: 'tickets', title: t('dashboard.today.tickets'), value: sales ? String(sales.tickets) : '-' },
    { key: 'turnover', title: t('dashboard.today.turnover'), value: sales ? money(sales.turnover) : '-' },
    { key: 'commission', title: t('dashboard.today.commission'), value: sales ? money(sales.commission) : '-' },
    { key: 'net', title: t('dashboard.today.net'), value: sales ? money(sales.net) : '-' },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.today.draws', { date: data?.businessDate ?? '' })} loading={q.isLoading} data-testid="dashboard-today-draws">
          {data && <TodayDraws data={data} />}
        </Card>
      </Col>
      {/* Sales are the sales report's figures: a caller without that report gets null and no card. */}
      {(q.isLoading || sales) && (
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.today.sales')} loading={q.isLoading} data-testid="dashboard-sales">
          <Row gutter={[16, 16]}>
            {figures.map((f) => (
              // Two by two until the card is wide enough for four amounts side by side (from 1600 px): an
              // amount never wraps ("MYR" over "78.00", issue 28 line 9).
              <Col key={f.key} xs={12} xxl={6}>
                <Statistic className="dashboard-figure" title={f.title} valueRender={() => <span data-testid={`dashboard-sales-${f.key}`}>{f.value}</span>} />
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">{t('dashboard.today.salesHint')}</Typography.Text>
        </Card>
      </Col>
      )}
      <Col xs={24}>
        <Card title={t('dashboard.today.results')} loading={q.isLoading} data-testid="dashboard-latest-results">
          {data && <LatestResults results={data.results} />}
        </Card>
      </Col>
    </Row>
  );
}
