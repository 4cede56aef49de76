// The settlement link rule (DOMAIN.md "Settlement: who gets what"), written once. Every link between an
// account D and the account above it is priced at D's own package:
//
//     link(D -> above) = pass(D) - commission(pass(D), D's commission %) - winnings(pass(D), D's payouts)
//
// result(P) = -link(P), result(X) = link(below X) - link(X), result(R) = link(C): a line's results sum to
// zero. Rounding: commission and winnings are each rounded half up to the cent once per link, line and
// bet code. ibox pays the exact division (stake x payout / permutations), rounded once.
//
// The same rule is given twice, as a TypeScript function (used by tests, previews and single tickets) and
// as SQL expressions (used by set-based settlement and by reports); a server test checks they agree.
import type { Prize } from '../enums';

/** The rates one account has on one bet code, as its package gives them. */
export interface LinkRates {
  /** Commission in basis points of stake (26.00% = 2600). */
  commissionBp: number;
  /** Payout per prize tier in cents per 1 unit (RM1) of stake; a missing tier pays nothing. */
  payout: Partial<Record<Prize, number>>;
}

/**
 * The exact share of a bought number's written stake that its winnings are computed on. 1/1 except ibox,
 * where a line carries a split share of the written stake (splitCents) but pays stake x payout / perms:
 * factor = written stake / (line stake x permutations).
 */
export interface WinFactor {
  num: number;
  den: number;
}
export const WHOLE: WinFactor = { num: 1, den: 1 };

export function iboxFactor(writtenStake: number, lineStake: number, permutations: number): WinFactor {
  return { num: writtenStake, den: lineStake * permutations };
}

/** Half up to the cent of num/den (num, den >= 0), exact in BigInt. */
function roundHalfUp(num: bigint, den: bigint): number {
  return Number((2n * num + den) / (2n * den));
}

export function commissionOn(pass: number, rates: LinkRates): number {
  return roundHalfUp(BigInt(pass) * BigInt(rates.commissionBp), 10_000n);
}

/** Sum of the payouts of the tiers won (a tier listed twice pays twice), cents per unit. */
export function payoutOf(rates: LinkRates, strikes: readonly Prize[]): number {
  return strikes.reduce((sum, prize) => sum + (rates.payout[prize] ?? 0), 0);
}

export function winningsOn(pass: number, rates: LinkRates, strikes: readonly Prize[], factor: WinFactor = WHOLE): number {
  const payout = payoutOf(rates, strikes);
  if (payout === 0 || pass === 0) return 0;
  return roundHalfUp(BigInt(pass) * BigInt(payout) * BigInt(factor.num), 100n * BigInt(factor.den));
}

export interface Link {
  pass: number;
  commission: number;
  winnings: number;
  /** pass - commission - winnings: positive = D owes the account above, negative = D is owed. */
  amount: number;
}

export function linkOf(pass: number, rates: LinkRates, strikes: readonly Prize[], factor: WinFactor = WHOLE): Link {
  const commission = commissionOn(pass, rates);
  const winnings = winningsOn(pass, rates, strikes, factor);
  return { pass, commission, winnings, amount: pass - commission - winnings };
}

/** One account of a line's chain, from the player up: what it ate and the rates it was given. */
export interface ChainMember {
  userId: number;
  /** The part of the line's stake this account ate (0 for the player, who eats nothing). */
  eaten: number;
  rates: LinkRates;
}

export interface SettledLine {
  /** links[i] is the link of chain[i] to the account above it (the last one: company to the remote agents). */
  links: Link[];
  /** results[i] for chain[i]; one more entry at the end for the remote side (the posted part). */
  results: number[];
}

/**
 * Settles one line: chain[0] is the player, the last is the company; the company's pass is the unposted
 * part, linked at the remote agents' package (`remote`), or, with no remote, held by the company itself.
 */
