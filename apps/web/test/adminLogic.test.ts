import { beforeEach, describe, expect, it } from 'vitest';
import type { PackageRate } from '@app/contract';
import {
  addChangedPackage,
  changedPackageStore,
  clearChangedPackages,
  entriesFor,
  parseChangedPackages,
} from '../src/features/packages/changedPackages';
import {
  addRow,
  commissionMargin,
  fromSheet,
  marginOf,
  sheetErrors,
  sheetFromBase,
  sheetFromTemplate,
  splitFieldErrors,
  tiersInUse,
  toSheet,
} from '../src/features/packages/rateSheet';
import { assignedTo } from '../src/features/packages/PackageManagePage';
import { packageEditRefusal } from '../src/features/packages/rules';
import { cellKey, fillGrid, gridErrors, gridFromLimits, limitsFromGrid, serverErrorsToCells } from '../src/features/risk/fightLimit';
import { coveredNumbers, matchingType, typeFits } from '../src/features/risk/redNumber';
import { defaultWeekdays, drawsByDate, isClosed, monthGrid, scheduleBody, yearSummary } from '../src/features/admin/calendar';
import { itemErrors, itemFieldErrors, toItemInputs, validItemValue } from '../src/features/admin/masterTemplate';

// Pure logic of the admin and risk screens: changed-package tracking (SPEC 4), rate sheet <-> API in
// cents, fight-limit grid <-> API in cents, red-number permutations, the draw calendar, template items.

describe('changed-package tracking (SPEC 4)', () => {
  beforeEach(() => localStorage.clear());

  it('adding replaces an entry with the same id and target, in its place', () => {
    let list = addChangedPackage([], { id: 1, targetUserId: 3 });
    list = addChangedPackage(list, { id: 2, targetUserId: 3 });
    list = addChangedPackage(list, { id: 1, targetUserId: 4 });
    list = addChangedPackage(list, { id: 1, targetUserId: 3 });
    expect(list).toEqual([
      { id: 1, targetUserId: 3 },
      { id: 2, targetUserId: 3 },
      { id: 1, targetUserId: 4 },
    ]);
  });

  it('clearing removes every entry of a target user only', () => {
    const list = [
      { id: 1, targetUserId: 3 },
      { id: 2, targetUserId: 3 },
      { id: 1, targetUserId: 4 },
    ];
    expect(clearChangedPackages(list, 3)).toEqual([{ id: 1, targetUserId: 4 }]);
    expect(clearChangedPackages(list, 9)).toEqual(list);
    // Pure: the input is untouched.
    expect(list).toHaveLength(3);
  });

  it('reads only well-formed entries from storage', () => {
    expect(parseChangedPackages(null)).toEqual([]);
    expect(parseChangedPackages('not json')).toEqual([]);
    expect(parseChangedPackages('{"id":1}')).toEqual([]);
    expect(parseChangedPackages('[{"id":1,"targetUserId":2,"x":1},{"id":"a","targetUserId":2},null]')).toEqual([{ id: 1, targetUserId: 2 }]);
  });

  it('one entry per target a package change reaches', () => {
    expect(entriesFor(7, [3, 4, 3])).toEqual([
      { id: 7, targetUserId: 3 },
      { id: 7, targetUserId: 4 },
    ]);
  });

  it('keeps the list in local storage under changedPackage and raises requiredRefresh', () => {
    changedPackageStore.add([{ id: 5, targetUserId: 3 }]);
    changedPackageStore.add([
      { id: 5, targetUserId: 3 },
      { id: 6, targetUserId: 4 },
    ]);
    expect(JSON.parse(localStorage.getItem('changedPackage')!)).toEqual([
      { id: 5, targetUserId: 3 },
      { id: 6, targetUserId: 4 },
    ]);
    expect(localStorage.getItem('requiredRefresh')).toBe('true');
    expect(changedPackageStore.has(3)).toBe(true);
    changedPackageStore.clear(3);
    expect(changedPackageStore.has(3)).toBe(false);
    expect(changedPackageStore.read()).toEqual([{ id: 6, targetUserId: 4 }]);
    changedPackageStore.clear(4);
    expect(localStorage.getItem('changedPackage')).toBeNull();
    changedPackageStore.setRequiredRefresh(false);
    expect(changedPackageStore.requiredRefresh()).toBe(false);
  });
});

