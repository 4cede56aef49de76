import { UsLineView } from './UsLinePage';

/** /self-usline: what the caller owes its upline, or is owed, per draw date (a player's too). */
export default function SelfUsLinePage() {
  return <UsLineView self />;
}
