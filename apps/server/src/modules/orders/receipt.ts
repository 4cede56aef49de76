// The receipt a ticket shows and resends: the account's receipt order decides whether each line reads
// number first (normal) or amounts first (reverse), as agents' customers are used to.
import { centsText, formatAmount, poolLetter, SEEDED_POOLS, type BetCode, type PoolDef } from '@app/domain';

/** Totals on a receipt always show cents: 78.00, 57.72. */
const money = centsText;

export interface ReceiptLine {
  drawDates: string[];
  pools: number[];
  label: string;
  amounts: Partial<Record<BetCode, number>>;
}

const letters = (ids: number[], pools: readonly PoolDef[]) => ids.map((id) => poolLetter(pools, id)).join('');
const ddmm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

export function renderReceipt(t: {
  ticketNo: string;
  /** Business-time "YYYY-MM-DD HH:mm:ss". */
  orderedAt: string;
  username: string;
  lines: ReceiptLine[];
  gross: number;
  net: number;
  reverse: boolean;
  codeOrder: readonly BetCode[];
  /** The pool registry (letters); default the seeded eight. */
  pools?: readonly PoolDef[];
}): string {
  const out = [`${t.ticketNo}`, `${t.orderedAt.slice(0, 16)} ${t.username}`];
  let group = '';
  for (const l of t.lines) {
    const head = `${l.drawDates.map(ddmm).join(',')} ${letters(l.pools, t.pools ?? SEEDED_POOLS)}`;
    if (head !== group) {
      out.push(head);
      group = head;
    }
    const amounts = t.codeOrder.map((c) => (l.amounts[c] ? `${c}${formatAmount(l.amounts[c]!)}` : null)).filter(Boolean).join(' ');
    out.push(t.reverse ? `${amounts} ${l.label}` : `${l.label} ${amounts}`);
  }
  out.push(`GT=${money(t.gross)} NT=${money(t.net)}`);
  return out.join('\n');
}
