import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { useNavigate, useSearchParams } from 'react-router';
import type { InvoiceRow, RemoteAgentBrief } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useBatchDetail } from './UndistributedDetailPage';

/**
 * /posting/ManualDistribute: a lay-off done by hand (phone, chat) to a remote without an API. The chosen
 * numbers' left amounts become the text to send; what the remote accepted is recorded as its invoice.
 */
export default function ManualDistributePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const batchId = Number(params.get('batchId'));
  const batch = useBatchDetail(batchId);
  const remotes = useQuery({ queryKey: ['posting', 'remotes'], queryFn: () => fetchData<RemoteAgentBrief[]>(API.Posting.GetRemoteAgents) });
  const [selected, setSelected] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [form] = Form.useForm<{ remoteAgentId: number; remoteTicketNo: string }>();
  const rows = (batch.data?.rows ?? []).filter((r) => r.left > 0);
  const items = rows.filter((r) => selected.includes(r.itemId)).map((r) => ({ number: r.number, betCode: r.betCode, amount: r.left }));
  const remoteAgentId = Form.useWatch('remoteAgentId', form);
  // The text is written in the chosen remote's code order, as its account there reads it.
  const translate = () =>
    void apiCall<{ text: string }>(API.Posting.TranslateToBetString, { json: { drawId: batch.data?.batch.drawId, remoteAgentId, items }, handleErrors: true }).then(
      (res) => res.success && setText(res.data?.text ?? ''),
    );
  const save = (v: { remoteAgentId: number; remoteTicketNo: string }) =>
    void apiCall<InvoiceRow>(API.Posting.DoManualDistribute, { json: { batchId, ...v, items } }).then((res) => {
      if (!res.success) return;
      void message.success(t('posting.manualSaved', { invoiceId: res.data?.invoiceId }));
      void queryClient.invalidateQueries({ queryKey: ['posting'] });
      void navigate(`/invoice-detail?invoiceId=${res.data?.invoiceId}`);
    });
  return (
    <div className="report-page" data-testid="posting-manual">
      <Typography.Title level={3}>{t('posting.routes.manual')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Table
          rowKey="itemId"
          size="small"
          dataSource={rows}
          pagination={false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          columns={[
            { title: t('posting.number'), dataIndex: 'number' },
            { title: t('posting.betCode'), dataIndex: 'betCode' },
            { title: t('posting.left'), dataIndex: 'left', align: 'right', render: (v: number) => formatCents(v) },
          ]}
        />
        <Form form={form} layout="inline" onFinish={save} onValuesChange={(changed) => 'remoteAgentId' in changed && setText('')}>
          <Form.Item name="remoteAgentId" label={t('posting.remote')} rules={[{ required: true, message: t('posting.required') }]}>
            <Select style={{ width: 200 }} options={(remotes.data ?? []).map((r) => ({ value: r.id, label: r.name }))} data-testid="manual-remote" />
          </Form.Item>
          <Form.Item>
            <Button disabled={items.length === 0 || !remoteAgentId} onClick={translate} data-testid="manual-translate">
              {t('posting.translate')}
            </Button>
          </Form.Item>
          <Form.Item name="remoteTicketNo" label={t('posting.remoteTicketNo')} rules={[{ required: true, whitespace: true, message: t('posting.required') }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={items.length === 0}>
            {t('posting.save')}
          </Button>
        </Form>
        <Card size="small" title={t('posting.betText')}>
          <pre data-testid="manual-text">{text}</pre>
        </Card>
      </Space>
    </div>
  );
}
