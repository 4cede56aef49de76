import { Button, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAuth } from '../../state/AuthContext';
import { useSubAccounts, type SubAccountRow } from './api';
import { StatusTag } from './labels';
import { optionsFromAccessString } from './subAccountForm';
import { formatInstant } from '../../ui/time';

/** The main account's sub-accounts (staff logins) with their access; New and Edit open /sub-account/detail. */
export function SubAccountsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subs = useSubAccounts();
  const { userData } = useAuth();

  const columns: TableColumnsType<SubAccountRow> = [
    { title: t('accounts.username'), dataIndex: 'username', key: 'username' },
    { title: t('accounts.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('accounts.status'), dataIndex: 'status', key: 'status', render: (s: string, r) => <StatusTag status={s} testId={`sub-account-status-${r.userId}`} /> },
    {
      title: t('subAccounts.access'),
      key: 'access',
      render: (_: unknown, r) => {
        const granted = Object.entries(optionsFromAccessString(r.accessString)).filter(([, o]) => o !== 'None');
        if (granted.length === 0) return <span className="muted">{t('roles.noAccess')}</span>;
        return (
          <Space size={[4, 4]} wrap>
            {granted.map(([fn, o]) => (
              <Tooltip key={fn} title={t(`roles.options.${o}`)}>
                <Tag color={o === 'Control' ? 'blue' : 'default'}>{t(`functions.${fn}`, { defaultValue: fn })}</Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    {
      title: t('subAccounts.reportAccess'),
      dataIndex: 'reportAccess',
      key: 'reportAccess',
      render: (list: string[]) => (list.length ? list.map((fn) => t(`functions.${fn}`, { defaultValue: fn })).join(', ') : '-'),
    },
    {
      title: t('accounts.lastLogin'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      width: 170,
      render: (v: string | null) => (v ? formatInstant(v) : '-'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      // A managing sub-account does not edit itself (the server refuses it).
      render: (_: unknown, r) =>
        r.userId === userData?.userId ? null : (
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          onClick={() => navigate(withQuery(PATHS.subAccountDetail, { userId: r.userId }))}
          data-testid={`sub-account-edit-${r.userId}`}
        >
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(PATHS.subAccountDetail)} data-testid="sub-account-new">
        {t('subAccounts.new')}
      </Button>
      <Table<SubAccountRow>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={subs.data ?? []}
        loading={subs.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
        data-testid="sub-account-table"
      />
    </Space>
  );
}
