import { RoleId, type FunctionName } from '@app/domain';
import type { AccessRule, RouteMeta } from './access';

// The left menu of SPEC 2, in order, as data. An item is listed only when its route exists for the
// viewer (so screens not built yet, or removed by role/permission, never show), when its own role rule
// passes, and when its function is not temporarily disabled for the viewer. Empty groups are dropped.
// A new screen adds its route (app/routeTable.tsx) and, if it is not here yet, one line below.

export interface MenuLeaf extends AccessRule {
  key: string;
  labelKey: string;
  path: string;
  /** Roles the item is left out for although their route exists: its screen would be empty for them. */
  hiddenFor?: readonly RoleId[];
  /** Screens opened from this one that keep it highlighted (e.g. an account's detail under Accounts). */
  also?: string[];
  /** A label of its own for some roles (a player's Payment is its statement). */
  roleLabelKeys?: Partial<Record<number, string>>;
}

export interface MenuGroup extends AccessRule {
  key: string;
  labelKey: string;
  children: MenuLeaf[];
  /** As MenuLeaf.hiddenFor, for the whole group. */
  hiddenFor?: readonly RoleId[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

export const isGroup = (e: MenuEntry): e is MenuGroup => 'children' in e;

const { SuperAdmin, ITAdmin, Company, Multilevel, Player, House } = RoleId;

// Issue 29 line 10: the IT admin (platform support) holds no book. It can have no downline (creatableLevels
// gives it no level), places no bet of its own, has no credit, and every screen of the entries marked with
// NO_BOOK lists the caller's own subtree: its accounts, bets, tickets, payments, reports and the packages it
// gives a downline. Through HTTP each answers the IT admin with nothing (GetUserListing, GetTicket,
// GetSalesSummary... list only itself), so the menu leaves them out, though the server allows the calls (the
// routes stay, reachable by address). The platform's packages are the super admin's (Admin > Master Packages).
// What the IT admin works with: Home, Results (it enters and releases them) and Help.
const NO_BOOK: readonly RoleId[] = [ITAdmin];

export const MENU: MenuEntry[] = [
  { key: 'home', labelKey: 'menu.home', path: '/dashboard' },
  {
    key: 'accounts',
    labelKey: 'menu.accounts',
    path: '/account/manage',
    hiddenFor: NO_BOOK,
    also: ['/account/detail', '/account/reserve-name', '/account/clone-account', '/account/create-api-account', '/sub-account/detail'],
  },
  {
    key: 'bet',
    labelKey: 'menu.bet',
    hiddenFor: NO_BOOK,
    children: [
      { key: 'webOrder', labelKey: 'betting.menu.webOrder', path: '/betting/web-order' },
      { key: 'webOrder2', labelKey: 'betting.menu.webOrder2', path: '/betting/web-order2' },
      { key: 'expressBetting', labelKey: 'betting.routes.express', path: '/order/express-betting' },
    ],
  },
  {
    key: 'history',
    labelKey: 'menu.history',
    hiddenFor: NO_BOOK,
    children: [
      { key: 'ticketHistory', labelKey: 'history.menu.tickets', path: '/order/ticket-history', also: ['/manage-resend-order-limit'] },
      { key: 'autoTicket', labelKey: 'betting.menu.autoTicket', path: '/order/auto-ticket' },
    ],
  },
  {
    key: 'payment',
    labelKey: 'menu.payment',
    path: '/payment',
    hiddenFor: NO_BOOK,
    // SPEC 2 has no menu item of its own for /draw-payment: it opens from Payment (and My Statement).
    also: ['/report/player-transaction', '/draw-payment'],
    roleLabelKeys: { [Player]: 'menu.statement', [House]: 'menu.statement' },
  },
  {
    // SPEC 2 order: stakeholder, inbox, win/loss simple, win/loss 2, sales statistic, sales summary, payout,
    // payout statistic, payout table, map, winning (an item shows once its screen exists).
    key: 'reports',
    labelKey: 'menu.reports',
    hiddenFor: NO_BOOK,
    children: [
      { key: 'stakeholder', labelKey: 'reports.menu.stakeholder', path: '/report/stakeholder-report' },
      { key: 'inbox', labelKey: 'inbox.menu.inbox', path: '/inbox' },
      { key: 'winLossSimple', labelKey: 'reports.menu.winLossSimple', path: '/report/win-loss-report-simple' },
      { key: 'winLoss2', labelKey: 'reports.menu.winLoss2', path: '/report/win-loss-2-report', also: ['/report/win-loss-report', '/report/win-loss-2-report-demo', '/winloss-detail', '/report/winlose-usline'] },
      { key: 'salesStatistic', labelKey: 'reports.menu.salesStatistic', path: '/report/sales-statistic-report' },
      { key: 'salesSummary', labelKey: 'reports.menu.salesSummary', path: '/report/sales-summary' },
      { key: 'payout', labelKey: 'reports.menu.payout', path: '/report/payout-report' },
      { key: 'payoutStatistic', labelKey: 'reports.menu.payoutStatistic', path: '/report/payout-statistic-report' },
      { key: 'payoutTable', labelKey: 'reports.menu.payoutTable', path: '/report/payout-table-report' },
      { key: 'map', labelKey: 'reports.menu.map', path: '/report/map-report', also: ['/report/map-report-without-modal', '/map-detail'] },
      { key: 'winning', labelKey: 'reports.menu.winning', path: '/report/winning-report', also: ['/report/strike-report'] },
    ],
  },
  { key: 'results', labelKey: 'menu.results', path: '/result', roles: [SuperAdmin, ITAdmin, Company] },
  {
    // SPEC 2: for the super admin only, its items in SPEC order, then red numbers. Other accounts with
    // Red Number view open /admin-setting/rednumber from the fight limit screen. SPEC 2 also lists run map
    // report as company, posting unpost and posting distribution summary here, and Distributor lists them
    // again for the super admin: they are under Distributor alone (with the posting agent eat detail), so
    // the super admin sees each once, in the same group and words as a company (issue 29 line 10).
    key: 'admin',
    labelKey: 'menu.admin',
    roles: [SuperAdmin],
    children: [
      { key: 'drawDate', labelKey: 'admin.menu.drawDate', path: '/admin-setting/pool-schedule', roles: [SuperAdmin] },
      { key: 'currency', labelKey: 'sysadmin.menu.currency', path: '/admin-setting/currency', roles: [SuperAdmin] },
      { key: 'cutoffTime', labelKey: 'admin.menu.cutoffTime', path: '/adminSetting/cutoff-time', roles: [SuperAdmin] },
      {
        key: 'masterPackages',
        labelKey: 'admin.menu.masterPackages',
        path: '/admin-setting/manage-master-template',
        roles: [SuperAdmin],
        also: ['/package/manage', '/package/detail'],
      },
      { key: 'manageCompany', labelKey: 'menu.manageCompany', path: '/company/manage', roles: [SuperAdmin] },
      { key: 'roles', labelKey: 'menu.roles', path: '/roles/manage', roles: [SuperAdmin] },
      { key: 'announcement', labelKey: 'sysadmin.menu.announcement', path: '/admin-setting/annoucenment-setting', roles: [SuperAdmin] },
      { key: 'systemSetting', labelKey: 'sysadmin.menu.systemSetting', path: '/admin-setting/system-setting', roles: [SuperAdmin] },
      { key: 'adminTool', labelKey: 'sysadmin.menu.adminTool', path: '/admin-tool', roles: [SuperAdmin] },
      { key: 'apiLog', labelKey: 'sysadmin.menu.apiLog', path: '/api-log', roles: [SuperAdmin] },
      { key: 'apiRequestLog', labelKey: 'sysadmin.menu.apiRequestLog', path: '/api-request-log', roles: [SuperAdmin] },
      { key: 'runMap', labelKey: 'reports.menu.runMap', path: '/report/run-map-report', roles: [SuperAdmin] },
      { key: 'remoteAgents', labelKey: 'posting.menu.remoteAgents', path: '/admin-setting/remote-bet-agent', roles: [SuperAdmin] },
      { key: 'redNumbers', labelKey: 'risk.menu.redNumbers', path: '/admin-setting/rednumber' },
    ],
  },
  {
    // SPEC 2's Distributor names: "run map report as company, unpost page, distribution summary" (the
    // group's name says they are the posting's, so no "Posting" before each); the labels are the screens'
    // own titles but the run map's, shortened so that it fits the menu's width in every language.
    key: 'distributor',
    labelKey: 'menu.distributor',
    roles: [SuperAdmin, Company],
    children: [
      { key: 'distributorRunMap', labelKey: 'menuLogin.menu.runMapAsCompany', path: '/report/run-map-report-as-com' },
      { key: 'distributorUnpost', labelKey: 'posting.routes.unpost', path: '/posting/Unpost', also: ['/posting/UnpostDetail'] },
      {
        key: 'distributorDistribution',
        labelKey: 'posting.routes.distribution',
        path: '/posting/Distribution',
        also: ['/posting/UndistributedDetail', '/posting/ManualDistribute', '/posting/InvoiceList', '/invoice-detail', '/invoice-payout-detail'],
      },
      // Beyond SPEC 2's list (it names the route only), after the items it names: what each remote took.
      { key: 'distributorEatDetail', labelKey: 'menuLogin.menu.eatDetail', path: '/posting/posting-agent-eat-detail' },
    ],
  },
  {
    key: 'packageList',
    labelKey: 'menu.packageList',
    path: '/package/manage',
    also: ['/package/detail'],
    // SPEC 2: all roles but the super admin and company; not the IT admin either (NO_BOOK above).
    roles: [Multilevel, Player, House],
  },
  { key: 'help', labelKey: 'menu.help', path: '/help' },
];

export interface MenuViewer {
  userRoleId: number;
  disabledFunctions: readonly string[];
}

function leafVisible(leaf: MenuLeaf, viewer: MenuViewer, routes: ReadonlyMap<string, RouteMeta>): boolean {
  const route = routes.get(leaf.path);
  if (!route) return false;
  if (leaf.roles && !leaf.roles.includes(viewer.userRoleId as RoleId)) return false;
  if (leaf.hiddenFor?.includes(viewer.userRoleId as RoleId)) return false;
  const fn: FunctionName | undefined = leaf.fn ?? route.fn;
  if (viewer.disabledFunctions.includes(leaf.key)) return false;
  if (fn && viewer.disabledFunctions.includes(fn)) return false;
  return true;
}

const labelled = (leaf: MenuLeaf, viewer: MenuViewer): MenuLeaf => {
  const own = leaf.roleLabelKeys?.[viewer.userRoleId];
  return own ? { ...leaf, labelKey: own } : leaf;
};

/** The menu a viewer sees, given the routes that exist for them (already filtered by role/permission). */
export function filterMenu(
  menu: readonly MenuEntry[],
  viewer: MenuViewer,
  availableRoutes: readonly RouteMeta[],
): MenuEntry[] {
  const routes = new Map(availableRoutes.map((r) => [r.path, r]));
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (entry.roles && !entry.roles.includes(viewer.userRoleId as RoleId)) continue;
    if (entry.hiddenFor?.includes(viewer.userRoleId as RoleId)) continue;
    if (isGroup(entry)) {
      if (viewer.disabledFunctions.includes(entry.key)) continue;
      if (entry.fn && viewer.disabledFunctions.includes(entry.fn)) continue;
      const children = entry.children.filter((c) => leafVisible(c, viewer, routes)).map((c) => labelled(c, viewer));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (leafVisible(entry, viewer, routes)) {
      out.push(labelled(entry, viewer));
    }
  }
  return out;
}

/** The menu entry keys (group and leaf) that lead to a path, for highlighting the current item. */
export function menuKeysForPath(menu: readonly MenuEntry[], path: string): { selected: string[]; open: string[] } {
  for (const exact of [true, false]) {
    const hit = (leaf: MenuLeaf) => (exact ? leaf.path === path : (leaf.also ?? []).includes(path));
    for (const entry of menu) {
      if (isGroup(entry)) {
        const child = entry.children.find(hit);
        if (child) return { selected: [child.key], open: [entry.key] };
      } else if (hit(entry)) {
        return { selected: [entry.key], open: [] };
      }
    }
  }
  return { selected: [], open: [] };
}
