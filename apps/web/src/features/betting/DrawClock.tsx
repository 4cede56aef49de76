import { memo, useEffect, useState } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SEEDED_POOLS } from '@app/domain';
import { formatInstant } from '../../ui/time';
import { shortDate } from './labels';
import { formatCutoff, formatLeft, openDraws, serverNow, useDrawClock } from './drawClock';

/** Under this much time left a pool's countdown is shown in red. */
const URGENT_MS = 15 * 60_000;

/**
 * The server's clock and, for each chosen pool (every pool when none is chosen), its next draw's date,
 * cutoff time and the time left. It ticks on its own every second, so the screen around it never
 * renders for it.
 */
export const DrawClock = memo(function DrawClock({ pools }: { pools: readonly number[] }) {
  const { t } = useTranslation();
  const clock = useDrawClock();
  const [at, setAt] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setAt(performance.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const data = clock.data;
  const now = data ? serverNow(data, at) : undefined;
  // Every pool the server knows when none is chosen (pools are data, decision 0037).
  const chosen = pools.length ? [...new Set(pools)].sort((a, b) => a - b) : (data?.pools.map((p) => p.poolId) ?? []);
  const passed = data && now !== undefined && data.pools.some((p) => p.draws[0] && Date.parse(p.draws[0].cutoffAt) <= now);
  const { refetch } = clock;
  useEffect(() => {
    // A cutoff passed while shown: read again, so the next draw takes its place.
    if (passed) void refetch();
  }, [passed, refetch]);

  return (
    <Space wrap size={[8, 6]} align="center" data-testid="draw-clock">
      <Typography.Text strong>
        <ClockCircleOutlined aria-hidden /> {t('betting.clock.serverTime')}:{' '}
        <span data-testid="draw-clock-server-time" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {now === undefined ? '-' : formatInstant(new Date(now).toISOString(), true)}
        </span>
      </Typography.Text>
      {pools.length === 0 && <Typography.Text type="secondary">{t('betting.clock.allPools')}</Typography.Text>}
      {data &&
        now !== undefined &&
        chosen.map((poolId) => {
          const pool = data.pools.find((p) => p.poolId === poolId);
          const letter = pool?.letter ?? SEEDED_POOLS.find((p) => p.id === poolId)?.letter ?? String(poolId);
          const next = openDraws(data, poolId, now)[0];
          if (!pool?.active || !next) {
            return (
              <Tag key={poolId} data-testid={`draw-clock-${poolId}`}>
                <b>{letter}</b> {pool?.active === false ? t('betting.inactive') : t('betting.clock.noDraw')}
              </Tag>
            );
          }
          const left = Date.parse(next.cutoffAt) - now;
          return (
            <Tooltip key={poolId} title={`${pool.name} · ${next.drawDate} · ${t('betting.clock.cutoff')} ${formatInstant(next.cutoffAt)}`}>
              <Tag color={left < URGENT_MS ? 'red' : 'blue'} data-testid={`draw-clock-${poolId}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
                <b>{letter}</b> <span data-testid={`draw-clock-${poolId}-date`}>{shortDate(next.drawDate)}</span>{' '}
                {t(`betting.weekdays.${new Date(`${next.drawDate}T00:00:00Z`).getUTCDay()}`)}
                {next.isSpecial ? ` · ${t('betting.clock.special')}` : ''} · {t('betting.clock.cutoff')}{' '}
                <span data-testid={`draw-clock-${poolId}-cutoff`}>{formatCutoff(next)}</span>
                {next.ownCutoff ? '*' : ''} · <span data-testid={`draw-clock-${poolId}-left`}>{formatLeft(left)}</span>
              </Tag>
            </Tooltip>
          );
        })}
    </Space>
  );
});
