import { FIGHT_LIMIT_POPUP, hasAccess, RoleId } from '@app/domain';
import type { RouteMeta } from './access';

// The account dropdown of SPEC 2. Items that open a screen appear only once that screen's route exists
// for the viewer; the rules (main account only, fight-limit view) are coded now.

export type AccountMenuKey = 'manageProfile' | 'fightLimit' | 'redPackage' | 'changePassword' | 'logout';

export const ACCOUNT_MENU_PATHS = {
  manageProfile: '/manage-profile',
  fightLimit: '/manage-fight-limit',
  redPackage: '/package/detail',
} as const;

export interface AccountViewer {
  mainAccount: boolean;
  accessString: string;
  /** Players and houses never own packages (docs/decisions/0005), so they have no red package to set. */
  userRoleId?: number;
}

const NO_PACKAGES: readonly number[] = [RoleId.Player, RoleId.House];

export function accountMenuItems(viewer: AccountViewer, availableRoutes: readonly RouteMeta[]): AccountMenuKey[] {
  const paths = new Set(availableRoutes.map((r) => r.path));
  const items: AccountMenuKey[] = [];
  if (viewer.mainAccount && paths.has(ACCOUNT_MENU_PATHS.manageProfile)) items.push('manageProfile');
  if (viewer.mainAccount && hasAccess(viewer.accessString, 'Fight Limit') && paths.has(ACCOUNT_MENU_PATHS.fightLimit)) {
    items.push('fightLimit');
  }
  if (viewer.mainAccount && !NO_PACKAGES.includes(viewer.userRoleId ?? 0) && paths.has(ACCOUNT_MENU_PATHS.redPackage)) items.push('redPackage');
  items.push('changePassword', 'logout');
  return items;
}

/** The fight-limit popup: its address (`popup=1`: the screen without the app shell) and a 1000x800 window centred on the current one. */
export function fightLimitPopup(
  user: { userId: number; username: string },
  screen: { screenX: number; screenY: number; outerWidth: number; outerHeight: number },
): { url: string; features: string } {
  const { width, height } = FIGHT_LIMIT_POPUP;
  const left = Math.max(0, Math.round(screen.screenX + (screen.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(screen.screenY + (screen.outerHeight - height) / 2));
  const qs = new URLSearchParams({ userId: String(user.userId), userName: user.username, popup: '1' });
  return {
    url: `${ACCOUNT_MENU_PATHS.fightLimit}?${qs.toString()}`,
    features: `width=${width},height=${height},left=${left},top=${top}`,
  };
}

/** Red package settings open the package detail with the red-package flag. */
export const redPackagePath = (userId: number) => `${ACCOUNT_MENU_PATHS.redPackage}?userId=${userId}&isRedPackage=true`;
