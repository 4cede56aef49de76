// The reports' files: their columns headed in the three languages, in the trade's own words (DOMAIN
// "Reports": 投注总额, 会员输赢, 实占输赢 ...). Each column reads the same figure the screen shows.
import type { PayoutRow, PayoutStatisticRow, SalesRow, SalesStatisticRow, WinLossDetail, WinLossRow } from '@app/contract';
import { SEEDED_POOL_NAMES_CN, type PoolDef } from '@app/domain';
import type { FileColumn, ReportFile, ReportLang } from './reportFile';

const account = { en: 'Account', cn: '账户', bm: 'Akaun' };
const name = (r: { account: { username: string; fullName: string } | null }, own: string) => (r.account ? `${r.account.username} (${r.account.fullName})` : own);
const OWN = { en: 'Own tickets', cn: '自己的彩票', bm: 'Tiket sendiri' };

export function winLossFile(rows: WinLossRow[], totals: WinLossRow, lang: 'en' | 'cn' | 'bm', range: string): ReportFile<WinLossRow> {
  const m = (en: string, cn: string, bm: string, value: (r: WinLossRow) => number): FileColumn<WinLossRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `win-loss-${range}`,
    sheet: { en: 'Win Loss', cn: '输赢报表', bm: 'Menang Kalah' },
    rows,
    totals,
    columns: [
      { header: account, value: (r) => name(r, OWN[lang]) },
      { header: { en: 'Lines', cn: '注数', bm: 'Baris' }, value: (r) => r.lines },
      m('Turnover', '投注总额', 'Jualan', (r) => r.turnover),
      m('Received from downline', '下线上缴', 'Diterima daripada downline', (r) => r.downlinePass),
      m('Downline commission', '会员佣金', 'Komisen downline', (r) => r.downlineCommission),
      m('Downline winnings', '会员中奖', 'Kemenangan downline', (r) => r.downlineWinnings),
      m('Member win/loss (+ member won)', '会员输赢 (+ 会员赢)', 'Menang/kalah ahli (+ ahli menang)', (r) => r.memberWinLoss),
      m('Own eaten', '实占注额', 'Makan sendiri', (r) => r.eaten),
      m('Own win/loss (+ you won)', '实占输赢 (+ 己方赢)', 'Menang/kalah sendiri (+ anda menang)', (r) => r.ownWinLoss),
      m('Commission spread', '赚取退水', 'Beza komisen', (r) => r.commissionSpread),
      m('Payout spread', '赔率差', 'Beza bayaran', (r) => r.payoutSpread),
      m('Result (+ you gained)', '盈亏 (+ 己方盈)', 'Keputusan (+ anda untung)', (r) => r.result),
      m('Passed up', '上缴注额', 'Dihantar ke atas', (r) => r.pass),
      m('Upline commission', '上级佣金', 'Komisen upline', (r) => r.uplineCommission),
      m('Upline winnings', '上级中奖', 'Kemenangan upline', (r) => r.uplineWinnings),
      m('Payable to upline (+ you pay)', '应付上级 (+ 己方付)', 'Perlu dibayar ke upline (+ anda bayar)', (r) => r.payableToUpline),
    ],
  };
}

export function salesFile(rows: SalesRow[], totals: SalesRow, lang: 'en' | 'cn' | 'bm', range: string): ReportFile<SalesRow> {
  const m = (en: string, cn: string, bm: string, value: (r: SalesRow) => number): FileColumn<SalesRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `sales-summary-${range}`,
    sheet: { en: 'Sales Summary', cn: '销售汇总', bm: 'Ringkasan Jualan' },
    rows,
    totals,
    columns: [
      { header: account, value: (r) => name(r, OWN[lang]) },
      { header: { en: 'Bet code', cn: '玩法', bm: 'Kod pertaruhan' }, value: (r) => r.betCode },
      { header: { en: 'Tickets', cn: '笔数', bm: 'Tiket' }, value: (r) => r.tickets },
      { header: { en: 'Lines', cn: '注数', bm: 'Baris' }, value: (r) => r.lines },
      m('Turnover', '投注总额', 'Jualan', (r) => r.turnover),
      m('Commission', '佣金', 'Komisen', (r) => r.commission),
      m('Net', '净额', 'Bersih', (r) => r.net),
    ],
  };
}

