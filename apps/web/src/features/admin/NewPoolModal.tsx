// Setting/CreatePoolRow (decision 0037): the super admin adds a pool from the pool schedule page. The
// server checks every field (uniqueness, one letter, one digit, bounds) and names each bad one; the form
// shows those messages under the fields and keeps what was typed.
import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PackageType, RESULT_FORMS, type ResultForm } from '@app/domain';
import type { CreatePoolBody } from '@app/contract';
import { apiCall } from '../../api/client';
import { API } from '../../api/endpoints';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields } from '../../ui/validation';
import type { PoolSelection } from './api';
import { useCalendarWords } from './pools';

const FORM_LABEL: Record<ResultForm, string> = { '4D': 'form4D', '4D+5D+6D': 'form4D5D6D', '4D+6D': 'form4D6D' };
const EMPTY: CreatePoolBody = { name: '', code: '', letter: '', digit: '', packageType: PackageType.Normal, resultForm: '4D', drawDays: [0, 3, 6], cutoffHour: 18, cutoffMinute: 45 };

export const createPool = (body: CreatePoolBody) => apiCall<PoolSelection>(API.Setting.CreatePoolRow, { json: body, handleErrors: true });

export function NewPoolModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (p: PoolSelection) => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const words = useCalendarWords();
  const [form] = Form.useForm<CreatePoolBody>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue(EMPTY);
  }, [open, form]);

  const save = async () => {
    const v = form.getFieldsValue(true) as CreatePoolBody;
    setSaving(true);
    const r = await createPool({ ...v, letter: (v.letter ?? '').toUpperCase(), cutoffHour: v.cutoffHour ?? -1, cutoffMinute: v.cutoffMinute ?? -1, drawDays: v.drawDays ?? [] });
    setSaving(false);
    if (r.success && r.data) onDone(r.data);
    else if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    else alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };

  const p = (key: string) => t(`admin.newPool.${key}`);
  return (
    <Modal open={open} title={p('title')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('common.save')} cancelText={t('common.cancel')} width={620} destroyOnHidden data-testid="new-pool-modal">
      <Alert type="info" showIcon message={p('hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={EMPTY}>
        <Space align="start" size="large">
          <Form.Item name="name" label={p('name')} style={{ width: 260 }}>
            <Input maxLength={40} data-testid="new-pool-name" />
          </Form.Item>
          <Form.Item name="code" label={p('code')} style={{ width: 260 }}>
            <Input maxLength={40} data-testid="new-pool-code" />
          </Form.Item>
        </Space>
        <Space align="start" size="large">
          <Form.Item name="letter" label={p('letter')} extra={p('letterHint')} style={{ width: 260 }}>
            <Input maxLength={1} style={{ width: 80 }} data-testid="new-pool-letter" />
          </Form.Item>
          <Form.Item name="digit" label={p('digit')} extra={p('digitHint')} style={{ width: 260 }}>
            <Input maxLength={1} style={{ width: 80 }} data-testid="new-pool-digit" />
          </Form.Item>
        </Space>
        <Space align="start" size="large">
          <Form.Item name="packageType" label={p('packageType')} style={{ width: 260 }}>
            <Select
              options={[
                { value: PackageType.Normal, label: p('normal') },
                { value: PackageType.GD, label: p('gd') },
              ]}
              data-testid="new-pool-package"
            />
          </Form.Item>
          <Form.Item name="resultForm" label={p('resultForm')} style={{ width: 260 }}>
            <Select options={RESULT_FORMS.map((f) => ({ value: f, label: p(FORM_LABEL[f]) }))} data-testid="new-pool-form" />
          </Form.Item>
        </Space>
        <Form.Item name="drawDays" label={p('drawDays')}>
          <Checkbox.Group options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: words.weekday(d) }))} data-testid="new-pool-days" />
        </Form.Item>
        <Form.Item label={p('cutoff')} required>
          <Space>
            <Form.Item name="cutoffHour" noStyle>
              <InputNumber min={0} max={23} precision={0} style={{ width: 80 }} data-testid="new-pool-hour" />
            </Form.Item>
            :
            <Form.Item name="cutoffMinute" noStyle>
              <InputNumber min={0} max={59} precision={0} style={{ width: 80 }} data-testid="new-pool-minute" />
            </Form.Item>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
