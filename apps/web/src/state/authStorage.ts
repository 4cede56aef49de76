import type { LoginUser } from '@app/contract';
import { local, session, StorageKey } from './storage';

// Storage effects of the login state machine (SPEC 4 and the local-storage keys of SPEC 9).

/** Login success: remember this login's id in the tab and in the browser; flag pending terms. */
export function persistLogin(user: LoginUser): void {
  session.set(StorageKey.loginGuid, user.loginGuid);
  local.set(StorageKey.loginGuid, user.loginGuid);
  if (!user.skipTNC) local.set(StorageKey.pendingTNCAgreement, '1');
  else local.remove(StorageKey.pendingTNCAgreement);
  syncSecondaryFromServer(user.secondaryVerifiedUntil);
}

/** Startup with a live session: adopt its id in this tab so the poll does not reload at once. */
export function adoptSession(user: LoginUser): void {
  session.set(StorageKey.loginGuid, user.loginGuid);
  local.set(StorageKey.loginGuid, user.loginGuid);
  syncSecondaryFromServer(user.secondaryVerifiedUntil);
}

export function hasPendingTNC(): boolean {
  return local.get(StorageKey.pendingTNCAgreement) !== null;
}

/** The server refused a call until the terms are agreed: remember to show them. */
export function setPendingTNC(): void {
  local.set(StorageKey.pendingTNCAgreement, '1');
}

export function clearPendingTNC(): void {
  local.remove(StorageKey.pendingTNCAgreement);
}

export function clearLogin(): void {
  session.remove(StorageKey.loginGuid);
  local.remove(StorageKey.loginGuid);
  local.remove(StorageKey.pendingTNCAgreement);
  local.remove(StorageKey.secondaryPasswordCheckTime);
}

/** The server knows whether this session verified its secondary password; storage follows it. */
function syncSecondaryFromServer(validUntil: string | null): void {
  if (validUntil) local.set(StorageKey.secondaryPasswordCheckTime, validUntil);
  else local.remove(StorageKey.secondaryPasswordCheckTime);
}

export type GuidCheck = { changed: false } | { changed: true; adopt: string | null };

/** The 2-second poll: any difference between the browser's login id and this tab's copy is a change. */
export function checkLoginGuid(browserGuid: string | null, tabGuid: string | null): GuidCheck {
  if (browserGuid === tabGuid) return { changed: false };
  return { changed: true, adopt: browserGuid };
}

export function readLoginGuids(): { browserGuid: string | null; tabGuid: string | null } {
  return { browserGuid: local.get(StorageKey.loginGuid), tabGuid: session.get(StorageKey.loginGuid) };
}

export function adoptLoginGuid(guid: string | null): void {
  if (guid === null) session.remove(StorageKey.loginGuid);
  else session.set(StorageKey.loginGuid, guid);
}
