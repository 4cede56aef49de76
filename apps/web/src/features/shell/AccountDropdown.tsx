import { useMemo, useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth, useAuthActions } from '../../state/AuthContext';
import { useAvailableRoutes } from '../../navigation/RoutesContext';
import {
  ACCOUNT_MENU_PATHS,
  accountMenuItems,
  fightLimitPopup,
  redPackagePath,
  type AccountMenuKey,
} from '../../navigation/accountMenu';
import { useAlerts } from '../../ui/useAlerts';
import { ChangePasswordModal } from './ChangePasswordModal';

const TEST_IDS: Record<AccountMenuKey, string> = {
  manageProfile: 'account-manage-profile',
  fightLimit: 'account-fight-limit',
  redPackage: 'account-red-package',
  changePassword: 'account-change-password',
  logout: 'logout',
};

/** The account dropdown of SPEC 2. */
export function AccountDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const { logout } = useAuthActions();
  const routes = useAvailableRoutes();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [changingPassword, setChangingPassword] = useState(false);

  const keys = useMemo(() => (userData ? accountMenuItems(userData, routes) : []), [userData, routes]);
  if (!userData) return null;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key as AccountMenuKey) {
      case 'manageProfile':
        navigate(ACCOUNT_MENU_PATHS.manageProfile);
        break;
      case 'fightLimit': {
        const { url, features } = fightLimitPopup(userData, window);
        window.open(url, 'fightLimit', features);
        break;
      }
      case 'redPackage':
        navigate(redPackagePath(userData.userId));
        break;
      case 'changePassword':
        setChangingPassword(true);
        break;
      case 'logout':
        alerts.confirm(t('messages.PROCEED_LOGOUT_ALERT'), () => {
          void logout().then(() => navigate('/login', { replace: true }));
        });
        break;
    }
  };

  const items: MenuProps['items'] = keys.map((key) => ({
    key,
    danger: key === 'logout',
    label: <span data-testid={TEST_IDS[key]}>{t(`account.${key}`)}</span>,
  }));

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className={compact ? 'account-button account-button-compact' : 'account-button'}
          data-testid="account-dropdown"
          icon={<UserOutlined aria-hidden />}
        >
          <span data-testid="account-username">{userData.username}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