export function settleLine(
  stake: number,
  chain: readonly ChainMember[],
  strikes: readonly Prize[],
  factor: WinFactor = WHOLE,
  remote?: LinkRates,
): SettledLine {
  const links: Link[] = [];
  let pass = stake;
  for (let i = 0; i < chain.length; i++) {
    // The player's link is priced at its own package; every account above passes what it did not eat.
    if (i > 0) pass -= chain[i].eaten;
    if (pass < 0) throw new RangeError(`settleLine: ${chain[i].userId} ate more than passed to it`);
    // Every link is priced at the lower account's own package; the company's own package on its
    // unposted part is the one the remote agents give it.
    const isCompany = i === chain.length - 1 && chain.length > 1;
    const rates = isCompany ? remote : chain[i].rates;
    if (!rates) break;
    links.push(linkOf(pass, rates, strikes, factor));
  }
  return { links, results: resultsOf(links, chain.length) };
}

/** result(P) = -link(P); result(X) = link(below) - link(X); result(R) = link(C). */
export function resultsOf(links: readonly Link[], chainLength: number): number[] {
  const results: number[] = [];
  for (let i = 0; i < chainLength; i++) {
    const below = i === 0 ? 0 : (links[i - 1]?.amount ?? 0);
    const own = links[i]?.amount ?? 0;
    results.push(below - own);
  }
  results.push(links.length >= chainLength ? links[chainLength - 1].amount : 0);
  return results;
}

/**
 * An account's result on a line, split as the reports show it: its eaten part at its own rates, plus the
 * commission and payout spreads between its rates and its direct downline's on all that passed up to it.
 * Equal to link(below) - link(own) up to the rounding of the separate terms.
 */
export function resultParts(
  passBelow: number,
  eaten: number,
  below: LinkRates,
  own: LinkRates,
  strikes: readonly Prize[],
  factor: WinFactor = WHOLE,
): { ownWinLoss: number; commissionSpread: number; payoutSpread: number } {
  const ownLink = linkOf(eaten, own, strikes, factor);
  return {
    ownWinLoss: ownLink.amount,
    commissionSpread: commissionOn(passBelow, own) - commissionOn(passBelow, below),
    payoutSpread: winningsOn(passBelow, own, strikes, factor) - winningsOn(passBelow, below, strikes, factor),
  };
}

/**
 * The same rule as SQL expressions over column expressions, for set-based settlement and reports.
 * Integer arithmetic in numeric, floor division by div(): identical to the BigInt functions above.
 */
export const linkSql = {
  /**
   * commission(pass, bp) rounded half up to the cent. In bigint (numeric is several times slower over a
   * draw's million lines): exact, as pass >= 0 and 0 <= bp <= 10000 make 2 x pass x bp + 10000 non-negative
   * (integer division is then floor) and below 2^63 for any pass under 4.6 x 10^14 cents.
   */
  commission: (pass: string, bp: string): string => `((2 * (${pass})::bigint * (${bp}) + 10000) / 20000)`,
  /**
   * winnings(pass, payout cents per unit, factor num/den) rounded half up to the cent. In bigint where it is
   * exact: a whole factor (num = den, every line but an ibox's) and pass and payout each under 2^31, so that
   * 2 x pass x payout + 100 stays below 2^63 (both forms truncate toward zero, so they agree on any sign);
   * numeric otherwise. numeric cost about 1 us a line at each place of a striking line's chain.
   */
  winnings: (pass: string, payout: string, num = '1', den = '1'): string =>
    `(case when (${num}) = (${den}) and abs(${pass}) < 2147483648 and abs(${payout}) < 2147483648
           then (2 * (${pass})::bigint * (${payout}) + 100) / 200
           else div(2::numeric * (${pass}) * (${payout}) * (${num}) + 100::numeric * (${den}), 200::numeric * (${den}))::bigint end)`,
  /** The link: pass - commission - winnings. */
  link: (pass: string, bp: string, payout: string, num = '1', den = '1'): string =>
    `((${pass}) - ${linkSql.commission(pass, bp)} - ${linkSql.winnings(pass, payout, num, den)})`,
};
