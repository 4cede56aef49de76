// Results and settlement (DOMAIN.md "Results: entry, checking, release", "Settlement: who gets what").
export * from './result';
export * from './strikes';
export * from './link';
export * from './parsers';
