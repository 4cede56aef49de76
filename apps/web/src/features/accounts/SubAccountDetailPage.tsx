import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FUNCTION_NAMES, hasAccess, optionForLevels, parseAccessString, type AccessOption, type FunctionName } from '@app/domain';
import { translateMessage } from '../../i18n';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAuth } from '../../state/AuthContext';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { accountKeys, saveSubAccount, useSubAccounts } from './api';
import { USERNAME_PATTERN } from './accountForm';
import { NoRecord } from './AccountDetailPage';
import { positiveIntParam } from './params';
import { activitiesFromOptions, activityIdOf, optionsFromAccessString, REPORT_FUNCTIONS, subAccountRules } from './subAccountForm';

interface Values {
  username?: string;
  fullName: string;
  password?: string;
  confirmPassword?: string;
  secondaryPassword?: string;
  status: string;
  options: Record<string, AccessOption>;
  reportAccess: string[];
}

const OPTIONS: AccessOption[] = ['None', 'View', 'Control'];
const STATUSES = ['Active', 'Inactive', 'Suspended'] as const;

/** /sub-account/detail: create (no `userId`) or edit a staff login of the main account, with its rights. */
export default function SubAccountDetailPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userData } = useAuth();
  const [params] = useSearchParams();
  const userId = positiveIntParam(params.get('userId'));
  const editing = userId !== undefined;
  const subs = useSubAccounts(editing);
  const existing = editing ? subs.data?.find((s) => s.userId === userId) : undefined;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const password = Form.useWatch('password', form);

  // Nobody gives more than it holds: the caller's own highest option per function (a main account's, or
  // a managing sub-account's own, which the server enforces too).
  const ceiling = useMemo(() => {
    const own = parseAccessString(userData?.accessString ?? '');
    return Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, optionForLevels(own.get(fn))])) as Record<FunctionName, AccessOption>;
  }, [userData]);

  useEffect(() => {
    if (editing && !existing) return;
    form.setFieldsValue(
      existing
        ? {
            username: existing.username,
            fullName: existing.fullName,
            status: existing.status,
            options: optionsFromAccessString(existing.accessString),
            reportAccess: existing.reportAccess,
          }
        : { status: 'Active', options: optionsFromAccessString(''), reportAccess: [] },
    );
  }, [editing, existing, form]);

  const back = () => navigate(withQuery(PATHS.accountManage, { tab: 'sub' }));

  const save = async (v: Values) => {
    if (v.password && v.password !== v.confirmPassword) {
      form.setFields([{ name: 'confirmPassword', errors: [t('messages.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY')] }]);
      alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
      return;
    }
    setSaving(true);
    const r = await saveSubAccount({
      userId,
      username: editing ? undefined : v.username?.trim(),
      fullName: v.fullName.trim(),
      password: v.password || undefined,
      secondaryPassword: v.secondaryPassword || undefined,
      status: v.status,
      activities: activitiesFromOptions(v.options ?? {}),
      reportAccess: v.reportAccess ?? [],
    });
    setSaving(false);
    if (r.success) {
      void message.success(t('messages.SAVED'));
      void queryClient.invalidateQueries({ queryKey: accountKeys.subAccounts });
      back();
      return;
    }
    if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    if (r.serverMessage === 'DUPLICATE_NAME') form.setFields([{ name: 'username', errors: [t('messages.DUPLICATE_NAME')] }]);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  const columns = [
    {
      title: t('roles.function'),
      dataIndex: 'fn',
      key: 'fn',
      render: (fn: FunctionName) => t(`functions.${fn}`, { defaultValue: fn }),
    },
    {
      title: t('roles.access'),
      key: 'access',
      width: 300,
      render: (_: unknown, row: { fn: FunctionName }) => {
        const id = activityIdOf(row.fn);
        const max = OPTIONS.indexOf(ceiling[row.fn]);
        return (
          <Form.Item name={['options', row.fn]} noStyle>
            <Radio.Group size="small" data-testid={`sub-activity-${id}`}>
              {OPTIONS.map((o, i) => (
                <Radio key={o} value={o} disabled={i > max} data-testid={`sub-activity-${id}-${o}`}>
                  {t(`roles.options.${o}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        );
      },
    },
  ];

  let body;
  if (editing && subs.isLoading) body = <Skeleton active />;
  else if (editing && !existing) body = <NoRecord />;
  else
    body = (
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="sub-account-form">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card title={t('accounts.sections.identity')}>
            <Row gutter={24}>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="username"
                  label={t('accounts.username')}
                  rules={editing ? undefined : [...rules(subAccountRules.username), { pattern: USERNAME_PATTERN, message: t('validation.pattern') }]}
                >
                  <Input disabled={editing} maxLength={30} autoComplete="off" data-testid="sub-account-username" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="fullName" label={t('accounts.fullName')} rules={rules(subAccountRules.fullName)}>
                  <Input maxLength={100} data-testid="sub-account-fullName" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="status" label={t('accounts.status')}>
                  <Select data-testid="sub-account-status" options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="password"
                  label={t('accounts.password')}
                  rules={rules(editing ? subAccountRules.passwordOptional : subAccountRules.password)}
                  extra={editing ? t('accounts.hints.passwordKeep') : t('changePassword.hint')}
                >
                  <Input.Password autoComplete="new-password" maxLength={200} data-testid="sub-account-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="confirmPassword"
                  label={t('accounts.confirmPassword')}
                  dependencies={['password']}
                  rules={!editing || password ? rules(subAccountRules.confirmPassword) : []}
                >
                  <Input.Password autoComplete="new-password" maxLength={200} data-testid="sub-account-confirmPassword" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="secondaryPassword"
                  label={t('accounts.secondaryPassword')}
                  rules={rules(subAccountRules.secondaryPassword)}
                  extra={editing ? t('accounts.hints.passwordKeep') : t('accounts.hints.secondary')}
                >
                  <Input.Password autoComplete="new-password" maxLength={200} data-testid="sub-account-secondaryPassword" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <Card title={t('subAccounts.access')} extra={<Typography.Text type="secondary">{t('subAccounts.accessHint')}</Typography.Text>}>
                <Table
                  rowKey="fn"
                  size="small"
                  pagination={false}
                  columns={columns}
                  dataSource={FUNCTION_NAMES.map((fn) => ({ fn }))}
                  data-testid="sub-account-activities"
                />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card title={t('subAccounts.reportAccess')}>
                <Form.Item name="reportAccess" noStyle>
                  <Checkbox.Group style={{ display: 'grid', gap: 8 }} data-testid="sub-account-reports">
                    {REPORT_FUNCTIONS.map((fn) => (
                      <Checkbox
                        key={fn}
                        value={fn}
                        disabled={!hasAccess(userData?.accessString ?? '', fn)}
                        data-testid={`sub-report-${activityIdOf(fn)}`}
                      >
                        {t(`functions.${fn}`, { defaultValue: fn })}
                      </Checkbox>
                    ))}
                  </Checkbox.Group>
                </Form.Item>
              </Card>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="sub-account-save">
              {t('common.save')}
            </Button>
            <Button onClick={back} data-testid="sub-account-cancel">
              {t('common.cancel')}
            </Button>
          </Space>
        </Space>
      </Form>
    );

  return (
    <div data-testid="sub-account-detail">
      <Typography.Title level={3}>
        {editing ? t('subAccounts.editTitle', { username: existing?.username ?? '' }) : t('subAccounts.new')}
      </Typography.Title>
      {body}
    </div>
  );
}
