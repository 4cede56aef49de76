import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { configureApi } from '../api/client';
import { translateMessage } from '../i18n';
import { useAppActions } from '../state/AppStateContext';
import { useAuthActions } from '../state/AuthContext';
import { useSecondary } from '../state/SecondaryContext';
import { local, StorageKey } from '../state/storage';

/** Connects the call wrapper's global effects to the app: busy counter, alerts, logout, secondary prompt. */
export function ApiBridge() {
  const { t } = useTranslation();
  const { dispatch, showAlert } = useAppActions();
  const { logoutLocally, setForbidden, requirePendingTNC } = useAuthActions();
  const { request } = useSecondary();

  useLayoutEffect(() => {
    configureApi({
      busyStarted: (message) => dispatch({ type: 'busyStarted', message }),
      busyEnded: () => dispatch({ type: 'busyEnded' }),
      alert: (key) => showAlert({ type: 'error', message: translateMessage(t, key) }),
      unauthorized: () => {
        showAlert({ type: 'error', message: translateMessage(t, 'USER_UNAUTHORIZED') });
        logoutLocally();
      },
      forbidden: () => {
        showAlert({ type: 'error', message: translateMessage(t, 'PERMISSION_DENIED') });
        setForbidden(true);
      },
      secondaryRequired: () => {
        // The server says this session is not verified: whatever storage remembers is stale.
        local.remove(StorageKey.secondaryPasswordCheckTime);
        return request({ force: true });
      },
      termsRequired: requirePendingTNC,
      result: (success, url) => dispatch({ type: 'apiResult', success, url }),
    });
    return () => configureApi(null);
  }, [t, dispatch, showAlert, logoutLocally, setForbidden, requirePendingTNC, request]);

  return null;
}
