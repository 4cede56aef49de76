import { hasAccess, viewableFunctions, type AccessLevel, type FunctionName, type RoleId } from '@app/domain';

// Who may see a route or a menu item (SPEC 2 and 6): by role id list and/or an access-string function
// with the view level. A rule without roles and fn is open to every logged-in user.

export interface AccessRule {
  roles?: readonly RoleId[];
  /** Access-string function that must hold the view level. */
  fn?: FunctionName;
  /** With `fn`: one of these levels must also be held (e.g. create for a screen that only creates). */
  fnLevels?: readonly AccessLevel[];
  /** Main accounts only (sub-accounts never see it), as the server's `main-only` declarations. */
  mainAccountOnly?: boolean;
}

export interface Viewer {
  userRoleId: number;
  accessString: string;
  /** Unknown counts as a main account (menus built before login data has it). */
  mainAccount?: boolean;
}

export function canSee(rule: AccessRule, viewer: Viewer, viewable?: ReadonlySet<string>): boolean {
  if (rule.roles && !rule.roles.includes(viewer.userRoleId as RoleId)) return false;
  if (rule.mainAccountOnly && viewer.mainAccount === false) return false;
  // As the server: a sub-account acts with the functions granted to it, so a rule of roles alone (no
  // function it could be granted) is its main account's own (decision 0013).
  if (rule.roles && !rule.fn && viewer.mainAccount === false) return false;
  if (rule.fn) {
    const fns = viewable ?? viewableFunctions(viewer.accessString);
    if (!fns.has(rule.fn)) return false;
    if (rule.fnLevels && !hasAccess(viewer.accessString, rule.fn, rule.fnLevels)) return false;
  }
  return true;
}

export interface RouteMeta extends AccessRule {
  path: string;
  /** i18n key of the title (document title and headings). */
  titleKey: string;
  /** A title of its own for some roles (a player's /payment is its statement). */
  roleTitleKeys?: Partial<Record<number, string>>;
  /** Opens only after the secondary password is verified. */
  secondary?: boolean;
  /**
   * The call the screen cannot work without ("METHOD /api/..."): the route's rule must be the server's
   * access declaration of that call (a unit test compares them), so no one is routed to a 403.
   */
  api?: string;
}

/** The routes a viewer keeps; the others are removed from the router. */
export function allowedRoutes<T extends RouteMeta>(routes: readonly T[], viewer: Viewer): T[] {
  const viewable = viewableFunctions(viewer.accessString);
  return routes.filter((r) => canSee(r, viewer, viewable));
}

/** The title key of a route for a viewer's role. */
export const titleKeyFor = (route: RouteMeta, roleId: number | undefined): string =>
  (roleId === undefined ? undefined : route.roleTitleKeys?.[roleId]) ?? route.titleKey;
