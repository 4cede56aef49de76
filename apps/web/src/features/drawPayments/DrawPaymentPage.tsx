import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { centsToUnits, unitsToCents } from '../../ui/money';
import { NumericInput } from '../../ui/NumericInput';
import { newIdempotencyKey } from '../../ui/idempotency';
import { useAlerts } from '../../ui/useAlerts';
import { useAccess } from '../../navigation/useAccess';
import { useDrawDateParam } from '../reports/useDrawDateParam';
import { drawPaymentKeys, saveDrawPayment, updateDrawPaymentDetail, useDrawPayment, useDrawPaymentHistory, type DrawPaymentLine, type DrawPaymentRow } from './api';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable } from '../../ui/ReportTable';

const STATUS_COLOR: Record<DrawPaymentLine['status'], string> = { none: 'default', open: 'red', partPaid: 'orange', paid: 'green' };

/**
 * /draw-payment (DOMAIN "Draw payment"): for a draw date, what the account owes its upline and what each
 * direct downline owes it (or is owed), from the links settlement booked; recording a payment in either
 * direction, in full or in part; the date's payments, each correctable by a reversing payment.
 */
export default function DrawPaymentPage() {
  const drawDate = useDrawDateParam();
  return drawDate ? <DrawPaymentView drawDate={drawDate} /> : <Spin />;
}

