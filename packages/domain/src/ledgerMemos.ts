// The memos the system writes on journal transactions (credit log, statement): a code with its
// parameters, read in each reader's language. The stored memo stays the English text below (the API's
// readers, the logs and every row written before), so old and new rows read alike: the server writes
// ledgerMemoText(code, params), the readers (web, exports) parseLedgerMemo(kind, memo) and render the
// code in their language. A memo a user typed (a transfer's remark, a draw payment's remark) is never
// parsed: only the journal kinds the system names are, and a posting payment's typed remark stays a
// parameter, as typed.

export const LEDGER_MEMO_CODES = [
  'drawSettlement',
  'settlementReversed',
  'winningsReversed',
  'prizeClaim',
  'prizeClaimReversed',
  'drawPayment',
  'postingPayment',
  'autoTransfer',
  'ticket',
] as const;
export type LedgerMemoCode = (typeof LEDGER_MEMO_CODES)[number];

export interface LedgerMemoParams {
  /** A draw's pool as the draw's settlement named it (the pool's own name). */
  pool?: string;
  /** A business or draw date, YYYY-MM-DD. */
  date?: string;
  /** The settlement round; only after a corrected result (round > 1). */
  round?: number;
  ticketNo?: string;
  /** A remote agent's name (posting payment). */
  remote?: string;
  /** What a user typed, kept as typed. */
  remark?: string;
}

export interface LedgerMemo {
  code: LedgerMemoCode;
  params: LedgerMemoParams;
}

const draw = (p: LedgerMemoParams) => `${p.pool} ${p.date}${p.round && p.round > 1 ? ` (round ${p.round})` : ''}`;

/** The stored (English) text of a system memo. */
export function ledgerMemoText(code: LedgerMemoCode, p: LedgerMemoParams = {}): string {
  switch (code) {
    case 'drawSettlement':
      return draw(p);
    case 'settlementReversed':
      return `${draw(p)}: settlement reversed (corrected result)`;
    case 'winningsReversed':
      return `${draw(p)}: winnings reversed (corrected result)`;
    case 'prizeClaim':
      return p.pool ? `${p.ticketNo} (${draw(p)})` : `${p.ticketNo}`;
    case 'prizeClaimReversed':
      return `${draw(p)} ${p.ticketNo}: prize claim reversed (corrected result)`;
    case 'drawPayment':
      return `draw payment ${p.date}`;
    case 'postingPayment':
      return `posting payment ${p.date} ${p.remote}${p.remark ? `: ${p.remark}` : ''}`;
    case 'autoTransfer':
      return `auto transfer ${p.date}`;
    case 'ticket':
      return `${p.ticketNo}`;
  }
}

const DATE = String.raw`(\d{4}-\d{2}-\d{2})`;
const DRAW = String.raw`(.+?) ${DATE}(?: \(round (\d+)\))?`;
const re = (s: string) => new RegExp(`^${s}$`, 's');
const PATTERNS = {
  drawSettlement: re(DRAW),
  reversed: re(String.raw`${DRAW}: (settlement|winnings) reversed \(corrected result\)`),
  prizeClaimReversed: re(String.raw`${DRAW} (\S+): prize claim reversed \(corrected result\)`),
  prizeClaim: re(String.raw`(\S+) \(${DRAW}\)`),
  drawPayment: re(String.raw`draw payment ${DATE}`),
  postingPayment: re(String.raw`posting payment ${DATE} (.+?)(?:: (.*))?`),
  autoTransfer: re(String.raw`auto transfer ${DATE}`),
  ticketNo: /^\S+$/,
};

const drawParams = (m: RegExpExecArray, at: number): LedgerMemoParams => ({
  pool: m[at],
  date: m[at + 1],
  ...(m[at + 2] ? { round: Number(m[at + 2]) } : {}),
});

/**
 * A system memo of a journal transaction as its code and parameters, or null: a memo a user typed, an
 * empty one, or one of a kind the system does not name. `kind` is the journal transaction's kind.
 */
export function parseLedgerMemo(kind: string, memo: string | null | undefined): LedgerMemo | null {
  if (!memo) return null;
  const ex = (re: RegExp) => re.exec(memo);
  switch (kind) {
    case 'settlement':
    case 'winning': {
      const m = ex(PATTERNS.drawSettlement);
      return m ? { code: 'drawSettlement', params: drawParams(m, 1) } : null;
    }
    case 'reversal': {
      const claim = ex(PATTERNS.prizeClaimReversed);
      if (claim) return { code: 'prizeClaimReversed', params: { ...drawParams(claim, 1), ticketNo: claim[4] } };
      const m = ex(PATTERNS.reversed);
      return m ? { code: m[4] === 'winnings' ? 'winningsReversed' : 'settlementReversed', params: drawParams(m, 1) } : null;
    }
    case 'prize-claim': {
      const m = ex(PATTERNS.prizeClaim);
      if (m) return { code: 'prizeClaim', params: { ticketNo: m[1], ...drawParams(m, 2) } };
      return PATTERNS.ticketNo.test(memo) ? { code: 'prizeClaim', params: { ticketNo: memo } } : null;
    }
    case 'draw-payment': {
      const m = ex(PATTERNS.drawPayment);
      if (m) return { code: 'drawPayment', params: { date: m[1] } };
      const p = ex(PATTERNS.postingPayment);
      return p ? { code: 'postingPayment', params: { date: p[1], remote: p[2], ...(p[3] ? { remark: p[3] } : {}) } } : null;
    }
    case 'auto-transfer': {
      const m = ex(PATTERNS.autoTransfer);
      return m ? { code: 'autoTransfer', params: { date: m[1] } } : null;
    }
    case 'void':
      return PATTERNS.ticketNo.test(memo) ? { code: 'ticket', params: { ticketNo: memo } } : null;
    default:
      return null;
  }
}

/** The journal kinds the system writes, for their names in each language. */
export const JOURNAL_KINDS = ['transfer', 'receive', 'auto-transfer', 'stake', 'void', 'settlement', 'winning', 'reversal', 'prize-claim', 'draw-payment'] as const;
