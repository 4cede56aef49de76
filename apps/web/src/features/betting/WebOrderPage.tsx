import { WebOrderScreen } from './WebOrderScreen';

/** /betting/web-order: a grid where each row has its number, bet type, amounts, pools and draw. */
export default function WebOrderPage() {
  return <WebOrderScreen variant={1} />;
}
