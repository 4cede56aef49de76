// The parsed form of express bet text: one BetLine per bet line of the text.
import type { BetType, EatSequence, PoolId } from '../enums';
import type { PoolDef } from '../pools';
import type { BetCode } from './betCodes';
import type { BetLineError } from './errors';

/** Which draws a line is for: the next `count` draws of each pool, or explicit dates (YYYY-MM-DD, ascending). */
export type DrawSelector = { kind: 'next'; count: number } | { kind: 'dates'; dates: string[] };

/** Stake in integer cents per bet code; codes without a stake are absent (never 0). */
export type BetAmounts = Partial<Record<BetCode, number>>;

export interface BetLine {
  lineNo: number;
  raw: string;
  draw: DrawSelector;
  /** Ascending, distinct. */
  pools: PoolId[];
  /** Digits only. For PH/PB the 3 known digits (R123 and 123R are both '123'). */
  number: string;
  betType: BetType;
  amounts: BetAmounts;
}

export interface ParseContext {
  /** The account's bet-code order for amount fields; default DEFAULT_CODE_ORDER (B#S#4A#A#C). */
  codeOrder?: readonly string[];
  /** '*\/**': * is box and ** ibox; '**\/*': the reverse. Default '*\/**'. */
  eatSequence?: EatSequence;
  /** Pools used when the text has no pools line; default none. */
  defaultPools?: readonly PoolId[];
  /** Business date YYYY-MM-DD, for resolving DD/MM dates. */
  today: string;
  /** The pools there are (their bet-text digits and result forms); default SEEDED_POOLS. */
  pools?: readonly PoolDef[];
}

export type FormatContext = Omit<ParseContext, 'defaultPools'>;

export type ParseResult = { ok: true; lines: BetLine[] } | { ok: false; errors: BetLineError[] };
