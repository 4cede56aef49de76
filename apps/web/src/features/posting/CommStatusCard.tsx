import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommParty } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';

/** SPEC 9: pages that follow live work refresh every 10 seconds. */
export const COMM_REFRESH_MS = 10_000;

/**
 * Configuration/GetCommStatus (super admin; issue 13 item 8): every party the product calls out to (remote
 * agents, result sites, seamless callbacks, the SMS gateway), when it last answered, its last error and what
 * waits for it (and, for a remote agent, what the next distribution offers it), read again every 10 s. Shown
 * on the remote bet agents page and in the admin tool. A deleted remote is listed while lots wait for it.
 */
export function CommStatusCard() {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: ['posting', 'commStatus'],
    queryFn: () => fetchData<CommParty[]>(API.Configuration.GetCommStatus, { busy: false }),
    refetchInterval: COMM_REFRESH_MS,
  });
  const columns: TableColumnsType<CommParty> = [
    { title: t('posting.comm.kind'), key: 'kind', render: (_: unknown, p) => t(`posting.comm.kinds.${p.kind}`) },
    {
      title: t('posting.name'),
      key: 'name',
      render: (_: unknown, p) => (
        <>
          {p.name}
          {p.kind === 'remote-agent' && p.deleted && <Tag color="red" style={{ marginLeft: 8 }}>{t('posting.comm.deleted')}</Tag>}
          {p.kind === 'remote-agent' && !p.deleted && !p.postEnabled && <Tag style={{ marginLeft: 8 }}>{t('posting.comm.postOff')}</Tag>}
        </>
      ),
    },
    {
      title: t('posting.status'),
      key: 'state',
      render: (_: unknown, p) => {
        const state = p.lastError ? 'failing' : p.lastAnsweredAt ? 'answering' : 'silent';
        return (
          <Tag color={{ failing: 'red', answering: 'green', silent: 'default' }[state]} data-testid={`comm-state-${p.kind}-${p.id}`}>
            {t(`posting.comm.states.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('posting.lastAnswered'),
      dataIndex: 'lastAnsweredAt',
      key: 'lastAnsweredAt',
      render: (v: string | null, p) => <span data-testid={`comm-answered-${p.kind}-${p.id}`}>{v ? formatInstant(v, true) : t('posting.comm.never')}</span>,
    },
    { title: t('posting.lastError'), dataIndex: 'lastError', key: 'lastError', render: (v: string | null) => (v ? <Typography.Text type="danger">{translateMessage(t, v)}</Typography.Text> : '') },
    {
      title: t('posting.comm.waiting'),
      key: 'waiting',
      render: (_: unknown, p) => (
        <Space orientation="vertical" size={0}>
          <span data-testid={`comm-waiting-${p.kind}-${p.id}`}>
            {p.waiting === 0
              ? t('posting.comm.nothingWaits')
              : t(`posting.comm.waits.${p.kind}`, { count: p.waiting, amount: p.kind === 'remote-agent' ? formatCents(p.waitingAmount) : '' })}
          </span>
          {p.kind === 'remote-agent' && p.queuedAmount > 0 && (
            <Typography.Text type="secondary" data-testid={`comm-queued-${p.id}`}>
              {t('posting.comm.queued', { amount: formatCents(p.queuedAmount), count: p.queuedDraws })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('posting.comm.title')}
      extra={
        <Typography.Text type="secondary" data-testid="comm-updated">
          {data.dataUpdatedAt ? t('posting.comm.updated', { at: formatInstant(new Date(data.dataUpdatedAt).toISOString(), true) }) : ''}
        </Typography.Text>
      }
      data-testid="comm-status"
    >
      <Table<CommParty>
        rowKey={(p) => `${p.kind}-${p.id}`}
        size="small"
        pagination={false}
        loading={data.isLoading}
        dataSource={data.data ?? []}
        columns={columns}
        locale={{ emptyText: t('posting.comm.none') }}
      />
    </Card>
  );
}
