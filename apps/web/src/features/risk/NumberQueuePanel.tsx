import { useState } from 'react';
import { App, Button, DatePicker, Empty, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { useAlerts } from '../../ui/useAlerts';
import { riskKeys, unblockNumbers, useNumberQueue, type Pool, type QueueRow } from './api';
import { formatInstant } from '../../ui/time';

const codeLabel = (c: string) => (c === 'A' ? '3A' : c === 'C' ? '3C' : c);

/** The number queue: numbers blocked because a limit was reached, unblocked one by one or all at once (after a confirm). */
export function NumberQueuePanel({ pools }: { pools: Pool[] }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const access = useAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [poolId, setPoolId] = useState<number>(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const queue = useNumberQueue(date?.format('YYYY-MM-DD'), poolId || undefined);
  const canUnblock = access.can('Red Number', [3, 4]);

  const run = async (body: { ids: number[] } | { all: true }) => {
    setBusy(true);
    const r = await unblockNumbers(body);
    setBusy(false);
    if (r.success && r.data) {
      setSelected([]);
      void message.success(t('risk.queue.unblocked', { count: r.data.unblocked }));
      void queryClient.invalidateQueries({ queryKey: riskKeys.queueAll });
    } else {
      alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
    }
  };

  const unblock = () => alerts.confirm(t('risk.queue.confirmUnblock', { count: selected.length }), () => void run({ ids: selected }));
  const unblockAll = () => alerts.confirm(t('risk.queue.confirmUnblockAll'), () => void run({ all: true }));

  const poolLabel = (id: number) => {
    const p = pools.find((x) => x.poolId === id);
    return p ? `${p.letter} · ${t(`admin.pools.${id}`, { defaultValue: p.name })}` : String(id);
  };

  const columns: TableColumnsType<QueueRow> = [
    { title: t('risk.queue.drawDate'), dataIndex: 'drawDate', key: 'drawDate', width: 130 },
    { title: t('risk.queue.pool'), key: 'pool', render: (_: unknown, r) => poolLabel(r.poolId) },
    { title: t('risk.queue.number'), dataIndex: 'number', key: 'number', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('risk.queue.betCode'), dataIndex: 'betCode', key: 'betCode', render: (v: string) => codeLabel(v) },
    { title: t('risk.queue.reason'), dataIndex: 'reason', key: 'reason', render: (v: string) => t(`risk.queue.reasons.${v}`, { defaultValue: v }) },
    { title: t('risk.queue.blockedAt'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatInstant(v, true) },
  ];

  return (
    <div data-testid="number-queue">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>
          <span>{t('risk.queue.drawDate')}</span>
          <DatePicker value={date} onChange={setDate} format="YYYY-MM-DD" allowClear data-testid="number-queue-date" />
          <span>{t('risk.queue.pool')}</span>
          <Select<number>
            style={{ width: 220 }}
            value={poolId}
            onChange={setPoolId}
            options={[{ value: 0, label: t('admin.schedule.allPools') }, ...pools.map((p) => ({ value: p.poolId, label: poolLabel(p.poolId) }))]}
            data-testid="number-queue-pool"
          />
        </Space>
        {canUnblock && (
          <Space>
            <Button icon={<UnlockOutlined aria-hidden />} disabled={!selected.length} loading={busy} onClick={unblock} data-testid="number-queue-unblock">
              {t('risk.queue.unblock')}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
            <Button danger icon={<UnlockOutlined aria-hidden />} loading={busy} onClick={unblockAll} data-testid="number-queue-unblock-all">
              {t('risk.queue.unblockAll')}
            </Button>
          </Space>
        )}
      </Space>
      <Table<QueueRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={queue.data ?? []}
        loading={queue.isFetching}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        rowSelection={canUnblock ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        locale={{ emptyText: <Empty description={t('risk.queue.empty')} data-testid="number-queue-empty" /> }}
        data-testid="number-queue-table"
      />
    </div>
  );
}
