import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../ui/EmptyHint';
import { businessToday, formatInstant } from '../../ui/time';
import { useApiLogs, useSettings, type ApiLogEntry, type LogFilter } from './administration';
import './admin.css';

interface Values {
  range?: [Dayjs | null, Dayjs | null] | null;
  uri?: string;
  method?: LogFilter['method'];
  username?: string;
  status?: 'ok' | 'error';
}

const PAGE_SIZE = 50;

const pretty = (s: string | null) => {
  if (!s) return '-';
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s;
  }
};

/**
 * The API log (direction 'in': calls made by API accounts) and the API request log ('out': calls the
 * system makes): filters by date, URI, method, account and outcome; one page of 50; a row opens its
 * headers (credentials masked by the server), body and response.
 */
export function ApiLogView({ direction }: { direction: 'in' | 'out' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [filter, setFilter] = useState<LogFilter>(() => ({ from: businessToday(), to: businessToday(), page: 1, pageSize: PAGE_SIZE }));
  const logs = useApiLogs(direction, filter);
  const settings = useSettings();
  const days = settings.data?.find((s) => s.key === 'apiLogRetentionDays')?.value ?? '';

  const search = (v: Values) =>
    setFilter({
      from: v.range?.[0]?.format('YYYY-MM-DD'),
      to: v.range?.[1]?.format('YYYY-MM-DD'),
      uri: v.uri?.trim() || undefined,
      method: v.method,
      username: v.username?.trim() || undefined,
      status: v.status,
      page: 1,
      pageSize: PAGE_SIZE,
    });

  const columns: TableColumnsType<ApiLogEntry> = [
    { title: t('sysadmin.apiLog.at'), key: 'at', width: 170, render: (_: unknown, l) => <span className="num">{formatInstant(l.at, true)}</span> },
    { title: t('sysadmin.apiLog.region'), dataIndex: 'region', width: 150 },
    ...(direction === 'in' ? [{ title: t('sysadmin.apiLog.account'), dataIndex: 'username', width: 130 }] : []),
    { title: t('sysadmin.apiLog.method'), dataIndex: 'method', width: 80 },
    { title: t('sysadmin.apiLog.uri'), key: 'uri', render: (_: unknown, l) => <span className="log-uri">{l.uri}</span> },
    {
      title: t('sysadmin.apiLog.status'),
      key: 'status',
      width: 90,
      render: (_: unknown, l) => <Tag color={l.responseStatus && l.responseStatus < 300 ? 'green' : 'red'}>{l.responseStatus ?? '-'}</Tag>,
    },
    { title: t('sysadmin.apiLog.message'), dataIndex: 'responseMessage', width: 200, ellipsis: true },
    { title: t('sysadmin.apiLog.duration'), dataIndex: 'durationMs', width: 110, align: 'right' },
  ];

  return (
    <div data-testid={direction === 'in' ? 'api-log' : 'api-request-log'}>
      <Typography.Title level={3}>{t(direction === 'in' ? 'sysadmin.routes.apiLog' : 'sysadmin.routes.apiRequestLog')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(direction === 'in' ? 'sysadmin.apiLog.introIn' : 'sysadmin.apiLog.introOut', { days })}</Typography.Paragraph>
      <Card style={{ marginBottom: 16 }}>
        <Form form={form} layout="inline" onFinish={search} initialValues={{ range: [dayjs(businessToday()), dayjs(businessToday())] }}>
          <Form.Item name="range" label={`${t('sysadmin.apiLog.from')} / ${t('sysadmin.apiLog.to')}`}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="uri" label={t('sysadmin.apiLog.uri')}>
            <Input allowClear maxLength={200} style={{ width: 200 }} data-testid="log-uri" />
          </Form.Item>
          <Form.Item name="method" label={t('sysadmin.apiLog.method')}>
            <Select allowClear style={{ width: 100 }} options={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))} />
          </Form.Item>
          {direction === 'in' && (
            <Form.Item name="username" label={t('sysadmin.apiLog.account')}>
              <Input allowClear maxLength={60} style={{ width: 140 }} />
            </Form.Item>
          )}
          <Form.Item name="status" label={t('sysadmin.apiLog.status')}>
            <Select
              allowClear
              placeholder={t('sysadmin.apiLog.all')}
              style={{ width: 120 }}
              options={[
                { value: 'ok', label: t('sysadmin.apiLog.ok') },
                { value: 'error', label: t('sysadmin.apiLog.error') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="log-search">
              {t('sysadmin.apiLog.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <Table<ApiLogEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={logs.data?.items ?? []}
          loading={logs.isLoading}
          locale={{
            emptyText:
              direction === 'in' ? (
                <EmptyHint text={t('menuLogin.empty.apiLogIn')} action={{ label: t('menuLogin.empty.toApiAccount'), to: '/account/create-api-account' }} testId="log-empty" />
              ) : (
                <EmptyHint text={t('menuLogin.empty.apiLogOut')} action={{ label: t('menuLogin.empty.toAdminTool'), to: '/admin-tool' }} testId="log-empty" />
              ),
          }}
          expandable={{
            expandedRowRender: (l) => (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('sysadmin.apiLog.requestHeader')}>
                  <pre className="log-json">{l.requestHeader ? JSON.stringify(l.requestHeader, null, 2) : '-'}</pre>
                </Descriptions.Item>
                <Descriptions.Item label={t('sysadmin.apiLog.requestBody')}>
                  <pre className="log-json">{pretty(l.requestBody)}</pre>
                </Descriptions.Item>
                <Descriptions.Item label={t('sysadmin.apiLog.responseContent')}>
                  <pre className="log-json">{pretty(l.responseContent)}</pre>
                </Descriptions.Item>
              </Descriptions>
            ),
          }}
          pagination={{
            current: filter.page,
            pageSize: PAGE_SIZE,
            total: logs.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { total }),
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
          data-testid="log-table"
        />
      </Card>
    </div>
  );
}
