import { useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/account';
import { useAlerts } from '../../ui/useAlerts';
import { useFieldRules } from '../../ui/validation';
import { changePasswordForm } from './rules';

interface Values {
  which: 'login' | 'secondary';
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** SPEC 2/5: old, new and confirm passwords, all required; a mismatch is shown and nothing is sent. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    if (values.newPassword !== values.confirmPassword) {
      alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
      return;
    }
    setSaving(true);
    const r = await changePassword(values.oldPassword, values.newPassword, values.which === 'secondary');
    setSaving(false);
    if (r.success) {
      void message.success(t('changePassword.success'));
      onClose();
    } else {
      alerts.errorKey(r.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      width={440}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'change-password-save' }}
      cancelButtonProps={{ 'data-testid': 'change-password-cancel' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ which: 'login' }}
        onFinish={(v) => void save(v)}
        onFinishFailed={({ values }) => {
          // A mismatch is reported even when another rule (such as the length) also fails.
          if (values.newPassword && values.confirmPassword && values.newPassword !== values.confirmPassword) {
            alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
          }
        }}
        data-testid="change-password-form"
      >
        <Form.Item name="which" label={t('changePassword.which')}>
          <Radio.Group data-testid="change-password-which">
            <Radio value="login" data-testid="change-password-which-login">
              {t('changePassword.loginPassword')}
            </Radio>
            <Radio value="secondary" data-testid="change-password-which-secondary">
              {t('changePassword.secondaryPassword')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="oldPassword" label={t('changePassword.oldPassword')} rules={rules(changePasswordForm.oldPassword)}>
          <Input.Password autoComplete="current-password" data-testid="change-password-old" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('changePassword.newPassword')}
          extra={t('changePassword.hint')}
          rules={rules(changePasswordForm.newPassword)}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          rules={rules(changePasswordForm.confirmPassword)}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