const rate = (over: Partial<PackageRate> & Pick<PackageRate, 'code'>): PackageRate => ({
  poolId: null,
  enabled: true,
  commissionPct: 26,
  payouts: {},
  base: null,
  margin: null,
  ...over,
});

describe('rate sheet <-> API (cents)', () => {
  const rates: PackageRate[] = [
    rate({ code: 'S', payouts: { first: 350000, second: 200000, third: 100000 } }),
    rate({ code: 'B', poolId: 4, payouts: { first: 200000, second: 100000, third: 49000, starter: 25000, consolation: 6000 } }),
    rate({
      code: 'B',
      commissionPct: 25.5,
      payouts: { first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000, fourth: null },
      base: { commissionPct: 26, payouts: { first: 260000, second: 100000, third: 50000, starter: 18000, consolation: 6000 } },
      margin: { commissionPct: 0.5, payouts: { first: 10000 } },
    }),
    rate({ code: '4B', enabled: false, commissionPct: 0 }),
  ];

  it('shows payouts in units, orders codes as BET_CODES with overrides after their code', () => {
    const rows = toSheet(rates);
    expect(rows.map((r) => r.key)).toEqual(['B', 'B@4', 'S', '4B']);
    expect(rows[0]).toMatchObject({ code: 'B', poolId: null, commissionPct: 25.5, payouts: { first: 2500, second: 1000, third: 500, starter: 180, consolation: 60 } });
    expect(rows[0].payouts).not.toHaveProperty('fourth');
    expect(rows[0].base).toEqual({ commissionPct: 26, payouts: { first: 2600, second: 1000, third: 500, starter: 180, consolation: 60 } });
    expect(rows[1].base).toBeNull();
  });

  it('sends cents without float drift and leaves empty tiers out', () => {
    const rows = toSheet(rates);
    rows[0].payouts.first = 2730.1;
    rows[0].payouts.second = undefined;
    rows[0].commissionPct = 27.05;
    const out = fromSheet(rows);
    expect(out[0]).toEqual({ code: 'B', poolId: null, enabled: true, commissionPct: 27.05, payouts: { first: 273010, third: 50000, starter: 18000, consolation: 6000 } });
    expect(out[1]).toMatchObject({ code: 'B', poolId: 4, payouts: { first: 200000, third: 49000 } });
    expect(out[3]).toEqual({ code: '4B', poolId: null, enabled: false, commissionPct: 0, payouts: {} });
    // 0.29 units is 29 cents (0.29 * 100 in floating point is 28.999...).
    rows[2].payouts.third = 0.29;
    expect(fromSheet(rows)[2].payouts.third).toBe(29);
  });

  it('round-trips: API -> grid -> API gives the same figures', () => {
    const back = fromSheet(toSheet(rates));
    for (const r of rates) {
      const b = back.find((x) => x.code === r.code && x.poolId === r.poolId)!;
      expect(b.commissionPct).toBe(r.commissionPct);
      expect(b.payouts).toEqual(Object.fromEntries(Object.entries(r.payouts).filter(([, v]) => v !== null && v !== undefined)));
    }
  });

  it('a new package starts from the rates the owner gets, which are also its base', () => {
    const rows = sheetFromBase(rates, true);
    const b = rows.find((r) => r.key === 'B')!;
    expect(b.base).toEqual({ commissionPct: 25.5, payouts: b.payouts });
    expect(sheetFromBase(rates, false).every((r) => r.base === null)).toBe(true);
  });

  it('shows the tier columns in use and the margins in cents', () => {
    expect(tiersInUse(toSheet(rates))).toEqual(['first', 'second', 'third', 'starter', 'consolation']);
    expect(marginOf(2600, 2500.1)).toBe(99.9);
    expect(marginOf(undefined, 1)).toBeUndefined();
    expect(commissionMargin(26, 25.55)).toBe(0.45);
  });

  it('maps 400 field names to grid cells (by code, by pool override, by position) and the rest to the form', () => {
    const rows = toSheet(rates);
    const { cells, fields } = splitFieldErrors(
      {
        'rates.B.commissionPct': 'max',
        'rates.B@4.payouts.first': 'max',
        'rates.S@4.payouts.third': 'max',
        'rates.3.commissionPct': 'pattern',
        'rates.4B.enabled': 'max',
        'rates.S.payouts': 'required',
        'rates.9.code': 'pattern',
        name: 'required',
      },
      rows,
    );
    expect(cells).toEqual({
      'B.commissionPct': 'max',
      'B@4.payouts.first': 'max',
      // No S row for Singapore: the general S rate is the one that applies there.
      'S.payouts.third': 'max',
      '4B.commissionPct': 'pattern',
      '4B.enabled': 'max',
      'S.payouts': 'required',
    });
    expect(fields).toEqual({ name: 'required', rates: 'pattern' });
    expect(splitFieldErrors(null, rows)).toEqual({ cells: {}, fields: {} });
  });

  it('checks a sold code before saving: commission present and at most 100, some tier paid', () => {
    const rows = toSheet(rates);
    rows[0].commissionPct = undefined;
    rows[2].payouts = {};
    rows[3].payouts = {};
    expect(sheetErrors(rows)).toEqual({ 'B.commissionPct': 'required', 'S.payouts': 'required' });
  });

  it('adds a code row once; a pool override starts from the general row', () => {
    const rows = toSheet(rates);
    const more = addRow(rows, 'S', 4);
    expect(more.map((r) => r.key)).toEqual(['B', 'B@4', 'S', 'S@4', '4B']);
    expect(more[3]).toMatchObject({ commissionPct: 26, payouts: { first: 3500, second: 2000, third: 1000 }, base: null });
    expect(addRow(more, 'S', 4)).toBe(more);
  });

  it('derives a sheet from a master template: pool items scope the rate items that follow', () => {
    const rows = sheetFromTemplate([
      { kind: 'pool', code: null, tier: null, value: 'MPTBKWH' },
      { kind: 'decimal', code: 'B', tier: null, value: '26' },
      { kind: 'decimal', code: 'B', tier: 'first', value: '2500' },
      { kind: 'decimal', code: 'B', tier: 'second', value: '1000' },
      { kind: 'operator', code: null, tier: null, value: '*' },
      { kind: 'pool', code: null, tier: null, value: 'S' },
      { kind: 'decimal', code: 'B', tier: 'first', value: '2000' },
      { kind: 'decimal', code: 'B', tier: 'bogus', value: '1' },
    ]);
    expect(rows).toEqual([
      { key: 'B', code: 'B', poolId: null, enabled: true, commissionPct: 26, payouts: { first: 2500, second: 1000 }, base: null },
      { key: 'B@4', code: 'B', poolId: 4, enabled: true, commissionPct: 26, payouts: { first: 2000 }, base: null },
    ]);
    expect(fromSheet(rows)[1]).toEqual({ code: 'B', poolId: 4, enabled: true, commissionPct: 26, payouts: { first: 200000 } });
  });

  it('finds the package a downline is given from the own packages', () => {
    const summary = (packageId: number, users: number[], relation: 'own' | 'default' = 'own', packageType = 0) =>
      ({ packageId, packageType, relation, assignedUsers: users.map((userId) => ({ userId, username: `u${userId}` })) }) as never;
    const list = [summary(1, [3], 'default'), summary(2, [4]), summary(3, [3]), summary(4, [3], 'own', 2)];
    expect(assignedTo(list, 3, 0)).toMatchObject({ packageId: 3 });
    expect(assignedTo(list, 3, 2)).toMatchObject({ packageId: 4 });
    expect(assignedTo(list, 5, 0)).toBeUndefined();
  });
});

