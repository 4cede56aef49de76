import { useState } from 'react';
import { App, Breadcrumb, Button, Card, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../navigation/useAccess';
import { NumericInput } from '../../ui/NumericInput';
import { updateResendLimit, useResendLimits, type ResendLimitRow } from './api';
import { formatInstant } from '../../ui/time';

/** The most resends per ticket a limit may allow (packages/contract updateResendLimitBody). */
const MAX_LIMIT = 1000;

/** /manage-resend-order-limit: how many times each direct downline may resend one ticket's receipt. */
export default function ResendLimitPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const access = useAccess();
  const queryClient = useQueryClient();
  const canEdit = access.can('Resend Order', [3]);
  const [trail, setTrail] = useState<{ userId: number; username: string }[]>([]);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [drafts, setDrafts] = useState<Record<number, number | undefined>>({});
  const [saving, setSaving] = useState<number | null>(null);
  const parentId = trail[trail.length - 1]?.userId;
  const limits = useResendLimits({ parentId, search }, paging);

  const save = async (row: ResendLimitRow, limit: number | null) => {
    setSaving(row.userId);
    const r = await updateResendLimit(row.userId, limit);
    setSaving(null);
    if (r.success) {
      void message.success(t('messages.SAVED'));
      setDrafts((d) => ({ ...d, [row.userId]: undefined }));
      void queryClient.invalidateQueries({ queryKey: ['history', 'resendLimits'] });
    }
  };

  const go = (next: { userId: number; username: string }[]) => {
    setTrail(next);
    setPaging((p) => ({ ...p, page: 1 }));
    setDrafts({});
  };

  const columns: TableColumnsType<ResendLimitRow> = [
    {
      title: t('history.account'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string, r) =>
        r.userRoleId === 5 ? (
          v
        ) : (
          <Button type="link" style={{ padding: 0 }} onClick={() => go([...trail, { userId: r.userId, username: v }])} data-testid={`resend-limit-drill-${r.userId}`}>
            {v}
          </Button>
        ),
    },
    { title: t('accounts.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('history.role'), dataIndex: 'userRoleId', key: 'role', render: (v: number) => t(`roleNames.${v}`) },
    {
      title: t('history.ownLimit'),
      dataIndex: 'limit',
      key: 'limit',
      render: (v: number | null) => (v === null ? <Tag>{t('history.useDefault')}</Tag> : v),
    },
    {
      title: t('history.effectiveLimit'),
      dataIndex: 'effectiveLimit',
      key: 'effective',
      align: 'right',
      render: (v: number, r) => <span data-testid={`resend-limit-effective-${r.userId}`}>{v}</span>,
    },
    {
      title: t('history.updated'),
      key: 'updated',
      render: (_: unknown, r) => (r.updatedAt ? `${formatInstant(r.updatedAt)} ${r.updatedBy ?? ''}` : '-'),
    },
    ...(canEdit
      ? [
          {
            title: t('history.newLimit'),
            key: 'edit',
            render: (_: unknown, r: ResendLimitRow) => (
              <Space>
                <NumericInput
                  min={0}
                  max={MAX_LIMIT}
                  style={{ width: 90 }}
                  value={drafts[r.userId]}
                  placeholder={String(r.effectiveLimit)}
                  onChange={(v) => setDrafts((d) => ({ ...d, [r.userId]: v }))}
                  data-testid={`resend-limit-input-${r.userId}`}
                />
                <Button
                  size="small"
                  type="primary"
                  disabled={drafts[r.userId] === undefined || saving === r.userId}
                  loading={saving === r.userId}
                  onClick={() => void save(r, drafts[r.userId] ?? null)}
                  data-testid={`resend-limit-save-${r.userId}`}
                >
                  {t('common.save')}
                </Button>
                <Button size="small" disabled={r.limit === null || saving === r.userId} onClick={() => void save(r, null)} data-testid={`resend-limit-default-${r.userId}`}>
                  {t('history.useDefault')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="resend-limit-page">
      <Typography.Title level={3}>{t('history.routes.resendLimit')}</Typography.Title>
      <Card
        title={
          <Breadcrumb
            data-testid="resend-limit-breadcrumb"
            items={[
              { title: <a onClick={() => go([])}>{t('history.myDownlines')}</a> },
              ...trail.map((c, i) => ({ title: <a onClick={() => go(trail.slice(0, i + 1))}>{c.username}</a> })),
            ]}
          />
        }
        extra={
          <Input.Search
            allowClear
            maxLength={30}
            placeholder={t('common.search')}
            onSearch={(v) => {
              setSearch(v.trim() || undefined);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 240 }}
            data-testid="resend-limit-search"
          />
        }
      >
        <Typography.Paragraph type="secondary" data-testid="resend-limit-default">
          {t('history.defaultLimit', { limit: limits.data?.defaultLimit ?? '-' })}
        </Typography.Paragraph>
        <Table<ResendLimitRow>
          rowKey="userId"
          size="middle"
          columns={columns}
          dataSource={limits.data?.items ?? []}
          loading={limits.isFetching}
          locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: limits.data?.total ?? 0,
            showTotal: (total) => t('common.total', { total }),
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          data-testid="resend-limit-table"
        />
      </Card>
    </div>
  );
}
