import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifySecondaryPassword } from '../../api/account';
import { useSecondary } from '../../state/SecondaryContext';
import { storeSecondaryValidUntil } from '../../state/secondaryPassword';
import { useAlerts } from '../../ui/useAlerts';
import { useFieldRules } from '../../ui/validation';
import { secondaryForm } from './rules';

/** The secondary-password prompt shown before protected items open (SPEC 2). */
export function SecondaryPasswordModal() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { open, settle } = useSecondary();
  const alerts = useAlerts();
  const [form] = Form.useForm<{ secondaryPassword: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const { secondaryPassword } = await form.validateFields();
    setSaving(true);
    const r = await verifySecondaryPassword(secondaryPassword);
    setSaving(false);
    if (r.success && r.data) {
      storeSecondaryValidUntil(r.data.validUntil);
      settle(true);
    } else {
      alerts.errorKey(r.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('secondary.title')}
      width={400}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => settle(false)}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'secondary-password-submit' }}
      cancelButtonProps={{ 'data-testid': 'secondary-password-cancel' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">{t('secondary.prompt')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)} data-testid="secondary-password-form">
        <Form.Item name="secondaryPassword" label={t('secondary.label')} rules={rules(secondaryForm.secondaryPassword)}>
          <Input.Password autoFocus autoComplete="off" data-testid="secondary-password-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
