import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, Result, Space, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserSummary } from '@app/contract';
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
import { CreditLogTable } from './CreditLogTable';
import { useLanguage } from '../../i18n/useLanguage';

const positiveInt = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** /report/player-transaction: the credit log of an account (default one's own): entries with pre- and post-balance, limit changes. */
export default function CreditLogPage() {
  const { t } = useTranslation();
  // The file in the reader's language (kinds and the system's memos in words).
  const { language } = useLanguage();
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
    const r = await downloadFile(CREDIT_LOG_PATH, { userId, ...range, format: 'csv', lang: language }, 'credit-log.csv');
    setExporting(false);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };

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
              <Button htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="credit-log-search">
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
                <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportCsv()} disabled={!data} data-testid="credit-log-export">
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
            <CreditLogTable items={data?.items ?? []} total={data?.total ?? 0} loading={log.isFetching} paging={paging} onPaging={setPaging} testId="credit-log-table" />
          </Card>
        )}
      </Space>
    </div>
  );
}
