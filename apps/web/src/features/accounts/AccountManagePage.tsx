import { useState } from 'react';
import { Breadcrumb, Button, Card, Input, Select, Space, Tabs, Typography } from 'antd';
import { ApiOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ListingRow } from '@app/contract';
import { RoleId } from '@app/domain';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { useListing } from './api';
import { AccountTable } from './AccountTable';
import { ChangeUplineModal } from './ChangeUplineModal';
import { levelLabel } from './labels';
import {
  drillTo,
  listingParams,
  parseListingParams,
  searchTermStore,
  STATUS_FILTERS,
  withStatus,
  type ListingState,
  type StatusFilter,
} from './listingState';
import { RowActions, type RowAction } from './RowActions';
import { SubAccountsTab } from './SubAccountsTab';
import { ItAdminsTab } from './ItAdminsTab';
import { useAccountActions } from './useAccountActions';

type TabKey = 'downline' | 'house' | 'sub' | 'itAdmins';

/** /account/manage: the downline (drill-down with a breadcrumb), the house users and the sub-accounts. */
export default function AccountManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const state = parseListingParams(params);
  const requestedTab = params.get('tab');
  const canSubAccounts = access.can('Main Account', [1]) && ([1, 2, 3, 4] as number[]).includes(access.userRoleId ?? 0);
  // IT admins are the super admin's own login's to manage (the server refuses anyone else).
  const canItAdmins = access.userRoleId === RoleId.SuperAdmin && access.mainAccount;
  const tab: TabKey =
    requestedTab === 'house' || (requestedTab === 'sub' && canSubAccounts) || (requestedTab === 'itAdmins' && canItAdmins) ? requestedTab : 'downline';
  const [searchTerm, setSearchTerm] = useState(searchTermStore.read);
  const [searchText, setSearchText] = useState(searchTerm);
  const [moving, setMoving] = useState<ListingRow | null>(null);

  const listing = useListing(tab === 'house' ? 'house' : 'downline', state, searchTerm, tab === 'downline' || tab === 'house');
  const breadcrumb = listing.data?.breadcrumb ?? [];
  const root = breadcrumb[0];
  const parent = breadcrumb[breadcrumb.length - 1];
  const atOwnLevel = state.parentId === undefined || state.parentId === root?.userId;

  const canCreate = access.can('Downline', [2]) && access.hasRoute(PATHS.accountDetail);
  const canEdit = access.can('Downline', [3]);

  const setState = (next: ListingState, nextTab: TabKey = tab) => {
    const p = listingParams(next, params);
    if (nextTab === 'downline') p.delete('tab');
    else p.set('tab', nextTab);
    setParams(p);
  };

  const search = (text: string) => {
    searchTermStore.write(text);
    setSearchTerm(text.trim());
    setSearchText(text);
    if (state.page !== 1) setState({ ...state, page: 1 });
  };


  const onAction = (row: ListingRow, action: RowAction) => {
    switch (action) {
      case 'upline':
        setMoving(row);
        break;
      case 'delete':
        actions.remove(row);
        break;
      case 'clone':
        navigate(withQuery(PATHS.cloneAccount, { sourceUserId: row.userId }));
        break;
      case 'payment':
        navigate(withQuery(PATHS.payment, { userId: row.userId }));
        break;
      case 'creditLog':
        navigate(withQuery(PATHS.creditLog, { userId: row.userId }));
        break;
      case 'apiAccount':
        navigate(withQuery(PATHS.apiAccount, { userId: row.userId }));
        break;
    }
  };

  const moreFor = (row: ListingRow): RowAction[] => {
    const out: RowAction[] = [];
    if (canEdit && row.level !== 1) out.push('upline');
    if (access.can('Downline', [4])) out.push('delete');
    if (access.can('Downline', [2]) && access.hasRoute(PATHS.cloneAccount) && row.userRoleId !== RoleId.House) out.push('clone');
    // Payments are made to direct downlines only.
    if (atOwnLevel && access.hasRoute(PATHS.payment)) out.push('payment');
    if (access.hasRoute(PATHS.creditLog)) out.push('creditLog');
    if (access.hasRoute(PATHS.apiAccount)) out.push('apiAccount');
    return out;
  };

  const table = (
    <AccountTable
      testId={tab === 'house' ? 'house-table' : 'account-table'}
      data={listing.data}
      loading={listing.isFetching}
      state={state}
      onChange={(next) => setState(next)}
      onDrill={tab === 'downline' ? (row) => setState(drillTo(state, row.userId)) : undefined}
      actions={(row) => (
        <RowActions
          row={row}
          canEdit={canEdit}
          more={moreFor(row)}
          onEdit={(r) => navigate(withQuery(PATHS.accountDetail, { userId: r.userId }))}
          onStatus={actions.changeStatus}
          onAction={onAction}
        />
      )}
    />
  );

  const newAccount = () =>
    navigate(
      withQuery(PATHS.accountDetail, {
        uplineId: atOwnLevel ? undefined : state.parentId,
        house: tab === 'house' ? 1 : undefined,
      }),
    );

  const toolbar = (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <Input.Search
          allowClear
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '') search('');
          }}
          onSearch={search}
          maxLength={50}
          placeholder={t('accounts.searchPlaceholder')}
          style={{ width: 300 }}
          data-testid="account-search"
          enterButton
        />
        <Select<StatusFilter>
          value={state.status}
          onChange={(s) => setState(withStatus(state, s))}
          style={{ width: 160 }}
          data-testid="account-status-filter"
          options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`status.${s === '-1' ? 'all' : s}`) }))}
          aria-label={t('accounts.status')}
        />
      </Space>
      <Space wrap>
        {access.hasRoute(PATHS.reserveName) && (
          <Button icon={<TagsOutlined aria-hidden />} onClick={() => navigate(PATHS.reserveName)} data-testid="account-reserve-name">
            {t('routes.reserveName')}
          </Button>
        )}
        {access.hasRoute(PATHS.apiAccount) && (
          <Button icon={<ApiOutlined aria-hidden />} onClick={() => navigate(PATHS.apiAccount)} data-testid="account-api-account">
            {t('routes.apiAccount')}
          </Button>
        )}
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={newAccount} data-testid="account-new">
            {tab === 'house' ? t('accounts.newHouseUser') : t('accounts.newAccount')}
          </Button>
        )}
      </Space>
    </Space>
  );

  const crumbs = (
    <Breadcrumb
      data-testid="account-breadcrumb"
      style={{ marginBottom: 12 }}
      items={breadcrumb.map((c, i) => {
        const last = i === breadcrumb.length - 1;
        const label = `${c.username}${c.level !== null ? ` · ${levelLabel(t, { userRoleId: 0, level: c.level })}` : ''}`;
        return {
          key: c.userId,
          title: last ? (
            <span data-testid={`account-crumb-${c.userId}`}>{label}</span>
          ) : (
            <a
              data-testid={`account-crumb-${c.userId}`}
              onClick={(e) => {
                e.preventDefault();
                setState(drillTo(state, i === 0 ? undefined : c.userId));
              }}
              href={withQuery(PATHS.accountManage, { parentId: i === 0 ? undefined : c.userId })}
            >
              {label}
            </a>
          ),
        };
      })}
    />
  );

  const items = [
    {
      key: 'downline',
      label: <span data-testid="account-tab-downline">{t('accounts.tabs.downline')}</span>,
      children: (
        <>
          {toolbar}
          {crumbs}
          {table}
        </>
      ),
    },
    {
      key: 'house',
      label: <span data-testid="account-tab-house">{t('accounts.tabs.house')}</span>,
      children: (
        <>
          {toolbar}
          {crumbs}
          {table}
        </>
      ),
    },
    ...(canSubAccounts
      ? [{ key: 'sub', label: <span data-testid="account-tab-sub">{t('accounts.tabs.sub')}</span>, children: <SubAccountsTab /> }]
      : []),
    ...(canItAdmins ? [{ key: 'itAdmins', label: <span data-testid="account-tab-itAdmins">{t('itAdmins.tab')}</span>, children: <ItAdminsTab /> }] : []),
  ];

  return (
    <div data-testid="account-manage">
      <Typography.Title level={3}>{t('routes.accountManage')}</Typography.Title>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setState({ ...state, page: 1 }, k as TabKey)}
          items={items}
          animated={{ inkBar: true, tabPane: false }}
          destroyOnHidden
        />
      </Card>
      <ChangeUplineModal
        account={moving}
        currentUplineId={parent?.userId}
        root={root}
        onClose={() => setMoving(null)}
        onMoved={actions.refresh}
      />
    </div>
  );
}
