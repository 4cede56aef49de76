import { Descriptions, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import type { OrderOwner } from './useOrderOwner';

/** The order's account (a picker for an upline) with its available credit, and the business date. */
export function OwnerBar({ owner, today }: { owner: OrderOwner; today: string | undefined }) {
  const { t } = useTranslation();
  const o = owner.owner.data;
  return (
    <Space wrap size="large" align="center" data-testid="bet-owner-bar">
      {owner.showPicker && (
        <Space>
          <Typography.Text strong>{t('betting.orderFor')}</Typography.Text>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
            placeholder={t('betting.pickAccount')}
            value={owner.ownerId}
            loading={owner.agentsLoading}
            onChange={(v) => owner.setOwnerId(v)}
            options={owner.agents.map((a) => ({ value: a.userId, label: `${a.username} (${a.fullName})` }))}
            data-testid="bet-owner"
          />
        </Space>
      )}
      <Descriptions size="small" column={3} style={{ minWidth: 520 }}>
        <Descriptions.Item label={t('betting.account')}>
          <span data-testid="bet-owner-name">{o?.username ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('betting.availableCredit')}>
          <span data-testid="bet-available-credit">
            {o ? (o.availableCredit === null ? t('dashboard.unlimited') : `${o.currency} ${formatCents(o.availableCredit)}`) : '-'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('betting.businessDate')}>
          <span data-testid="bet-business-date">{today ?? '-'}</span>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
