import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@app/domain';
import { translateMessage } from '../../i18n';
import { NumericInput } from '../../ui/NumericInput';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { accountKeys, savePrefix, usePrefixes, type ReservePrefix } from './api';

export const prefixRules = {
  prefix: { required: true, maxLength: 10 },
  digits: { required: true, min: 1, max: 6 },
} satisfies Record<string, FieldRule>;
export const PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

/** The next username a prefix generates: prefix + the number padded to its digits ("AG" 3 7 -> "AG007"). */
export const exampleName = (p: { prefix: string; digits: number; nextNumber: number }) =>
  `${p.prefix}${String(p.nextNumber).padStart(p.digits, '0')}`;

interface Values {
  prefix: string;
  digits: number;
}

/** /account/reserve-name: prefixes that new-account usernames are generated from. */
export default function ReserveNamePage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const prefixes = usePrefixes();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<ReservePrefix | null>(null);
  const [saving, setSaving] = useState(false);

  const startEdit = (p: ReservePrefix | null) => {
    setEditing(p);
    form.resetFields();
    form.setFieldsValue(p ? { prefix: p.prefix, digits: p.digits } : { prefix: '', digits: 3 });
  };

  const save = async (v: Values) => {
    setSaving(true);
    const r = await savePrefix({ id: editing?.id, prefix: v.prefix.trim(), digits: v.digits });
    setSaving(false);
    if (r.success && r.data) {
      queryClient.setQueryData(accountKeys.prefixes, r.data);
      void message.success(t('messages.SAVED'));
      startEdit(null);
      return;
    }
    if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    if (r.serverMessage === 'DUPLICATE_NAME') form.setFields([{ name: 'prefix', errors: [t('messages.DUPLICATE_NAME')] }]);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  const columns: TableColumnsType<ReservePrefix> = [
    { title: t('reserveName.prefix'), dataIndex: 'prefix', key: 'prefix' },
    { title: t('reserveName.digits'), dataIndex: 'digits', key: 'digits', width: 120 },
    { title: t('reserveName.nextName'), key: 'next', render: (_: unknown, p) => <code>{exampleName(p)}</code> },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, p) => (
        <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => startEdit(p)} data-testid={`reserve-name-edit-${p.id}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="reserve-name">
      <Typography.Title level={3}>{t('routes.reserveName')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reserveName.intro')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card
            title={t('reserveName.list')}
            extra={
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => startEdit(null)} data-testid="reserve-name-new">
                {t('reserveName.new')}
              </Button>
            }
          >
            <Table<ReservePrefix>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={prefixes.data ?? []}
              loading={prefixes.isLoading}
              pagination={false}
              locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
              data-testid="reserve-name-table"
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={editing ? t('reserveName.edit', { prefix: editing.prefix }) : t('reserveName.new')}>
            <Form<Values> form={form} layout="vertical" initialValues={{ prefix: '', digits: 3 }} onFinish={(v) => void save(v)} data-testid="reserve-name-form">
              <Form.Item
                name="prefix"
                label={t('reserveName.prefix')}
                rules={[...rules(prefixRules.prefix), { pattern: PREFIX_PATTERN, message: t('validation.pattern') }]}
                extra={t('reserveName.prefixHint')}
              >
                <Input maxLength={10} data-testid="reserve-name-prefix" />
              </Form.Item>
              <Form.Item name="digits" label={t('reserveName.digits')} rules={rules(prefixRules.digits)} extra={t('reserveName.digitsHint')}>
                <NumericInput min={1} max={6} data-testid="reserve-name-digits" />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="reserve-name-save">
                  {t('common.save')}
                </Button>
                {editing && (
                  <Button onClick={() => startEdit(null)} data-testid="reserve-name-cancel">
                    {t('common.cancel')}
                  </Button>
                )}
              </Space>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
