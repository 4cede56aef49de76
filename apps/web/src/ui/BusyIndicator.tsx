import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../state/AppStateContext';
import { useAuth } from '../state/AuthContext';
import { isBusyVisible } from '../state/appReducer';

/** Full-screen spinner while api calls are in flight and until the login state is known (SPEC 4). The mask
 * fades in after 150 ms so that quick calls do not flash the screen; the element is there at once. */
export function BusyIndicator() {
  const { t } = useTranslation();
  const { busyCount, message } = useAppState();
  const { loginStateInitialized } = useAuth();
  if (!isBusyVisible(busyCount, loginStateInitialized)) return null;
  return <Spin fullscreen spinning delay={150} description={message || t('app.loading')} data-testid="busy-indicator" />;
}
