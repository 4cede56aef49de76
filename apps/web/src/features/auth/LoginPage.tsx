import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translateMessage } from '../../i18n';
import { useAuth, useAuthActions } from '../../state/AuthContext';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { useFieldRules } from '../../ui/validation';
import { loginForm } from './rules';

interface LoginValues {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { login } = useAuthActions();
  const { loginMessage } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    const r = await login(values.username.trim(), values.password);
    setSubmitting(false);
    // A refusal (wrong password, disabled account, too many attempts, server down) is the inline alert
    // below alone (issue 29 line 12): the login state holds its message key, shown in the reader's language.
    if (r.success) {
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card" data-testid="login-card">
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <div className="login-heading">
            <div className="brand-mark">4D</div>
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('app.name')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
            </div>
          </div>
          <LanguageSwitcher size="middle" />
          <Form<LoginValues> layout="vertical" onFinish={onFinish} requiredMark={false} data-testid="login-form">
            <Form.Item name="username" label={t('login.username')} rules={rules(loginForm.username)}>
              <Input
                prefix={<UserOutlined aria-hidden />}
                autoComplete="username"
                autoFocus
                data-testid="login-username"
                maxLength={50}
              />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={rules(loginForm.password)}>
              <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            {loginMessage && (
              <Form.Item>
                <Alert type="error" showIcon title={translateMessage(t, loginMessage)} data-testid="login-error" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </Space>
      </Card>
    </div>
  );
}
