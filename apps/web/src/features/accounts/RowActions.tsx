import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { CheckCircleOutlined, DownOutlined, EditOutlined, EyeOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '@app/contract';
import type { AccountStatus } from '@app/domain';

export type RowAction = 'upline' | 'delete' | 'clone' | 'payment' | 'creditLog' | 'apiAccount';

export interface RowActionsProps {
  row: ListingRow;
  canEdit: boolean;
  /** The "more" actions offered for this row, in order. */
  more: RowAction[];
  onEdit: (row: ListingRow) => void;
  onStatus: (row: ListingRow, status: AccountStatus) => void;
  onAction: (row: ListingRow, action: RowAction) => void;
}

const FLAG_TO: AccountStatus[] = ['Inactive', 'Suspended'];

/** Edit, flag or activate, and a menu of the other actions on one account of the listing. */
export function RowActions({ row, canEdit, more, onEdit, onStatus, onAction }: RowActionsProps) {
  const { t } = useTranslation();
  const id = row.userId;
  const flagItems: MenuProps['items'] = FLAG_TO.filter((s) => s !== row.status).map((s) => ({
    key: s,
    label: <span data-testid={`account-flag-${id}-${s}`}>{t(`status.${s}`)}</span>,
  }));
  const moreItems: MenuProps['items'] = more.map((a) => ({
    key: a,
    danger: a === 'delete',
    label: <span data-testid={`account-action-${a}-${id}`}>{t(`accounts.actions.${a}`)}</span>,
  }));

  return (
    <Space size={4} wrap={false}>
      <Button size="small" icon={canEdit ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />} onClick={() => onEdit(row)} data-testid={`account-edit-${id}`}>
        {canEdit ? t('common.edit') : t('common.view')}
      </Button>
      {canEdit &&
        (row.status === 'Active' ? (
          <Dropdown menu={{ items: flagItems, onClick: ({ key }) => onStatus(row, key as AccountStatus) }} trigger={['click']}>
            <Button size="small" danger icon={<StopOutlined aria-hidden />} data-testid={`account-flag-${id}`}>
              {t('accounts.flag')} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        ) : (
          <Space.Compact size="small">
            <Button size="small" icon={<CheckCircleOutlined aria-hidden />} onClick={() => onStatus(row, 'Active')} data-testid={`account-activate-${id}`}>
              {t('accounts.activate')}
            </Button>
            <Dropdown menu={{ items: flagItems, onClick: ({ key }) => onStatus(row, key as AccountStatus) }} trigger={['click']}>
              <Button size="small" icon={<DownOutlined aria-hidden />} aria-label={t('accounts.flag')} data-testid={`account-flag-${id}`} />
            </Dropdown>
          </Space.Compact>
        ))}
      {more.length > 0 && (
        <Dropdown menu={{ items: moreItems, onClick: ({ key }) => onAction(row, key as RowAction) }} trigger={['click']}>
          <Button size="small" icon={<MoreOutlined aria-hidden />} data-testid={`account-more-${id}`}>
            {t('accounts.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
