import { Button, Layout, Space } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { AccountDropdown } from './AccountDropdown';

/** The header: the menu button (fold the menu on a desktop, open it on a phone), the brand, language, account. */
export function AppHeader({ phone, folded, onMenuButton }: { phone: boolean; folded: boolean; onMenuButton: () => void }) {
  const { t } = useTranslation();
  const icon = phone ? <MenuOutlined aria-hidden /> : folded ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />;
  const label = phone ? t('app.menu') : folded ? t('app.unfoldMenu') : t('app.foldMenu');
  return (
    <Layout.Header className={phone ? 'app-header app-header-phone' : 'app-header'} data-testid="header">
      <Space size={phone ? 4 : 'middle'}>
        <Button
          type="text"
          className="app-menu-button"
          data-testid="menu-toggle"
          aria-label={label}
          aria-expanded={phone ? undefined : !folded}
          title={label}
          icon={icon}
          onClick={onMenuButton}
        />
        <Link to="/dashboard" className="app-brand">
          <span className="brand-mark small">4D</span>
          <span className="app-brand-name">{t('app.name')}</span>
        </Link>
      </Space>
      <Space size={phone ? 4 : 'middle'}>
        <LanguageSwitcher compact={phone} />
        <AccountDropdown compact={phone} />
      </Space>
    </Layout.Header>
  );
}
