import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CreditLogEntry, UserSummary } from '@app/contract';
import { apiCall } from '../../api/client';
import { downloadFile } from '../../api/download';
import { API } from '../../api/endpoints';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { useFieldRules } from '../../ui/validation';
import { CREDIT_LOG_PATH, useCreditLog } from './api';
import { rangeToQuery } from './refusal';
import { formatInstant } from '../../ui/time';

const positiveInt = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

const KIND_COLOR: Record<string, string> = { transfer: 'blue', receive: 'purple', 'auto-transfer': 'cyan' };

/** /report/player-transaction: the credit log of an account (default one's own) with pre- and post-balance. */
export default function CreditLogPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const userId = positiveInt(params.get('userId'));
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const log = useCreditLog(userId, range, paging);
  const data = log.data;

  const pickUser = async ({ username }: { username: string }) => {
    const r = await apiCall<UserSummary>(API.Account.GetUserDetailByUsername, { query: { username: username.trim() } });
    if (r.success && r.data) {
      setPaging((p) => ({ ...p, page: 1 }));
      setParams({ userId: String(r.data.userId) });
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    const r = await downloadFile(CREDIT_LOG_PATH, { userId, ...range, format: 'csv' }, 'credit-log.csv');
    setExporting(false);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };

  const columns: TableColumnsType<CreditLogEntry> = [
    { title: t('payment.at'), dataIndex: 'at', key: 'at', width: 170, render: (v: string) => formatInstant(v, true) },
    {
      title: t('payment.type'),
      dataIndex: 'type',
      key: 'type',
      render: (v: string) => <Tag color={KIND_COLOR[v] ?? 'default'}>{t(`creditLog.kinds.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('creditLog.preBalance'), dataIndex: 'preBalance', key: 'pre', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: t('payment.amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (v: number) => <span className={v < 0 ? 'amount-negative' : 'amount-positive'}>{v > 0 ? `+${formatCents(v)}` : formatCents(v)}</span>,
    },
    { title: t('creditLog.postBalance'), dataIndex: 'postBalance', key: 'post', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('payment.initiatedBy'), dataIndex: 'initiatedBy', key: 'by', render: (v: string | null) => v ?? t('creditLog.system') },
    { title: t('payment.remark'), dataIndex: 'remark', key: 'remark', render: (v: string | null) => v || '-' },
  ];

  return (
    <div data-testid="credit-log">
      <Typography.Title level={3}>{t('routes.playerTransaction')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {access.can('Downline', [1]) && (
          <Card size="small">
            <Form layout="inline" onFinish={(v) => void pickUser(v)} data-testid="credit-log-user-form">
              <Form.Item name="username" label={t('accounts.username')} rules={rules({ required: true, maxLength: 50 })}>
                <Input maxLength={50} allowClear placeholder={t('creditLog.otherAccount')} data-testid="credit-log-username" />
              </Form.Item>
              <Button htmlType="submit" icon={<SearchOutlined />} data-testid="credit-log-search">
                {t('common.search')}
              </Button>
            </Form>
          </Card>
        )}
        {log.isError ? (
          <Result status="warning" title={translateMessage(t, log.error?.message)} data-testid="credit-log-error" />
        ) : (
          <Card
            title={data ? t('creditLog.of', { username: data.username }) : t('routes.playerTransaction')}
            extra={
              <Space>
                <DatePicker.RangePicker
                  allowEmpty={[true, true]}
                  onChange={(v) => {
                    setRange(rangeToQuery(v));
                    setPaging((p) => ({ ...p, page: 1 }));
                  }}
                  data-testid="credit-log-range"
                />
                <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} disabled={!data} data-testid="credit-log-export">
                  {t('creditLog.exportCsv')}
                </Button>
              </Space>
            }
          >
            {data && (
              <Descriptions size="small" column={4} bordered style={{ marginBottom: 16 }} data-testid="credit-log-summary">
                <Descriptions.Item label={t('accounts.creditType')}>{t(`accounts.creditTypes.${data.creditType}`, { defaultValue: data.creditType })}</Descriptions.Item>
                <Descriptions.Item label={t('accounts.creditLimit')}>{formatCents(data.creditLimit)}</Descriptions.Item>
                <Descriptions.Item label={t('accounts.balance')}>
                  <span data-testid="credit-log-balance">{formatCents(data.balance)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('accounts.availableCredit')}>{formatCents(data.availableCredit)}</Descriptions.Item>
              </Descriptions>
            )}
            <Table<CreditLogEntry>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={data?.items ?? []}
              loading={log.isFetching}
              locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
              pagination={{
                current: paging.page,
                pageSize: paging.pageSize,
                total: data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => t('common.total', { total }),
              }}
              onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
              data-testid="credit-log-table"
            />
          </Card>
        )}
      </Space>
    </div>
  );
}
