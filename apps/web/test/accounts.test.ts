import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '@app/domain';
import {
  applyTableChange,
  DEFAULT_LISTING,
  drillTo,
  listingApiQuery,
  listingParams,
  parseListingParams,
  searchTermStore,
  sortOrderOf,
  withStatus,
} from '../src/features/accounts/listingState';
import {
  boundsOf,
  DEFAULT_SETTINGS,
  detailToValues,
  isFlagging,
  SETTINGS_KEYS,
  settingsToValues,
  statusBody,
  valuesToBody,
} from '../src/features/accounts/accountForm';
import { canHold, childNodes, toNode } from '../src/features/accounts/uplineTree';
import { activitiesFromOptions, activityIdOf, optionsFromAccessString, REPORT_FUNCTIONS } from '../src/features/accounts/subAccountForm';
import { positiveIntParam } from '../src/features/accounts/params';
import type { DetailInit } from '../src/features/accounts/api';
import { agentDetail } from './fixtures';


describe('listing state in the URL', () => {
  it('reads defaults from an empty query and writes none back', () => {
    const s = parseListingParams(new URLSearchParams());
    expect(s).toEqual(DEFAULT_LISTING);
    expect(listingParams(s).toString()).toBe('');
  });

  it('round-trips a state and keeps other keys (the tab)', () => {
    const s = { parentId: 7, page: 3, pageSize: 50, sortBy: 'creditLimit' as const, sortDir: 'desc' as const, status: 'Suspended' as const };
    const p = listingParams(s, new URLSearchParams('tab=house'));
    expect(p.get('tab')).toBe('house');
    expect(parseListingParams(p)).toEqual(s);
  });

  it('ignores invalid values', () => {
    const s = parseListingParams(new URLSearchParams('parentId=-1&page=abc&pageSize=33&sortBy=password&sortDir=up&status=Gone'));
    expect(s).toEqual(DEFAULT_LISTING);
    expect(parseListingParams(new URLSearchParams('parentId=0')).parentId).toBeUndefined();
    expect(parseListingParams(new URLSearchParams('parentId=99999999999')).parentId).toBeUndefined();
  });

  it('sends the API query with the search text trimmed and status -1 for all', () => {
    expect(listingApiQuery(DEFAULT_LISTING, '  ag ')).toEqual({
      parentId: undefined,
      searchTerm: 'ag',
      status: '-1',
      page: 1,
      pageSize: 20,
      sortBy: 'username',
      sortDir: 'asc',
    });
    expect(listingApiQuery(DEFAULT_LISTING, '   ').searchTerm).toBeUndefined();
    expect(listingApiQuery(DEFAULT_LISTING, 'x'.repeat(80)).searchTerm).toHaveLength(50);
  });

  it('applies table paging and sorting; a new order goes back to page 1', () => {
    const s = { ...DEFAULT_LISTING, page: 4 };
    expect(applyTableChange(s, { current: 5, pageSize: 20 }, { field: 'username', order: 'ascend' }).page).toBe(5);
    const sorted = applyTableChange(s, { current: 4, pageSize: 20 }, { field: 'lastLoginAt', order: 'descend' });
    expect(sorted).toMatchObject({ sortBy: 'lastLoginAt', sortDir: 'desc', page: 1 });
    expect(sortOrderOf(sorted, 'lastLoginAt')).toBe('descend');
    expect(sortOrderOf(sorted, 'username')).toBeNull();
    // Clearing the sort returns to the default; unknown columns are not sent.
    expect(applyTableChange(sorted, { current: 1 }, { field: 'lastLoginAt', order: null })).toMatchObject({ sortBy: 'username', sortDir: 'asc' });
    expect(applyTableChange(s, { current: 1 }, { field: 'outstanding', order: 'ascend' }).sortBy).toBe('username');
    expect(applyTableChange(s, { current: 4, pageSize: 50 }, {}).page).toBe(1);
  });

  it('drills down and filters from the first page', () => {
    const s = { ...DEFAULT_LISTING, page: 3, status: 'Active' as const };
    expect(drillTo(s, 9)).toMatchObject({ parentId: 9, page: 1, status: 'Active' });
    expect(drillTo(s, undefined).parentId).toBeUndefined();
    expect(withStatus(s, 'Inactive')).toMatchObject({ status: 'Inactive', page: 1 });
  });

  it('keeps the search text in local storage searchTerm', () => {
    localStorage.clear();
    searchTermStore.write('  agent ');
    expect(localStorage.getItem('searchTerm')).toBe('agent');
    expect(searchTermStore.read()).toBe('agent');
    searchTermStore.write('');
    expect(localStorage.getItem('searchTerm')).toBeNull();
    expect(searchTermStore.read()).toBe('');
  });

  it('reads ids from the query', () => {
    expect(positiveIntParam('12')).toBe(12);
    for (const v of [null, '', '0', '-3', '1.5', 'x', '1234567890']) expect(positiveIntParam(v)).toBeUndefined();
  });
});

