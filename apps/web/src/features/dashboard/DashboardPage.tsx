import { Card, Col, Descriptions, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../state/AuthContext';
import { formatCents } from '../../ui/text';
import { levelLabel } from '../accounts/labels';
import { useOwnAccount } from './useOwnAccount';
import { useMyCurrency } from '../admin/administration';
import { AnnouncementList } from './Announcements';
import { DashboardToday } from './DashboardToday';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const account = useOwnAccount();
  const myCurrency = useMyCurrency();
  if (!userData) return null;
  const name = userData.fullName || userData.username;
  // Decision 0033: amounts are cents of the book currency, shown with its code; an account of another
  // currency also reads the equivalent at its currency's fake rate.
  const book = myCurrency.data?.book ?? account.data?.currency ?? '';
  const money = (cents: number | null | undefined) =>
    cents === null ? t('dashboard.unlimited') : cents === undefined ? '-' : `${book} ${formatCents(cents)}`.trim();
  const other = myCurrency.data && myCurrency.data.code !== myCurrency.data.book ? myCurrency.data : null;
  const equivalent = (cents: number | null | undefined) =>
    other && typeof cents === 'number' ? t('sysadmin.currency.equivalent', { amount: `${other.code} ${formatCents(Math.round(cents * Number(other.rate)))}` }) : null;

  // SPEC's "Credit Balance" is what the account may still spend (available credit); beside it the limit,
  // the wallet's balance and the outstanding of the account's whole subtree (open tickets' net).
  const d = account.data;
  const figures = [
    { testId: 'credit-balance', title: t('dashboard.creditBalance'), value: d?.availableCredit, hint: t('dashboard.hints.creditBalance') },
    { testId: 'credit-limit', title: t('dashboard.creditLimit'), value: d?.creditLimit },
    { testId: 'dashboard-balance', title: t('accounts.balance'), value: d?.balance, hint: t('dashboard.hints.balance') },
    { testId: 'dashboard-outstanding', title: t('accounts.outstanding'), value: d?.outstanding, hint: t('dashboard.hints.outstanding') },
  ];

  return (
    <div data-testid="dashboard">
      <Typography.Title level={3} data-testid="welcome">
        {t('dashboard.welcome', { name })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.testId} xs={24} md={12} xl={6}>
            <Card>
              <Statistic
                title={f.hint ? <Tooltip title={f.hint}>{f.title}</Tooltip> : f.title}
                loading={account.isLoading}
                valueRender={() => (
                  <>
                    <span data-testid={f.testId}>{money(f.value)}</span>
                    {equivalent(f.value) && (
                      <div className="dashboard-equivalent" data-testid={`${f.testId}-equivalent`}>
                        {equivalent(f.value)}
                      </div>
                    )}
                  </>
                )}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} md={12} xl={8}>
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
        <Col xs={24} xl={16}>
          <AnnouncementList />
        </Col>
      </Row>
      <DashboardToday money={(cents) => money(cents)} />
    </div>
  );
}
