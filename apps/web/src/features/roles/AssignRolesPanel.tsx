import { useState } from 'react';
import { App, Button, Card, Checkbox, Descriptions, Empty, Form, Input, Space, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserActivityPermission, UserSummary } from '@app/contract';
import { useFieldRules } from '../../ui/validation';
import {
  assignRoles,
  findUserByUsername,
  getUserActivityPermission,
  usePermissions,
  useRoles,
  useUserRoles,
} from './api';
import { accessRows } from './accessLetters';
import { assignForm } from './rules';
import { seededText } from '../../i18n/seeded';

/** Assign roles to a user of the caller's subtree and show the access that results. */
export function AssignRolesPanel() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const roles = useRoles();
  const permissions = usePermissions();
  const userRoles = useUserRoles();
  const [user, setUser] = useState<UserSummary | null>(null);
  const [access, setAccess] = useState<UserActivityPermission | null>(null);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  const load = async (u: UserSummary) => {
    const p = await getUserActivityPermission(u.userId);
    if (p.success && p.data) {
      setUser(u);
      setAccess(p.data);
      setRoleIds(p.data.roleIds);
    }
  };

  const search = async ({ username }: { username: string }) => {
    setUser(null);
    setAccess(null);
    const r = await findUserByUsername(username.trim());
    if (r.success && r.data) await load(r.data);
  };

  const save = async () => {
    if (!user) return;
    setSaving(true);
    const r = await assignRoles(user.userId, roleIds);
    setSaving(false);
    if (r.success) {
      void message.success(t('roles.saved'));
      await load(user);
      void roles.refetch();
    }
  };

  const rows = access ? accessRows(access.activities, permissions.data ?? []) : [];
  const userRoleName = (id: number) =>
    t(`roleNames.${id}`, { defaultValue: userRoles.data?.find((r) => r.id === id)?.name ?? String(id) });

  return (
    <Card title={t('roles.assignTitle')} data-testid="roles-assign">
      <Typography.Paragraph type="secondary">{t('roles.assignHint')}</Typography.Paragraph>
      <Form layout="inline" onFinish={(v) => void search(v)} data-testid="roles-assign-form">
        <Form.Item name="username" label={t('roles.username')} rules={rules(assignForm.username)}>
          <Input data-testid="roles-assign-username" maxLength={50} allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="roles-assign-search">
          {t('common.search')}
        </Button>
      </Form>

      {user && access && (
        <Space orientation="vertical" size="middle" style={{ width: '100%', marginTop: 24 }} data-testid="roles-assign-user">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('roles.username')}>{user.username}</Descriptions.Item>
            <Descriptions.Item label={t('roles.fullName')}>{user.fullName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('roles.userRole')}>{userRoleName(user.userRoleId)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Text strong>{t('roles.roles')}</Typography.Text>
            <Checkbox.Group
              style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 8 }}
              value={roleIds}
              onChange={(v) => setRoleIds(v as number[])}
              data-testid="roles-assign-roles"
            >
              {(roles.data ?? []).map((r) => (
                <Checkbox key={r.id} value={r.id} data-testid={`roles-assign-role-${r.id}`}>
                  {seededText(t, 'roles', r)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
          <Button type="primary" onClick={() => void save()} loading={saving} data-testid="roles-assign-save">
            {t('common.save')}
          </Button>
          <div>
            <Typography.Text strong>{t('roles.accessString')}</Typography.Text>{' '}
            <Typography.Text type="secondary">({t('roles.levels')})</Typography.Text>
            <div data-testid="roles-assign-access" style={{ marginTop: 8 }}>
              {rows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.noAccess')} />
              ) : (
                <Space size={[8, 8]} wrap>
                  {rows.map((r) => (
                    <Tag key={r.activity} color="blue" data-testid={`roles-access-${r.activity}`}>
                      {t(`functions.${r.activity}`, { defaultValue: r.activity })}: <b>{r.letters}</b>
                    </Tag>
                  ))}
                </Space>
              )}
            </div>
            <Typography.Paragraph
              type="secondary"
              copyable={!!access.accessString}
              className="access-string"
              data-testid="roles-assign-access-string"
            >
              {access.accessString || '-'}
            </Typography.Paragraph>
          </div>
        </Space>
      )}
    </Card>
  );
}
