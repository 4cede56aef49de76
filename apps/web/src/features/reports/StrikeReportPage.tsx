import { WinningView } from './WinningReportPage';

/** /report/strike-report: strikes per number and prize, with the "distribute strike" step. */
export default function StrikeReportPage() {
  return <WinningView strike />;
}
