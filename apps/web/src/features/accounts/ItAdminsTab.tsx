import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountDetail, Listing, ListingRow } from '@app/contract';
import { RoleId } from '@app/domain';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { accountKeys } from './api';
import { accountRules } from './accountForm';
import { StatusTag } from './labels';

// The super admin's IT admins (issue 30 line 1): the second admin logins that release the results it enters.
const listingKey = [...accountKeys.all, 'itAdmins'] as const;

/** CreateOrUpdateUser for an IT admin: a new one (userRoleId 2), or one of its status or password. */
const save = (json: Record<string, unknown>) => apiCall<AccountDetail>(API.Account.CreateOrUpdateUser, { json, handleErrors: true });

interface NewItAdmin {
  username: string;
  fullName: string;
  password: string;
  confirmPassword: string;
}

export function ItAdminsTab() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const listing = useQuery({
    queryKey: listingKey,
    queryFn: () => fetchData<Listing>(API.Account.GetITAdminListing, { query: { pageSize: 500 } }),
    placeholderData: keepPreviousData,
  });
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<ListingRow | null>(null);
  const [addForm] = Form.useForm<NewItAdmin>();
  const [resetForm] = Form.useForm<{ password: string; confirmPassword: string }>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.all });

  /** A refusal naming fields marks them on the form; any other is alerted. */
  const refused = (form: typeof addForm | typeof resetForm, r: { status: number; serverMessage: string; data: unknown }) => {
    const fields = r.status === 400 && r.data && typeof r.data === 'object' ? Object.entries(r.data as Record<string, string>) : [];
    if (fields.length) form.setFields(fields.map(([name, key]) => ({ name: name as never, errors: [t(`validation.${key}`, { defaultValue: t('messages.VALIDATION_FAILED') })] })));
    alerts.errorKey(r.serverMessage || 'VALIDATION_FAILED');
  };

  const add = async (v: NewItAdmin) => {
    if (v.password !== v.confirmPassword) {
      addForm.setFields([{ name: 'confirmPassword', errors: [t('messages.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY')] }]);
      return;
    }
    const r = await save({ userRoleId: RoleId.ITAdmin, username: v.username.trim(), fullName: v.fullName.trim(), password: v.password });
    if (!r.success) return refused(addForm, r);
    void message.success(t('itAdmins.created', { username: r.data?.username }));
    setAdding(false);
    addForm.resetFields();
    refresh();
  };

  const setStatus = async (row: ListingRow, status: 'Active' | 'Suspended') => {
    const r = await save({ userId: row.userId, fullName: row.fullName, status });
    if (!r.success) return alerts.errorKey(r.serverMessage || r.message);
    void message.success(t('messages.SAVED'));
    refresh();
  };

  const reset = async (v: { password: string; confirmPassword: string }) => {
    if (!resetting) return;
    if (v.password !== v.confirmPassword) {
      resetForm.setFields([{ name: 'confirmPassword', errors: [t('messages.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY')] }]);
      return;
    }
    const r = await save({ userId: resetting.userId, fullName: resetting.fullName, password: v.password });
    if (!r.success) return refused(resetForm, r);
    void message.success(t('itAdmins.reset', { username: resetting.username }));
    setResetting(null);
    resetForm.resetFields();
    refresh();
  };

  const columns: TableColumnsType<ListingRow> = [
    { title: t('accounts.username'), dataIndex: 'username', key: 'username' },
    { title: t('accounts.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('accounts.status'), dataIndex: 'status', key: 'status', width: 120, render: (s: string, r) => <StatusTag status={s} testId={`it-admin-status-${r.username}`} /> },
    { title: t('accounts.lastLogin'), dataIndex: 'lastLoginAt', key: 'lastLoginAt', width: 170, render: (v: string | null) => (v ? formatInstant(v) : '-') },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          {r.status === 'Active' ? (
            <Button size="small" danger icon={<StopOutlined aria-hidden />} onClick={() => void setStatus(r, 'Suspended')} data-testid={`it-admin-suspend-${r.username}`}>
              {t('itAdmins.suspend')}
            </Button>
          ) : (
            <Button size="small" icon={<CheckCircleOutlined aria-hidden />} onClick={() => void setStatus(r, 'Active')} data-testid={`it-admin-activate-${r.username}`}>
              {t('itAdmins.activate')}
            </Button>
          )}
          <Button size="small" icon={<KeyOutlined aria-hidden />} onClick={() => setResetting(r)} data-testid={`it-admin-reset-${r.username}`}>
            {t('itAdmins.resetPassword')}
          </Button>
        </Space>
      ),
    },
  ];

  const passwordFields = (
    <>
      <Form.Item name="password" label={t('itAdmins.newPassword')} rules={[{ required: true, message: t('validation.required') }, { min: accountRules.password.minLength, message: t('changePassword.hint') }]} extra={t('changePassword.hint')}>
        <Input.Password autoComplete="new-password" maxLength={accountRules.password.maxLength} data-testid="it-admin-field-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('accounts.confirmPassword')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="new-password" maxLength={accountRules.password.maxLength} data-testid="it-admin-field-confirmPassword" />
      </Form.Item>
    </>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="it-admins">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('itAdmins.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)} data-testid="it-admin-add">
          {t('itAdmins.add')}
        </Button>
      </Space>
      <Table<ListingRow>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={listing.data?.items ?? []}
        loading={listing.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('itAdmins.none') }}
        data-testid="it-admin-table"
      />
      <Modal
        open={adding}
        title={t('itAdmins.addTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => addForm.submit()}
        onCancel={() => setAdding(false)}
        okButtonProps={{ 'data-testid': 'it-admin-save' }}
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical" onFinish={(v) => void add(v)} data-testid="it-admin-form">
          <Form.Item name="username" label={t('accounts.username')} rules={[{ required: true, message: t('validation.required') }, { min: 3, max: 30, pattern: /^[A-Za-z0-9_.-]+$/, message: t('validation.pattern') }]}>
            <Input autoComplete="off" maxLength={30} data-testid="it-admin-field-username" />
          </Form.Item>
          <Form.Item name="fullName" label={t('accounts.fullName')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input maxLength={100} data-testid="it-admin-field-fullName" />
          </Form.Item>
          {passwordFields}
        </Form>
      </Modal>
      <Modal
        open={resetting !== null}
        title={t('itAdmins.resetTitle', { username: resetting?.username })}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => resetForm.submit()}
        onCancel={() => setResetting(null)}
        okButtonProps={{ 'data-testid': 'it-admin-reset-save' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('itAdmins.resetHint')}</Typography.Paragraph>
        <Form form={resetForm} layout="vertical" onFinish={(v) => void reset(v)} data-testid="it-admin-reset-form">
          {passwordFields}
        </Form>
      </Modal>
    </Space>
  );
}
