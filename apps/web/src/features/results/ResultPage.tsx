import { useState } from 'react';
import { App, Button, DatePicker, Empty, Space, Spin, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, GiftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoleId } from '@app/domain';
import { useAccess } from '../../navigation/useAccess';
import { businessToday } from '../../ui/time';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { fetchResultsNow, releaseCredit, resultKeys, useDateResults, useDateSettlement } from './api';
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
  const settlement = useDateSettlement(drawDate);
  const canEdit = userRoleId === RoleId.SuperAdmin || userRoleId === RoleId.ITAdmin;
  // Step 3 is the company's (for its own players) or the super admin's (for all): SPEC's confirm first.
  const canReleaseCredit = userRoleId === RoleId.SuperAdmin || userRoleId === RoleId.Company;
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [releasing, setReleasing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resultKeys.date(drawDate) });
    void queryClient.invalidateQueries({ queryKey: resultKeys.settlement(drawDate) });
  };
  const [fetching, setFetching] = useState(false);
  const fetchNow = async () => {
    setFetching(true);
    const r = await fetchResultsNow(drawDate);
    setFetching(false);
    if (!r.success || !r.data) return alerts.errorKey(r.serverMessage || r.message);
    const count = (o: string) => r.data!.filter((x) => x.outcome === o).length;
    const released = count('auto-released');
    const summary = t('results.fetch.summary', { saved: count('saved'), confirmed: count('confirmed'), failed: count('failed') }) + (released ? ` ${t('results.fetch.autoReleased', { count: released })}` : '');
    if (r.data.length === 0) void message.info(t('results.fetch.nothing'));
    else if (count('failed')) void message.warning(summary);
    else void message.success(summary);
    refresh();
  };
  const distributed = (settlement.data ?? []).some((s) => s.distributedAt && !s.released);
  // Why Release credit is disabled: every distributed draw released already, or none distributed yet.
  const allReleased = (settlement.data ?? []).some((s) => s.distributedAt) && (settlement.data ?? []).every((s) => !s.distributedAt || s.released);
  const releaseWhy = distributed ? undefined : allReleased ? t('adminGuard.steps.releaseCreditDone') : t('adminGuard.steps.releaseCreditWaiting');
  const releaseWinners = () =>
    alerts.confirm(t('results.settle.confirmReleaseCredit', { date: drawDate }), () => {
      void (async () => {
        setReleasing(true);
        const r = await releaseCredit(drawDate);
        setReleasing(false);
        if (r.success && r.data) {
          void message.success(t('results.settle.creditReleasedOk', { amount: formatCents(r.data.released), draws: r.data.draws }));
          refresh();
        } else alerts.errorKey(r.serverMessage || r.message);
      })();
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('results.routes.result')}</Typography.Title>
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
        {canEdit && (
          <Button icon={<CloudDownloadOutlined aria-hidden />} loading={fetching} onClick={() => void fetchNow()} data-testid="result-fetch-now">
            {t('results.fetch.now')}
          </Button>
        )}
        {canReleaseCredit && (
          <Tooltip title={releaseWhy}>
            <span data-testid="release-credit-why">
              <Button icon={<GiftOutlined aria-hidden />} disabled={!distributed} loading={releasing} onClick={releaseWinners} data-testid="release-credit">
                {t('results.settle.releaseCredit')}
              </Button>
            </span>
          </Tooltip>
        )}
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
            settlement={settlement.data?.find((s) => s.drawId === row.drawId)}
            canEdit={canEdit}
            onChanged={refresh}
          />
        ))
      )}
    </Space>
  );
}
