// The express order's live preview: the bet language of packages/domain read in the browser, line by
// line, with the expanded number count and the gross stake. The server is the authority (it parses the
// text again, checks draws, package, limits and credit, and works out commission and net); this only
// shows the agent what the text says before it is sent.
import {
  BetType,
  DEFAULT_CODE_ORDER,
  drawCount,
  lineKindOf,
  parseExpress,
  permutationCount,
  ROLL_SIZE,
  type BetLine,
  type BetCode,
  type BetLineError,
  type EatSequence,
  type PoolId,
  type PoolDef,
} from '@app/domain';

export type ExpressLineKind = 'draw' | 'pools' | 'bet';

export interface LineProblem {
  key: string;
  /** The bet code concerned (an amount field), when there is one. */
  code?: string;
}

export interface PreviewRow {
  lineNo: number;
  raw: string;
  kind: ExpressLineKind;
  /** The parsed bet, for a bet line that is good. */
  line?: BetLine;
  /** Numbers bought: expanded numbers x pools x draws. */
  numbers: number;
  /** Gross stake in cents (stake x expansion multiplier x pools x draws, summed over the codes). */
  gross: number;
  problems: LineProblem[];
}

export interface ExpressPreview {
  rows: PreviewRow[];
  /** Problems of the text as a whole (empty text, no bet line, unreadable settings). */
  general: LineProblem[];
  /** Good bet lines. */
  lines: number;
  numbers: number;
  gross: number;
  /** True when the whole text would be accepted by the parser. */
  ok: boolean;
}

export interface PreviewContext {
  eatSequence: EatSequence;
  /** The owner's bet-code order and default pools (account settings): the server reads the text by them. */
  codeOrder?: readonly BetCode[];
  defaultPools?: readonly PoolId[];
  /** The server's business date, YYYY-MM-DD (resolves DD/MM dates). */
  today: string;
  /** The pools there are (bet-text digits, result forms); default the seeded eight. */
  pools?: readonly PoolDef[];
}

/**
 * How the parser reads a raw line (its own `lineKindOf`: full-width characters, no-break and zero-width
 * spaces read as the server reads them, so `Ｄ` is a draw line here too); null for a blank line.
 */
export function lineKind(raw: string): ExpressLineKind | null {
  const kind = lineKindOf(raw);
  return kind === 'next' || kind === 'dates' ? 'draw' : kind;
}

const parse = (text: string, ctx: PreviewContext) =>
  parseExpress(text, { codeOrder: ctx.codeOrder ?? DEFAULT_CODE_ORDER, eatSequence: ctx.eatSequence, defaultPools: ctx.defaultPools ?? [], today: ctx.today, pools: ctx.pools });

/**
 * The good lines of a text that has bad ones: the parser returns nothing when any line is bad (nothing is
 * placed), so the bad lines are blanked (line numbers and groups stay as they are) and the rest read again.
 */
function goodLines(rows: string[], errors: BetLineError[], ctx: PreviewContext): BetLine[] {
  const blanked = [...rows];
  let bad = errors;
  for (let round = 0; round < 6; round++) {
    const lineNos = bad.filter((e) => e.lineNo > 0).map((e) => e.lineNo);
    if (lineNos.length === 0) return [];
    for (const n of lineNos) blanked[n - 1] = '';
    const again = parse(blanked.join('\n'), ctx);
    if (again.ok) return again.lines;
    bad = again.errors;
  }
  return [];
}

/**
 * Drops the bet lines whose draw or pools line is bad: the parser leaves them unread (it reports only the
 * bad draw or pools line), while the text read again with that line blanked would lend them an earlier one.
 */
function withoutBadHeads(lines: BetLine[], rows: string[], errors: BetLineError[]): BetLine[] {
  const bad = new Set(errors.map((e) => e.lineNo));
  const unread = new Set<number>();
  let drawBad = false;
  let poolsBad = false;
  rows.forEach((raw, i) => {
    const kind = lineKind(raw);
    if (kind === null) return;
    if (kind === 'draw') drawBad = bad.has(i + 1);
    else if (kind === 'pools') poolsBad = bad.has(i + 1);
    else if (drawBad || poolsBad) unread.add(i + 1);
  });
  return lines.filter((l) => !unread.has(l.lineNo));
}

/** Numbers bought and gross stake of one good line. */
export function lineFigures(line: Pick<BetLine, 'number' | 'betType' | 'pools' | 'draw' | 'amounts'>): { numbers: number; gross: number } {
  // Counted, not listed: a thousand boxed lines would otherwise build 24 numbers each, twice.
  const boxed = line.betType === BetType.Box || line.betType === BetType.IBox;
  const rolled = line.betType === BetType.PH || line.betType === BetType.PB;
  const expanded = boxed ? permutationCount(line.number) : rolled ? ROLL_SIZE : 1;
  const times = (line.betType === BetType.IBox ? 1 : expanded) * line.pools.length * drawCount(line.draw);
  let stakes = 0;
  for (const cents of Object.values(line.amounts)) stakes += cents ?? 0;
  return { numbers: expanded * line.pools.length * drawCount(line.draw), gross: stakes * times };
}

/** Reads express text for the preview. Never throws. */
export function buildExpressPreview(text: string, ctx: PreviewContext): ExpressPreview {
  const rows = text.split(/\r\n|\r|\n/);
  const result = parse(text, ctx);
  const errors = result.ok ? [] : result.errors;
  const lines = result.ok ? result.lines : withoutBadHeads(goodLines(rows, errors, ctx), rows, errors);
  const byNo = new Map(lines.map((l) => [l.lineNo, l]));
  // Problems by line, in one pass: a thousand lines each filtering every error cost more than the parse.
  const problemsOf = new Map<number, LineProblem[]>();
  for (const e of errors) {
    if (e.lineNo === 0) continue;
    const list = problemsOf.get(e.lineNo) ?? [];
    list.push(e.code ? { key: e.key, code: e.code } : { key: e.key });
    problemsOf.set(e.lineNo, list);
  }

  const out: PreviewRow[] = [];
  let numbers = 0;
  let gross = 0;
  rows.forEach((raw, i) => {
    const kind = lineKind(raw);
    if (kind === null) return;
    const lineNo = i + 1;
    const line = byNo.get(lineNo);
    let figures = { numbers: 0, gross: 0 };
    if (line) {
      try {
        figures = lineFigures(line);
      } catch {
        // The parser already accepted it; a failure here would only hide the figures.
      }
    }
    numbers += figures.numbers;
    gross += figures.gross;
    out.push({
      lineNo,
      raw,
      kind,
      line,
      ...figures,
      problems: problemsOf.get(lineNo) ?? [],
    });
  });
  return {
    rows: out,
    general: errors.filter((e) => e.lineNo === 0).map((e) => ({ key: e.key })),
    lines: lines.length,
    numbers,
    gross,
    ok: result.ok,
  };
}

/** A refusal's `data` ({"line.3": "NO_DRAW", ...}) as line number -> message key. */
export function lineErrorsOf(data: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    const m = /^line\.(\d+)$/.exec(k);
    if (m && typeof v === 'string') out.set(Number(m[1]), v);
  }
  return out;
}
