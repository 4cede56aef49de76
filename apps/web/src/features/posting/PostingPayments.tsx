import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PostingPaymentLine } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { centsToUnits, unitsToCents } from '../../ui/money';
import { NumericInput } from '../../ui/NumericInput';
import { newIdempotencyKey } from '../../ui/idempotency';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';

const COLORS: Record<PostingPaymentLine['status'], string> = { open: 'red', partPaid: 'gold', paid: 'green', none: 'default' };

/**
 * Per remote agent, for the date: what the company owes it after settlement (its links to it; negative: the
 * remote owes the company), what was paid, what is open, and recording a payment (Result/PayPosting,
 * decision 0035) after a confirm.
 */
export function PostingPayments({ drawDate, companyId }: { drawDate: string; companyId?: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [paying, setPaying] = useState<PostingPaymentLine | null>(null);
  const key = ['posting', 'payments', drawDate, companyId];
  const data = useQuery({
    queryKey: key,
    queryFn: () => fetchData<{ rows: PostingPaymentLine[]; settling: boolean }>(API.Posting.GetPostingPayments, { query: { drawDate, companyId }, busy: false }),
  });
  return (
    <Card size="small" title={t('posting.payments.title')} data-testid="posting-payments">
      <Table<PostingPaymentLine>
        rowKey="remoteAgentId"
        size="small"
        pagination={false}
        loading={data.isFetching}
        dataSource={data.data?.rows ?? []}
        locale={{ emptyText: t('posting.payments.none') }}
        columns={[
          { title: t('posting.remote'), dataIndex: 'remoteName' },
          { title: t('posting.payments.owed'), dataIndex: 'owed', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.payments.paid'), dataIndex: 'paid', align: 'right', render: (v: number) => formatCents(v) },
          { title: t('posting.payments.remaining'), dataIndex: 'remaining', align: 'right', render: (v: number) => formatCents(v) },
          {
            title: t('posting.payments.status'),
            dataIndex: 'status',
            render: (v: PostingPaymentLine['status'], r) => (
              <Tag color={COLORS[v]} data-testid={`posting-payment-status-${r.remoteAgentId}`}>
                {t(`posting.payments.statuses.${v}`)}
              </Tag>
            ),
          },
          {
            title: '',
            key: 'pay',
            render: (_: unknown, r) =>
              r.remaining !== 0 && !data.data?.settling ? (
                <Button size="small" onClick={() => setPaying(r)} data-testid={`posting-pay-${r.remoteAgentId}`}>
                  {t('posting.payments.pay')}
                </Button>
              ) : null,
          },
        ]}
      />
      {paying && (
        <PayDialog line={paying} drawDate={drawDate} companyId={companyId} onClose={() => setPaying(null)} onDone={() => void client.invalidateQueries({ queryKey: key })} />
      )}
    </Card>
  );
}

function PayDialog(props: { line: PostingPaymentLine; drawDate: string; companyId?: number; onClose: () => void; onDone: () => void }) {
  const { line, drawDate, companyId, onClose, onDone } = props;
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount?: number; remark?: string }>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  // The way the links say: a positive open amount is the company's to pay.
  const direction = line.remaining > 0 ? 'toRemote' : 'fromRemote';
  const submit = (v: { amount?: number; remark?: string }) => {
    const amount = unitsToCents(v.amount);
    if (!amount) return;
    alerts.confirm(t('posting.payments.confirm', { amount: formatCents(amount), remote: line.remoteName }), () => {
      void (async () => {
        setBusy(true);
        const r = await apiCall<{ paymentId: number; remaining: number }>(API.Result.PayPosting, {
          json: { drawDate, remoteAgentId: line.remoteAgentId, companyId, amount, direction, remark: v.remark || undefined, idempotencyKey: key },
          handleErrors: true,
        });
        setBusy(false);
        if (r.success) {
          void message.success(t('posting.payments.saved'));
          onDone();
          onClose();
        } else alerts.errorKey(r.serverMessage || r.message);
      })();
    });
  };
  return (
    <Modal
      open
      title={t('posting.payments.payTitle', { remote: line.remoteName, date: drawDate })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'posting-pay-save' } as Record<string, string>) }}
    >
      <Typography.Paragraph data-testid="posting-pay-direction">{t(`posting.payments.${direction}`, { remote: line.remoteName })}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ amount: centsToUnits(Math.abs(line.remaining)) }} onFinish={submit}>
        <Form.Item name="amount" label={t('posting.payments.amount')} rules={[{ required: true, message: t('validation.required') }]}>
          <NumericInput min={0.01} max={centsToUnits(Math.abs(line.remaining))} decimals={2} data-testid="posting-pay-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('posting.payments.remark')}>
          <Input maxLength={200} data-testid="posting-pay-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
