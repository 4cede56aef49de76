import { useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OccupiedReport } from './OccupiedReport';
import { WinLossReport } from './WinLossReportPage';

/**
 * /report/win-loss-2-report: the three sections, downline | own | upline; and, as a second tab (decision
 * 0028), the occupied report: the node's own position. Both read the same filter in the address, so a
 * drill-down in one is the node of the other. `?tab=occupied` opens the second.
 */
export default function WinLoss2ReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'occupied' ? 'occupied' : 'sections');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      data-testid="win-loss-2-tabs"
      items={[
        { key: 'sections', label: <span data-testid="tab-win-loss-2">{t('reports.menu.winLoss2')}</span>, children: <WinLossReport variant="sections" titleKey="reports.routes.winLoss2" /> },
        {
          key: 'occupied',
          label: <span data-testid="tab-occupied">{t('reports.occupied.title')}</span>,
          children: (
            <div className="report-page">
              <Typography.Title level={3}>{t('reports.occupied.title')}</Typography.Title>
              <OccupiedReport />
            </div>
          ),
        },
      ]}
    />
  );
}