describe('account form', () => {
  it('lists every setting of the contract', () => {
    expect(new Set(SETTINGS_KEYS).size).toBe(Object.keys(DEFAULT_SETTINGS).length);
  });

  it('shows money settings in units and sends them back in cents', () => {
    const d = agentDetail();
    const values = detailToValues(d);
    expect(values.maxFightLimit).toBe(1234.56);
    expect(values.gdLimit).toBe(1);
    expect(values.level).toBe(6);
    const body = valuesToBody({ ...values, maxFightLimit: 10.1, phone: ' 0123456789 ' }, { mode: 'edit', detail: d });
    expect(body).toMatchObject({ userId: 3, maxFightLimit: 1010, gdLimit: 100, phone: '0123456789' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('creditLimit');
    expect(body).not.toHaveProperty('username');
  });

  it('creates with username, level or house, upline and credit limit in cents', () => {
    const values = { ...settingsToValues(DEFAULT_SETTINGS), username: ' p1 ', fullName: 'P', level: 7 as const, password: 'secret-123', confirmPassword: 'secret-123', creditLimit: 500.5 };
    expect(valuesToBody(values, { mode: 'create', uplineId: 3 })).toMatchObject({
      username: 'p1',
      level: 7,
      uplineId: 3,
      creditLimit: 50050,
      password: 'secret-123',
      maxFightLimit: 0,
    });
    const house = valuesToBody({ ...values, level: 'house' }, { mode: 'create' });
    expect(house.isHouse).toBe(true);
    expect(house.level).toBeUndefined();
    expect(house.uplineId).toBeUndefined();
  });

  it('manage profile sends the account as it is but for the fields one may change', () => {
    const d = agentDetail({ discount: 12.5, status: 'Active' });
    const values = { ...detailToValues(d), fullName: 'New Name', discount: 99, status: 'Suspended' as const, receiptOrderType: 2 as const };
    const body = valuesToBody(values, { mode: 'profile', detail: d });
    expect(body).toMatchObject({ userId: 3, fullName: 'New Name', receiptOrderType: 2, discount: 12.5, status: 'Active', maxFightLimit: 123_456 });
  });

  it('changes only the status of an account', () => {
    const body = statusBody(agentDetail(), 'Inactive');
    expect(body.status).toBe('Inactive');
    expect(body.userId).toBe(3);
    expect(Object.keys(body).sort()).toEqual([...SETTINGS_KEYS, 'userId'].sort());
  });

  it('warns about the downline whenever an account is flagged', () => {
    expect(isFlagging('Active', 'Suspended')).toBe(true);
    expect(isFlagging('Inactive', 'Suspended')).toBe(true);
    expect(isFlagging('Active', 'Active')).toBe(false);
    expect(isFlagging('Suspended', 'Active')).toBe(false);
    expect(isFlagging('Suspended', 'Suspended')).toBe(false);
  });

  it("takes discount and position taking bounds from the server, credit from the upline's grant", () => {
    const init = (maxDiscount: number, minDiscount: number, maxCreditLimit: number | null): DetailInit => ({
      upline: { userId: 2, username: 'democo', level: 1, userRoleId: 3, discount: 99, positionTaking: 99, maxCreditLimit },
      levels: [{ id: 7, name: 'Player' }],
      canCreateHouse: true,
      maxDiscount: 30,
      bounds: { discount: { min: minDiscount, max: maxDiscount }, positionTaking: { min: 5, max: 28 } },
      packageChoices: [],
      currencies: ['MYR'],
      suggestedUsername: null,
    });
    expect(boundsOf(init(26.5, 0, 4_900_000))).toEqual({ minDiscount: 0, maxDiscount: 26.5, minPositionTaking: 5, maxPositionTaking: 28, maxCreditUnits: 49_000 });
    expect(boundsOf(init(30, 12, null))).toEqual({ minDiscount: 12, maxDiscount: 30, minPositionTaking: 5, maxPositionTaking: 28, maxCreditUnits: undefined });
    expect(boundsOf(undefined)).toBeUndefined();
  });

  it('sends the chosen packages of a new account, leaving out the types that inherit', () => {
    const body = valuesToBody(
      { ...settingsToValues(DEFAULT_SETTINGS), username: 'np', level: 7, creditLimit: 0, packages: { 0: 12, 2: null, 3: undefined } },
      { mode: 'create' },
    );
    expect(body.packages).toEqual([{ packageType: 0, packageId: 12 }]);
    const none = valuesToBody({ ...settingsToValues(DEFAULT_SETTINGS), username: 'np', level: 7, packages: { 0: null } }, { mode: 'create' });
    expect(none).not.toHaveProperty('packages');
  });
});

describe('change upline tree', () => {
  const moved = { userId: 10, level: 6, uplineId: 2 };
  it('offers only accounts above the moved one, never itself', () => {
    expect(canHold({ userId: 5, level: 5 }, moved)).toBe(true);
    expect(canHold({ userId: 6, level: 6 }, moved)).toBe(false);
    expect(canHold({ userId: 10, level: 1 }, moved)).toBe(false);
    expect(canHold({ userId: 1, level: null }, moved)).toBe(true);
    expect(canHold({ userId: 5, level: 5 }, { userId: 1, level: null })).toBe(false);
  });

  it('builds nodes: leaves where no child could hold it, the current upline not choosable', () => {
    expect(toNode({ userId: 2, username: 'democo', fullName: '', level: 1 }, 0, moved)).toEqual({
      id: 2,
      pId: 0,
      value: 2,
      title: 'democo',
      isLeaf: false,
      disabled: true,
    });
    expect(toNode({ userId: 5, username: 'm', fullName: 'Master', level: 5 }, 2, moved)).toMatchObject({ title: 'm (Master)', isLeaf: true, disabled: false });
    const children = childNodes(
      2,
      [
        { userId: 5, username: 'm', fullName: 'M', level: 5, status: 'Active' },
        { userId: 6, username: 'a', fullName: 'A', level: 6, status: 'Active' },
        { userId: 10, username: 'self', fullName: 'S', level: 4, status: 'Active' },
      ],
      moved,
    );
    expect(children.map((c) => c.id)).toEqual([5]);
  });
});

describe('sub-account rights', () => {
  it('uses activity ids 1..24 in FUNCTION_NAMES order', () => {
    expect(activityIdOf('Downline')).toBe(1);
    expect(activityIdOf('Resend Order')).toBe(FUNCTION_NAMES.length);
  });

  it('reads options from an access string and sends every function', () => {
    const o = optionsFromAccessString('Downline:1;Bet:1,2,3,4;Payment Report:3');
    expect(o.Downline).toBe('View');
    expect(o.Bet).toBe('Control');
    expect(o['Payment Report']).toBe('Control');
    expect(o.Company).toBe('None');
    const list = activitiesFromOptions(o);
    expect(list).toHaveLength(FUNCTION_NAMES.length);
    expect(list[0]).toEqual({ activityId: 1, option: 'View' });
    expect(activitiesFromOptions({}).every((a) => a.option === 'None')).toBe(true);
  });

  it('offers report access for the report functions', () => {
    expect(REPORT_FUNCTIONS).toContain('Payment Report');
    expect(REPORT_FUNCTIONS).not.toContain('Downline');
    expect(REPORT_FUNCTIONS.every((f) => f.endsWith('Report'))).toBe(true);
  });
});