describe('who may change packages (0005)', () => {
  it('as the server decides: platform and companies, multilevel with can edit package, never fixed, never players', () => {
    expect(packageEditRefusal(1, { fixPackage: true })).toBeNull();
    expect(packageEditRefusal(2)).toBeNull();
    expect(packageEditRefusal(3, { fixPackage: false, canEditPackage: false })).toBeNull();
    expect(packageEditRefusal(3, { fixPackage: true, canEditPackage: true })).toBe('PACKAGE_FIXED');
    expect(packageEditRefusal(4, { fixPackage: false, canEditPackage: true })).toBeNull();
    expect(packageEditRefusal(4, { fixPackage: false, canEditPackage: false })).toBe('PACKAGE_EDIT_NOT_ALLOWED');
    expect(packageEditRefusal(4, { fixPackage: true, canEditPackage: true })).toBe('PACKAGE_FIXED');
    expect(packageEditRefusal(5, { canEditPackage: true })).toBe('PACKAGE_EDIT_NOT_ALLOWED');
    expect(packageEditRefusal(6)).toBe('PACKAGE_EDIT_NOT_ALLOWED');
    // Not known (a sub-account acts for its main account): the server decides.
    expect(packageEditRefusal(4, null)).toBeNull();
  });
});

describe('fight-limit grid <-> API (cents)', () => {
  it('shows cents as units and sends units as cents, leaving empty and zero cells out', () => {
    const grid = gridFromLimits([
      { poolId: 1, betCode: 'B', amount: 100050 },
      { poolId: 8, betCode: 'S', amount: 1 },
    ]);
    expect(grid).toEqual({ '1:B': 1000.5, '8:S': 0.01 });
    grid[cellKey(2, 'B')] = 0.29;
    grid[cellKey(2, 'S')] = 0;
    grid[cellKey(3, 'B')] = undefined;
    expect(limitsFromGrid(grid, [1, 2, 3, 8], ['B', 'S'])).toEqual([
      { poolId: 1, betCode: 'B', amount: 100050 },
      { poolId: 2, betCode: 'B', amount: 29 },
      { poolId: 8, betCode: 'S', amount: 1 },
    ]);
  });

  it('flags cells above maxFightLimit when it is > 0', () => {
    const grid = { '1:B': 500, '1:S': 500.01, '2:B': undefined };
    expect(gridErrors(grid, 50000)).toEqual({ '1:S': 'max' });
    expect(gridErrors(grid, 0)).toEqual({});
  });

  it('maps limits.<i>.amount answers back to the cells that were sent', () => {
    const sent = [
      { poolId: 1, betCode: 'B', amount: 1 },
      { poolId: 2, betCode: 'A', amount: 2 },
    ];
    expect(serverErrorsToCells({ 'limits.1.amount': 'max', 'limits.0': 'pattern', eatType: 'pattern', 'limits.7.amount': 'max' }, sent)).toEqual({
      cells: { '2:A': 'max', '1:B': 'pattern' },
      other: { eatType: 'pattern', 'limits.7.amount': 'max' },
    });
  });

  it('fills every cell of the pools and codes', () => {
    expect(fillGrid({ '1:B': 3, '9:X': 1 }, [1, 2], ['B'], 10)).toEqual({ '1:B': 10, '2:B': 10, '9:X': 1 });
  });
});

