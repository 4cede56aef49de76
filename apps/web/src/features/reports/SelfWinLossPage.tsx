import { WinLossDetailView } from './WinLossDetailPage';

/** /self-winloss-detail: the caller's own settled lines. */
export default function SelfWinLossPage() {
  return <WinLossDetailView self />;
}
