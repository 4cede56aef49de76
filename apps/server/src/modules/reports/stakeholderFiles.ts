// The stakeholder and occupied reports as files (reports/reportFile), headed in the trade's words (DOMAIN
// "Reports": 实占注额, 占成, 盈亏 ...). Each column reads the same figure the screen shows.
import type { OccupiedRow, StakeholderRow } from '@app/contract';
import type { PoolDef } from '@app/domain';
import { poolNameIn } from './files';
import type { FileColumn, ReportFile, ReportLang, Words } from './reportFile';

const LEVELS: Record<number, Words> = {
  1: { en: 'Company', cn: '公司', bm: 'Syarikat' },
  2: { en: 'Shareholder', cn: '股东', bm: 'Pemegang Saham' },
  3: { en: 'Super Senior', cn: '超级总代理', bm: 'Super Senior' },
  4: { en: 'Senior', cn: '总代理', bm: 'Senior' },
  5: { en: 'Master', cn: '代理', bm: 'Master' },
  6: { en: 'Agent', cn: '代理商', bm: 'Ejen' },
  7: { en: 'Player', cn: '会员', bm: 'Pemain' },
};
const PARTS: Record<'upline' | 'higher' | 'unposted', Words> = {
  upline: { en: 'Upline', cn: '上级', bm: 'Upline' },
  higher: { en: 'Higher levels (to the company and unposted)', cn: '更高层级（至公司及未走飞）', bm: 'Peringkat lebih tinggi (hingga syarikat dan belum dipos)' },
  unposted: { en: 'Unposted', cn: '未走飞', bm: 'Belum dipos' },
};

export function stakeholderFile(rows: StakeholderRow[], totals: StakeholderRow, lang: ReportLang, range: string): ReportFile<StakeholderRow> {
  const m = (en: string, cn: string, bm: string, value: (r: StakeholderRow) => number): FileColumn<StakeholderRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `stakeholder-${range}`,
    sheet: { en: 'Stakeholder', cn: '股东报表', bm: 'Pemegang Kepentingan' },
    rows,
    totals,
    columns: [
      { header: { en: 'Part', cn: '层级', bm: 'Bahagian' }, value: (r) => (r.kind === 'account' ? (r.level ? LEVELS[r.level]?.[lang] ?? '' : '') : PARTS[r.kind][lang]) },
      { header: { en: 'Account', cn: '账户', bm: 'Akaun' }, value: (r) => (r.account ? `${r.account.username} (${r.account.fullName})` : '') },
      m('Turnover', '投注总额', 'Jualan', (r) => r.turnover),
      m('Eaten', '实占注额', 'Dimakan', (r) => r.eaten),
      { header: { en: 'Share %', cn: '占成 %', bm: 'Bahagian %' }, value: (r) => r.share.toFixed(2) },
      m('Result', '盈亏', 'Keputusan', (r) => r.result),
    ],
  };
}

export function occupiedFile(rows: OccupiedRow[], totals: OccupiedRow, lang: ReportLang, range: string, pools: readonly PoolDef[]): ReportFile<OccupiedRow> {
  const poolName = poolNameIn(pools);
  const m = (en: string, cn: string, bm: string, value: (r: OccupiedRow) => number): FileColumn<OccupiedRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `occupied-${range}`,
    sheet: { en: 'Occupied', cn: '实占报表', bm: 'Kedudukan' },
    rows,
    totals,
    columns: [
      { header: { en: 'Pool', cn: '彩池', bm: 'Pool' }, value: (r, lang) => (r.poolId ? poolName(r.poolId, lang) : '') },
      { header: { en: 'Bet code', cn: '玩法', bm: 'Kod pertaruhan' }, value: (r) => r.betCode },
      { header: { en: 'Lines', cn: '注数', bm: 'Baris' }, value: (r) => r.lines },
      m('Turnover', '投注总额', 'Jualan', (r) => r.turnover),
      m('Own eaten', '实占注额', 'Makan sendiri', (r) => r.eaten),
      { header: { en: 'Share %', cn: '占成 %', bm: 'Bahagian %' }, value: (r) => r.share.toFixed(2) },
      m('Own win/loss', '实占输赢', 'Menang/kalah sendiri', (r) => r.ownWinLoss),
    ],
  };
}
