// The ticket history as a file: CSV or Excel of exactly the filtered tickets, headed in the reader's
// language. The web app holds the screen's words; a file leaves the app, so its few words live here.
import ExcelJS from 'exceljs';
import { poolLetter, SEEDED_POOLS, type PoolDef } from '@app/domain';
import { formatBusinessDateTime } from '../../platform/businessTime';
import { centsToDecimal, csvText } from '../../platform/exportText';

export type ExportLang = 'en' | 'cn' | 'bm';

interface Words {
  sheet: string;
  headers: string[];
  sources: Record<number, string>;
  statuses: { active: string; void: string };
  outcomes: Record<'void' | 'won' | 'lost' | 'pending', string>;
  total: string;
}

const WORDS: Record<ExportLang, Words> = {
  en: {
    sheet: 'Tickets',
    headers: ['Ticket No.', 'Ordered at', 'Account', 'Placed by', 'Source', 'Draw date', 'Pool', 'Gross', 'Commission', 'Net', 'Status', 'Voided by', 'Voided at', 'Outcome', 'Winnings'],
    sources: { 1: 'Web order', 2: 'Web order 2', 3: 'Express', 4: 'Auto ticket', 5: 'API' },
    statuses: { active: 'Active', void: 'Void' },
    outcomes: { void: 'Void', won: 'Won', lost: 'Lost', pending: 'Pending' },
    total: 'Total',
  },
  cn: {
    sheet: '彩票',
    headers: ['彩票号码', '下注时间', '账户', '下注者', '来源', '开彩日期', '彩池', '总额', '佣金', '净额', '状态', '作废者', '作废时间', '结果', '中奖'],
    sources: { 1: '网页下注', 2: '网页下注 2', 3: '快速下注', 4: '自动彩票', 5: 'API' },
    statuses: { active: '有效', void: '作废' },
    outcomes: { void: '作废', won: '中奖', lost: '未中', pending: '待开' },
    total: '合计',
  },
  bm: {
    sheet: 'Tiket',
    headers: ['No. Tiket', 'Masa pesanan', 'Akaun', 'Dibuat oleh', 'Sumber', 'Tarikh cabutan', 'Pool', 'Kasar', 'Komisen', 'Bersih', 'Status', 'Dibatalkan oleh', 'Masa dibatalkan', 'Keputusan', 'Kemenangan'],
    sources: { 1: 'Pesanan web', 2: 'Pesanan web 2', 3: 'Ekspres', 4: 'Tiket auto', 5: 'API' },
    statuses: { active: 'Aktif', void: 'Batal' },
    outcomes: { void: 'Batal', won: 'Menang', lost: 'Kalah', pending: 'Menunggu' },
    total: 'Jumlah',
  },
};

export interface ExportTicket {
  ticketNo: string;
  orderedAt: string;
  username: string;
  placedBy: string;
  sourceType: number;
  drawDates: string[];
  poolIds: number[];
  gross: number;
  commission: number;
  net: number;
  status: number;
  voidedBy: string | null;
  voidedAt: string | null;
  /** What the ticket won as settlement booked it (issue 28 line 2), as the history shows it. */
  outcome: 'void' | 'won' | 'lost' | 'pending';
  winnings: number;
}
export interface ExportTotals {
  count: number;
  gross: number;
  commission: number;
  net: number;
  winnings: number;
}

const letters = (ids: number[], pools: readonly PoolDef[]) => ids.map((id) => poolLetter(pools, id)).join('');

/** One ticket's cells as text, money aside (it is written as a decimal or a number by each format). */
function textCells(r: ExportTicket, w: Words, tz: string, pools: readonly PoolDef[]) {
  return {
    ticketNo: r.ticketNo,
    orderedAt: formatBusinessDateTime(new Date(r.orderedAt), tz),
    username: r.username,
    placedBy: r.placedBy,
    source: w.sources[r.sourceType] ?? String(r.sourceType),
    drawDates: r.drawDates.join(' '),
    pools: letters(r.poolIds, pools),
    status: r.status === 1 ? w.statuses.active : w.statuses.void,
    voidedBy: r.voidedBy ?? '',
    voidedAt: r.voidedAt ? formatBusinessDateTime(new Date(r.voidedAt), tz) : '',
    outcome: w.outcomes[r.outcome] ?? r.outcome,
  };
}

export function ticketsCsv(items: ExportTicket[], totals: ExportTotals, lang: ExportLang, tz: string, pools: readonly PoolDef[] = SEEDED_POOLS): string {
  const w = WORDS[lang];
  const lines = [w.headers.map(csvText).join(',')];
  for (const r of items) {
    const c = textCells(r, w, tz, pools);
    lines.push(
      [c.ticketNo, c.orderedAt, c.username, c.placedBy, c.source, c.drawDates, c.pools].map(csvText).join(',') +
        `,${centsToDecimal(r.gross)},${centsToDecimal(r.commission)},${centsToDecimal(r.net)},` +
        [c.status, c.voidedBy, c.voidedAt, c.outcome].map(csvText).join(',') +
        `,${centsToDecimal(r.winnings)}`,
    );
  }
  lines.push(`${csvText(`${w.total} (${totals.count})`)},,,,,,,${centsToDecimal(totals.gross)},${centsToDecimal(totals.commission)},${centsToDecimal(totals.net)},,,,,${centsToDecimal(totals.winnings)}`);
  // A byte order mark: Excel opens a UTF-8 CSV without one as the local code page (Chinese garbled).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function ticketsXlsx(items: ExportTicket[], totals: ExportTotals, lang: ExportLang, tz: string, pools: readonly PoolDef[] = SEEDED_POOLS): Promise<Buffer> {
  const w = WORDS[lang];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(w.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = w.headers.map((header, i) => ({ header, width: [14, 20, 14, 14, 12, 24, 8, 12, 12, 12, 8, 14, 20, 10, 12][i] }));
  sheet.getRow(1).font = { bold: true };
  for (const r of items) {
    const c = textCells(r, w, tz, pools);
    sheet.addRow([c.ticketNo, c.orderedAt, c.username, c.placedBy, c.source, c.drawDates, c.pools, r.gross / 100, r.commission / 100, r.net / 100, c.status, c.voidedBy, c.voidedAt, c.outcome, r.winnings / 100]);
  }
  const total = sheet.addRow([`${w.total} (${totals.count})`, '', '', '', '', '', '', totals.gross / 100, totals.commission / 100, totals.net / 100, '', '', '', '', totals.winnings / 100]);
  total.font = { bold: true };
  for (const col of [8, 9, 10, 15]) sheet.getColumn(col).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}
