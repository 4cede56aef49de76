// Access strings (SPEC 6): "Function:levels" pairs separated by semicolons, e.g. "Downline:1,2,3;Bet:1".
// Levels: 1 view, 2 create, 3 edit, 4 delete. A check passes if any requested level is present.

export const FUNCTION_NAMES = [
  'Downline',
  'Main Account',
  'Bet Schedule',
  'Bet',
  'Bet History',
  'Company',
  'Fight Limit',
  'Red Number',
  'Stakeholder Report',
  'Inbox Report',
  'Profit Loss Report',
  'Daily Sales Report',
  'Group Sales Report',
  'Map Report',
  'Total Bet Report',
  'Total Stake Report',
  'Payout Report',
  'Winning Report',
  'GD Win Loss Report',
  'Payment Report',
  'Package List',
  'WinLoss Earned Report',
  'Master Resend Order',
  'Resend Order',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export const AccessLevel = { View: 1, Create: 2, Edit: 3, Delete: 4 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];
export const ACCESS_LEVELS: readonly AccessLevel[] = [1, 2, 3, 4];
/** Letters the app shell shows for levels. */
export const LEVEL_LETTERS: Record<AccessLevel, string> = { 1: 'V', 2: 'C', 3: 'E', 4: 'D' };

/** What the role editor offers per function, and the levels each grants. */
export const ACCESS_OPTIONS = { None: [], View: [1], Control: [1, 2, 3, 4] } as const satisfies Record<
  string,
  readonly AccessLevel[]
>;
export type AccessOption = keyof typeof ACCESS_OPTIONS;

export type AccessMap = Map<string, Set<AccessLevel>>;

function isLevel(n: number): n is AccessLevel {
  return n === 1 || n === 2 || n === 3 || n === 4;
}

/** Parses leniently: unknown levels and empty pairs are dropped, repeated functions merge. */
export function parseAccessString(s: string | null | undefined): AccessMap {
  const map: AccessMap = new Map();
  if (!s) return map;
  for (const pair of s.split(';')) {
    const i = pair.lastIndexOf(':');
    if (i <= 0) continue;
    const fn = pair.slice(0, i).trim();
    if (!fn) continue;
    const levels = map.get(fn) ?? new Set<AccessLevel>();
    for (const part of pair.slice(i + 1).split(',')) {
      const n = Number(part.trim());
      if (part.trim() !== '' && isLevel(n)) levels.add(n);
    }
    if (levels.size > 0) map.set(fn, levels);
    else if (!map.has(fn)) continue;
  }
  return map;
}

/** Canonical form: functions in insertion order, levels ascending, functions without levels omitted. */
export function formatAccessString(map: AccessMap): string {
  const parts: string[] = [];
  for (const [fn, levels] of map) {
    if (levels.size === 0) continue;
    parts.push(`${fn}:${[...levels].sort((a, b) => a - b).join(',')}`);
  }
  return parts.join(';');
}

/** Merges several access strings (a user with several roles gets the union). */
export function mergeAccess(maps: Iterable<AccessMap>): AccessMap {
  const out: AccessMap = new Map();
  for (const m of maps) {
    for (const [fn, levels] of m) {
      const set = out.get(fn) ?? new Set<AccessLevel>();
      levels.forEach((l) => set.add(l));
      out.set(fn, set);
    }
  }
  return out;
}

/**
 * True if any requested level is present for the function. A per-target-line right, when given for
 * that function, overrides the account's own right (SPEC 6: "a per-target-line access right can override").
 */
export function hasAccess(
  access: AccessMap | string,
  fn: string,
  levels: readonly AccessLevel[] = [AccessLevel.View],
  targetLine?: AccessMap | string,
): boolean {
  const own = typeof access === 'string' ? parseAccessString(access) : access;
  const line = typeof targetLine === 'string' ? parseAccessString(targetLine) : targetLine;
  const granted = line?.has(fn) ? line.get(fn)! : own.get(fn);
  if (!granted) return false;
  return levels.some((l) => granted.has(l));
}

/** Menus and routes count only functions that include the view level. */
export function viewableFunctions(access: AccessMap | string): Set<string> {
  const map = typeof access === 'string' ? parseAccessString(access) : access;
  const out = new Set<string>();
  for (const [fn, levels] of map) if (levels.has(AccessLevel.View)) out.add(fn);
  return out;
}

/** The role editor's option for a set of levels: Control if it can change anything, View if it only sees. */
export function optionForLevels(levels: ReadonlySet<AccessLevel> | undefined): AccessOption {
  if (!levels || levels.size === 0) return 'None';
  if (levels.has(2) || levels.has(3) || levels.has(4)) return 'Control';
  return 'View';
}

export function formatLevelLetters(levels: ReadonlySet<AccessLevel>): string {
  return [...levels].sort((a, b) => a - b).map((l) => LEVEL_LETTERS[l]).join('');
}

/**
 * The rights of `wanted` that `held` lacks, as "Function:level" entries: empty when `held` covers
 * every function and level of `wanted`. A sub-account may give, or reach, only what it holds itself.
 */
export function rightsNotHeld(wanted: AccessMap, held: AccessMap): string[] {
  const missing: string[] = [];
  for (const [fn, levels] of wanted) {
    const have = held.get(fn);
    for (const l of [...levels].sort((a, b) => a - b)) if (!have?.has(l)) missing.push(`${fn}:${l}`);
  }
  return missing;
}