describe('red numbers', () => {
  const types = [
    { id: 1, name: 'Normal', permutations: 1 },
    { id: 2, name: '4P', permutations: 4 },
    { id: 3, name: '6P', permutations: 6 },
    { id: 4, name: '12P', permutations: 12 },
    { id: 5, name: '24P', permutations: 24 },
  ];

  it('a 24P red number covers the 24 permutations; normal only itself', () => {
    const all = coveredNumbers('1234', 5);
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    expect(all).toContain('4321');
    expect(coveredNumbers('1234', 1)).toEqual(['1234']);
    expect(coveredNumbers('1122', 3)).toEqual(['1122', '1212', '1221', '2112', '2121', '2211']);
    expect(coveredNumbers('12', 5)).toEqual([]);
  });

  it('a type fits only the number whose group has that many permutations', () => {
    expect(typeFits('1234', types[4])).toBe(true);
    expect(typeFits('1123', types[4])).toBe(false);
    expect(typeFits('1123', types[3])).toBe(true);
    expect(typeFits('1111', types[0])).toBe(true);
    expect(typeFits('1123', types[0])).toBe(true);
    expect(matchingType('1234', types)?.name).toBe('24P');
    expect(matchingType('1112', types)?.name).toBe('4P');
    expect(matchingType('7777', types)?.name).toBe('Normal');
    expect(matchingType('77', types)).toBeUndefined();
  });
});

