import { WebOrderScreen } from './WebOrderScreen';

/** /betting/web-order2: one pools and draw selection for a compact list of numbers and amounts. */
export default function WebOrder2Page() {
  return <WebOrderScreen variant={2} />;
}