function DrawPaymentView({ drawDate }: { drawDate: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const data = useDrawPayment(drawDate);
  const history = useDrawPaymentHistory(drawDate);
  const [paying, setPaying] = useState<DrawPaymentLine | null>(null);
  const [editing, setEditing] = useState<DrawPaymentRow | null>(null);
  const access = useAccess();
  // Only the upline that recorded a payment edits or reverses it (the server checks; a sub-account acts for its main).
  const mine = (r: DrawPaymentRow) => r.uplineId === access.userId || !access.mainAccount;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: drawPaymentKeys.date(drawDate) });
    void queryClient.invalidateQueries({ queryKey: drawPaymentKeys.history(drawDate) });
  };

  const owedText = (owed: number, who: 'me' | 'downline') =>
    owed === 0 ? t('drawPayment.settledEven') : t(`drawPayment.${who}.${owed > 0 ? 'owes' : 'isOwed'}`, { amount: formatCents(Math.abs(owed)) });

  const status = (s: DrawPaymentLine['status']) => <Tag color={STATUS_COLOR[s]}>{t(`drawPayment.status.${s}`)}</Tag>;
  const up = data.data?.upline;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="report-page">
      <Typography.Title level={3}>{t('drawPayment.title')}</Typography.Title>
      <PrintHeader period={drawDate} />
      <Space wrap>
        <Typography.Text>{t('drawPayment.drawDate')}</Typography.Text>
        <DatePicker
          allowClear={false}
          value={dayjs(drawDate)}
          format="YYYY-MM-DD"
          onChange={(d) => d && setParams({ drawDate: d.format('YYYY-MM-DD') }, { replace: true })}
          data-testid="draw-payment-date"
        />
      </Space>
      {data.data?.settling && <Alert type="warning" showIcon message={t('messages.RESULT_CALCULATION_PROCESSING')} data-testid="draw-payment-settling" />}
      <Card title={t('drawPayment.withUpline')} size="small">
        {up ? (
          <Descriptions size="small" column={4} bordered data-testid="draw-payment-upline">
            <Descriptions.Item label={t('drawPayment.upline')}>{up.uplineUsername}</Descriptions.Item>
            <Descriptions.Item label={t('drawPayment.owed')}>
              <span data-testid="draw-payment-upline-owed">{owedText(up.owed, 'me')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('drawPayment.remaining')}>{formatCents(Math.abs(up.remaining))}</Descriptions.Item>
            <Descriptions.Item label={t('drawPayment.statusLabel')}>{status(up.status)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('drawPayment.noUpline')}</Typography.Text>
        )}
      </Card>
      <Card title={t('drawPayment.downlines')} size="small">
        <ReportTable<DrawPaymentLine> tableId="drawPaymentDownlines"
          size="small"
          rowKey="userId"
          loading={data.isLoading}
          pagination={false}
          dataSource={data.data?.downlines ?? []}
          locale={{ emptyText: t('drawPayment.nothing') }}
          data-testid="draw-payment-downlines"
          columns={[
            { title: t('drawPayment.account'), dataIndex: 'username', render: (v: string, r) => `${v} (${r.fullName})` },
            { title: t('drawPayment.owed'), dataIndex: 'owed', render: (v: number) => owedText(v, 'downline') },
            { title: t('drawPayment.paid'), dataIndex: 'paid', align: 'right', render: (v: number) => formatCents(Math.abs(v)) },
            { title: t('drawPayment.remaining'), dataIndex: 'remaining', align: 'right', render: (v: number) => formatCents(Math.abs(v)) },
            { title: t('drawPayment.statusLabel'), dataIndex: 'status', render: status },
            {
              title: '',
              key: 'pay',
              render: (_: unknown, r) =>
                r.remaining !== 0 && (
                  <Button size="small" type="primary" onClick={() => setPaying(r)} data-testid={`draw-payment-pay-${r.username}`}>
                    {t('drawPayment.record')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('drawPayment.history')} size="small">
        <ReportTable<DrawPaymentRow> tableId="drawPaymentHistory"
          size="small"
          rowKey="id"
          loading={history.isLoading}
          pagination={false}
          dataSource={history.data ?? []}
          data-testid="draw-payment-history"
          columns={[
            { title: t('drawPayment.at'), dataIndex: 'at', render: (v: string) => formatInstant(v, true) },
            { title: t('drawPayment.from'), key: 'from', render: (_: unknown, r) => (r.amount > 0 ? r.downline : r.upline) },
            { title: t('drawPayment.to'), key: 'to', render: (_: unknown, r) => (r.amount > 0 ? r.upline : r.downline) },
            { title: t('drawPayment.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(Math.abs(v)) },
            { title: t('drawPayment.remark'), dataIndex: 'remark', render: (v: string | null, r) => [v, r.reference].filter(Boolean).join(' · ') },
            { title: t('drawPayment.by'), dataIndex: 'by' },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, r) =>
                !mine(r) ? null : (
                  <Space>
                    {r.reversed && <Tag>{t('drawPayment.reversed')}</Tag>}
                    {r.reversesId !== null && <Tag>{t('drawPayment.reversal')}</Tag>}
                    <Button size="small" onClick={() => setEditing(r)} data-testid={`draw-payment-edit-${r.id}`}>
                      {t('common.edit')}
                    </Button>
                    {!r.reversed && r.reversesId === null && (
                      <ReverseButton row={r} drawDate={drawDate} onDone={refresh} />
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      {paying && <PayDialog line={paying} drawDate={drawDate} onClose={() => setPaying(null)} onDone={refresh} />}
      {editing && <DetailDialog row={editing} onClose={() => setEditing(null)} onDone={refresh} />}
    </Space>
  );
}

/** Records a payment for one downline: the remaining amount by default, in the direction the link says. */
function PayDialog({ line, drawDate, onClose, onDone }: { line: DrawPaymentLine; drawDate: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount?: number; remark?: string; reference?: string }>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const direction = line.remaining > 0 ? 'fromDownline' : 'toDownline';
  const submit = async (v: { amount?: number; remark?: string; reference?: string }) => {
    const amount = unitsToCents(v.amount);
    if (!amount) return;
    setBusy(true);
    const r = await saveDrawPayment({ drawDate, downlineId: line.userId, amount, direction, remark: v.remark, reference: v.reference, idempotencyKey: key });
    setBusy(false);
    if (r.success) {
      void message.success(t('drawPayment.saved'));
      onDone();
      onClose();
    } else alerts.errorKey(r.serverMessage || r.message);
  };
  return (
    <Modal open title={t('drawPayment.recordTitle', { account: line.username })} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: busy, ...({ 'data-testid': 'draw-payment-save' } as Record<string, string>) }}>
      <Typography.Paragraph data-testid="draw-payment-direction">
        {t(`drawPayment.direction.${direction}`, { account: line.username })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ amount: centsToUnits(Math.abs(line.remaining)) }} onFinish={(v) => void submit(v)}>
        <Form.Item name="amount" label={t('drawPayment.amount')} rules={[{ required: true, message: t('validation.required') }]}>
          <NumericInput min={0.01} max={centsToUnits(Math.abs(line.remaining))} decimals={2} data-testid="draw-payment-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('drawPayment.remark')}>
          <Input maxLength={200} data-testid="draw-payment-remark" />
        </Form.Item>
        <Form.Item name="reference" label={t('drawPayment.reference')}>
          <Input maxLength={100} data-testid="draw-payment-reference" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Corrects a payment by recording its opposite (SPEC's confirm first); nothing is deleted. */
function ReverseButton({ row, drawDate, onDone }: { row: DrawPaymentRow; drawDate: string; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [key] = useState(newIdempotencyKey);
  const reverse = () =>
    alerts.confirm(t('drawPayment.confirmReverse', { amount: formatCents(Math.abs(row.amount)) }), () => {
      void (async () => {
        const r = await saveDrawPayment({
          drawDate,
          downlineId: row.downlineId,
          amount: Math.abs(row.amount),
          direction: row.amount > 0 ? 'toDownline' : 'fromDownline',
          reversesId: row.id,
          idempotencyKey: key,
        });
        if (r.success) onDone();
        else alerts.errorKey(r.serverMessage || r.message);
      })();
    });
  return (
    <Button size="small" danger onClick={reverse} data-testid={`draw-payment-reverse-${row.id}`}>
      {t('drawPayment.reverse')}
    </Button>
  );
}

/** Edits a payment's remark and reference (its amount is corrected only by reversal). */
function DetailDialog({ row, onClose, onDone }: { row: DrawPaymentRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [form] = Form.useForm<{ remark?: string; reference?: string }>();
  const submit = async (v: { remark?: string; reference?: string }) => {
    const r = await updateDrawPaymentDetail({ paymentId: row.id, remark: v.remark ?? null, reference: v.reference ?? null });
    if (r.success) {
      onDone();
      onClose();
    } else alerts.errorKey(r.serverMessage || r.message);
  };
  return (
    <Modal open title={t('drawPayment.editTitle')} onCancel={onClose} onOk={() => form.submit()}>
      <Form form={form} layout="vertical" initialValues={{ remark: row.remark ?? '', reference: row.reference ?? '' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="remark" label={t('drawPayment.remark')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="reference" label={t('drawPayment.reference')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
