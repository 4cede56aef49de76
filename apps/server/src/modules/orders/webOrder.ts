// The web order grid's rows are checked by the bet language itself: each row is written as express text
// in its owner's bet-code order and parsed back, so a grid row and a pasted line obey exactly the same
// rules and messages, and a refused row is named by the text it stands for.
import { BetLanguageError, formatExpress, parseExpress, type BetLine, type PoolId } from '@app/domain';
import type { AppError } from '../../platform/errors';
import { refusedLines, type BetSettings, type LineRefusal } from './betSettings';

export interface WebOrderRow {
  number: string;
  betType: number;
  amounts: BetLine['amounts'];
  pools: number[];
  draw: BetLine['draw'];
}

/** A row that cannot be written as text is named by its parts. */
const describe = (r: WebOrderRow) =>
  `${r.number} ${Object.entries(r.amounts)
    .map(([code, cents]) => `${code}${(cents ?? 0) / 100}`)
    .join(' ')}`.trim();

/**
 * The grid's rows as bet lines, and the text the order became (a line per row, for the inbox: a row that
 * cannot be written as text by its parts); `refusal` names every bad row, and then nothing is placed.
 */
export function readWebOrder(rows: WebOrderRow[], ctx: BetSettings & { today: string }): { lines: BetLine[]; text: string; refusal: AppError | null } {
  const refusals: LineRefusal[] = [];
  const lines: BetLine[] = [];
  const texts: string[] = [];
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const lineNo = i + 1;
    // A zero stake on a code is no stake on it, as in bet text.
    const amounts = Object.fromEntries(Object.entries(r.amounts).filter(([, cents]) => cents)) as BetLine['amounts'];
    const candidate: BetLine = {
      lineNo,
      raw: '',
      draw: r.draw,
      pools: [...new Set(r.pools)].sort((a, b) => a - b) as PoolId[],
      number: r.number,
      betType: r.betType as BetLine['betType'],
      amounts,
    };
    const refuse = (text: string, key: string, code?: string) => refusals.push({ lineNo, text, key, ...(code ? { code } : {}) });
    const outside = Object.keys(amounts).find((code) => !(ctx.codeOrder as string[]).includes(code));
    if (outside) {
      texts.push(describe(r));
      return refuse(describe(r), 'BET_CODE_NOT_IN_ORDER', outside);
    }
    let text: string;
    try {
      text = formatExpress([candidate], { codeOrder: ctx.codeOrder, eatSequence: ctx.eatSequence, today: ctx.today, pools: ctx.pools });
    } catch (e) {
      texts.push(describe(r));
      return refuse(describe(r), e instanceof BetLanguageError ? e.key : 'UNRECOGNISED_BET_LINE');
    }
    // The row as one line of text: "D #1 1234#1#1".
    const own = text.split('\n').join(' ');
    texts.push(own);
    const parsed = parseExpress(text, { codeOrder: ctx.codeOrder, eatSequence: ctx.eatSequence, defaultPools: [], today: ctx.today, pools: ctx.pools });
    if (!parsed.ok) return refuse(own, parsed.errors[0].key, parsed.errors[0].code);
    const key = JSON.stringify([candidate.number, candidate.betType, candidate.pools, candidate.draw]);
    if (seen.has(key)) return refuse(own, 'DUPLICATED_NUMBER');
    seen.add(key);
    lines.push({ ...parsed.lines[0], lineNo, raw: own });
  });
  return { lines, text: texts.join('\n'), refusal: refusals.length ? refusedLines(400, refusals) : null };
}
