import { Descriptions, Grid, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import type { OrderOwner } from './useOrderOwner';

/** The order's account (a picker for an upline) with its available credit, and the business date. */
export function OwnerBar({ owner, today }: { owner: OrderOwner; today: string | undefined }) {
  const { t } = useTranslation();
  const o = owner.owner.data;
  // A phone gets one item per line and a picker as wide as the screen.
  const phone = !Grid.useBreakpoint().md;
  return (
    <Space wrap size="large" align="center" style={phone ? { width: '100%' } : undefined} data-testid="bet-owner-bar">
      {owner.showPicker && (
        <Space wrap>
          <Typography.Text strong>{t('betting.orderFor')}</Typography.Text>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={phone ? { width: 'calc(100vw - 80px)' } : { minWidth: 260 }}
            placeholder={t('betting.pickAccount')}
            value={owner.ownerId}
            loading={owner.agentsLoading}
            onChange={(v) => owner.setOwnerId(v)}
            options={owner.agents.map((a) => ({ value: a.userId, label: `${a.username} (${a.fullName})` }))}
            data-testid="bet-owner"
          />
        </Space>
      )}
      <Descriptions size="small" column={phone ? 1 : 3} style={phone ? undefined : { minWidth: 520 }}>
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
