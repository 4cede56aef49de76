// Pools as data (issue 14 item 5, decision 0037): the pools table is the source of truth; the super admin
// adds one with CreatePoolRow. What the rules need of a pool travels with it: its letter (receipts,
// display orders), its bet-text digit (the "#123" pools line), the package type its bets are bought and
// settled under, and the result form it draws. Functions that read pools take the list as a parameter;
// SEEDED_POOLS is only the first start's data and the default where no list is given (tests, tools).
import { PackageType } from './enums';

/** Result forms: every pool draws 4D's 23 slots; Toto also 5D and 6D, GD also 6D. */
export const RESULT_FORMS = ['4D', '4D+5D+6D', '4D+6D'] as const;
export type ResultForm = (typeof RESULT_FORMS)[number];
export const hasFiveD = (form: ResultForm) => form === '4D+5D+6D';
export const hasSixD = (form: ResultForm) => form !== '4D';

export interface PoolDef {
  id: number;
  /** One capital letter, unique: receipts and display orders. */
  letter: string;
  /** One digit 0-9, unique: what the express text's pools line writes. */
  digit: string;
  code: string;
  name: string;
  /** PackageType.Normal or PackageType.GD: which of the account's packages prices and pays its bets. */
  packageType: number;
  resultForm: ResultForm;
  /** Regular draw weekdays, Sunday 0 to Saturday 6 (what scheduling a year uses). */
  drawDays: readonly number[];
}

/** Bet-text digits are one character 0-9 and unique, so there can be at most ten pools. */
export const MAX_POOLS = 10;
/** Pool ids are assigned 1, 2, ... and never reused, so they stay within 1..MAX_POOLS. */
export const MAX_POOL_ID = MAX_POOLS;
/** Package types a pool may sell under (nine-lotto has no pool of its own). */
export const POOL_PACKAGE_TYPES: readonly number[] = [PackageType.Normal, PackageType.GD];

const WED_SAT_SUN = [0, 3, 6] as const;
const DAILY = [0, 1, 2, 3, 4, 5, 6] as const;

/** The eight pools of DOMAIN "Pools, draws and results", as the first start seeds them. */
export const SEEDED_POOLS: readonly PoolDef[] = [
  { id: 1, letter: 'M', digit: '1', code: 'Magnum', name: 'Magnum 4D', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 2, letter: 'P', digit: '2', code: 'Kuda', name: 'Da Ma Cai', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 3, letter: 'T', digit: '3', code: 'Toto', name: 'Sports Toto', packageType: PackageType.Normal, resultForm: '4D+5D+6D', drawDays: WED_SAT_SUN },
  { id: 4, letter: 'S', digit: '4', code: 'Singapore', name: 'Singapore Pools', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 5, letter: 'B', digit: '5', code: 'Sabah', name: 'Sabah 88', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 6, letter: 'K', digit: '6', code: 'STC', name: 'Sandakan Turf Club', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 7, letter: 'W', digit: '7', code: 'Sarawak', name: 'Sarawak Cash Sweep', packageType: PackageType.Normal, resultForm: '4D', drawDays: WED_SAT_SUN },
  { id: 8, letter: 'H', digit: '8', code: 'GD', name: 'Grand Dragon Lotto', packageType: PackageType.GD, resultForm: '4D+6D', drawDays: DAILY },
];

/**
 * The seeded pools as the Chinese trade names them (the web's Chinese catalogue and the exports headed in
 * Chinese); English and Malay use the pool's own name. A pool added later has only its own name.
 */
export const SEEDED_POOL_NAMES_CN = {
  1: '万能 4D',
  2: '大马彩',
  3: '多多',
  4: '新加坡博彩',
  5: '沙巴 88',
  6: '山打根赛马会',
  7: '砂拉越',
  8: '豪龙',
} as const;

export const poolOf = (pools: readonly PoolDef[], id: number) => pools.find((p) => p.id === id);
export const poolLetter = (pools: readonly PoolDef[], id: number) => poolOf(pools, id)?.letter ?? String(id);
/** Whether the pool's bets are bought and paid under the account's GD package. */
export const isGdPool = (pools: readonly PoolDef[], id: number) => poolOf(pools, id)?.packageType === PackageType.GD;

/** A new pool as CreatePoolRow takes it. */
export interface NewPool {
  name: string;
  code: string;
  letter: string;
  digit: string;
  packageType: number;
  resultForm: string;
  drawDays: readonly number[];
  cutoffHour: number;
  cutoffMinute: number;
}

export type PoolProblem = 'REQUIRED' | 'INVALID' | 'TAKEN' | 'TOO_MANY';
export interface PoolFieldError {
  field: keyof NewPool;
  problem: PoolProblem;
}

/**
 * Checks a new pool against the pools there are: name and code 1-40 characters and unique (ignoring
 * case), letter one capital A-Z and digit one 0-9 both unique, a package type of POOL_PACKAGE_TYPES, a
 * result form of RESULT_FORMS, at least one draw day 0-6, a cutoff within the day. Empty list = valid.
 */
export function validateNewPool(p: NewPool, existing: readonly Pick<PoolDef, 'name' | 'code' | 'letter' | 'digit'>[]): PoolFieldError[] {
  const errors: PoolFieldError[] = [];
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const field of ['name', 'code'] as const) {
    const v = p[field].trim();
    if (v === '') errors.push({ field, problem: 'REQUIRED' });
    else if (v.length > 40) errors.push({ field, problem: 'INVALID' });
    else if (existing.some((e) => same(e[field], v))) errors.push({ field, problem: 'TAKEN' });
  }
  if (!/^[A-Z]$/.test(p.letter)) errors.push({ field: 'letter', problem: p.letter === '' ? 'REQUIRED' : 'INVALID' });
  else if (existing.some((e) => e.letter === p.letter)) errors.push({ field: 'letter', problem: 'TAKEN' });
  if (!/^[0-9]$/.test(p.digit)) errors.push({ field: 'digit', problem: p.digit === '' ? 'REQUIRED' : 'INVALID' });
  else if (existing.some((e) => e.digit === p.digit)) errors.push({ field: 'digit', problem: 'TAKEN' });
  if (!POOL_PACKAGE_TYPES.includes(p.packageType)) errors.push({ field: 'packageType', problem: 'INVALID' });
  if (!(RESULT_FORMS as readonly string[]).includes(p.resultForm)) errors.push({ field: 'resultForm', problem: 'INVALID' });
  if (p.drawDays.length === 0) errors.push({ field: 'drawDays', problem: 'REQUIRED' });
  else if (!p.drawDays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) errors.push({ field: 'drawDays', problem: 'INVALID' });
  if (!Number.isInteger(p.cutoffHour) || p.cutoffHour < 0 || p.cutoffHour > 23) errors.push({ field: 'cutoffHour', problem: 'INVALID' });
  if (!Number.isInteger(p.cutoffMinute) || p.cutoffMinute < 0 || p.cutoffMinute > 59) errors.push({ field: 'cutoffMinute', problem: 'INVALID' });
  if (existing.length >= MAX_POOLS) errors.push({ field: 'digit', problem: 'TOO_MANY' });
  return errors;
}
