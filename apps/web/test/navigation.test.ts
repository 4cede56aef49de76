import { describe, expect, it } from 'vitest';
import { allowedRoutes, canSee, titleKeyFor, type RouteMeta } from '../src/navigation/access';
import { filterMenu, isGroup, MENU, menuKeysForPath, type MenuEntry, type MenuGroup } from '../src/navigation/menu';
import { accountMenuItems, fightLimitPopup } from '../src/navigation/accountMenu';
import { ROUTES } from '../src/app/routeTable';
import { FUNCTION_NAMES } from '@app/domain';

const keys = (entries: MenuEntry[]) =>
  entries.map((e) => (isGroup(e) ? `${e.key}[${e.children.map((c) => c.key).join(',')}]` : e.key));

const viewer = (userRoleId: number, accessString = '', disabledFunctions: string[] = []) => ({
  userRoleId,
  accessString,
  disabledFunctions,
});

describe('route access (SPEC 2, 6)', () => {
  it('checks role lists and the view level of a function', () => {
    const v = viewer(3, 'Fight Limit:2,3;Bet:1');
    expect(canSee({}, v)).toBe(true);
    expect(canSee({ roles: [1] }, v)).toBe(false);
    expect(canSee({ roles: [1, 3] }, v)).toBe(true);
    expect(canSee({ fn: 'Bet' }, v)).toBe(true);
    // Only entries holding the view level count for routes.
    expect(canSee({ fn: 'Fight Limit' }, v)).toBe(false);
    expect(canSee({ roles: [3], fn: 'Downline' }, v)).toBe(false);
  });

  it('keeps a rule of roles alone from sub-accounts, as the server does (decision 0013)', () => {
    const sub = { ...viewer(3, 'Fight Limit:1,2,3;Bet:1'), mainAccount: false };
    expect(canSee({ roles: [1, 3] }, sub)).toBe(false);
    expect(canSee({ roles: [1, 3], fn: 'Bet' }, sub)).toBe(true);
    expect(canSee({}, sub)).toBe(true);
    expect(canSee({ roles: [1, 3] }, { ...sub, mainAccount: true })).toBe(true);
  });

  it('removes /roles/manage for everyone but the super admin', () => {
    // The role editor needs the Main Account function, which the super admin's own role holds.
    const paths = (roleId: number) => allowedRoutes(ROUTES, viewer(roleId, 'Main Account:1,2,3,4')).map((r) => r.path);
    expect(paths(1)).toContain('/roles/manage');
    expect(allowedRoutes(ROUTES, { ...viewer(1, 'Downline:1'), mainAccount: false }).map((r) => r.path)).not.toContain('/roles/manage');
    for (const id of [2, 3, 4, 5, 6]) {
      expect(paths(id)).not.toContain('/roles/manage');
      expect(paths(id)).toEqual(expect.arrayContaining(['/dashboard', '/help', '/terms-and-conditions']));
    }
  });

  it('marks the roles route as protected by the secondary password', () => {
    expect(ROUTES.find((r) => r.path === '/roles/manage')?.secondary).toBe(true);
  });
});

const FULL = FUNCTION_NAMES.map((f) => `${f}:1,2,3,4`).join(';');
const AGENT = 'Downline:1,2,3,4;Payment Report:1,2,3,4;Bet:1,2,3,4';
const PLAYER = 'Bet:1,2,3,4;Bet History:1,2,3,4;Payment Report:1,2,3,4';

