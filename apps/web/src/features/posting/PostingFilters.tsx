import { Card, DatePicker, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { usePostingScope } from './usePostingScope';

/** Company (super admin), draw date and, when `withDraw`, the pool's draw; then the screen's own buttons. */
export function PostingFilters({ scope, withDraw = true, children }: { scope: ReturnType<typeof usePostingScope>; withDraw?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Space wrap>
        {scope.superAdmin && (
          <Select<number>
            value={scope.companyId}
            onChange={(v) => scope.set({ userId: String(v) })}
            style={{ width: 220 }}
            placeholder={t('posting.pickCompany')}
            options={scope.companyOptions}
            data-testid="posting-company"
          />
        )}
        <DatePicker value={dayjs(scope.drawDate)} allowClear={false} onChange={(v) => v && scope.set({ drawDate: v.format('YYYY-MM-DD'), drawId: undefined })} data-testid="posting-date" />
        {withDraw && (
          <Select<number>
            value={scope.drawId}
            onChange={(v) => scope.set({ drawId: String(v) })}
            style={{ width: 200 }}
            placeholder={t('reports.map.pickDraw')}
            options={scope.drawOptions}
            data-testid="posting-draw"
          />
        )}
        {children}
      </Space>
    </Card>
  );
}
