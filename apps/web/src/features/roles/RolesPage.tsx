import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '@app/contract';
import { useRoles } from './api';
import { RoleEditorModal } from './RoleEditorModal';
import { AssignRolesPanel } from './AssignRolesPanel';
import { formatInstant } from '../../ui/time';
import { seededText } from '../../i18n/seeded';

/** /roles/manage: the role list, the role editor and role assignment (super admin only). */
export default function RolesPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const [editing, setEditing] = useState<{ roleId?: number } | null>(null);

  const columns = [
    {
      title: t('roles.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: (a: Role, b: Role) => a.name.localeCompare(b.name),
      render: (_: string, r: Role) => (
        <Space>
          <span data-testid={`role-name-${r.id}`}>{seededText(t, 'roles', r)}</span>
          {r.isSystem && <Tag>{t('common.system')}</Tag>}
        </Space>
      ),
    },
    { title: t('roles.description'), dataIndex: 'description', key: 'description', render: (_: string, r: Role) => seededText(t, 'roles', r, 'description') },
    {
      title: t('roles.userCount'),
      dataIndex: 'userCount',
      key: 'userCount',
      align: 'right' as const,
      width: 100,
      sorter: (a: Role, b: Role) => a.userCount - b.userCount,
    },
    {
      title: t('roles.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 180,
      render: (v: string) => (v ? formatInstant(v) : '-'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, r: Role) => (
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          onClick={() => setEditing({ roleId: r.id })}
          data-testid={`roles-edit-${r.id}`}
        >
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="roles-page">
      <Typography.Title level={3}>{t('roles.title')}</Typography.Title>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card
          extra={
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} data-testid="roles-create">
              {t('roles.createRole')}
            </Button>
          }
          title={t('menu.roles')}
        >
          <Table<Role>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={roles.data ?? []}
            loading={roles.isLoading}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="roles-table"
          />
        </Card>
        <AssignRolesPanel />
      </Space>
      <RoleEditorModal open={editing !== null} roleId={editing?.roleId} onClose={() => setEditing(null)} />
    </div>
  );
}
