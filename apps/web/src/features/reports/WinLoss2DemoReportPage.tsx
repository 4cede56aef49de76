import { WinLossReport } from './WinLossReportPage';

/** /report/win-loss-2-report-demo: win/loss 2 of the accounts flagged demo and their downlines only. */
export default function WinLoss2DemoReportPage() {
  return <WinLossReport variant="sections" titleKey="reports.routes.winLoss2Demo" demo />;
}
