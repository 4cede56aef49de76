import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { saveCurrency, sysKeys, useCurrencies, type Currency } from './administration';
import { HTML_LANG } from '../../i18n';
import { useLanguage } from '../../i18n/useLanguage';
import './admin.css';

interface Values {
  code: string;
  name: string;
  rate: string;
  fakeRate: string;
  active: boolean;
}

const RATE = /^\d{1,12}(\.\d{1,6})?$/;

/**
 * /admin-setting/currency: each currency's rate and fake rate (decision 0033: amounts stay in the book
 * currency; the rate is the operator's, the fake rate the one its accounts are shown), whether accounts
 * may be given it, and how many have it.
 */
export default function CurrencyPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // A currency by its ISO code's name in the reader's language (马来西亚林吉特, Ringgit Malaysia); a
  // code the browser does not know by the name the operator gave it.
  const currencyName = (code: string, name: string) => {
    try {
      const shown = new Intl.DisplayNames([HTML_LANG[language]], { type: 'currency', fallback: 'none' }).of(code.toUpperCase());
      return shown || name;
    } catch {
      return name;
    }
  };
  const alerts = useAlerts();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const list = useCurrencies();
  const [editing, setEditing] = useState<Currency | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const book = list.data?.[0]?.code ?? 'MYR';

  const open = (c: Currency | 'new') => {
    setEditing(c);
    form.resetFields();
    form.setFieldsValue(c === 'new' ? { code: '', name: '', rate: '1', fakeRate: '1', active: true } : { code: c.code, name: c.name, rate: c.rate, fakeRate: c.fakeRate, active: c.active });
  };

  const submit = async (v: Values) => {
    setSaving(true);
    const r = await saveCurrency({ ...v, code: v.code.trim().toUpperCase() });
    setSaving(false);
    if (r.success && r.data) {
      queryClient.setQueryData(sysKeys.currencies, r.data);
      setEditing(null);
      void message.success(t('sysadmin.currency.saved'));
    } else if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    else alerts.errorKey(r.serverMessage || r.message);
  };

  const rateRules = [
    ...rules({ required: true }),
    { validator: (_r: unknown, v: string) => (!v || (RATE.test(v) && Number(v) > 0) ? Promise.resolve() : Promise.reject(new Error(t('validation.pattern')))) },
  ];

  const columns: TableColumnsType<Currency> = [
    {
      title: t('sysadmin.currency.code'),
      key: 'code',
      width: 150,
      render: (_: unknown, c) => (
        <span>
          <Typography.Text strong>{c.code}</Typography.Text> {c.code === book && <Tag color="gold">{t('sysadmin.currency.book')}</Tag>}
        </span>
      ),
    },
    { title: t('sysadmin.currency.name'), key: 'name', render: (_: unknown, c) => <span data-testid={`currency-name-${c.code}`}>{currencyName(c.code, c.name)}</span> },
    { title: t('sysadmin.currency.rate'), key: 'rate', align: 'right', render: (_: unknown, c) => <span className="num" data-testid={`currency-rate-${c.code}`}>{c.rate}</span> },
    { title: t('sysadmin.currency.fakeRate'), key: 'fake', align: 'right', render: (_: unknown, c) => <span className="num" data-testid={`currency-fake-${c.code}`}>{c.fakeRate}</span> },
    { title: t('sysadmin.currency.active'), key: 'active', width: 90, render: (_: unknown, c) => (c.active ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>) },
    { title: t('sysadmin.currency.accounts'), dataIndex: 'accounts', align: 'right', width: 100 },
    { title: t('sysadmin.currency.updated'), key: 'updated', width: 180, render: (_: unknown, c) => (c.updatedAt ? `${formatInstant(c.updatedAt)} ${c.updatedBy ?? ''}` : '-') },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 80,
      render: (_: unknown, c) => <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => open(c)} aria-label={t('common.edit')} data-testid={`currency-edit-${c.code}`} />,
    },
  ];

  return (
    <div data-testid="currency-setting">
      <Typography.Title level={3}>{t('sysadmin.routes.currency')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sysadmin.currency.intro', { book })}</Typography.Paragraph>
      <Card>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open('new')} style={{ marginBottom: 12 }} data-testid="currency-add">
          {t('sysadmin.currency.add')}
        </Button>
        <Table<Currency> rowKey="code" size="middle" columns={columns} dataSource={list.data ?? []} loading={list.isLoading} pagination={false} data-testid="currency-table" />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('sysadmin.currency.add') : editing?.code}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'currency-save' } as never}
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="code" label={t('sysadmin.currency.code')} rules={[...rules({ required: true }), { pattern: /^[A-Za-z]{3}$/, message: t('validation.pattern') }]}>
            <Input maxLength={3} disabled={editing !== 'new'} data-testid="currency-code" />
          </Form.Item>
          <Form.Item name="name" label={t('sysadmin.currency.name')} rules={rules({ required: true, maxLength: 40 })}>
            <Input maxLength={40} data-testid="currency-name" />
          </Form.Item>
          <Form.Item name="rate" label={t('sysadmin.currency.rate')} rules={rateRules}>
            <Input inputMode="decimal" data-testid="currency-rate" />
          </Form.Item>
          <Form.Item name="fakeRate" label={t('sysadmin.currency.fakeRate')} rules={rateRules}>
            <Input inputMode="decimal" data-testid="currency-fakeRate" />
          </Form.Item>
          <Form.Item name="active" label={t('sysadmin.currency.active')} valuePropName="checked">
            <Switch data-testid="currency-active" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
