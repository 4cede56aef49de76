import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PackageSummary } from './api';

const RELATION_COLOR: Record<string, string> = {
  own: 'blue',
  assigned: 'green',
  inherited: 'cyan',
  default: 'geekblue',
  system: 'purple',
  downline: 'default',
};

/** How a package relates to the viewer, and its flags (disabled, red package, default). */
export function PackageTags({ p, testId }: { p: PackageSummary; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap data-testid={testId}>
      <Tag color={RELATION_COLOR[p.relation] ?? 'default'}>{t(`packages.relations.${p.relation}`)}</Tag>
      {p.recordStatus === 0 && <Tag>{t('packages.disabled')}</Tag>}
      {p.isRedPackage && <Tag color="red">{t('packages.redPackage')}</Tag>}
      {p.isDefault && p.relation !== 'default' && <Tag color="gold">{t('packages.default')}</Tag>}
    </Space>
  );
}
