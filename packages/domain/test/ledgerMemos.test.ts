import { describe, expect, it } from 'vitest';
import { ledgerMemoText, parseLedgerMemo, type LedgerMemoCode, type LedgerMemoParams } from '../src';

// Each system memo's stored text reads back as its code and parameters; old rows' texts (the same
// writers before the codes) too; a memo a user typed is never read as a code.
const cases: [string, LedgerMemoCode, LedgerMemoParams][] = [
  ['settlement', 'drawSettlement', { pool: 'Magnum 4D', date: '2026-11-29' }],
  ['winning', 'drawSettlement', { pool: 'Sandakan Turf Club', date: '2026-11-29', round: 2 }],
  ['reversal', 'settlementReversed', { pool: 'Da Ma Cai', date: '2026-11-29', round: 2 }],
  ['reversal', 'winningsReversed', { pool: 'Da Ma Cai', date: '2026-11-29' }],
  ['reversal', 'prizeClaimReversed', { pool: 'Sports Toto', date: '2026-11-29', round: 3, ticketNo: 'T0001-2' }],
  ['prize-claim', 'prizeClaim', { ticketNo: 'T0001-2', pool: 'Grand Dragon Lotto', date: '2026-12-01' }],
  ['prize-claim', 'prizeClaim', { ticketNo: 'T0001-2' }],
  ['draw-payment', 'drawPayment', { date: '2026-12-02' }],
  ['draw-payment', 'postingPayment', { date: '2026-12-02', remote: 'Remote One', remark: 'paid: cash, see slip' }],
  ['draw-payment', 'postingPayment', { date: '2026-12-02', remote: 'Remote One' }],
  ['auto-transfer', 'autoTransfer', { date: '2026-12-02' }],
  ['void', 'ticket', { ticketNo: '20261202-000123' }],
];

describe('ledger memos', () => {
  it.each(cases)('%s %s reads back', (kind, code, params) => {
    expect(parseLedgerMemo(kind, ledgerMemoText(code, params))).toEqual({ code, params });
  });

  it('reads the texts old rows carry', () => {
    expect(parseLedgerMemo('draw-payment', 'draw payment 2026-12-02')).toEqual({ code: 'drawPayment', params: { date: '2026-12-02' } });
    expect(parseLedgerMemo('settlement', 'Magnum 4D 2026-11-29')).toEqual({ code: 'drawSettlement', params: { pool: 'Magnum 4D', date: '2026-11-29' } });
    expect(parseLedgerMemo('winning', 'Magnum 4D 2026-11-29 (round 2)')).toEqual({ code: 'drawSettlement', params: { pool: 'Magnum 4D', date: '2026-11-29', round: 2 } });
    expect(parseLedgerMemo('reversal', 'Magnum 4D 2026-11-29: winnings reversed (corrected result)')?.code).toBe('winningsReversed');
  });

  it('leaves what a user typed as typed', () => {
    expect(parseLedgerMemo('transfer', 'draw payment 2026-12-02')).toBeNull();
    expect(parseLedgerMemo('receive', 'auto transfer 2026-12-02')).toBeNull();
    expect(parseLedgerMemo('draw-payment', 'cash from Ali')).toBeNull();
    expect(parseLedgerMemo('stake', null)).toBeNull();
  });
});
