import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Result, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined, FireOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RoleId } from '@app/domain';
import { translateMessage } from '../../i18n';
import { withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { useAlerts } from '../../ui/useAlerts';
import { fixIsRedPackage, PACKAGE_TYPES, packageKeys, useEffectivePackage, usePackageDetail, usePackages, useTemplates, type PackageDetail } from './api';
import { changedPackageStore, entriesFor } from './changedPackages';
import { PackageEditor } from './PackageEditor';
import { sheetFromBase, toSheet } from './rateSheet';
import { seededText } from '../../i18n/seeded';

const PACKAGE_MANAGE = '/package/manage';
const positiveInt = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const typeOf = (v: string | null) => (v === '2' ? 2 : v === '3' ? 3 : 0);

function BackLink() {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.hasRoute(PACKAGE_MANAGE)) return null;
  return (
    <Link to={PACKAGE_MANAGE} data-testid="package-back">
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{t('packages.backToList')}</Button>
    </Link>
  );
}

/** An existing package by id. */
function ExistingPackage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = usePackageDetail(id);
  const rows = useMemo(() => (detail.data ? toSheet(detail.data.rates) : []), [detail.data]);
  if (detail.isLoading) return <Skeleton active />;
  if (detail.error || !detail.data) return <Result status="warning" title={translateMessage(t, detail.error?.message ?? 'NO_RECORD_FOUND')} extra={<BackLink />} data-testid="package-detail-error" />;
  return (
    <PackageEditor
      detail={detail.data}
      packageType={detail.data.packageType}
      initialRows={rows}
      onSaved={() => undefined}
      onDeleted={() => navigate(PACKAGE_MANAGE)}
      extraActions={<BackLink />}
    />
  );
}

/** A new package of a type, starting from the rates the caller gets (its base), or a master template. */
function NewPackage({ packageType, red, onCreated }: { packageType: number; red?: boolean; onCreated: (d: PackageDetail) => void | Promise<void> }) {
  const { t } = useTranslation();
  const access = useAccess();
  const isRoot = access.userRoleId === RoleId.SuperAdmin || access.userRoleId === RoleId.ITAdmin;
  const base = useEffectivePackage(undefined, packageType, false);
  const templates = useTemplates(access.userRoleId === RoleId.SuperAdmin && !red);
  const rows = useMemo(() => (base.data ? sheetFromBase(base.data.rates, !isRoot) : []), [base.data, isRoot]);
  if (base.isLoading) return <Skeleton active />;
  return (
    <>
      {!base.data && <Alert type="warning" showIcon title={t('packages.noBase')} style={{ marginBottom: 16 }} />}
      {base.data && (
        <Typography.Paragraph type="secondary" data-testid="package-new-from">
          {t(isRoot ? 'packages.newFromSystem' : 'packages.newFromBase', { name: seededText(t, 'packages', base.data) })}
        </Typography.Paragraph>
      )}
      <PackageEditor
        detail={null}
        packageType={packageType}
        initialRows={rows}
        defaultName={red ? t('packages.red.defaultName') : ''}
        templates={templates.data}
        onSaved={(d) => onCreated(d)}
        extraActions={red ? undefined : <BackLink />}
      />
    </>
  );
}