/** A pool's name in an export, from the pool registry (decision 0037: a pool added later has its own). */
export const poolNameIn = (pools: readonly PoolDef[]) => (poolId: number, lang: ReportLang) =>
  (lang === 'cn' ? (SEEDED_POOL_NAMES_CN as Record<number, string | undefined>)[poolId] : undefined) ?? pools.find((p) => p.id === poolId)?.name ?? String(poolId);
const statisticKey = (pools: readonly PoolDef[]): FileColumn<{ drawDate: string; poolId: number; betCode: string }>[] => [
  { header: { en: 'Draw date', cn: '开奖日期', bm: 'Tarikh cabutan' }, value: (r) => r.drawDate },
  { header: { en: 'Pool', cn: '彩池', bm: 'Pool' }, value: (r, lang) => (r.poolId ? poolNameIn(pools)(r.poolId, lang) : '') },
  { header: { en: 'Bet code', cn: '玩法', bm: 'Kod pertaruhan' }, value: (r) => r.betCode },
];

export function salesStatisticFile(rows: SalesStatisticRow[], totals: SalesStatisticRow, range: string, pools: readonly PoolDef[]): ReportFile<SalesStatisticRow> {
  const m = (en: string, cn: string, bm: string, value: (r: SalesStatisticRow) => number): FileColumn<SalesStatisticRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `sales-statistic-${range}`,
    sheet: { en: 'Sales Statistic', cn: '销售统计', bm: 'Statistik Jualan' },
    rows,
    totals,
    columns: [
      ...statisticKey(pools),
      { header: { en: 'Tickets', cn: '笔数', bm: 'Tiket' }, value: (r) => r.tickets },
      { header: { en: 'Lines', cn: '注数', bm: 'Baris' }, value: (r) => r.lines },
      m('Turnover', '投注总额', 'Jualan', (r) => r.turnover),
      m('Commission', '佣金', 'Komisen', (r) => r.commission),
      m('Net', '净额', 'Bersih', (r) => r.net),
    ],
  };
}

export function payoutStatisticFile(rows: PayoutStatisticRow[], totals: PayoutStatisticRow, range: string, pools: readonly PoolDef[]): ReportFile<PayoutStatisticRow> {
  const m = (en: string, cn: string, bm: string, value: (r: PayoutStatisticRow) => number): FileColumn<PayoutStatisticRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `payout-statistic-${range}`,
    sheet: { en: 'Payout Statistic', cn: '派彩统计', bm: 'Statistik Bayaran' },
    rows,
    totals,
    columns: [
      ...statisticKey(pools),
      { header: { en: 'Strikes', cn: '中奖注数', bm: 'Kena' }, value: (r) => r.strikes },
      m('Stake', '注额', 'Pertaruhan', (r) => r.stake),
      m('Payout', '派彩', 'Bayaran', (r) => r.amount),
      m('Released', '已发放', 'Dilepaskan', (r) => r.released),
      m('Held', '未发放', 'Ditahan', (r) => r.amount - r.released),
    ],
  };
}

type DetailLine = WinLossDetail['lines'][number];
const lineKey = (pools: readonly PoolDef[]): FileColumn<{ ticketNo: string; drawDate: string; poolId: number; number: string; betCode: string }>[] => [
  { header: { en: 'Ticket', cn: '单号', bm: 'Tiket' }, value: (r) => r.ticketNo },
  { header: { en: 'Draw date', cn: '开奖日期', bm: 'Tarikh cabutan' }, value: (r) => r.drawDate },
  { header: { en: 'Pool', cn: '彩池', bm: 'Pool' }, value: (r, lang) => (r.poolId ? poolNameIn(pools)(r.poolId, lang) : '') },
  { header: { en: 'Number', cn: '号码', bm: 'Nombor' }, value: (r) => r.number },
  { header: { en: 'Bet code', cn: '玩法', bm: 'Kod pertaruhan' }, value: (r) => r.betCode },
];

