import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, Radio, Row, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isBettorRole, PaymentType, type FieldRule } from '@app/domain';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { centsToUnits, MAX_UNITS, unitsToCents } from '../../ui/money';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { useFieldRules } from '../../ui/validation';
import { makePayment, paymentKeys, updateCreditLimit, useAccount, useDownlines, usePaymentHistory, usePaymentTypes, type Payment, type PaymentHistoryItem } from './api';
import { LimitChangeCell, LimitChangeTag } from './ledgerCells';
import StatementPage from './StatementPage';
import { rangeToQuery, refusalText } from './refusal';
import { formatInstant } from '../../ui/time';

export const paymentRules = {
  amount: { required: true, min: 0.01, max: MAX_UNITS },
  remark: { maxLength: 200 },
  creditLimit: { required: true, min: 0, max: MAX_UNITS },
} satisfies Record<string, FieldRule>;

const positiveInt = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

interface PayValues {
  type: 1 | 2;
  amount?: number;
  remark?: string;
}

/**
 * /payment: an account that can have downline transfers credit to or receives it from a direct downline,
 * sets its credit limit and reads the history; a player or house account reads its own statement.
 */
export default function PaymentPage() {
  const access = useAccess();
  return isBettorRole(access.userRoleId) ? <StatementPage /> : <TransferPage />;
}

function TransferPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const selected = positiveInt(params.get('userId'));
  const canDownline = access.can('Downline', [1]);
  const canPay = access.can('Payment Report', [2, 3]);
  const canLimit = access.can('Downline', [3]);
  const downlines = useDownlines(canDownline);
  const account = useAccount(selected);
  const types = usePaymentTypes();
  const [payForm] = Form.useForm<PayValues>();
  const [limitForm] = Form.useForm<{ creditLimit?: number }>();
  const payAction = useRef(new IdempotentAction());
  const limitAction = useRef(new IdempotentAction());
  const [paying, setPaying] = useState(false);
  const [settingLimit, setSettingLimit] = useState(false);
  const [last, setLast] = useState<Payment | null>(null);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const history = usePaymentHistory(selected, range, paging);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    // The dashboard's own credit balance.
    void queryClient.invalidateQueries({ queryKey: ['userDetailsById'] });
    void queryClient.invalidateQueries({ queryKey: ['accounts'] });
  };

  const select = (userId: number | undefined) => {
    setLast(null);
    payForm.resetFields(['amount', 'remark']);
    limitForm.resetFields();
    setPaging((p) => ({ ...p, page: 1 }));
    setParams(userId ? { userId: String(userId) } : {});
  };

  const pay = async (v: PayValues) => {
    if (!selected || paying) return;
    const payload = { targetUserId: selected, type: v.type, amount: unitsToCents(v.amount) ?? 0, remark: v.remark?.trim() || undefined };
    const idempotencyKey = payAction.current.keyFor(payload);
    setPaying(true);
    const r = await makePayment({ ...payload, idempotencyKey });
    setPaying(false);
    const outcome = outcomeOf(r);
    payAction.current.settle(outcome);
    if (r.success && r.data) {
      setLast(r.data);
      void message.success(t('payment.done'));
      payForm.resetFields(['amount', 'remark']);
      refresh();
    } else if (outcome === 'uncertain') {
      alerts.error(`${t('messages.INTERNAL_SERVER_ERROR')} ${t('payment.retryHint')}`);
    } else {
      alerts.error(refusalText(t, r));
    }
  };

  const setLimit = async (v: { creditLimit?: number }) => {
    if (!selected || settingLimit) return;
    const payload = { userId: selected, creditLimit: unitsToCents(v.creditLimit) ?? 0 };
    const idempotencyKey = limitAction.current.keyFor(payload);
    setSettingLimit(true);
    const r = await updateCreditLimit({ ...payload, idempotencyKey });
    setSettingLimit(false);
    const outcome = outcomeOf(r);
    limitAction.current.settle(outcome);
    if (r.success) {
      void message.success(t('messages.SAVED'));
      limitForm.resetFields();
      refresh();
    } else if (outcome === 'uncertain') {
      alerts.error(`${t('messages.INTERNAL_SERVER_ERROR')} ${t('payment.retryHint')}`);
    } else {
      alerts.error(refusalText(t, r));
    }
  };

  const typeName = (id: number) => t(`payment.types.${id}`, { defaultValue: types.data?.find((x) => x.id === id)?.name ?? String(id) });
  const a = account.data;

  const paymentOnly = (render: (r: Extract<PaymentHistoryItem, { kind: 'payment' }>) => ReactNode) => (_: unknown, r: PaymentHistoryItem) =>
    r.kind === 'payment' ? render(r) : '-';
  const columns: TableColumnsType<PaymentHistoryItem> = [
    { title: t('payment.at'), dataIndex: 'at', key: 'at', width: 170, render: (v: string) => formatInstant(v, true) },
    {
      title: t('payment.type'),
      key: 'type',
      render: (_: unknown, r) =>
        r.kind === 'payment' ? <Tag color={r.type === PaymentType.TransferCredit ? 'blue' : 'purple'}>{typeName(r.type)}</Tag> : <LimitChangeTag change={r.change} />,
    },
    { title: t('payment.target'), dataIndex: 'targetUsername', key: 'target' },
    { title: t('payment.amount'), key: 'amount', align: 'right', render: paymentOnly((r) => formatCents(r.amount)) },
    { title: t('payment.initialAmount'), key: 'initial', align: 'right', render: paymentOnly((r) => formatCents(r.initialAmount)) },
    { title: t('payment.finalAmount'), key: 'final', align: 'right', render: paymentOnly((r) => formatCents(r.finalAmount)) },
    {
      title: t('payment.creditLimit'),
      key: 'limit',
      align: 'right',
      render: (_: unknown, r) => (r.kind === 'creditLimit' ? <LimitChangeCell before={r.before} after={r.after} /> : ''),
    },
    { title: t('payment.initiatedBy'), dataIndex: 'initiateUsername', key: 'by', render: (v: string | null) => v ?? t('creditLog.system') },
    { title: t('payment.remark'), key: 'remark', render: paymentOnly((r) => r.remark || '-') },
  ];

  const accountCard = (
    <Card title={t('payment.account')} data-testid="payment-account-card">
      {canDownline ? (
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('payment.selectDownline')}
          style={{ width: '100%', marginBottom: 16 }}
          value={selected}
          loading={downlines.isLoading}
          onChange={(v) => select(v)}
          options={(downlines.data ?? []).map((d) => ({ value: d.userId, label: `${d.username} (${d.fullName})` }))}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noDownline')} />}
          data-testid="payment-account"
        />
      ) : (
        <Alert type="info" showIcon title={t('payment.noDownline')} style={{ marginBottom: 16 }} />
      )}
      {a && (
        <Descriptions column={1} size="small" bordered data-testid="payment-account-summary">
          <Descriptions.Item label={t('accounts.username')}>{a.username}</Descriptions.Item>
          <Descriptions.Item label={t('accounts.fullName')}>{a.fullName}</Descriptions.Item>
          <Descriptions.Item label={t('accounts.creditType')}>{t(`accounts.creditTypes.${a.creditType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('accounts.creditLimit')}>
            <span data-testid="payment-credit-limit">{formatCents(a.creditLimit)}</span> {a.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.balance')}>
            <span data-testid="payment-balance">{formatCents(a.balance)}</span> {a.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.availableCredit')}>
            <span data-testid="payment-available">{a.availableCredit === null ? t('dashboard.unlimited') : formatCents(a.availableCredit)}</span>{' '}
            {a.currency}
          </Descriptions.Item>
        </Descriptions>
      )}
      {a && access.hasRoute(PATHS.creditLog) && (
        <Link to={withQuery(PATHS.creditLog, { userId: a.userId })} data-testid="payment-credit-log" style={{ display: 'inline-block', marginTop: 12 }}>
          <HistoryOutlined aria-hidden /> {t('routes.playerTransaction')}
        </Link>
      )}
    </Card>
  );

  const payCard = (
    <Card title={t('payment.makePayment')} data-testid="payment-card">
      <Form<PayValues>
        form={payForm}
        layout="vertical"
        initialValues={{ type: PaymentType.TransferCredit }}
        onFinish={(v) => void pay(v)}
        disabled={!a || !canPay}
        data-testid="payment-form"
      >
        <Form.Item name="type" label={t('payment.type')}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="payment-type">
            <Radio.Button value={PaymentType.TransferCredit} data-testid="payment-type-1">
              {typeName(PaymentType.TransferCredit)}
            </Radio.Button>
            <Radio.Button value={PaymentType.ReceiveCredit} data-testid="payment-type-2">
              {typeName(PaymentType.ReceiveCredit)}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="amount" label={a ? `${t('payment.amount')} (${a.currency})` : t('payment.amount')} rules={rules(paymentRules.amount)}>
          <NumericInput decimals={2} max={MAX_UNITS} data-testid="payment-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('payment.remark')} rules={rules(paymentRules.remark)}>
          <Input maxLength={200} data-testid="payment-remark" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={paying} disabled={!a || !canPay || paying} data-testid="payment-submit">
          {t('common.submit')}
        </Button>
      </Form>
      {last && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="payment-result"
          title={t('payment.result', {
            type: typeName(last.type),
            amount: formatCents(last.amount),
            username: last.targetUsername,
            from: formatCents(last.initialAmount),
            to: formatCents(last.finalAmount),
          })}
        />
      )}
    </Card>
  );

  const limitCard = canLimit && (
    <Card title={t('payment.setCreditLimit')} data-testid="payment-limit-card">
      <Form form={limitForm} layout="inline" onFinish={(v) => void setLimit(v)} disabled={!a} data-testid="payment-limit-form">
        <Form.Item name="creditLimit" label={t('payment.newCreditLimit')} rules={rules(paymentRules.creditLimit)}>
          <NumericInput decimals={2} max={MAX_UNITS} placeholder={a ? String(centsToUnits(a.creditLimit)) : undefined} style={{ width: 200 }} data-testid="payment-limit-amount" />
        </Form.Item>
        <Button htmlType="submit" loading={settingLimit} disabled={!a || settingLimit} data-testid="payment-limit-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );

  return (
    <div data-testid="payment-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3}>{t('routes.payment')}</Typography.Title>
        {/* SPEC 2 gives draw payment a route but no menu item: it opens from here. */}
        <Link to="/draw-payment" data-testid="payment-draw-payment">
          {t('drawPayment.open')}
        </Link>
      </Space>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Row gutter={16}>
          <Col xs={24} xl={10}>
            {accountCard}
          </Col>
          <Col xs={24} xl={14}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {payCard}
              {limitCard}
            </Space>
          </Col>
        </Row>
        <Card
          title={a ? t('payment.historyOf', { username: a.username }) : t('payment.history')}
          extra={
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              onChange={(v) => {
                setRange(rangeToQuery(v));
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              data-testid="payment-history-range"
            />
          }
        >
          <Table<PaymentHistoryItem>
            rowKey={(r) => `${r.kind}-${r.id}`}
            size="middle"
            columns={columns}
            dataSource={history.data?.items ?? []}
            loading={history.isFetching}
            locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: history.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { total }),
            }}
            onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
            data-testid="payment-history-table"
          />
        </Card>
      </Space>
    </div>
  );
}
