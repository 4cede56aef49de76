import { DatePicker, Empty, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoleId } from '@app/domain';
import { useAccess } from '../../navigation/useAccess';
import { businessToday } from '../../ui/time';
import { resultKeys, useDateResults } from './api';
import { PoolResultCard } from './PoolResultCard';
import './results.css';

/**
 * /result: every pool's result of a draw date. Super admin and IT admin enter, check, save and release
 * (another login than the one that entered or last changed it); a company reads released results.
 */
export default function ResultPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { userRoleId } = useAccess();
  // The date lives in the address (?drawDate=), so a link or a reload opens the same day.
  const [params, setParams] = useSearchParams();
  const requested = params.get('drawDate');
  const drawDate = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : businessToday();
  const setDrawDate = (d: string) => setParams({ drawDate: d }, { replace: true });
  const results = useDateResults(drawDate);
  const canEdit = userRoleId === RoleId.SuperAdmin || userRoleId === RoleId.ITAdmin;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('results.drawDate')}</Typography.Text>
        <DatePicker
          allowClear={false}
          value={dayjs(drawDate)}
          format="YYYY-MM-DD"
          onChange={(d) => d && setDrawDate(d.format('YYYY-MM-DD'))}
          data-testid="result-date"
        />
        <Typography.Text type="secondary">{t('results.autoRefresh')}</Typography.Text>
      </Space>
      {results.isLoading ? (
        <Spin />
      ) : !results.data?.length ? (
        <Empty description={t('results.noDraws', { date: drawDate })} />
      ) : (
        results.data.map((row) => (
          <PoolResultCard
            key={row.drawId}
            row={row}
            canEdit={canEdit}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: resultKeys.date(drawDate) })}
          />
        ))
      )}
    </Space>
  );
}
