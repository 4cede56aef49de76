import { Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../state/AuthContext';
import { accountKeys, useAccountDetail } from './api';
import { AccountForm } from './AccountForm';
import { NoRecord } from './AccountDetailPage';

/** /manage-profile: the account detail screen for one's own account, with only what one may change. */
export default function ManageProfilePage() {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const queryClient = useQueryClient();
  const detail = useAccountDetail(userData?.userId);

  return (
    <div data-testid="manage-profile">
      <Typography.Title level={3}>{t('routes.manageProfile')}</Typography.Title>
      {detail.isLoading ? (
        <Skeleton active />
      ) : detail.isError || !detail.data ? (
        <NoRecord messageKey={detail.error?.message} />
      ) : (
        <AccountForm
          mode="profile"
          detail={detail.data}
          onSaved={(d) => {
            queryClient.setQueryData(accountKeys.detail(d.userId), d);
            void queryClient.invalidateQueries({ queryKey: ['userDetailsById'] });
          }}
        />
      )}
    </div>
  );
}
