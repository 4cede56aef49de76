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
  /**
   * An amount account with a limit: how far below its limit it is after this share (0 or less once
   * reached). What the share depended on of the account's eaten total (tolerableDrift).
   */
  headroomLeft?: number;
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
    let headroomLeft: number | undefined;
    if (a.blocked) {
      take = 0;
    } else if (a.eatType === 'percentage') {
      take = Math.min(remaining, Math.floor((stake * a.ptHundredths) / 10_000));
    } else {
      const headroom = Math.max(0, a.limit - a.eaten);
      take = Math.min(remaining, headroom);
      limitReached = a.limit > 0 && a.eaten + take >= a.limit;
      if (a.limit > 0) headroomLeft = a.limit - a.eaten - take;
    }
    if (take > 0 || limitReached) shares.push(headroomLeft === undefined ? { userId: a.userId, amount: take, limitReached } : { userId: a.userId, amount: take, limitReached, headroomLeft });
    remaining -= take;
  }
  return { shares, unposted: remaining };
}

/**
 * How far an amount account's eaten total on one key may have moved since shares were allocated against
 * it, with every one of those shares still the one allocateEat makes (`headroomLeft` of each). A share
 * that stayed below the limit stays the same while the total rises by less than its headroom left, or
 * falls; a share that reached the limit depended on the total exactly. Placement allocates against totals
 * read without a lock and checks this once they are locked (decision 0062). null: no bound that way.
 */
export function tolerableDrift(headroomsLeft: readonly number[]): { min: number | null; max: number | null } {
  if (headroomsLeft.length === 0) return { min: null, max: null };
  const least = Math.min(...headroomsLeft);
  return least <= 0 ? { min: 0, max: 0 } : { min: null, max: least - 1 };
}
