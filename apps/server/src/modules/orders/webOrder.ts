// The web order grid's rows are checked by the bet language itself: each row is written as express text
// and parsed back, so a grid row and a pasted line obey exactly the same rules and messages.
import { BetLanguageError, DEFAULT_CODE_ORDER, formatExpress, parseExpress, type BetLine, type EatSequence, type PoolId } from '@app/domain';
import { AppError } from '../../platform/errors';

export interface WebOrderRow {
  number: string;
  betType: number;
  amounts: BetLine['amounts'];
  pools: number[];
  draw: BetLine['draw'];
}

export function webRowsToLines(rows: WebOrderRow[], ctx: { eatSequence: EatSequence; today: string }): BetLine[] {
  const errors: Record<string, string> = {};
  const lines: BetLine[] = [];
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const lineNo = i + 1;
    const candidate: BetLine = {
      lineNo,
      raw: '',
      draw: r.draw,
      pools: [...new Set(r.pools)].sort((a, b) => a - b) as PoolId[],
      number: r.number,
      betType: r.betType as BetLine['betType'],
      amounts: r.amounts,
    };
    try {
      const text = formatExpress([candidate], { codeOrder: DEFAULT_CODE_ORDER, eatSequence: ctx.eatSequence, today: ctx.today });
      const parsed = parseExpress(text, { codeOrder: DEFAULT_CODE_ORDER, eatSequence: ctx.eatSequence, defaultPools: [], today: ctx.today });
      if (!parsed.ok) {
        errors[`line.${lineNo}`] = parsed.errors[0].key;
        return;
      }
      const key = JSON.stringify([candidate.number, candidate.betType, candidate.pools, candidate.draw]);
      if (seen.has(key)) {
        errors[`line.${lineNo}`] = 'DUPLICATED_NUMBER';
        return;
      }
      seen.add(key);
      lines.push({ ...parsed.lines[0], lineNo, raw: text });
    } catch (e) {
      errors[`line.${lineNo}`] = e instanceof BetLanguageError ? e.key : 'UNRECOGNISED_BET_LINE';
    }
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError(400, first as never, errors);
  return lines;
}
