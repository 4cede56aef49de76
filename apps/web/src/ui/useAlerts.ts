import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n';
import { useAppActions } from '../state/AppStateContext';

/** Shows the app's 320px alerts; message keys are translated here. */
export function useAlerts() {
  const { t } = useTranslation();
  const { showAlert } = useAppActions();
  return useMemo(
    () => ({
      /** Error alert for a server/catalogue message key. */
      errorKey: (key: string) => showAlert({ type: 'error', message: translateMessage(t, key) }),
      error: (message: string) => showAlert({ type: 'error', message }),
      success: (message: string) => showAlert({ type: 'success', message }),
      info: (message: string) => showAlert({ type: 'info', message }),
      confirm: (message: string, onOk: () => void, onCancel?: () => void) =>
        showAlert({ type: 'confirm', message, onOk, onCancel }),
    }),
    [showAlert, t],
  );
}
