// A report as a file: CSV or Excel of exactly the filtered rows (every page) with the totals row, headed
// in the reader's language. The web app holds the screen's words; a file leaves the app, so its headers
// are given here by each report. Money is written as a decimal (CSV) or a number with two places (Excel).
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { centsToDecimal, csvText } from '../../platform/exportText';

export type ReportLang = 'en' | 'cn' | 'bm';
export type Words = Record<ReportLang, string>;

export interface FileColumn<T> {
  header: Words;
  /** Money in cents (written as a decimal), or text / a count. */
  money?: boolean;
  /** The cell of a row; `lang` for the few values that are words (a pool's name). */
  value: (row: T, lang: ReportLang) => string | number;
}

export interface ReportFile<T> {
  name: string;
  sheet: Words;
  columns: FileColumn<T>[];
  rows: T[];
  totals: T;
  totalLabel?: Words;
  /** Dates left out because their figures are not final (settling, or blocked by hand): said under the totals. */
  leftOut?: string[];
}

const LEFT_OUT: Words = { en: 'Not included until their figures are final: ', cn: '以下日期的数字尚未最终确定，暂不计入：', bm: 'Tidak dimasukkan sehingga angkanya muktamad: ' };
const leftOutLine = (f: { leftOut?: string[] }, lang: ReportLang) => (f.leftOut?.length ? `${LEFT_OUT[lang]}${f.leftOut.join(', ')}` : null);

const TOTAL: Words = { en: 'Total', cn: '合计', bm: 'Jumlah' };

function csv<T>(f: ReportFile<T>, lang: ReportLang): string {
  const line = (r: T, first?: string) =>
    f.columns
      .map((c, i) => {
        if (i === 0 && first !== undefined) return csvText(first);
        const v = c.value(r, lang);
        return c.money ? centsToDecimal(Number(v)) : typeof v === 'number' ? String(v) : csvText(v);
      })
      .join(',');
  const lines = [f.columns.map((c) => csvText(c.header[lang])).join(','), ...f.rows.map((r) => line(r)), line(f.totals, (f.totalLabel ?? TOTAL)[lang])];
  const note = leftOutLine(f, lang);
  if (note) lines.push(csvText(note));
  // A byte order mark: Excel opens a UTF-8 CSV without one as the local code page (Chinese garbled).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function xlsx<T>(f: ReportFile<T>, lang: ReportLang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(f.sheet[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = f.columns.map((c) => ({ header: c.header[lang], width: Math.max(12, c.header[lang].length + 4) }));
  sheet.getRow(1).font = { bold: true };
  const cells = (r: T) => f.columns.map((c) => (c.money ? Number(c.value(r, lang)) / 100 : c.value(r, lang)));
  for (const r of f.rows) sheet.addRow(cells(r));
  const total = sheet.addRow([(f.totalLabel ?? TOTAL)[lang], ...cells(f.totals).slice(1)]);
  total.font = { bold: true };
  const note = leftOutLine(f, lang);
  if (note) sheet.addRow([note]);
  f.columns.forEach((c, i) => {
    if (c.money) sheet.getColumn(i + 1).numFmt = '#,##0.00';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends the report as `format` (csv or xlsx), named `<name>-<from>-<to>`. */
export async function sendReportFile<T>(reply: FastifyReply, f: ReportFile<T>, format: 'csv' | 'xlsx', lang: ReportLang) {
  if (format === 'csv') {
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${f.name}.csv"`).send(csv(f, lang));
  }
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${f.name}.xlsx"`)
    .send(await xlsx(f, lang));
}
