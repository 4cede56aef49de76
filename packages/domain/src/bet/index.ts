// The bet language: parse, expand, cost and format express bet text (DOMAIN.md "Bets", "Ordering").
export * from './errors';
export * from './permutations';
export * from './betCodes';
export * from './expand';
export * from './amounts';
export * from './dates';
export * from './types';
export * from './parse';
export * from './format';
export * from './cost';
export * from './help';
export * from './translate';
