// TranslateToBetString (DOMAIN "Posting"): a posting lot (amount per number and bet code of one draw and
// pool) written as express text for a remote agent, in the remote account's bet-code order, one line per
// number, the draw as its explicit date so that the remote never reads it as "its" next draw. The date is
// written in full (DD/MM/YYYY): a lot sent again under its idempotency key after the draw's day must read
// as the same text, where DD/MM would then mean next year's date (and the remote refuse the key as reused).
import { BetType, type PoolId } from '../enums';
import type { PoolDef } from '../pools';
import type { BetCode } from './betCodes';
import { formatDrawSelector, formatExpress } from './format';
import type { BetAmounts } from './types';

export interface LotItem {
  number: string;
  betCode: string;
  amount: number;
}

export function translateToBetString(items: readonly LotItem[], ctx: { drawDate: string; poolId: number; codeOrder: readonly BetCode[]; today: string; pools?: readonly PoolDef[] }): string {
  const byNumber = new Map<string, BetAmounts>();
  for (const i of items) {
    if (i.amount <= 0) continue;
    const amounts = byNumber.get(i.number) ?? {};
    amounts[i.betCode as BetCode] = (amounts[i.betCode as BetCode] ?? 0) + i.amount;
    byNumber.set(i.number, amounts);
  }
  const numbers = [...byNumber.keys()].sort();
  const short = formatDrawSelector({ kind: 'dates', dates: [ctx.drawDate] }, ctx.today);
  const [y, m, d] = ctx.drawDate.split('-');
  const text = formatExpress(
    numbers.map((number) => ({
      draw: { kind: 'dates' as const, dates: [ctx.drawDate] },
      pools: [ctx.poolId as PoolId],
      number,
      betType: BetType.Normal,
      amounts: byNumber.get(number)!,
    })),
    { codeOrder: [...ctx.codeOrder], eatSequence: '*/**', today: ctx.today, pools: ctx.pools },
  );
  return text
    .split('\n')
    .map((line) => (line === short ? `${d}/${m}/${y}` : line))
    .join('\n');
}
