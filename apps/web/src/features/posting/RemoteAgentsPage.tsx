import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import type { RemoteAgentView } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { CommStatusCard } from './CommStatusCard';

const CODES = ['B', 'S', '4A', 'A', 'C'] as const;
const TIERS = ['first', 'second', 'third', 'starter', 'consolation'] as const;
type Rate = RemoteAgentView['rates'][number];
/** The form shows commission in % and payouts in RM per RM1, as the trade prints a package. */
interface FormValues {
  name: string;
  baseUrl: string;
  clientOpcode: string;
  clientSecret?: string;
  codeOrder: string;
  priority: number;
  postEnabled: boolean;
  cap: number | null;
  timeoutMs: number;
  cutoffMinutes: number | null;
  rates: Record<string, { commission: number | null } & Record<(typeof TIERS)[number], number | null>>;
}

const toForm = (a: RemoteAgentView | null): FormValues => ({
  name: a?.name ?? '',
  baseUrl: a?.baseUrl ?? '',
  clientOpcode: a?.clientOpcode ?? '',
  clientSecret: '',
  codeOrder: a?.codeOrder ?? 'B#S#4A#A#C',
  priority: a?.priority ?? 1,
  postEnabled: a?.postEnabled ?? true,
  cap: a?.capPerNumber == null ? null : a.capPerNumber / 100,
  timeoutMs: a?.timeoutMs ?? 10000,
  cutoffMinutes: a?.cutoffMinutes ?? null,
  rates: Object.fromEntries(
    CODES.map((c) => {
      const r = a?.rates.find((x) => x.betCode === c);
      return [c, { commission: r ? r.commissionBp / 100 : null, ...Object.fromEntries(TIERS.map((k) => [k, r ? r[k] / 100 : null])) }];
    }),
  ) as FormValues['rates'],
});

/**
 * Remote bet agents (super admin): where the companies lay off, in priority order, and what each gives; below,
 * the communication status of every party the product calls out to.
 */
