import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Space, Typography } from 'antd';
import { KeyOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserSummary } from '@app/contract';
import { useAccess } from '../../navigation/useAccess';
import { useFieldRules } from '../../ui/validation';
import {
  findByUsername,
  generateApiCode,
  getAccountDetail,
  getApiAccount,
  saveApiAccount,
  useDirectDownlines,
  type ApiAccountView,
  type GeneratedApiCode,
} from './api';
import { levelLabel } from './labels';
import { SettlementCallbackForm } from './SettlementCallbackForm';
import { positiveIntParam } from './params';
import { formatInstant } from '../../ui/time';

interface Picked {
  userId: number;
  username: string;
  fullName: string;
}

/**
 * /account/create-api-account: pick an account of the downline (username or direct downline), see its
 * current client opcode, generate a new opcode and secret (the secret is shown once), and save it.
 */
export default function ApiAccountPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const userIdParam = positiveIntParam(params.get('userId'));
  const downlines = useDirectDownlines(undefined, access.can('Downline', [1]));
  const [picked, setPicked] = useState<Picked | null>(null);
  const [view, setView] = useState<ApiAccountView | null>(null);
  const [generated, setGenerated] = useState<GeneratedApiCode | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = useCallback(async (u: Picked) => {
    setGenerated(null);
    setView(null);
    const r = await getApiAccount(u.userId);
    setPicked(u);
    if (r.success && r.data) setView(r.data);
  }, []);

  // ?userId= (from an account row) picks that account.
  useEffect(() => {
    if (userIdParam === undefined || picked?.userId === userIdParam) return;
    void getAccountDetail(userIdParam).then((r) => {
      if (r.success && r.data) void pick(r.data);
    });
  }, [userIdParam, picked, pick]);

  const choose = (u: Picked) => {
    setParams({ userId: String(u.userId) });
    void pick(u);
  };

  const search = async ({ username }: { username: string }) => {
    const r = await findByUsername(username.trim());
    if (r.success && r.data) choose(r.data as UserSummary);
  };

  const generate = async () => {
    setBusy(true);
    const r = await generateApiCode();
    setBusy(false);
    if (r.success && r.data) setGenerated(r.data);
  };

  const save = async () => {
    if (!picked || !generated) return;
    setBusy(true);
    const r = await saveApiAccount({ userId: picked.userId, ...generated });
    setBusy(false);
    if (r.success && r.data) {
      void message.success(t('messages.SAVED'));
      setView(r.data);
      // The secret is never shown again.
      setGenerated(null);
    }
  };

  return (
    <div data-testid="api-account">
      <Typography.Title level={3}>{t('routes.apiAccount')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('apiAccount.pick')}>
          <Space wrap size="large" align="start">
            <Form layout="inline" onFinish={(v) => void search(v)} data-testid="api-account-search-form">
              <Form.Item name="username" label={t('accounts.username')} rules={rules({ required: true, maxLength: 50 })}>
                <Input maxLength={50} allowClear data-testid="api-account-username" />
              </Form.Item>
              <Button htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="api-account-search">
                {t('common.search')}
              </Button>
            </Form>
            {downlines.data && (
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('apiAccount.orDownline')}
                style={{ width: 320 }}
                value={picked?.userId}
                onChange={(id) => {
                  const d = downlines.data?.find((x) => x.userId === id);
                  if (d) choose(d);
                }}
                options={downlines.data.map((d) => ({
                  value: d.userId,
                  label: `${d.username} (${d.fullName}) · ${levelLabel(t, { userRoleId: 0, level: d.level })}`,
                }))}
                data-testid="api-account-downline"
              />
            )}
          </Space>
        </Card>

        {picked && (
          <Card title={t('apiAccount.current', { username: picked.username })} data-testid="api-account-view">
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('accounts.username')}>{picked.username}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.fullName')}>{picked.fullName || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('apiAccount.clientOpcode')}>
                <span data-testid="api-account-opcode">{view?.clientOpcode ?? t('apiAccount.none')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('apiAccount.createdAt')}>
                {view?.createdAt ? formatInstant(view.createdAt) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('apiAccount.lastUsedAt')}>
                {view?.lastUsedAt ? formatInstant(view.lastUsedAt) : '-'}
              </Descriptions.Item>
            </Descriptions>

            {generated && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="api-account-generated"
                title={t('apiAccount.secretOnce')}
                description={
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label={t('apiAccount.clientOpcode')}>
                      <Typography.Text copyable={{ text: generated.clientOpcode }} code data-testid="api-account-new-opcode">
                        {generated.clientOpcode}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('apiAccount.clientSecret')}>
                      <Typography.Text copyable={{ text: generated.clientSecret }} code data-testid="api-account-new-secret">
                        {generated.clientSecret}
                      </Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                }
              />
            )}

            <Space>
              <Button icon={<KeyOutlined aria-hidden />} onClick={() => void generate()} loading={busy && !generated} data-testid="api-account-generate">
                {view?.clientOpcode ? t('apiAccount.regenerate') : t('apiAccount.generate')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined aria-hidden />}
                disabled={!generated}
                loading={busy && !!generated}
                onClick={() => void save()}
                data-testid="api-account-save"
              >
                {t('common.save')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('apiAccount.saveHint')}
            </Typography.Paragraph>
            <SettlementCallbackForm key={picked.userId} userId={picked.userId} />
          </Card>
        )}
      </Space>
    </div>
  );
}