/** A bettor's settled lines (GetWinLossDetail), as /winloss-detail and /self-winloss-detail show them. */
export function winLossDetailFile(lines: DetailLine[], totals: WinLossDetail['totals'], username: string, range: string, pools: readonly PoolDef[]): ReportFile<DetailLine> {
  const m = (en: string, cn: string, bm: string, value: (r: DetailLine) => number): FileColumn<DetailLine> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `win-loss-detail-${username}-${range}`,
    sheet: { en: 'Win Loss Detail', cn: '输赢明细', bm: 'Butiran Menang Kalah' },
    rows: lines,
    totals: { ticketId: 0, ticketNo: '', drawDate: '', poolId: 0, number: '', betCode: '', ...totals },
    columns: [
      ...lineKey(pools),
      m('Turnover', '投注总额', 'Jualan', (r) => r.stake),
      m('Commission', '佣金', 'Komisen', (r) => r.commission),
      m('Winnings', '中奖', 'Kemenangan', (r) => r.winnings),
      // The bettor's result: the member win/loss of win/loss, under the same name and sign.
      m('Member win/loss (+ member won)', '会员输赢 (+ 会员赢)', 'Menang/kalah ahli (+ ahli menang)', (r) => r.result),
    ],
  };
}

/** The strikes of the payout report (GetPayoutReport, GetSelfPayoutReport): prize slots, stake, payout, held or released. */
export function payoutFile(rows: PayoutRow[], totals: { stake: number; amount: number }, lang: 'en' | 'cn' | 'bm', range: string, pools: readonly PoolDef[]): ReportFile<PayoutRow> {
  const PRIZE: Record<string, { en: string; cn: string; bm: string }> = {
    first: { en: '1st', cn: '头奖', bm: 'Pertama' },
    second: { en: '2nd', cn: '二奖', bm: 'Kedua' },
    third: { en: '3rd', cn: '三奖', bm: 'Ketiga' },
    starter: { en: 'Special', cn: '特别奖', bm: 'Istimewa' },
    consolation: { en: 'Consolation', cn: '安慰奖', bm: 'Saguhati' },
  };
  const state = { released: { en: 'Released', cn: '已发放', bm: 'Dilepaskan' }, held: { en: 'Held', cn: '未发放', bm: 'Ditahan' } };
  return {
    name: `payout-${range}`,
    sheet: { en: 'Payout', cn: '派彩报表', bm: 'Bayaran' },
    rows,
    totals: { ticketId: 0, ticketNo: '', username: '', drawDate: '', poolId: 0, number: '', betCode: '', prizes: [], released: false, ...totals },
    columns: [
      ...lineKey(pools),
      { header: account, value: (r) => r.username },
      {
        header: { en: 'Prize', cn: '奖项', bm: 'Hadiah' },
        value: (r) => r.prizes.map((p) => `${PRIZE[p.prize]?.[lang] ?? p.prize}${p.count > 1 ? ` x${p.count}` : ''}`).join(', '),
      },
      { header: { en: 'Stake', cn: '注额', bm: 'Pertaruhan' }, money: true, value: (r) => r.stake },
      { header: { en: 'Payout', cn: '派彩', bm: 'Bayaran' }, money: true, value: (r) => r.amount },
      { header: { en: 'State', cn: '状态', bm: 'Status' }, value: (r) => (r.ticketId === 0 ? '' : state[r.released ? 'released' : 'held'][lang]) },
    ],
  };
}