export default function RemoteAgentsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RemoteAgentView | null | undefined>(undefined);
  const [form] = Form.useForm<FormValues>();
  const list = useQuery({ queryKey: ['posting', 'remoteAgents'], queryFn: () => fetchData<RemoteAgentView[]>(API.Configuration.GetRemoteBetAgents) });
  const open = (a: RemoteAgentView | null) => {
    setEditing(a);
    form.setFieldsValue(toForm(a));
  };
  const done = () => {
    setEditing(undefined);
    void queryClient.invalidateQueries({ queryKey: ['posting'] });
  };
  const save = (v: FormValues) => {
    const rates: Rate[] = CODES.filter((c) => v.rates[c]?.commission != null).map((c) => ({
      betCode: c,
      commissionBp: Math.round((v.rates[c].commission ?? 0) * 100),
      ...(Object.fromEntries(TIERS.map((k) => [k, Math.round((v.rates[c][k] ?? 0) * 100)])) as Record<(typeof TIERS)[number], number>),
    }));
    void apiCall(API.Configuration.ManageRemoteBetAgent, {
      json: {
        id: editing?.id,
        name: v.name,
        baseUrl: v.baseUrl,
        clientOpcode: v.clientOpcode,
        clientSecret: v.clientSecret || undefined,
        codeOrder: v.codeOrder,
        priority: v.priority,
        postEnabled: v.postEnabled,
        capPerNumber: v.cap == null ? null : Math.round(v.cap * 100),
        timeoutMs: v.timeoutMs,
        cutoffMinutes: v.cutoffMinutes ?? null,
        rates,
      },
    }).then((res) => {
      if (!res.success) return;
      void message.success(t('messages.SAVED'));
      done();
    });
  };
  const remove = (a: RemoteAgentView) =>
    alerts.confirm(t('posting.confirmDelete', { name: a.name }), () => {
      void apiCall(API.Configuration.ManageRemoteBetAgent, { json: { ...toPayload(a), delete: true } }).then((res) => res.success && done());
    });
  const required = [{ required: true, whitespace: true, message: t('posting.required') }];
  return (
    <div className="report-page" data-testid="posting-remote-agents">
      <Typography.Title level={3}>{t('posting.routes.remoteAgents')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)} data-testid="remote-add">
          {t('posting.add')}
        </Button>
        <Table<RemoteAgentView>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          data-testid="remote-agents-table"
          columns={[
            { title: t('posting.priority'), dataIndex: 'priority' },
            { title: t('posting.name'), dataIndex: 'name' },
            { title: t('posting.baseUrl'), dataIndex: 'baseUrl' },
            { title: t('posting.clientOpcode'), dataIndex: 'clientOpcode' },
            { title: t('posting.postEnabled'), dataIndex: 'postEnabled', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('posting.yes') : t('posting.no')}</Tag> },
            { title: t('posting.cap'), dataIndex: 'capPerNumber', align: 'right', render: (v: number | null) => (v === null ? t('posting.none') : formatCents(v)) },
            {
              title: t('posting.cutoffMinutes'),
              dataIndex: 'cutoffMinutes',
              render: (v: number | null, a) => <span data-testid={`remote-cutoff-${a.id}`}>{v === null ? t('posting.cutoffUnknown') : t('posting.cutoffAfter', { minutes: v })}</span>,
            },
            { title: t('posting.lastAnswered'), dataIndex: 'lastAnsweredAt', render: (v: string | null) => (v ? formatInstant(v, true) : '') },
            { title: t('posting.lastError'), dataIndex: 'lastError' },
            {
              title: '',
              key: 'act',
              render: (_: unknown, a) => (
                <Space>
                  <Button size="small" onClick={() => open(a)}>{t('posting.edit')}</Button>
                  <Button size="small" danger onClick={() => remove(a)}>{t('posting.delete')}</Button>
                </Space>
              ),
            },
          ]}
        />
        <CommStatusCard />
      </Space>
      <Modal open={editing !== undefined} title={editing ? editing.name : t('posting.add')} onCancel={() => setEditing(undefined)} onOk={() => form.submit()} width={900} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={save}>
          <Space wrap align="start">
            <Form.Item name="name" label={t('posting.name')} rules={required}><Input maxLength={50} /></Form.Item>
            <Form.Item name="baseUrl" label={t('posting.baseUrl')} rules={required}><Input maxLength={300} style={{ width: 300 }} /></Form.Item>
            <Form.Item name="clientOpcode" label={t('posting.clientOpcode')} rules={required}><Input maxLength={100} /></Form.Item>
            <Form.Item name="clientSecret" label={t('posting.clientSecret')} rules={editing ? [] : required} extra={editing?.hasSecret ? t('posting.secretKept') : undefined}>
              <Input.Password maxLength={200} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="codeOrder" label={t('posting.codeOrder')} rules={required}><Input maxLength={60} /></Form.Item>
            <Form.Item name="priority" label={t('posting.priority')} rules={[{ required: true, message: t('posting.required') }]}><InputNumber min={1} max={1000} precision={0} /></Form.Item>
            <Form.Item name="cap" label={t('posting.cap')}><InputNumber min={0.01} precision={2} /></Form.Item>
            <Form.Item name="timeoutMs" label={t('posting.timeout')}><InputNumber min={500} max={60000} precision={0} /></Form.Item>
            <Form.Item name="cutoffMinutes" label={t('posting.cutoffMinutes')} extra={t('posting.cutoffHelp')}>
              <InputNumber min={0} max={1440} precision={0} placeholder={t('posting.cutoffUnknown')} data-testid="remote-cutoff-minutes" />
            </Form.Item>
            <Form.Item name="postEnabled" label={t('posting.postEnabled')} valuePropName="checked"><Switch /></Form.Item>
          </Space>
          <Typography.Text strong>{t('posting.rates')}</Typography.Text>
          <table className="posting-rates">
            <thead>
              <tr>
                <th>{t('posting.betCode')}</th>
                <th>{t('posting.commission')}</th>
                {TIERS.map((k) => <th key={k}>{t(`posting.${k}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {CODES.map((c) => (
                <tr key={c}>
                  <td>{c}</td>
                  <td><Form.Item noStyle name={['rates', c, 'commission']}><InputNumber min={0} max={100} precision={2} size="small" /></Form.Item></td>
                  {TIERS.map((k) => (
                    <td key={k}><Form.Item noStyle name={['rates', c, k]}><InputNumber min={0} precision={2} size="small" /></Form.Item></td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      </Modal>
    </div>
  );
}

const toPayload = (a: RemoteAgentView) => ({
  id: a.id,
  name: a.name,
  baseUrl: a.baseUrl,
  clientOpcode: a.clientOpcode,
  codeOrder: a.codeOrder,
  priority: a.priority,
  postEnabled: a.postEnabled,
  capPerNumber: a.capPerNumber,
  timeoutMs: a.timeoutMs,
  cutoffMinutes: a.cutoffMinutes,
  rates: a.rates,
});
