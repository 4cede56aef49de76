import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RoleId } from '@app/domain';
import { translateMessage } from '../../i18n';
import { withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { useAlerts } from '../../ui/useAlerts';
import { assignPackage, PACKAGE_TYPES, packageKeys, useDownlines, useOwnPackageSettings, usePackages, type Downline, type PackageSummary, type PackageType } from './api';
import { changedPackageStore, entriesFor } from './changedPackages';
import { PackageTags } from './labels';
import { packageEditRefusal } from './rules';
import { formatInstant } from '../../ui/time';
import { seededText } from '../../i18n/seeded';

export const PACKAGE_DETAIL = '/package/detail';

/** Roles that own packages (0005: players and houses never do). */
export const OWNER_ROLES: readonly number[] = [RoleId.SuperAdmin, RoleId.ITAdmin, RoleId.Company, RoleId.Multilevel];

const typeParam = (v: string | null): PackageType => (v === '2' ? 2 : v === '3' ? 3 : 0);

/** The package a direct downline is given by the viewer for a type (null: it inherits the viewer's own). */
export function assignedTo(packages: readonly PackageSummary[], userId: number, packageType: number): PackageSummary | undefined {
  return packages.find((p) => p.packageType === packageType && p.relation === 'own' && p.assignedUsers.some((u) => u.userId === userId));
}

function AssignRow({ d, type, own, current, onAssigned }: { d: Downline; type: number; own: PackageSummary[]; current?: PackageSummary; onAssigned: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<number>(current?.packageId ?? 0);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChoice(current?.packageId ?? 0), [current?.packageId]);

  const save = async () => {
    setSaving(true);
    const r = await assignPackage({ userId: d.userId, packageType: type, packageId: choice || null });
    setSaving(false);
    if (r.success) {
      // The downline's rates changed: the package it had and the one it gets now.
      const ids = [choice, current?.packageId ?? 0, r.data?.effectivePackageId ?? 0].filter((x) => x > 0);
      changedPackageStore.add(ids.flatMap((id) => entriesFor(id, [d.userId])));
      void message.success(t('packages.assigned', { username: d.username }));
      onAssigned();
    } else {
      alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
    }
  };

  return (
    <Space>
      <Select<number>
        value={choice}
        style={{ width: 260 }}
        onChange={setChoice}
        options={[{ value: 0, label: t('packages.inherit') }, ...own.map((p) => ({ value: p.packageId, label: seededText(t, 'packages', p) }))]}
        data-testid={`package-assign-${d.userId}`}
      />
      <Button type="primary" disabled={choice === (current?.packageId ?? 0)} loading={saving} onClick={() => void save()} data-testid={`package-assign-save-${d.userId}`}>
        {t('packages.assign')}
      </Button>
    </Space>
  );
}

/** /package/manage: packages by type (own, received), create, and assignment to direct downlines. */
export default function PackageManagePage() {
  const { t } = useTranslation();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = typeParam(params.get('type'));
  const packages = usePackages(undefined);
  const ownsPackages = OWNER_ROLES.includes(access.userRoleId ?? 0);
  const isRoot = access.userRoleId === RoleId.SuperAdmin || access.userRoleId === RoleId.ITAdmin;
  const own = useOwnPackageSettings(access.userId, ownsPackages && !isRoot && access.mainAccount);
  const refusal = ownsPackages ? packageEditRefusal(access.userRoleId, access.mainAccount ? own.data : null) : null;
  const canWrite = ownsPackages && !refusal && access.can('Package List', [2, 3]);
  const downlines = useDownlines(canWrite && access.can('Downline', [1]));

  useEffect(() => {
    // Another screen (or tab) changed packages: read them again once.
    if (changedPackageStore.requiredRefresh()) {
      changedPackageStore.setRequiredRefresh(false);
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    }
  }, [queryClient]);

  const ofType = useMemo(() => (packages.data ?? []).filter((p) => p.packageType === type), [packages.data, type]);
  const assignable = ofType.filter((p) => p.relation === 'own' && p.recordStatus === 1 && !p.isRedPackage);
  // What a downline without an assignment gets: the viewer's own package (for the platform, the default).
  const mine = isRoot ? ofType.find((p) => p.isDefault) : ofType.find((p) => p.relation !== 'own' && p.relation !== 'downline');

  const columns: TableColumnsType<PackageSummary> = [
    {
      title: t('packages.name'),
      dataIndex: 'name',
      key: 'name',
      render: (_: string, p) => (
        <Link to={withQuery(PACKAGE_DETAIL, { id: p.packageId })} data-testid={`package-open-${p.packageId}`}>
          {seededText(t, 'packages', p)}
        </Link>
      ),
    },
    { title: t('packages.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (_: string, p) => seededText(t, 'packages', p, 'description') },
    // The seeded packages' group ("System") is seeded words too.
    { title: t('packages.group'), dataIndex: 'groupName', key: 'group', render: (v: string, p) => (p.seedKey && v === 'System' ? t('common.system') : v || '-') },
    { title: t('packages.relation'), key: 'relation', render: (_: unknown, p) => <PackageTags p={p} testId={`package-tags-${p.packageId}`} /> },
    // Who the viewer gives a package to: nobody, for a player or a house.
    ...(ownsPackages ? [
      {
        title: t('packages.assignedTo'),
        key: 'assigned',
        render: (_: unknown, p: PackageSummary) =>
          p.assignedUsers.length ? (
            <Space size={[4, 4]} wrap data-testid={`package-assigned-${p.packageId}`}>
              {p.assignedUsers.map((u) => (
                <Tag key={u.userId}>{u.username}</Tag>
              ))}
            </Space>
          ) : (
            '-'
          ),
      },
      ] : []),
    {
      title: t('packages.lastModified'),
      key: 'updated',
      render: (_: unknown, p) => (p.updatedAt ? `${formatInstant(p.updatedAt)}${p.updatedBy ? ` · ${p.updatedBy}` : ''}` : '-'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, p) => (
        <Link to={withQuery(PACKAGE_DETAIL, { id: p.packageId })}>
          <Button size="small" icon={p.relation === 'own' || (isRoot && p.isSystem) ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />} data-testid={`package-edit-${p.packageId}`}>
            {p.relation === 'own' || (isRoot && p.isSystem) ? t('common.edit') : t('common.view')}
          </Button>
        </Link>
      ),
    },
  ];

  const downlineColumns: TableColumnsType<Downline> = [
    { title: t('packages.downline'), key: 'username', render: (_: unknown, d) => `${d.username} (${d.fullName})` },
    {
      title: t('packages.current'),
      key: 'current',
      render: (_: unknown, d) => {
        const p = assignedTo(ofType, d.userId, type);
        return p ? (
          <Tag color="green" data-testid={`package-current-${d.userId}`}>
            {seededText(t, 'packages', p)}
          </Tag>
        ) : (
          <Typography.Text type="secondary" data-testid={`package-current-${d.userId}`}>
            {t('packages.inheritsYours', { name: mine ? seededText(t, 'packages', mine) : t('packages.yourPackage') })}
          </Typography.Text>
        );
      },
    },
    {
      title: t('packages.assignPackage'),
      key: 'assign',
      render: (_: unknown, d) => (
        <AssignRow
          d={d}
          type={type}
          own={assignable}
          current={assignedTo(ofType, d.userId, type)}
          onAssigned={() => void queryClient.invalidateQueries({ queryKey: packageKeys.all })}
        />
      ),
    },
    {
      title: '',
      key: 'view',
      width: 120,
      render: (_: unknown, d) => (
        <Link to={withQuery(PACKAGE_DETAIL, { userId: d.userId, packageType: type })} data-testid={`package-view-rates-${d.userId}`}>
          {t('packages.viewRates')}
        </Link>
      ),
    },
  ];

  return (
    <div data-testid="package-manage">
      <Typography.Title level={3}>{t('packages.routes.manage')}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="package-intro">
        {t(ownsPackages ? 'packages.intro' : 'packages.introBettor')}
      </Typography.Paragraph>
      {refusal && <Alert type="info" showIcon title={translateMessage(t, refusal)} style={{ marginBottom: 12 }} data-testid="package-edit-refusal" />}
      <Tabs
        activeKey={String(type)}
        onChange={(k) => setParams(k === '0' ? {} : { type: k }, { replace: true })}
        items={PACKAGE_TYPES.map((pt) => ({ key: String(pt), label: <span data-testid={`package-type-${pt}`}>{t(`packages.types.${pt}`)}</span> }))}
      />
      <Card
        title={t('packages.listTitle', { type: t(`packages.types.${type}`) })}
        extra={
          canWrite && (
            <Link to={withQuery(PACKAGE_DETAIL, { packageType: type })} data-testid="package-new">
              <Button type="primary" icon={<PlusOutlined aria-hidden />}>
                {t('packages.new')}
              </Button>
            </Link>
          )
        }
        style={{ marginBottom: 16 }}
      >
        <Table<PackageSummary>
          rowKey="packageId"
          size="middle"
          columns={columns}
          dataSource={ofType}
          loading={packages.isLoading}
          pagination={false}
          locale={{ emptyText: t('packages.none') }}
          data-testid="package-table"
        />
      </Card>
      {canWrite && access.can('Downline', [1]) && (
        <Card title={t('packages.assignTitle', { type: t(`packages.types.${type}`) })} data-testid="package-assign">
          <Typography.Paragraph type="secondary">{t('packages.assignHint')}</Typography.Paragraph>
          <Table<Downline>
            rowKey="userId"
            size="middle"
            columns={downlineColumns}
            dataSource={downlines.data ?? []}
            loading={downlines.isLoading}
            pagination={false}
            locale={{ emptyText: t('packages.noDownline') }}
            data-testid="package-assign-table"
          />
        </Card>
      )}
    </div>
  );
}
