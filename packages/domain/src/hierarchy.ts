// The downline hierarchy and its credit arithmetic (DOMAIN.md "The hierarchy, credit and money").
import { HierarchyLevel, RoleId } from './enums';

export const LEVEL_NAMES: Record<HierarchyLevel, string> = {
  1: 'Company',
  2: 'Shareholder',
  3: 'Super Senior',
  4: 'Senior',
  5: 'Master',
  6: 'Agent',
  7: 'Player',
};

/** The user-level role (SPEC 6) an account of a hierarchy level has. */
export function roleForLevel(level: HierarchyLevel): RoleId {
  if (level === HierarchyLevel.Company) return RoleId.Company;
  if (level === HierarchyLevel.Player) return RoleId.Player;
  return RoleId.Multilevel;
}

/**
 * Levels an account may create as its direct downline: the super admin creates companies; every other
 * account any level below its own (skipping levels is allowed); players create nobody.
 */
export function creatableLevels(creator: { roleId: RoleId; level: HierarchyLevel | null }): HierarchyLevel[] {
  if (creator.roleId === RoleId.SuperAdmin) return [HierarchyLevel.Company];
  if (creator.level === null || creator.level >= HierarchyLevel.Player) return [];
  const out: HierarchyLevel[] = [];
  for (let l = creator.level + 1; l <= HierarchyLevel.Player; l++) out.push(l as HierarchyLevel);
  return out;
}

/** House accounts are a company's or agent's own betting accounts; any account above players may hold them. */
export const canHaveHouseUsers = (creator: { roleId: RoleId; level: HierarchyLevel | null }) =>
  creator.roleId !== RoleId.SuperAdmin && creator.level !== null && creator.level < HierarchyLevel.Player;

/**
 * Players and houses bet for themselves: they never have a downline to pay, give limits or packages to,
 * so their screens show their own statement and rates rather than the tools for a downline.
 */
export const isBettorRole = (roleId: number | null | undefined): boolean => roleId === RoleId.Player || roleId === RoleId.House;

export type CreditType = 'prepaid' | 'postpaid';
export const CREDIT_TYPES: readonly CreditType[] = ['prepaid', 'postpaid'];

/**
 * Credit an account may still use, in cents: prepaid spends its balance; postpaid may go below zero down
 * to minus its credit limit. Stakes of open tickets are journal debits, so they are already in `balance`.
 */
export function availableCredit(a: { creditType: CreditType | string; creditLimit: number; balance: number }): number {
  return a.creditType === 'prepaid' ? a.balance : a.creditLimit + a.balance;
}

/**
 * The highest credit limit an upline may grant one direct downline: its own limit less what it already
 * granted to its other direct downlines. The super admin is the source of credit and has no bound.
 */
export function maxDownlineCreditLimit(upline: { isRoot: boolean; creditLimit: number }, grantedToOthers: number): number {
  if (upline.isRoot) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, upline.creditLimit - grantedToOthers);
}

/** Percentages (discount, position taking) are kept to 2 decimals; true when the value is such a number. */
export function isPercent(n: number, max = 100): boolean {
  return Number.isFinite(n) && n >= 0 && n <= max && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}
