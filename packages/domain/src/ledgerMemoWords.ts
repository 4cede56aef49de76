// The journal's kinds and the system's memos (ledgerMemos) in the three languages: one text for the
// screens (the web's catalogue takes them under `words`) and the files the server writes (the credit
// log's CSV), so a memo reads the same on both.

const EN = {
  kinds: {
    transfer: 'Transfer Credit',
    receive: 'Receive Credit',
    'auto-transfer': 'Auto Transfer',
    stake: 'Bet stake',
    void: 'Void refund',
    settlement: 'Draw settlement',
    winning: 'Winnings released',
    reversal: 'Settlement reversed',
    'prize-claim': 'Prize paid (claim)',
    'draw-payment': 'Draw payment',
  },
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
    round: ' (round {{round}})',
  },
};

const CN = {
  kinds: {
    transfer: '转出信用',
    receive: '收回信用',
    'auto-transfer': '自动转账',
    stake: '下注金额',
    void: '作废退款',
    settlement: '开奖结算',
    winning: '发放奖金',
    reversal: '结算冲正',
    'prize-claim': '派付奖金（领奖）',
    'draw-payment': '期数付款',
  },
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
    round: '（第 {{round}} 轮）',
  },
};

const BM = {
  kinds: {
    transfer: 'Pindah Kredit',
    receive: 'Terima Kredit',
    'auto-transfer': 'Pindahan Automatik',
    stake: 'Taruhan',
    void: 'Bayaran balik batal',
    settlement: 'Penyelesaian cabutan',
    winning: 'Kemenangan dilepaskan',
    reversal: 'Penyelesaian diterbalikkan',
    'prize-claim': 'Hadiah dibayar (tuntutan)',
    'draw-payment': 'Bayaran cabutan',
  },
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
    round: ' (pusingan {{round}})',
  },
};

/** Every language fills the English keys. */
export const LEDGER_WORDS: Record<'en' | 'cn' | 'bm', typeof EN> = { en: EN, cn: CN, bm: BM };
