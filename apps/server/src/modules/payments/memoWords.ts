// The credit log's file in the requesting reader's language (lang=en|cn|bm): its header, the journal
// kinds and the system memos (packages/domain ledgerMemos), as the web's catalogue (i18n/words.ts) says
// them. A memo a user typed stays as typed.
import { parseLedgerMemo, SEEDED_POOL_NAMES_CN, SEEDED_POOLS, type LedgerMemo, type LedgerMemoCode } from '@app/domain';

export type FileLang = 'en' | 'cn' | 'bm';

interface Words {
  header: string[];
  kinds: Record<string, string>;
  limit: Record<string, string>;
  memo: Record<LedgerMemoCode, string>;
  round: string;
}

const HEADER_EN = ['Date Time ({{tz}})', 'Type', 'Amount', 'Pre-Balance', 'Post-Balance', 'Initiated By', 'Remark', 'Transaction Id', 'Credit Limit Before', 'Credit Limit After'];

export const FILE_WORDS: Record<FileLang, Words> = {
  en: {
    header: HEADER_EN,
    kinds: { transfer: 'Transfer Credit', receive: 'Receive Credit', 'auto-transfer': 'Auto Transfer', stake: 'Bet stake', void: 'Void refund', settlement: 'Draw settlement', winning: 'Winnings released', reversal: 'Settlement reversed', 'prize-claim': 'Prize paid (claim)', 'draw-payment': 'Draw payment' },
    limit: { create: 'Credit limit set', change: 'Credit limit changed', admin: 'Credit limit changed by admin', delete: 'Credit limit cleared (account deleted)' },
    memo: {
      drawSettlement: 'Settlement of {{pool}} {{date}}{{round}}',
      settlementReversed: 'Settlement of {{pool}} {{date}}{{round}} reversed (corrected result)',
      winningsReversed: 'Winnings of {{pool}} {{date}}{{round}} reversed (corrected result)',
      prizeClaim: 'Prize of ticket {{ticketNo}}',
      prizeClaimReversed: 'Prize claim of ticket {{ticketNo}} ({{pool}} {{date}}{{round}}) reversed (corrected result)',
      drawPayment: 'Draw payment of {{date}}',
      postingPayment: 'Posting payment of {{date}} to {{remote}}',
      autoTransfer: 'Auto transfer of {{date}}',
      ticket: 'Ticket {{ticketNo}}',
    },
    round: ' (round {{round}})',
  },
  cn: {
    header: ['日期时间 ({{tz}})', '类型', '金额', '变动前余额', '变动后余额', '操作人', '备注', '交易编号', '变动前信用额度', '变动后信用额度'],
    kinds: { transfer: '转出信用', receive: '收回信用', 'auto-transfer': '自动转账', stake: '下注金额', void: '作废退款', settlement: '开奖结算', winning: '发放奖金', reversal: '结算冲正', 'prize-claim': '派付奖金（领奖）', 'draw-payment': '期数付款' },
    limit: { create: '设定信用额度', change: '更改信用额度', admin: '管理员更改信用额度', delete: '信用额度清零（账户已删除）' },
    memo: {
      drawSettlement: '{{pool}} {{date}}{{round}} 结算',
      settlementReversed: '{{pool}} {{date}}{{round}} 结算冲正（更正成绩）',
      winningsReversed: '{{pool}} {{date}}{{round}} 奖金冲正（更正成绩）',
      prizeClaim: '注单 {{ticketNo}} 奖金',
      prizeClaimReversed: '注单 {{ticketNo}}（{{pool}} {{date}}{{round}}）领奖冲正（更正成绩）',
      drawPayment: '{{date}} 期数付款',
      postingPayment: '{{date}} 抛单付款给 {{remote}}',
      autoTransfer: '{{date}} 自动转账',
      ticket: '注单 {{ticketNo}}',
    },
    round: '（第 {{round}} 轮）',
  },
  bm: {
    header: ['Tarikh Masa ({{tz}})', 'Jenis', 'Jumlah', 'Baki Sebelum', 'Baki Selepas', 'Dimulakan Oleh', 'Catatan', 'ID Transaksi', 'Had Kredit Sebelum', 'Had Kredit Selepas'],
    kinds: { transfer: 'Pindah Kredit', receive: 'Terima Kredit', 'auto-transfer': 'Pindahan Automatik', stake: 'Taruhan', void: 'Bayaran balik batal', settlement: 'Penyelesaian cabutan', winning: 'Kemenangan dilepaskan', reversal: 'Penyelesaian diterbalikkan', 'prize-claim': 'Hadiah dibayar (tuntutan)', 'draw-payment': 'Bayaran cabutan' },
    limit: { create: 'Had kredit ditetapkan', change: 'Had kredit diubah', admin: 'Had kredit diubah oleh pentadbir', delete: 'Had kredit dikosongkan (akaun dipadam)' },
    memo: {
      drawSettlement: 'Penyelesaian {{pool}} {{date}}{{round}}',
      settlementReversed: 'Penyelesaian {{pool}} {{date}}{{round}} dibalikkan (keputusan dibetulkan)',
      winningsReversed: 'Kemenangan {{pool}} {{date}}{{round}} dibalikkan (keputusan dibetulkan)',
      prizeClaim: 'Hadiah tiket {{ticketNo}}',
      prizeClaimReversed: 'Tuntutan hadiah tiket {{ticketNo}} ({{pool}} {{date}}{{round}}) dibalikkan (keputusan dibetulkan)',
      drawPayment: 'Bayaran cabutan {{date}}',
      postingPayment: 'Bayaran posting {{date}} kepada {{remote}}',
      autoTransfer: 'Pindahan automatik {{date}}',
      ticket: 'Tiket {{ticketNo}}',
    },
    round: ' (pusingan {{round}})',
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
  const text = fill(w.memo[m.code], { ...p, pool: memoPoolName(p.pool, lang), round: p.round && p.round > 1 ? fill(w.round, { round: p.round }) : '' });
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
