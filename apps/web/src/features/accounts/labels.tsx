import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RoleId } from '@app/domain';

/** The translated level of an account: Company ... Player, House for role 6, the role name above companies. */
export function levelLabel(t: TFunction, a: { userRoleId: number; level: number | null }): string {
  if (a.userRoleId === RoleId.House) return t('levels.house');
  if (a.level !== null && a.level >= 1 && a.level <= 7) return t(`levels.${a.level}`);
  return t(`roleNames.${a.userRoleId}`, { defaultValue: String(a.userRoleId) });
}

const STATUS_COLOR: Record<string, string> = { Active: 'green', Inactive: 'orange', Suspended: 'red' };

export function StatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid={testId} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
