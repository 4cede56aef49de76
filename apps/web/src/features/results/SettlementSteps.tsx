import { useState } from 'react';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { CalculatorOutlined, TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { poolName } from '../admin/pools';
import { distributeStrike, insertWinners, type PoolResultRow, type SettlementStatusRow } from './api';

/**
 * A released result's settlement (DOMAIN "Settlement"): its round, the strikes found, whether every line is
 * booked and whether the winners' credit is released. Release runs the first two steps by itself; an
 * admin can run them again (each happens once per round, so a second run changes nothing).
 */
export function SettlementSteps({ row, settlement, canRun, onChanged }: { row: PoolResultRow; settlement: SettlementStatusRow | undefined; canRun: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'winners' | 'distribute' | null>(null);
  const pool = poolName(t, row.poolId, row.poolName);

  const findWinners = async () => {
    setBusy('winners');
    const r = await insertWinners(row.drawId);
    setBusy(null);
    if (r.success && r.data) {
      void message.success(t('results.settle.winnersFound', { pool, count: r.data.strikes }));
      onChanged();
    } else alerts.errorKey(r.serverMessage || r.message);
  };

  const distribute = () =>
    alerts.confirm(t('results.settle.confirmDistribute', { pool, date: row.drawDate }), () => {
      void (async () => {
        setBusy('distribute');
        const r = await distributeStrike(row.drawId);
        setBusy(null);
        if (r.success && r.data) {
          void message.success(t('results.settle.distributed', { pool, count: r.data.lines }));
          onChanged();
        } else alerts.errorKey(r.serverMessage || r.message);
      })();
    });

  const s = settlement;
  return (
    <Space wrap className="result-settlement" data-testid={`settlement-${row.poolId}`}>
      <Typography.Text strong>{t('results.settle.title')}</Typography.Text>
      {!s ? (
        <Tag>{t('results.settle.notStarted')}</Tag>
      ) : (
        <>
          <Tag data-testid={`settlement-round-${row.poolId}`}>{t('results.settle.round', { round: s.round })}</Tag>
          <Tag color={s.winnersAt ? 'blue' : 'default'} data-testid={`settlement-winners-${row.poolId}`}>
            {s.winnersAt ? t('results.settle.strikes', { count: s.strikes }) : t('results.settle.noWinnersYet')}
          </Tag>
          <Tag color={s.distributedAt ? 'green' : 'orange'} data-testid={`settlement-distributed-${row.poolId}`}>
            {s.distributedAt ? t('results.settle.distributedAt', { at: formatInstant(s.distributedAt) }) : t('results.settle.processing')}
          </Tag>
          <Tag color={s.released ? 'green' : 'default'} data-testid={`settlement-released-${row.poolId}`}>
            {s.released ? t('results.settle.creditReleased') : t('results.settle.creditHeld')}
          </Tag>
        </>
      )}
      {canRun && s && (
        <>
          {/* Each step happens once per round: done, its button is disabled and says why (a disabled button
              fires no hover, so the wrapper carries the tooltip). The server answers a repeat with nothing. */}
          <Tooltip title={s.winnersAt ? t('adminGuard.steps.winnersDone', { round: s.round, at: formatInstant(s.winnersAt) }) : undefined}>
            <span data-testid={`settlement-winners-why-${row.poolId}`}>
              <Button
                size="small"
                icon={<TrophyOutlined aria-hidden />}
                disabled={!!s.winnersAt}
                loading={busy === 'winners'}
                onClick={() => void findWinners()}
                data-testid={`settlement-run-winners-${row.poolId}`}
              >
                {t('results.settle.findWinners')}
              </Button>
            </span>
          </Tooltip>
          <Tooltip
            title={
              s.distributedAt
                ? t('adminGuard.steps.distributeDone', { round: s.round, at: formatInstant(s.distributedAt) })
                : !s.winnersAt
                  ? t('adminGuard.steps.distributeNeedsWinners')
                  : undefined
            }
          >
            <span data-testid={`settlement-distribute-why-${row.poolId}`}>
              <Button
                size="small"
                icon={<CalculatorOutlined aria-hidden />}
                disabled={!s.winnersAt || !!s.distributedAt}
                loading={busy === 'distribute'}
                onClick={distribute}
                data-testid={`settlement-run-distribute-${row.poolId}`}
              >
                {t('results.settle.distribute')}
              </Button>
            </span>
          </Tooltip>
        </>
      )}
    </Space>
  );
}
