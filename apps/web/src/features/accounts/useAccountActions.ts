import { useMemo } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountStatus } from '@app/domain';
import { useAlerts } from '../../ui/useAlerts';
import { accountKeys, deleteUser, getAccountDetail, saveAccount } from './api';
import { isFlagging, statusBody } from './accountForm';

/** Status change (flagging warns about the downline first) and delete (after its confirmation) of a listed account. */
export function useAccountActions() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    const done = () => {
      void message.success(t('messages.SAVED'));
      refresh();
    };
    return {
      refresh,
      changeStatus(row: { userId: number; status: string }, status: AccountStatus) {
        const apply = async () => {
          // The status travels with the account's full settings (CreateOrUpdateUser).
          const detail = await getAccountDetail(row.userId);
          if (!detail.success || !detail.data) return;
          const r = await saveAccount(statusBody(detail.data, status));
          if (r.success) done();
          else alerts.errorKey(r.status === 400 ? 'VALIDATION_FAILED' : r.message);
        };
        if (isFlagging(row.status, status)) alerts.confirm(t('messages.DOWNLINE_FLAG_WARNING'), () => void apply());
        else void apply();
      },
      remove(row: { userId: number }) {
        alerts.confirm(t('messages.CONFIRM_DELETE_USER'), () => {
          void deleteUser(row.userId).then((r) => {
            if (r.success) done();
          });
        });
      },
    };
  }, [alerts, message, queryClient, t]);
}