describe('draw calendar', () => {
  it('builds month grids from Sunday', () => {
    const feb2026 = monthGrid(2026, 2);
    // 1 February 2026 is a Sunday; 28 days fill exactly 4 weeks.
    expect(feb2026).toHaveLength(4);
    expect(feb2026[0][0]).toBe('2026-02-01');
    expect(feb2026[3][6]).toBe('2026-02-28');
    const mar2026 = monthGrid(2026, 3);
    expect(mar2026[0].slice(0, 1)).toEqual(['2026-03-01']);
    const jan2028 = monthGrid(2028, 1);
    // 1 January 2028 is a Saturday.
    expect(jan2028[0]).toEqual([null, null, null, null, null, null, '2028-01-01']);
    expect(monthGrid(2028, 2).flat().filter(Boolean)).toHaveLength(29);
  });

  it('groups draws by date in pool order and reads closed draws from the server', () => {
    const d = (drawId: number, poolId: number, drawDate: string, over = {}) => ({ drawId, poolId, letter: 'M', drawDate, isSpecial: false, recordStatus: 1, open: true, ...over });
    const m = drawsByDate([d(1, 3, '2026-01-03'), d(2, 1, '2026-01-03'), d(3, 1, '2026-01-04')]);
    expect(m.get('2026-01-03')!.map((x) => x.poolId)).toEqual([1, 3]);
    expect(isClosed(d(1, 1, 'x', { open: false }))).toBe(true);
    expect(isClosed(d(1, 1, 'x', { open: false, recordStatus: 0 }))).toBe(false);
    expect(yearSummary([d(1, 1, 'a'), d(2, 1, 'b', { isSpecial: true }), d(3, 2, 'c', { recordStatus: 0 })])).toEqual({ perPool: { 1: 2 }, special: 1, cancelled: 1 });
  });

  it('sends the pools that have weekdays, sorted and unique; GD defaults to every day', () => {
    expect(defaultWeekdays(1)).toEqual([0, 3, 6]);
    expect(defaultWeekdays(8)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(scheduleBody(2027, { 3: [6, 0, 3, 3], 1: [], 8: [0, 1, 2, 3, 4, 5, 6], 2: undefined })).toEqual({
      year: 2027,
      schedules: [
        { poolId: 3, weekdays: [0, 3, 6] },
        { poolId: 8, weekdays: [0, 1, 2, 3, 4, 5, 6] },
      ],
    });
  });
});

describe('master template items', () => {
  it('checks a value by its kind as the server does', () => {
    expect(validItemValue('decimal', '2500')).toBe(true);
    expect(validItemValue('decimal', '26.125')).toBe(false);
    expect(validItemValue('date', '2026-02-29')).toBe(false);
    expect(validItemValue('date', '2028-02-29')).toBe(true);
    expect(validItemValue('pool', 'MPTSBKWH')).toBe(true);
    expect(validItemValue('pool', 'MM')).toBe(false);
    expect(validItemValue('pool', 'MX')).toBe(false);
    expect(validItemValue('operator', '*')).toBe(true);
    expect(validItemValue('operator', 'x')).toBe(false);
    expect(validItemValue('box', '')).toBe(true);
    expect(validItemValue('ph', '10')).toBe(true);
    expect(validItemValue('drawNumber', '5123/26')).toBe(true);
    expect(validItemValue('drawNumber', '5123/2')).toBe(false);
  });

  it('maps item errors by position and sends codes upper-cased, blank tiers as null', () => {
    const items = [
      { uid: 'a', categoryId: 1, kind: 'decimal' as const, code: 'b ', tier: '', label: ' B ', value: '26' },
      { uid: 'b', categoryId: 3, kind: 'date' as const, code: null, tier: null, label: '', value: '' },
    ];
    expect(itemErrors(items)).toEqual({ b: 'required' });
    expect(toItemInputs(items)[0]).toEqual({ categoryId: 1, kind: 'decimal', code: 'B', tier: null, label: 'B', value: '26' });
    expect(itemFieldErrors({ 'items.1.value': 'pattern', name: 'required' }, items)).toEqual({ items: { b: 'pattern' }, fields: { name: 'required' } });
  });
});