describe('left menu (SPEC 2)', () => {
  const routesFor = (roleId: number, access = '') => allowedRoutes(ROUTES, viewer(roleId, access));

  it('super admin sees Home, Accounts, Payment, Admin > Manage Company, Roles and Help, in order', () => {
    // The super admin's own role holds Main Account, which the role editor needs; posting needs Map Report
    // as the run map does (decision 0032 "Who may post"): not without it.
    const own = 'Main Account:1,2,3,4';
    expect(keys(filterMenu(MENU, viewer(1, own), routesFor(1, own)))).toEqual(['home', 'results', 'admin[drawDate,currency,cutoffTime,masterPackages,manageCompany,roles,announcement,systemSetting,adminTool,apiLog,apiRequestLog,remoteAgents]', 'help']);
    expect(keys(filterMenu(MENU, viewer(1, FULL), routesFor(1, FULL)))).toEqual([
      'home',
      'accounts',
      'bet[webOrder,webOrder2,expressBetting]',
      'history[ticketHistory,autoTicket]',
      'payment',
      'reports[stakeholder,inbox,winLossSimple,winLoss2,salesStatistic,salesSummary,payout,payoutStatistic,payoutTable,map,winning]',
      'results',
      'admin[drawDate,currency,cutoffTime,masterPackages,manageCompany,roles,announcement,systemSetting,adminTool,apiLog,apiRequestLog,runMap,remoteAgents,redNumbers]',
      'distributor[distributorRunMap,distributorUnpost,distributorDistribution,distributorEatDetail]',
      'help',
    ]);
  });

  // Issue 29 line 10: every screen once in a menu; SPEC 2 lists the run map as company, unpost and
  // distribution summary under both Admin and Distributor for the super admin.
  it('shows each screen once, for every role with every right (the super admin its posting under Distributor)', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const paths = filterMenu(MENU, viewer(id, FULL), routesFor(id, FULL)).flatMap((e) => (isGroup(e) ? e.children.map((c) => c.path) : [e.path]));
      expect(new Set(paths).size, `role ${id}: ${paths.join(' ')}`).toBe(paths.length);
    }
    const admin = filterMenu(MENU, viewer(1, FULL), routesFor(1, FULL));
    const group = (key: string) => admin.find((e) => e.key === key) as MenuGroup;
    expect(group('admin').children.map((c) => c.path)).not.toEqual(
      expect.arrayContaining(['/report/run-map-report-as-com', '/posting/Unpost', '/posting/Distribution', '/posting/posting-agent-eat-detail']),
    );
    expect(group('distributor').children.map((c) => c.path)).toEqual(['/report/run-map-report-as-com', '/posting/Unpost', '/posting/Distribution', '/posting/posting-agent-eat-detail']);
  });

  // The IT admin's seeded role holds every function (db/seed.ts), so the routes exist for it, but it holds no
  // book: no downline, bets, credit or packages of its own, so those screens are empty for it.
  it('gives the IT admin only what it works with: Home, Results (entry and release) and Help', () => {
    expect(keys(filterMenu(MENU, viewer(2, FULL), routesFor(2, FULL)))).toEqual(['home', 'results', 'help']);
    // Even were every screen routed for it.
    expect(keys(filterMenu(MENU, viewer(2, FULL), ROUTES))).toEqual(['home', 'results', 'help']);
    // The routes stay (the server allows the calls); only the menu leaves them out.
    expect(routesFor(2, FULL).map((r) => r.path)).toEqual(expect.arrayContaining(['/account/manage', '/payment', '/betting/web-order', '/package/manage', '/report/win-loss-2-report']));
  });

  it('never lists a screen whose route the viewer does not have', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) {
      for (const access of ['', AGENT, PLAYER, FULL]) {
        const routes = routesFor(id, access);
        const have = new Set(routes.map((r) => r.path));
        for (const e of filterMenu(MENU, viewer(id, access), routes)) {
          for (const path of isGroup(e) ? e.children.map((c) => c.path) : [e.path]) expect(have.has(path), `role ${id} ${access}: ${path}`).toBe(true);
        }
      }
    }
  });

  it('a company with Map Report reads its run map from Distributor (decision 0030); an agent never', () => {
    // And its posting (decision 0032): unpost and distribution summary, as SPEC 2's Distributor lists them,
    // then the posting agent eat detail (a posting route of SPEC 2 that its menus do not name).
    expect(keys(filterMenu(MENU, viewer(3, FULL), routesFor(3, FULL)))).toContain('distributor[distributorRunMap,distributorUnpost,distributorDistribution,distributorEatDetail]');
    expect(keys(filterMenu(MENU, viewer(4, FULL), routesFor(4, FULL))).join()).not.toContain('distributor');
  });

  it('other roles without rights see Home and Help only (empty groups dropped); admins and companies Results', () => {
    for (const id of [4, 5, 6]) expect(keys(filterMenu(MENU, viewer(id), routesFor(id)))).toEqual(['home', 'help']);
    expect(keys(filterMenu(MENU, viewer(2), routesFor(2)))).toEqual(['home', 'results', 'help']);
    expect(keys(filterMenu(MENU, viewer(3), routesFor(3)))).toEqual(['home', 'results', 'help']);
    expect(keys(filterMenu(MENU, viewer(3, 'Map Report:1'), routesFor(3, 'Map Report:1')))).toEqual(['home', 'reports[map]', 'results', 'distributor[distributorRunMap,distributorUnpost,distributorDistribution,distributorEatDetail]', 'help']);
  });

  it('an agent sees Accounts and Payment; a player Payment only (its credit and payments)', () => {
    expect(keys(filterMenu(MENU, viewer(4, AGENT), routesFor(4, AGENT)))).toEqual(['home', 'accounts', 'bet[webOrder,webOrder2,expressBetting]', 'payment', 'help']);
    expect(keys(filterMenu(MENU, viewer(5, PLAYER), routesFor(5, PLAYER)))).toEqual([
      'home',
      'bet[webOrder,webOrder2,expressBetting]',
      'history[ticketHistory,autoTicket]',
      'payment',
      'help',
    ]);
  });

  it("names a player's and a house's Payment item after what it opens there: its own statement", () => {
    const label = (roleId: number, access: string) => filterMenu(MENU, viewer(roleId, access), routesFor(roleId, access)).find((e) => e.key === 'payment')?.labelKey;
    expect(label(5, PLAYER)).toBe('menu.statement');
    expect(label(6, PLAYER)).toBe('menu.statement');
    expect(label(4, AGENT)).toBe('menu.payment');
    const payment = ROUTES.find((r) => r.path === '/payment')!;
    expect([5, 6, 4, 3].map((id) => titleKeyFor(payment, id))).toEqual(['routes.statement', 'routes.statement', 'routes.payment', 'routes.payment']);
  });

  it('keeps SPEC 2 order and group role rules once screens exist', () => {
    const all: RouteMeta[] = [
      '/dashboard',
      '/account/manage',
      '/payment',
      '/result',
      '/package/manage',
      '/roles/manage',
      '/help',
    ].map((path) => ({ path, titleKey: path }));
    expect(keys(filterMenu(MENU, viewer(1), all))).toEqual(['home', 'accounts', 'payment', 'results', 'admin[roles]', 'help']);
    expect(keys(filterMenu(MENU, viewer(3), all))).toEqual(['home', 'accounts', 'payment', 'results', 'help']);
    expect(keys(filterMenu(MENU, viewer(4), all))).toEqual(['home', 'accounts', 'payment', 'packageList', 'help']);
  });

  it('hides items of functions temporarily disabled for the user', () => {
    const all: RouteMeta[] = [
      { path: '/dashboard', titleKey: '' },
      { path: '/account/manage', titleKey: '', fn: 'Downline' },
      { path: '/help', titleKey: '' },
    ];
    expect(keys(filterMenu(MENU, viewer(4, '', ['Downline']), all))).toEqual(['home', 'help']);
    expect(keys(filterMenu(MENU, viewer(4, '', ['help']), all))).toEqual(['home', 'accounts']);
    expect(keys(filterMenu(MENU, viewer(1, '', ['roles']), routesFor(1)))).toEqual(['home', 'results', 'admin[drawDate,currency,cutoffTime,masterPackages,manageCompany,announcement,systemSetting,adminTool,apiLog,apiRequestLog,remoteAgents]', 'help']);
    expect(keys(filterMenu(MENU, viewer(1, 'Map Report:1', ['postingEatDetail', 'distributorRunMap']), routesFor(1, 'Map Report:1')))).toContain('distributor[distributorUnpost,distributorDistribution,distributorEatDetail]');
    expect(keys(filterMenu(MENU, viewer(1, 'Map Report:1', ['Map Report']), routesFor(1, 'Map Report:1'))).join()).not.toContain('posting');
    const hidden = ['roles', 'manageCompany', 'drawDate', 'cutoffTime', 'masterPackages', 'currency', 'announcement', 'systemSetting', 'adminTool', 'apiLog', 'apiRequestLog', 'remoteAgents', 'distributorUnpost', 'distributorDistribution', 'distributorEatDetail'];
    expect(keys(filterMenu(MENU, viewer(1, '', hidden), routesFor(1)))).toEqual(['home', 'results', 'help']);
  });

  it('keeps Admin for the super admin only, also for accounts that may see red numbers', () => {
    const access = 'Red Number:1,2,3,4;Fight Limit:1,2,3,4;Package List:1,2,3,4;Main Account:1,2,3,4';
    for (const id of [2, 3, 4]) {
      expect(allowedRoutes(ROUTES, viewer(id, access)).map((r) => r.path)).toContain('/admin-setting/rednumber');
      expect(keys(filterMenu(MENU, viewer(id, access), routesFor(id, access))).some((k) => k.startsWith('admin'))).toBe(false);
    }
    expect(keys(filterMenu(MENU, viewer(1, access), routesFor(1, access)))).toContain('admin[drawDate,currency,cutoffTime,masterPackages,manageCompany,roles,announcement,systemSetting,adminTool,apiLog,apiRequestLog,remoteAgents,redNumbers]');
  });

  it('finds the selected and open keys for a path', () => {
    expect(menuKeysForPath(MENU, '/roles/manage')).toEqual({ selected: ['roles'], open: ['admin'] });
    expect(menuKeysForPath(MENU, '/help')).toEqual({ selected: ['help'], open: [] });
    expect(menuKeysForPath(MENU, '/nowhere')).toEqual({ selected: [], open: [] });
    expect(menuKeysForPath(MENU, '/account/detail')).toEqual({ selected: ['accounts'], open: [] });
    expect(menuKeysForPath(MENU, '/report/player-transaction')).toEqual({ selected: ['payment'], open: [] });
    expect(menuKeysForPath(MENU, '/company/manage')).toEqual({ selected: ['manageCompany'], open: ['admin'] });
  });
});

