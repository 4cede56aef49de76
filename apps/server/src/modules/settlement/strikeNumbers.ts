// The numbers that can strike a result, so that settlement finds the striking lines through the draw's
// (draw_id, number) index instead of reading every line of the draw (about 5% strike).
import { BET_CODE_DEFS, type StrikePattern } from '@app/domain';

/**
 * Every number a line can hold that matches one of the patterns: the pattern's digits with every digit
 * string before (tail) or after (head) it, to each length its code sells a number of (BET_CODE_DEFS
 * numberLengths, which placement enforces: codeAcceptsLength). A line's strikes are still decided by the
 * patterns themselves (code, side, length, digits); this only narrows which lines are read. For the 4D
 * slots of a result it is a few dozen numbers; a 6D result's 2-digit head and tail add some 20,000.
 */
export function strikingNumbers(patterns: readonly StrikePattern[]): string[] {
  const out = new Set<string>();
  for (const p of patterns) {
    for (const n of BET_CODE_DEFS[p.code].numberLengths) {
      if (n < p.length) continue;
      const free = n - p.length;
      for (let i = 0; i < 10 ** free; i++) {
        const digits = free ? String(i).padStart(free, '0') : '';
        out.add(p.side === 'tail' ? digits + p.pattern : p.pattern + digits);
      }
    }
  }
  return [...out].sort();
}
