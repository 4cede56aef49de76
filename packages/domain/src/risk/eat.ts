// Sharing a bet line's stake up the upline chain (DOMAIN.md "Position taking, eat limits and posting").
// Pure arithmetic on integer cents: the server loads the chain and what each account already ate, then
// records what this function returns.

export type EatType = 'percentage' | 'amount';

export interface ChainAccount {
  userId: number;
  eatType: EatType;
  /** Position taking in hundredths of a percent (26.5% = 2650), for the percentage eat type. */
  ptHundredths: number;
  /** Most this account may have eaten on the line's key (number, code or group) in the draw, in cents. */
  limit: number;
  /** What it has eaten on that key so far in the draw, in cents. */
  eaten: number;
  /** A blocked number (number queue) is eaten by nobody at this level. */
  blocked?: boolean;
}

export interface Share {
  userId: number;
  amount: number;
  /** The account's limit is now used up: the number goes into its number queue. */
  limitReached: boolean;
}

export interface Allocation {
  shares: Share[];
  /** What nobody in the chain took: posted (laid off) to remote agents. */
  unposted: number;
}

/**
 * Walks the chain from the player's direct upline to the company. A percentage account takes its PT% of
 * the line's stake (rounded down to the cent, never more than what is left); an amount account takes
 * what is left up to its remaining fight limit. What remains at the top is unposted.
 */
export function allocateEat(stake: number, chain: readonly ChainAccount[]): Allocation {
  if (!Number.isInteger(stake) || stake < 0) throw new RangeError('stake must be a non-negative integer of cents');
  let remaining = stake;
  const shares: Share[] = [];
  for (const a of chain) {
    if (remaining === 0) break;
    let take: number;
    let limitReached = false;
    if (a.blocked) {
      take = 0;
    } else if (a.eatType === 'percentage') {
      take = Math.min(remaining, Math.floor((stake * a.ptHundredths) / 10_000));
    } else {
      const headroom = Math.max(0, a.limit - a.eaten);
      take = Math.min(remaining, headroom);
      limitReached = a.limit > 0 && a.eaten + take >= a.limit;
    }
    if (take > 0 || limitReached) shares.push({ userId: a.userId, amount: take, limitReached });
    remaining -= take;
  }
  return { shares, unposted: remaining };
}
