import { useEffect, useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../ui/NumericInput';
import { useAlerts } from '../../ui/useAlerts';
import { adminKeys, previewCutoffChange, updateCutoff, usePools, type PoolSelection } from './api';
import { ChangeGuardModal } from './ChangeGuardModal';
import { POOL_COLORS, poolName } from './pools';
import './admin.css';

type Edits = Record<number, { hour?: number; minute?: number }>;

const pad = (n: number) => String(n).padStart(2, '0');

/** /adminSetting/cutoff-time: the sales cutoff (hours and minutes, business time) per pool, saved per row. */
export default function CutoffTimePage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const pools = usePools();
  const [edits, setEdits] = useState<Edits>({});
  // The change being confirmed: its effect first, then the secondary password (issue 29 line 6).
  const [pending, setPending] = useState<{ pool: PoolSelection; hour: number; minute: number } | null>(null);

  useEffect(() => {
    if (pools.data) setEdits(Object.fromEntries(pools.data.map((p) => [p.poolId, { hour: p.cutoffHour, minute: p.cutoffMinute }])));
  }, [pools.data]);

  const changed = (p: PoolSelection) => {
    const e = edits[p.poolId];
    return !!e && (e.hour !== p.cutoffHour || e.minute !== p.cutoffMinute);
  };

  const save = (p: PoolSelection) => {
    const e = edits[p.poolId];
    if (e?.hour === undefined || e.minute === undefined) {
      alerts.error(t('validation.required'));
      return;
    }
    setPending({ pool: p, hour: e.hour, minute: e.minute });
  };

  const saved = (list: PoolSelection[]) => {
    if (!pending) return;
    queryClient.setQueryData(adminKeys.pools, list);
    void queryClient.invalidateQueries({ queryKey: adminKeys.draws });
    void queryClient.invalidateQueries({ queryKey: adminKeys.today });
    void message.success(t('admin.cutoff.saved', { pool: poolName(t, pending.pool.poolId, pending.pool.name), time: `${pad(pending.hour)}:${pad(pending.minute)}` }));
    setPending(null);
  };

  const set = (poolId: number, part: 'hour' | 'minute', v: number | undefined) => setEdits((s) => ({ ...s, [poolId]: { ...s[poolId], [part]: v } }));

  const columns: TableColumnsType<PoolSelection> = [
    {
      title: t('admin.schedule.pool'),
      key: 'pool',
      render: (_: unknown, p) => (
        <Space>
          <span className="draw-letter" style={{ color: POOL_COLORS[p.poolId] }}>
            {p.letter}
          </span>
          {poolName(t, p.poolId, p.name)}
          {!p.active && <Tag>{t('admin.cutoff.inactive')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admin.cutoff.current'),
      key: 'current',
      width: 130,
      render: (_: unknown, p) => <span className="num" data-testid={`cutoff-current-${p.poolId}`}>{`${pad(p.cutoffHour)}:${pad(p.cutoffMinute)}`}</span>,
    },
    {
      title: t('admin.cutoff.hour'),
      key: 'hour',
      width: 130,
      render: (_: unknown, p) => (
        <NumericInput min={0} max={23} value={edits[p.poolId]?.hour} onChange={(v) => set(p.poolId, 'hour', v)} style={{ width: 90 }} data-testid={`cutoff-hour-${p.poolId}`} />
      ),
    },
    {
      title: t('admin.cutoff.minute'),
      key: 'minute',
      width: 130,
      render: (_: unknown, p) => (
        <NumericInput min={0} max={59} value={edits[p.poolId]?.minute} onChange={(v) => set(p.poolId, 'minute', v)} style={{ width: 90 }} data-testid={`cutoff-minute-${p.poolId}`} />
      ),
    },
    {
      title: t('admin.cutoff.nextDraw'),
      key: 'next',
      render: (_: unknown, p) =>
        p.nextDraw ? (
          <Space>
            <span className="num">{p.nextDraw.drawDate}</span>
            {p.nextDraw.isSpecial && <Tag color="gold">{t('admin.draw.special')}</Tag>}
            <Tag color={p.nextDraw.open ? 'green' : 'default'}>{p.nextDraw.open ? t('admin.draw.open') : t('admin.draw.closed')}</Tag>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('admin.cutoff.noNextDraw')}</Typography.Text>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, p) => (
        <Button
          type="primary"
          size="small"
          icon={<SaveOutlined aria-hidden />}
          disabled={!changed(p)}
          onClick={() => save(p)}
          data-testid={`cutoff-save-${p.poolId}`}
        >
          {t('common.save')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="cutoff-time">
      <Typography.Title level={3}>{t('admin.routes.cutoffTime')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.cutoff.intro')}</Typography.Paragraph>
      <Card>
        <Table<PoolSelection>
          rowKey="poolId"
          size="middle"
          columns={columns}
          dataSource={pools.data ?? []}
          loading={pools.isLoading}
          pagination={false}
          data-testid="cutoff-table"
        />
      </Card>
      <ChangeGuardModal<PoolSelection[]>
        open={pending !== null}
        title={pending ? t('adminGuard.change.titleCutoff', { pool: poolName(t, pending.pool.poolId, pending.pool.name), time: `${pad(pending.hour)}:${pad(pending.minute)}` }) : ''}
        preview={() => previewCutoffChange({ poolId: pending!.pool.poolId, cutoffHour: pending!.hour, cutoffMinute: pending!.minute })}
        submit={(secondaryPassword) => updateCutoff({ poolId: pending!.pool.poolId, cutoffHour: pending!.hour, cutoffMinute: pending!.minute, secondaryPassword })}
        onClose={() => setPending(null)}
        onDone={saved}
      />
    </div>
  );
}