/** What an account (self or a downline) gets for a type: read again when its package changed. */
function EffectivePackage({ userId, packageType }: { userId: number; packageType: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(() => !changedPackageStore.has(userId));
  useEffect(() => {
    if (ready) return;
    // Its package changed since it was last read: drop the cached copy, read it again, clear the entries.
    void queryClient.invalidateQueries({ queryKey: packageKeys.all }).then(() => {
      changedPackageStore.clear(userId);
      setReady(true);
    });
  }, [ready, userId, queryClient]);
  const detail = useEffectivePackage(userId, packageType, false, ready);
  const rows = useMemo(() => (detail.data ? toSheet(detail.data.rates) : []), [detail.data]);
  if (!ready || detail.isLoading) return <Skeleton active />;
  if (detail.error) return <Result status="warning" title={translateMessage(t, detail.error.message)} extra={<BackLink />} data-testid="package-detail-error" />;
  if (!detail.data) return <Empty description={t('packages.none')} />;
  return <PackageEditor detail={detail.data} packageType={packageType} initialRows={rows} onSaved={() => undefined} extraActions={<BackLink />} />;
}

/** Red package settings: the caller's own red package per type, created, chosen or unmarked here. */
function RedPackage({ packageType }: { packageType: number }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const access = useAccess();
  const red = useEffectivePackage(undefined, packageType, true);
  const packages = usePackages(undefined);
  const [creating, setCreating] = useState(false);
  const [choice, setChoice] = useState<number>();
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => (red.data ? toSheet(red.data.rates) : []), [red.data]);
  const candidates = (packages.data ?? []).filter(
    (p) => p.packageType === packageType && p.relation === 'own' && p.recordStatus === 1 && !p.isDefault && !p.isRedPackage && p.assignedUsers.length === 0,
  );

  const mark = async (packageId: number, isRedPackage: boolean) => {
    setBusy(true);
    const r = await fixIsRedPackage({ packageId, isRedPackage });
    setBusy(false);
    if (!r.success) {
      alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
      return false;
    }
    if (access.userId) changedPackageStore.add(entriesFor(packageId, [access.userId]));
    void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    void message.success(t(isRedPackage ? 'packages.red.marked' : 'packages.red.unmarked'));
    setCreating(false);
    return true;
  };

  if (red.isLoading) return <Skeleton active />;
  if (red.error) return <Result status="warning" title={translateMessage(t, red.error.message)} />;
  if (red.data) {
    return (
      <PackageEditor
        detail={red.data}
        packageType={packageType}
        initialRows={rows}
        onSaved={() => undefined}
        extraActions={
          <Button
            danger
            loading={busy}
            onClick={() => alerts.confirm(t('packages.red.confirmUnmark', { name: seededText(t, 'packages', red.data!) }), () => void mark(red.data!.packageId, false))}
            data-testid="red-package-unmark"
          >
            {t('packages.red.unmark')}
          </Button>
        }
      />
    );
  }
  if (creating) {
    return <NewPackage packageType={packageType} red onCreated={async (d) => void (await mark(d.packageId, true))} />;
  }
  return (
    <Card data-testid="red-package-none">
      <Empty image={<FireOutlined aria-hidden style={{ fontSize: 48, color: '#cf1322' }} />} description={t('packages.red.none', { type: t(`packages.types.${packageType}`) })}>
        <Space orientation="vertical" size={16}>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="red-package-create">
            {t('packages.red.create')}
          </Button>
          {candidates.length > 0 && (
            <Space>
              <Select<number>
                style={{ width: 260 }}
                value={choice}
                onChange={setChoice}
                placeholder={t('packages.red.pick')}
                options={candidates.map((p) => ({ value: p.packageId, label: seededText(t, 'packages', p) }))}
                data-testid="red-package-pick"
              />
              <Button disabled={!choice} loading={busy} onClick={() => choice && void mark(choice, true)} data-testid="red-package-mark">
                {t('packages.red.mark')}
              </Button>
            </Space>
          )}
        </Space>
      </Empty>
    </Card>
  );
}

/**
 * /package/detail: `?id=` one package; `?packageType=` a new one; `?userId=&packageType=` what an account
 * gets; `?isRedPackage=true` the red package settings of the account dropdown.
 */
export default function PackageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const userId = positiveInt(params.get('userId'));
  const packageType = typeOf(params.get('packageType'));
  const red = params.get('isRedPackage') === 'true';

  const typeTabs = (
    <Tabs
      activeKey={String(packageType)}
      onChange={(k) => {
        const next = new URLSearchParams(params);
        next.set('packageType', k);
        setParams(next, { replace: true });
      }}
      items={PACKAGE_TYPES.map((pt) => ({ key: String(pt), label: <span data-testid={`package-type-${pt}`}>{t(`packages.types.${pt}`)}</span> }))}
    />
  );

  let title: string;
  let body: React.ReactNode;
  if (red) {
    title = t('packages.red.title');
    body = (
      <>
        <Typography.Paragraph type="secondary">{t('packages.red.intro')}</Typography.Paragraph>
        {typeTabs}
        <RedPackage key={packageType} packageType={packageType} />
      </>
    );
  } else if (id) {
    title = t('packages.routes.detail');
    body = <ExistingPackage key={id} id={id} />;
  } else if (userId) {
    title = t('packages.effectiveTitle');
    body = (
      <>
        {typeTabs}
        <EffectivePackage key={`${userId}-${packageType}`} userId={userId} packageType={packageType} />
      </>
    );
  } else {
    title = t('packages.newTitle', { type: t(`packages.types.${packageType}`) });
    body = <NewPackage key={packageType} packageType={packageType} onCreated={(d) => navigate(withQuery('/package/detail', { id: d.packageId }), { replace: true })} />;
  }

  return (
    <div data-testid={red ? 'red-package' : 'package-detail'}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={3}>{title}</Typography.Title>
        {red && <BackLink />}
      </Space>
      {body}
    </div>
  );
}
