import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { translateMessage } from '../../i18n';
import { PATHS, withQuery } from '../../navigation/paths';
import { formatCents } from '../../ui/text';
import { formatPercent } from '../../ui/money';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { cloneAccount, useAccountDetail } from './api';
import { accountRules, USERNAME_PATTERN } from './accountForm';
import { NoRecord } from './AccountDetailPage';
import { levelLabel, StatusTag } from './labels';
import { positiveIntParam } from './params';

interface Values {
  username: string;
  fullName: string;
  password: string;
  confirmPassword: string;
}

/** /account/clone-account: a new account with the settings (not the money) of `?sourceUserId=`. */
export default function CloneAccountPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sourceUserId = positiveIntParam(params.get('sourceUserId'));
  const source = useAccountDetail(sourceUserId);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (v: Values) => {
    if (!sourceUserId) return;
    if (v.password !== v.confirmPassword) {
      form.setFields([{ name: 'confirmPassword', errors: [t('messages.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY')] }]);
      alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
      return;
    }
    setSaving(true);
    const r = await cloneAccount({ sourceUserId, username: v.username.trim(), fullName: v.fullName.trim(), password: v.password });
    setSaving(false);
    if (r.success && r.data) {
      void message.success(t('messages.SAVED'));
      navigate(withQuery(PATHS.accountDetail, { userId: r.data.userId }));
      return;
    }
    if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    if (r.serverMessage === 'DUPLICATE_NAME') form.setFields([{ name: 'username', errors: [t('messages.DUPLICATE_NAME')] }]);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  let body;
  if (!sourceUserId) body = <NoRecord />;
  else if (source.isLoading) body = <Skeleton active />;
  else if (source.isError || !source.data) body = <NoRecord messageKey={source.error?.message} />;
  else {
    const s = source.data;
    body = (
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Card title={t('clone.source')} data-testid="clone-source">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('accounts.username')}>{s.username}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.fullName')}>{s.fullName}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.level')}>{levelLabel(t, s)}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.upline')}>{s.uplineUsername ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.status')}>
                <StatusTag status={s.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('accounts.creditLimit')}>{formatCents(s.creditLimit)}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.discount')}>{formatPercent(s.discount)}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.positionTaking')}>{formatPercent(s.positionTaking)}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('clone.hint')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('clone.newAccount')}>
            <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="clone-form">
              <Form.Item
                name="username"
                label={t('accounts.username')}
                rules={[...rules(accountRules.username), { pattern: USERNAME_PATTERN, message: t('validation.pattern') }]}
              >
                <Input maxLength={30} autoComplete="off" data-testid="clone-username" />
              </Form.Item>
              <Form.Item name="fullName" label={t('accounts.fullName')} rules={rules(accountRules.fullName)}>
                <Input maxLength={100} data-testid="clone-fullName" />
              </Form.Item>
              <Form.Item name="password" label={t('accounts.password')} rules={rules(accountRules.password)} extra={t('changePassword.hint')}>
                <Input.Password autoComplete="new-password" maxLength={200} data-testid="clone-password" />
              </Form.Item>
              <Form.Item name="confirmPassword" label={t('accounts.confirmPassword')} rules={rules(accountRules.confirmPassword)}>
                <Input.Password autoComplete="new-password" maxLength={200} data-testid="clone-confirmPassword" />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="clone-save">
                  {t('common.save')}
                </Button>
                <Button onClick={() => navigate(-1)} data-testid="clone-cancel">
                  {t('common.cancel')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
      </Row>
    );
  }

  return (
    <div data-testid="clone-account">
      <Typography.Title level={3}>{t('routes.cloneAccount')}</Typography.Title>
      {body}
    </div>
  );
}
