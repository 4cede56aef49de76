import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../state/AuthContext';
import { formatCents } from '../../ui/text';
import { levelLabel } from '../accounts/labels';
import { useOwnAccount } from './useOwnAccount';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const account = useOwnAccount();
  if (!userData) return null;
  const name = userData.fullName || userData.username;
  const currency = account.data?.currency ?? '';
  const money = (cents: number | null | undefined) =>
    cents === null ? t('dashboard.unlimited') : cents === undefined ? '-' : `${currency} ${formatCents(cents)}`.trim();

  return (
    <div data-testid="dashboard">
      <Typography.Title level={3} data-testid="welcome">
        {t('dashboard.welcome', { name })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('dashboard.creditBalance')}
              loading={account.isLoading}
              valueRender={() => (
                <span data-testid="credit-balance">
                  {money(account.data?.availableCredit)}
                </span>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('dashboard.creditLimit')}
              loading={account.isLoading}
              valueRender={() => (
                <span data-testid="credit-limit">
                  {money(account.data?.creditLimit)}
                </span>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.role')}>
                {/* The level's name (Agent, Master...) as Accounts shows it, not the permission role (Multilevel). */}
                <span data-testid="dashboard-role">{account.data ? levelLabel(t, { userRoleId: userData.userRoleId, level: account.data.level ?? null }) : ''}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.accountType')}>
                {userData.mainAccount ? t('dashboard.mainAccount') : t('dashboard.subAccount')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
