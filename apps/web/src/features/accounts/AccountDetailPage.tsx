import { Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RoleId } from '@app/domain';
import { translateMessage } from '../../i18n';
import { PATHS, withQuery } from '../../navigation/paths';
import { useAccess } from '../../navigation/useAccess';
import { useAccountDetail, useDetailInit, type AccountDetail } from './api';
import { AccountForm } from './AccountForm';
import { positiveIntParam } from './params';

/** Shown instead of the form when the account cannot be read (outside the subtree, unknown, refused). */
export function NoRecord({ messageKey }: { messageKey?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={translateMessage(t, messageKey && messageKey !== 'INTERNAL_SERVER_ERROR' ? messageKey : 'NO_RECORD_FOUND')}
      data-testid="account-detail-error"
    />
  );
}

/** /account/detail: `?userId=` edits an account of the subtree; otherwise creates one (`uplineId`, `level`, `house`). */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const [params] = useSearchParams();
  const userId = positiveIntParam(params.get('userId'));
  const uplineId = positiveIntParam(params.get('uplineId'));
  const level = positiveIntParam(params.get('level'));
  const house = params.get('house') === '1';
  const editing = userId !== undefined;
  const canCreate = access.can('Downline', [2]);
  const canEdit = access.can('Downline', [3]);

  const detail = useAccountDetail(userId);
  // Bounds for an edit come from its upline (which is the caller or inside its subtree).
  const initUplineId = editing ? (detail.data?.uplineId ?? undefined) : uplineId;
  const initEnabled = canCreate && (!editing || (detail.data !== undefined && detail.data.uplineId !== null && detail.data.userRoleId !== RoleId.SuperAdmin));
  const init = useDetailInit(initUplineId, initEnabled, editing ? userId : undefined);

  const backTo = (d?: AccountDetail) =>
    navigate(withQuery(d?.userRoleId === RoleId.Company && access.hasRoute(PATHS.companyManage) ? PATHS.companyManage : PATHS.accountManage, {
      parentId: d?.userRoleId === RoleId.Company ? undefined : (d?.uplineId ?? uplineId),
      tab: d?.userRoleId === RoleId.House ? 'house' : undefined,
    }));

  let body;
  if (editing) {
    if (detail.isLoading) body = <Skeleton active />;
    else if (detail.isError || !detail.data) body = <NoRecord messageKey={detail.error?.message} />;
    else
      body = (
        <AccountForm
          key={detail.data.userId}
          mode="edit"
          detail={detail.data}
          init={init.data}
          readOnly={!canEdit}
          paymentLink={detail.data.uplineId === access.userId && access.hasRoute(PATHS.payment)}
          onSaved={(d) => backTo(d)}
          onCancel={() => backTo(detail.data)}
        />
      );
  } else if (!canCreate) {
    body = <NoRecord messageKey="PERMISSION_DENIED" />;
  } else if (init.isLoading) {
    body = <Skeleton active />;
  } else if (init.isError || !init.data) {
    body = <NoRecord messageKey={init.error?.message} />;
  } else {
    body = (
      <AccountForm
        mode="create"
        init={init.data}
        uplineId={uplineId}
        defaultLevel={house ? 'house' : level}
        onSaved={(d) => backTo(d)}
        onCancel={() => backTo()}
      />
    );
  }

  return (
    <div data-testid="account-detail">
      <Typography.Title level={3}>
        {editing ? (detail.data ? t('accounts.editTitle', { username: detail.data.username }) : t('routes.accountDetail')) : t('accounts.createTitle')}
      </Typography.Title>
      {body}
    </div>
  );
}