describe('account dropdown (SPEC 2)', () => {
  const route = (path: string): RouteMeta => ({ path, titleKey: '' });
  const built = [route('/manage-profile'), route('/manage-fight-limit'), route('/package/detail')];

  it('offers change password and logout to everyone; screens not built yet are omitted', () => {
    expect(accountMenuItems({ mainAccount: true, accessString: 'Fight Limit:1' }, [])).toEqual(['changePassword', 'logout']);
  });

  it('main accounts get profile, fight limit (with view) and red package once built', () => {
    expect(accountMenuItems({ mainAccount: true, accessString: 'Fight Limit:1' }, built)).toEqual([
      'manageProfile',
      'fightLimit',
      'redPackage',
      'changePassword',
      'logout',
    ]);
    expect(accountMenuItems({ mainAccount: true, accessString: '' }, built)).toEqual([
      'manageProfile',
      'redPackage',
      'changePassword',
      'logout',
    ]);
    expect(accountMenuItems({ mainAccount: false, accessString: 'Fight Limit:1' }, built)).toEqual([
      'changePassword',
      'logout',
    ]);
  });

  it('gives red package settings only to roles that own packages (not players or houses)', () => {
    for (const userRoleId of [1, 2, 3, 4]) {
      expect(accountMenuItems({ mainAccount: true, accessString: '', userRoleId }, built)).toContain('redPackage');
    }
    for (const userRoleId of [5, 6]) {
      expect(accountMenuItems({ mainAccount: true, accessString: '', userRoleId }, built)).not.toContain('redPackage');
    }
  });

  it('centres the 1000x800 fight-limit popup with user id and name in the query', () => {
    const p = fightLimitPopup(
      { userId: 42, username: 'agent one' },
      { screenX: 100, screenY: 50, outerWidth: 1920, outerHeight: 1080 },
    );
    expect(p.url).toBe('/manage-fight-limit?userId=42&userName=agent+one&popup=1');
    expect(p.features).toBe('width=1000,height=800,left=560,top=190');
  });
});

