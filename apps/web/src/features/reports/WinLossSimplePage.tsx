import { WinLossReport } from './WinLossReportPage';

/** /report/win-loss-report-simple: turnover, win/loss, result and what is payable, per downline. */
export default function WinLossSimplePage() {
  return <WinLossReport variant="simple" titleKey="reports.routes.winLossSimple" />;
}
