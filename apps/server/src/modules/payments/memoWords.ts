// The credit log's file in the requesting reader's language (lang=en|cn|bm): its header, the journal
// kinds and the system memos (packages/domain ledgerMemos) in LEDGER_WORDS, the words the screens use
// too. A memo a user typed stays as typed.
import { LEDGER_WORDS, parseLedgerMemo, SEEDED_POOL_NAMES_CN, SEEDED_POOLS, type LedgerMemo, type LedgerMemoCode } from '@app/domain';

export type FileLang = 'en' | 'cn' | 'bm';

interface Words {
  header: string[];
  kinds: Record<string, string>;
  limit: Record<string, string>;
  memo: Record<LedgerMemoCode | 'round', string>;
}

const HEADER_EN = ['Date Time ({{tz}})', 'Type', 'Amount', 'Pre-Balance', 'Post-Balance', 'Initiated By', 'Remark', 'Transaction Id', 'Credit Limit Before', 'Credit Limit After'];

export const FILE_WORDS: Record<FileLang, Words> = {
  en: {
    header: HEADER_EN,
    kinds: LEDGER_WORDS.en.kinds,
    limit: { create: 'Credit limit set', change: 'Credit limit changed', admin: 'Credit limit changed by admin', delete: 'Credit limit cleared (account deleted)' },
    memo: LEDGER_WORDS.en.memo,
  },
  cn: {
    header: ['日期时间 ({{tz}})', '类型', '金额', '变动前余额', '变动后余额', '操作人', '备注', '交易编号', '变动前信用额度', '变动后信用额度'],
    kinds: LEDGER_WORDS.cn.kinds,
    limit: { create: '设定信用额度', change: '更改信用额度', admin: '管理员更改信用额度', delete: '信用额度清零（账户已删除）' },
    memo: LEDGER_WORDS.cn.memo,
  },
  bm: {
    header: ['Tarikh Masa ({{tz}})', 'Jenis', 'Jumlah', 'Baki Sebelum', 'Baki Selepas', 'Dimulakan Oleh', 'Catatan', 'ID Transaksi', 'Had Kredit Sebelum', 'Had Kredit Selepas'],
    kinds: LEDGER_WORDS.bm.kinds,
    limit: { create: 'Had kredit ditetapkan', change: 'Had kredit diubah', admin: 'Had kredit diubah oleh pentadbir', delete: 'Had kredit dikosongkan (akaun dipadam)' },
    memo: LEDGER_WORDS.bm.memo,
  },
};

const fill = (text: string, params: Record<string, string | number | undefined>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

/** A seeded pool's name in the language (Chinese: the trade's name); another pool's name as it is. */
export function memoPoolName(name: string | undefined, lang: FileLang): string {
  if (!name || lang !== 'cn') return name ?? '';
  const pool = SEEDED_POOLS.find((p) => p.name === name);
  return pool ? SEEDED_POOL_NAMES_CN[pool.id as keyof typeof SEEDED_POOL_NAMES_CN] : name;
}

/** A parsed system memo in the language; a posting payment's typed remark after it, as typed. */
export function memoInWords(m: LedgerMemo, lang: FileLang): string {
  const w = FILE_WORDS[lang];
  const p = m.params;
  const text = fill(w.memo[m.code], { ...p, pool: memoPoolName(p.pool, lang), round: p.round && p.round > 1 ? fill(w.memo.round, { round: p.round }) : '' });
  return p.remark ? `${text}: ${p.remark}` : text;
}

/** A journal row's memo for the file: a system memo in the language, anything else as stored. */
export function memoForFile(kind: string, memo: string | null, lang: FileLang): string | null {
  const m = parseLedgerMemo(kind, memo);
  return m ? memoInWords(m, lang) : memo;
}

export const kindForFile = (kind: string, lang: FileLang) => FILE_WORDS[lang].kinds[kind] ?? kind;
export const limitForFile = (change: string, lang: FileLang) => FILE_WORDS[lang].limit[change] ?? change;
export const fileHeader = (lang: FileLang, tz: string) => FILE_WORDS[lang].header.map((h) => fill(h, { tz }));
