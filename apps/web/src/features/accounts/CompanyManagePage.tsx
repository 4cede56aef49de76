import { useState } from 'react';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ListingRow } from '@app/contract';
import { HierarchyLevel } from '@app/domain';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { useListing } from './api';
import { AccountTable } from './AccountTable';
import { listingParams, parseListingParams, searchTermStore, STATUS_FILTERS, withStatus, type StatusFilter } from './listingState';
import { RowActions, type RowAction } from './RowActions';
import { useAccountActions } from './useAccountActions';

/** /company/manage (super admin): the companies, with the downline table; a company's downline opens in Accounts. */
export default function CompanyManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const state = { ...parseListingParams(params), parentId: undefined };
  const [searchTerm, setSearchTerm] = useState(searchTermStore.read);
  const [searchText, setSearchText] = useState(searchTerm);
  const listing = useListing('company', state, searchTerm);

  const search = (text: string) => {
    searchTermStore.write(text);
    setSearchTerm(text.trim());
    setSearchText(text);
    if (state.page !== 1) setParams(listingParams({ ...state, page: 1 }, params));
  };


  const onAction = (row: ListingRow, action: RowAction) => {
    if (action === 'delete') actions.remove(row);
    else if (action === 'clone') navigate(withQuery(PATHS.cloneAccount, { sourceUserId: row.userId }));
    else if (action === 'payment') navigate(withQuery(PATHS.payment, { userId: row.userId }));
    else if (action === 'creditLog') navigate(withQuery(PATHS.creditLog, { userId: row.userId }));
    else if (action === 'apiAccount') navigate(withQuery(PATHS.apiAccount, { userId: row.userId }));
  };

  const more: RowAction[] = [
    'delete' as const,
    ...(access.hasRoute(PATHS.cloneAccount) ? (['clone'] as const) : []),
    ...(access.hasRoute(PATHS.payment) ? (['payment'] as const) : []),
    ...(access.hasRoute(PATHS.creditLog) ? (['creditLog'] as const) : []),
    ...(access.hasRoute(PATHS.apiAccount) ? (['apiAccount'] as const) : []),
  ];

  return (
    <div data-testid="company-manage">
      <Typography.Title level={3}>{t('routes.companyManage')}</Typography.Title>
      <Card>
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
              data-testid="company-search"
              enterButton
            />
            <Select<StatusFilter>
              value={state.status}
              onChange={(s) => setParams(listingParams(withStatus(state, s), params))}
              style={{ width: 160 }}
              data-testid="company-status-filter"
              options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`status.${s === '-1' ? 'all' : s}`) }))}
            />
          </Space>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate(withQuery(PATHS.accountDetail, { level: HierarchyLevel.Company }))}
            data-testid="company-new"
          >
            {t('accounts.newCompany')}
          </Button>
        </Space>
        <AccountTable
          testId="company-table"
          data={listing.data}
          loading={listing.isFetching}
          state={state}
          onChange={(next) => setParams(listingParams(next, params))}
          onDrill={(row) => navigate(withQuery(PATHS.accountManage, { parentId: row.userId }))}
          actions={(row) => (
            <RowActions
              row={row}
              canEdit
              more={more}
              onEdit={(r) => navigate(withQuery(PATHS.accountDetail, { userId: r.userId }))}
              onStatus={actions.changeStatus}
              onAction={onAction}
            />
          )}
        />
      </Card>
    </div>
  );
}