describe('account screens (issue 3)', () => {
  const paths = (v: { userRoleId: number; accessString: string; mainAccount?: boolean }) => allowedRoutes(ROUTES, v).map((r) => r.path);

  it('routes the downline screens by the Downline function, creating ones by its create level', () => {
    expect(paths({ userRoleId: 4, accessString: 'Downline:1' })).toEqual(expect.arrayContaining(['/account/manage', '/account/detail']));
    expect(paths({ userRoleId: 4, accessString: 'Downline:1' })).not.toContain('/account/reserve-name');
    expect(paths({ userRoleId: 4, accessString: 'Downline:1' })).not.toContain('/account/clone-account');
    expect(paths({ userRoleId: 4, accessString: 'Downline:1,2' })).toEqual(expect.arrayContaining(['/account/reserve-name', '/account/clone-account']));
    // Create without view does not count (SPEC 6: only entries with the view level route).
    expect(paths({ userRoleId: 4, accessString: 'Downline:2' })).not.toContain('/account/reserve-name');
    expect(paths({ userRoleId: 5, accessString: PLAYER })).not.toContain('/account/manage');
  });

  it('keeps manage profile and API accounts from sub-accounts', () => {
    const main = paths({ userRoleId: 3, accessString: FULL, mainAccount: true });
    const sub = paths({ userRoleId: 3, accessString: FULL, mainAccount: false });
    for (const p of ['/manage-profile', '/account/create-api-account']) {
      expect(main).toContain(p);
      expect(sub).not.toContain(p);
    }
    expect(sub).toContain('/account/manage');
  });

  it('routes sub-account management by the Main Account function, for a sub-account granted it too', () => {
    expect(paths({ userRoleId: 3, accessString: FULL, mainAccount: true })).toContain('/sub-account/detail');
    expect(paths({ userRoleId: 3, accessString: 'Main Account:1,2,3,4;Downline:1', mainAccount: false })).toContain('/sub-account/detail');
    expect(paths({ userRoleId: 3, accessString: 'Downline:1,2,3,4', mainAccount: false })).not.toContain('/sub-account/detail');
    expect(paths({ userRoleId: 5, accessString: 'Main Account:1,2,3,4', mainAccount: true })).not.toContain('/sub-account/detail');
  });

  it('gives API accounts to platform and company accounts, company management to the super admin only', () => {
    expect(paths({ userRoleId: 4, accessString: FULL, mainAccount: true })).not.toContain('/account/create-api-account');
    expect(paths({ userRoleId: 1, accessString: FULL })).toContain('/company/manage');
    for (const id of [2, 3, 4, 5, 6]) expect(paths({ userRoleId: id, accessString: FULL })).not.toContain('/company/manage');
  });

  it('checks fnLevels and mainAccountOnly in canSee', () => {
    expect(canSee({ fn: 'Downline', fnLevels: [2] }, { userRoleId: 4, accessString: 'Downline:1,3' })).toBe(false);
    expect(canSee({ fn: 'Downline', fnLevels: [2, 3] }, { userRoleId: 4, accessString: 'Downline:1,3' })).toBe(true);
    expect(canSee({ mainAccountOnly: true }, { userRoleId: 4, accessString: '', mainAccount: false })).toBe(false);
    expect(canSee({ mainAccountOnly: true }, { userRoleId: 4, accessString: '' })).toBe(true);
  });
});
