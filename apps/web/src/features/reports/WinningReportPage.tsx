import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Descriptions, Empty, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { historyHref } from '../history/rules';
import dayjs from 'dayjs';
import type { WinningDraw, WinningReport } from '@app/contract';
import { RoleId, type PoolResult } from '@app/domain';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { useAccess } from '../../navigation/useAccess';
import { distributeStrike } from '../results/api';
import { useInitReport } from './api';
import { useDrawDateParam } from './useDrawDateParam';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Strike = WinningDraw['strikes'][number];

/** A released result's numbers, compactly: the top three, then the specials and consolations. */
function ResultNumbers({ numbers }: { numbers: PoolResult }) {
  const { t } = useTranslation();
  const four = numbers.fourD;
  const items = [
    ...(four
      ? [
          { key: 'top', label: `${t('reports.prizes.first')} / ${t('reports.prizes.second')} / ${t('reports.prizes.third')}`, children: `${four.first} / ${four.second} / ${four.third}` },
          { key: 'starter', label: t('reports.prizes.starter'), children: four.starter.join(' ') },
          { key: 'consolation', label: t('reports.prizes.consolation'), children: four.consolation.join(' ') },
        ]
      : []),
    ...(numbers.fiveD ? [{ key: '5d', label: '5D', children: numbers.fiveD.join(' / ') }] : []),
    ...(numbers.sixD ? [{ key: '6d', label: '6D', children: numbers.sixD }] : []),
  ];
  return <Descriptions size="small" column={1} bordered items={items} />;
}

/**
 * Winning (/report/winning-report) and strike (/report/strike-report) reports: a date's released results
 * with the strikes of the viewer's subtree per number, code and prize. The strike report also offers the
 * "distribute strike" step (SPEC 8 confirm) to whoever may run it (the super admin and the IT admin).
 */
export function WinningView({ strike }: { strike: boolean }) {
  const drawDate = useDrawDateParam(strike ? 'today' : 'settled');
  return drawDate ? <WinningDateView strike={strike} drawDate={drawDate} /> : <Spin />;
}

function WinningDateView({ strike, drawDate }: { strike: boolean; drawDate: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const init = useInitReport();
  const poolId = Number(params.get('poolId') ?? -1) || -1;
  const [busy, setBusy] = useState<number | null>(null);
  const access = useAccess();
  const { userRoleId } = access;
  const mayDistribute = strike && (userRoleId === RoleId.SuperAdmin || userRoleId === RoleId.ITAdmin);
  const key = ['report', 'winning', drawDate, poolId];
  const data = useQuery({ queryKey: key, queryFn: () => fetchData<WinningReport>(API.Report.GetWinningReport, { query: { drawDate, poolId } }), staleTime: 0 });
  const set = (change: Record<string, string>) => setParams(new URLSearchParams({ drawDate, poolId: String(poolId), ...change }));
  const poolName = (id: number) => t(`admin.pools.${id}`, { defaultValue: init.data?.pools.find((p) => p.poolId === id)?.name ?? String(id) });

  const distribute = (d: WinningDraw) =>
    alerts.confirm(t('results.settle.confirmDistribute', { pool: poolName(d.poolId), date: drawDate }), () => {
      void (async () => {
        setBusy(d.drawId);
        const r = await distributeStrike(d.drawId);
        setBusy(null);
        if (r.success && r.data) void message.success(t('results.settle.distributed', { pool: poolName(d.poolId), count: r.data.lines }));
        else alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
        void queryClient.invalidateQueries({ queryKey: key });
      })();
    });

  const columns = (d: WinningDraw): ReportColumns<Strike> => [
    { title: t('reports.number'), dataIndex: 'number', key: 'number' },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.payout.prize'), dataIndex: 'prize', key: 'prize', render: (p: string) => t(`reports.prizes.${p}`) },
    { title: t('reports.lines'), dataIndex: 'lines', key: 'lines', align: 'right' },
    {
      title: t('reports.winning.bettors'),
      dataIndex: 'bettors',
      key: 'bettors',
      align: 'right',
      // The winning tickets behind the strike, in the ticket history (each number there opens its detail).
      render: (v: number, r) =>
        access.hasRoute('/order/ticket-history') ? (
          <Tooltip title={t('history.detail.tickets')}>
            <Link to={historyHref({ number: r.number, drawDate, poolId: d.poolId, outcome: 'won' })} data-testid={`winning-tickets-${d.poolId}-${r.number}-${r.betCode}`}>
              {v}
            </Link>
          </Tooltip>
        ) : (
          v
        ),
    },
    { title: t('reports.payout.stake'), dataIndex: 'stake', key: 'stake', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.winnings'), dataIndex: 'winnings', key: 'winnings', align: 'right', render: (v: number) => formatCents(v) },
  ];
  const draws = data.data?.draws ?? [];
  return (
    <div data-testid={strike ? 'strike-report' : 'winning-report'} className="report-page">
      <Typography.Title level={3}>{t(strike ? 'reports.routes.strike' : 'reports.routes.winning')}</Typography.Title>
      <PrintHeader period={drawDate} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            <DatePicker value={dayjs(drawDate)} allowClear={false} onChange={(v) => v && set({ drawDate: v.format('YYYY-MM-DD') })} data-testid="winning-date" />
            <Select<number>
              value={poolId}
              onChange={(v) => set({ poolId: String(v) })}
              style={{ width: 180 }}
              options={[{ value: -1, label: t('reports.allPools') }, ...(init.data?.pools ?? []).map((p) => ({ value: p.poolId, label: poolName(p.poolId) }))]}
              data-testid="winning-pool"
            />
          </Space>
        </Card>
        {!data.isFetching && draws.length === 0 && <Empty description={t('reports.winning.noResult')} />}
        {draws.map((d) => (
          <Card
            key={d.drawId}
            size="small"
            title={poolName(d.poolId)}
            data-testid={`winning-draw-${d.poolId}`}
            extra={
              <Space>
                <Tag color={d.distributed ? 'green' : 'orange'}>{t(d.distributed ? 'reports.winning.settled' : 'results.settle.processing')}</Tag>
                {mayDistribute && !d.distributed && (
                  <Button size="small" icon={<CalculatorOutlined aria-hidden />} disabled={!d.winnersFound} loading={busy === d.drawId} onClick={() => distribute(d)} data-testid={`strike-distribute-${d.poolId}`}>
                    {t('results.settle.distribute')}
                  </Button>
                )}
              </Space>
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              <ResultNumbers numbers={d.numbers as PoolResult} />
              <ReportTable<Strike> tableId="winningStrikes"
                size="small"
                bordered
                pagination={false}
                rowKey={(r) => `${r.number}-${r.betCode}-${r.prize}`}
                columns={columns(d)}
                dataSource={d.strikes}
                locale={{ emptyText: t('reports.winning.noStrike') }}
                summary={() =>
                  d.strikes.length > 0 ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        <strong>{t('reports.total')}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <strong>{d.totals.lines}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} />
                      <Table.Summary.Cell index={5} align="right">
                        <strong>{formatCents(d.totals.stake)}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} align="right">
                        <strong data-testid={`winning-total-${d.poolId}`}>{formatCents(d.totals.winnings)}</strong>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  ) : null
                }
                data-testid={`winning-strikes-${d.poolId}`}
              />
            </Space>
          </Card>
        ))}
      </Space>
    </div>
  );
}

export default function WinningReportPage() {
  return <WinningView strike={false} />;
}
