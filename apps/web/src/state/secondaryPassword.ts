import { local, StorageKey } from './storage';

// A verified secondary password stays valid until the time the server gave (SPEC 2 "Secondary-password
// prompt"); while valid, protected items open without a prompt.

export function isSecondaryValid(validUntil: string | null, now: number = Date.now()): boolean {
  if (!validUntil) return false;
  const t = Date.parse(validUntil);
  return Number.isFinite(t) && t > now;
}

export function readSecondaryValidUntil(): string | null {
  return local.get(StorageKey.secondaryPasswordCheckTime);
}

export function storeSecondaryValidUntil(validUntil: string): void {
  local.set(StorageKey.secondaryPasswordCheckTime, validUntil);
}
