// The numbers that can strike a result, so that settlement finds the striking lines through the draw's
// (draw_id, number) index instead of reading every line of the draw (about 5% strike).
import { BET_CODE_DEFS, type StrikePattern } from '@app/domain';

/**
 * Every number a line of the pattern's code can hold that matches the pattern: its digits with every digit
 * string before (tail) or after (head) them, to each length the code sells a number of (BET_CODE_DEFS
 * numberLengths, which placement enforces: codeAcceptsLength).
 */
function* numbersMatching(p: StrikePattern): Generator<string> {
  for (const n of BET_CODE_DEFS[p.code].numberLengths) {
    if (n < p.length) continue;
    const free = n - p.length;
    for (let i = 0; i < 10 ** free; i++) {
      const digits = free ? String(i).padStart(free, '0') : '';
      yield p.side === 'tail' ? digits + p.pattern : p.pattern + digits;
    }
  }
}

/**
 * Every number that matches one of the patterns (numbersMatching). For the 4D slots of a result it is a few
 * dozen numbers; a 6D result's 2-digit head and tail add some 20,000.
 */
export function strikingNumbers(patterns: readonly StrikePattern[]): string[] {
  const out = new Set<string>();
  for (const p of patterns) for (const number of numbersMatching(p)) out.add(number);
  return [...out].sort();
}

/**
 * Each number a line can hold, with each pattern it matches (once per slot matched, as the patterns are):
 * a line strikes a pattern when its code and number are a row here. As columns, to join the draw's lines
 * on (number, code) rather than compare each line's tail or head with every pattern of its code.
 */
export function strikingMatches(patterns: readonly StrikePattern[]) {
  const cols = { number: [] as string[], code: [] as string[], prize: [] as string[], rank: [] as number[], highestOnly: [] as boolean[] };
  for (const p of patterns) {
    for (const number of numbersMatching(p)) {
      cols.number.push(number);
      cols.code.push(p.code);
      cols.prize.push(p.prize);
      cols.rank.push(p.rank);
      cols.highestOnly.push(p.highestOnly);
    }
  }
  return cols;
}
