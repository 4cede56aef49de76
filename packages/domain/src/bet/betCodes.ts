// Bet codes as data (DOMAIN.md "Bets"): what a stake is on, which number lengths may carry it, and which
// prize tiers it wins. Payout rates are package data; the official figures below are only the source
// for seeding the company's master template.
import type { DigitType, PoolId, Prize } from '../enums';
import { hasFiveD, hasSixD, SEEDED_POOLS, type PoolDef } from '../pools';

export const BET_CODES = ['B', 'S', '4A', '4B', '4C', '4D', '4E', '4F', 'A', 'C', '2A', '2C', '5D', '6D'] as const;
export type BetCode = (typeof BET_CODES)[number];

export interface BetCodeDef {
  code: BetCode;
  name: string;
  /** How many trailing digits of the number are matched against the prize (3A plays the last 3). */
  digits: DigitType;
  /** Lengths a bet line's number may have to carry a stake on this code (3A on 1234 plays 234). */
  numberLengths: readonly number[];
  /** Prize tiers this code wins; a number drawn in several slots wins each of them. */
  prizes: readonly Prize[];
  /** Official Malaysian payout per 1 unit of stake, per tier; null when only house rates exist. */
  officialPayout: Partial<Record<Prize, number>> | null;
  /** The result game the code needs its pool to draw; null = every pool (the 23 4D slots). */
  game: '5D' | '6D' | null;
  /** Whether a seeded package sells it: DOMAIN.md says "model them, seed them off" for the extras. */
  soldByDefault: boolean;
}

const TOP3: readonly Prize[] = ['first', 'second', 'third'];

export const BET_CODE_DEFS: Readonly<Record<BetCode, BetCodeDef>> = {
  B: {
    code: 'B',
    name: 'Big',
    digits: 4,
    numberLengths: [4],
    prizes: ['first', 'second', 'third', 'starter', 'consolation'],
    officialPayout: { first: 2500, second: 1000, third: 500, starter: 180, consolation: 60 },
    game: null,
    soldByDefault: true,
  },
  S: {
    code: 'S',
    name: 'Small',
    digits: 4,
    numberLengths: [4],
    prizes: TOP3,
    officialPayout: { first: 3500, second: 2000, third: 1000 },
    game: null,
    soldByDefault: true,
  },
  // 4A pays 6,000 to 6,615 depending on the house: no single official figure.
  '4A': { code: '4A', name: '4A', digits: 4, numberLengths: [4], prizes: ['first'], officialPayout: null, game: null, soldByDefault: true },
  '4B': { code: '4B', name: '4B', digits: 4, numberLengths: [4], prizes: ['second'], officialPayout: null, game: null, soldByDefault: false },
  '4C': { code: '4C', name: '4C', digits: 4, numberLengths: [4], prizes: ['third'], officialPayout: null, game: null, soldByDefault: false },
  '4D': { code: '4D', name: '4D', digits: 4, numberLengths: [4], prizes: ['starter'], officialPayout: null, game: null, soldByDefault: false },
  '4E': { code: '4E', name: '4E', digits: 4, numberLengths: [4], prizes: ['consolation'], officialPayout: null, game: null, soldByDefault: false },
  '4F': { code: '4F', name: '4F', digits: 4, numberLengths: [4], prizes: TOP3, officialPayout: null, game: null, soldByDefault: false },
  A: {
    code: 'A',
    name: '3A',
    digits: 3,
    numberLengths: [3, 4],
    prizes: ['first'],
    officialPayout: { first: 660 },
    game: null,
    soldByDefault: true,
  },
  C: {
    code: 'C',
    name: '3C',
    digits: 3,
    numberLengths: [3, 4],
    prizes: TOP3,
    // Da Ma Cai's 3D "ABC"; house packages often pay one flat rate (about 231) instead.
    officialPayout: { first: 250, second: 210, third: 150 },
    game: null,
    soldByDefault: true,
  },
  // The 2D codes mirror 3A/3C on the last two digits. DOMAIN.md names no figures for them.
  '2A': { code: '2A', name: '2A', digits: 2, numberLengths: [2, 3, 4], prizes: ['first'], officialPayout: null, game: null, soldByDefault: false },
  '2C': { code: '2C', name: '2C', digits: 2, numberLengths: [2, 3, 4], prizes: TOP3, officialPayout: null, game: null, soldByDefault: false },
  '5D': {
    code: '5D',
    name: '5D',
    digits: 5,
    numberLengths: [5],
    // 1st-3rd are the three published numbers; 4th/5th/6th are the last 4/3/2 digits of the 1st prize.
    prizes: ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'],
    officialPayout: { first: 15000, second: 5000, third: 3000, fourth: 500, fifth: 20, sixth: 5 },
    game: '5D',
    soldByDefault: false,
  },
  '6D': {
    code: '6D',
    name: '6D',
    digits: 6,
    numberLengths: [6],
    // One published number; 2nd to 5th match its first or last 5/4/3/2 digits.
    prizes: ['first', 'second', 'third', 'fourth', 'fifth'],
    officialPayout: { first: 100000, second: 3000, third: 300, fourth: 30, fifth: 4 },
    game: '6D',
    soldByDefault: false,
  },
};

/** Singapore Pools' own official figures (DOMAIN.md), for seeding a Singapore package. */
export const SINGAPORE_OFFICIAL_PAYOUT: Readonly<Partial<Record<BetCode, Partial<Record<Prize, number>>>>> = {
  B: { first: 2000, second: 1000, third: 490, starter: 250, consolation: 60 },
  S: { first: 3000, second: 2000, third: 800 },
};

/** The order of amount fields in a bet line when the account has not chosen one: B#S#4A#A#C. */
export const DEFAULT_CODE_ORDER: readonly BetCode[] = ['B', 'S', '4A', 'A', 'C'];

/** The text form of a code order, as an account stores it: 'B#S#4A#A#C'. */
export const formatCodeOrder = (order: readonly BetCode[]): string => order.join('#');

/**
 * Reads a code order ('B#S#4A#A#C'): one to all of the bet codes, each once, '#'-separated; null when
 * it is not one (an account's setting is checked with it before it is saved).
 */
export function parseCodeOrder(text: unknown): BetCode[] | null {
  if (typeof text !== 'string' || text.length > 64) return null;
  const codes = text.split('#').map((c) => c.trim().toUpperCase());
  if (!codes.every(isBetCode) || new Set(codes).size !== codes.length) return null;
  return codes;
}

export function isBetCode(value: unknown): value is BetCode {
  return typeof value === 'string' && (BET_CODES as readonly string[]).includes(value);
}

/** Whether a number of this length (after roll expansion) may carry a stake on the code. */
export function codeAcceptsLength(code: BetCode, length: number): boolean {
  return BET_CODE_DEFS[code].numberLengths.includes(length);
}

/** Whether every one of the pools sells the code: 5D and 6D only where the pool's result form draws them. */
export function codeSoldOnPools(code: BetCode, pools: readonly PoolId[], known: readonly PoolDef[] = SEEDED_POOLS): boolean {
  const game = BET_CODE_DEFS[code].game;
  if (game === null) return true;
  return pools.every((id) => {
    const form = known.find((p) => p.id === id)?.resultForm;
    return form !== undefined && (game === '5D' ? hasFiveD(form) : hasSixD(form));
  });
}
