import { Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { AccountDropdown } from './AccountDropdown';

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <Layout.Header className="app-header" data-testid="header">
      <Link to="/dashboard" className="app-brand">
        <span className="brand-mark small">4D</span>
        <span className="app-brand-name">{t('app.name')}</span>
      </Link>
      <Space size="middle">
        <LanguageSwitcher />
        <AccountDropdown />
      </Space>
    </Layout.Header>
  );
}
