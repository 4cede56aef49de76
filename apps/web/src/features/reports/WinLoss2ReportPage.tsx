import { WinLossReport } from './WinLossReportPage';

/** /report/win-loss-2-report: the three sections, downline | own | upline. */
export default function WinLoss2ReportPage() {
  return <WinLossReport variant="sections" titleKey="reports.routes.winLoss2" />;
}
