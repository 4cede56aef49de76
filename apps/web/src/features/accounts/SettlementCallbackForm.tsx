import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getSettlementCallback, saveSettlementCallback } from './api';

/** An absolute http(s) address, as the server requires (decision 0025). */
function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * The settlement callback URL of a seamless API account: where each of its tickets' results is POSTed,
 * signed, after its draw is distributed. Empty: the account is not seamless.
 */
export function SettlementCallbackForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ callbackUrl: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void getSettlementCallback(userId).then((r) => {
      // What the user typed before the saved address arrived is theirs: it is not overwritten.
      if (r.success && r.data && !form.isFieldTouched('callbackUrl')) form.setFieldsValue({ callbackUrl: r.data.callbackUrl ?? '' });
    });
  }, [userId, form]);

  const save = async ({ callbackUrl }: { callbackUrl: string }) => {
    setBusy(true);
    const r = await saveSettlementCallback({ userId, callbackUrl: callbackUrl?.trim() || null });
    setBusy(false);
    if (r.success) void message.success(t('messages.SAVED'));
  };

  return (
    <div data-testid="api-account-callback" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('apiAccount.callback.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('apiAccount.callback.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="callbackUrl"
          label={t('apiAccount.callback.url')}
          rules={[{ validator: async (_r, v: string) => (!v?.trim() || isHttpUrl(v.trim()) ? undefined : Promise.reject(new Error(t('messages.CALLBACK_URL_INVALID')))) }]}
        >
          <Input prefix={<LinkOutlined aria-hidden />} maxLength={500} placeholder="https://client.example.com/settlement" allowClear data-testid="api-account-callback-url" />
        </Form.Item>
        <Space>
          <Button htmlType="submit" loading={busy} data-testid="api-account-callback-save">
            {t('apiAccount.callback.save')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
