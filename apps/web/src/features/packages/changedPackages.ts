import { StorageKey } from '@app/domain';
import { local } from '../../state/storage';

// The client's changed-package tracking (SPEC 3 "Session and app data", SPEC 4): when a package is saved or
// assigned, an entry {id, targetUserId} records whose rates changed, and the `requiredRefresh` flag tells
// screens that hold package data to read it again. Adding replaces an entry with the same id and target;
// clearing removes a target's entries. The list lives in local storage under `changedPackage`, so other
// tabs see it too. The list functions are pure; `changedPackageStore` keeps them in storage.

export interface ChangedPackage {
  id: number;
  targetUserId: number;
}

const isEntry = (v: unknown): v is ChangedPackage =>
  !!v &&
  typeof v === 'object' &&
  Number.isInteger((v as ChangedPackage).id) &&
  Number.isInteger((v as ChangedPackage).targetUserId);

/** Adds an entry; one with the same id and target is replaced (in its place), never duplicated. */
export function addChangedPackage(list: readonly ChangedPackage[], entry: ChangedPackage): ChangedPackage[] {
  const fresh = { id: entry.id, targetUserId: entry.targetUserId };
  const at = list.findIndex((e) => e.id === entry.id && e.targetUserId === entry.targetUserId);
  if (at < 0) return [...list, fresh];
  return list.map((e, i) => (i === at ? fresh : e));
}

/** Removes every entry of a target user. */
export function clearChangedPackages(list: readonly ChangedPackage[], targetUserId: number): ChangedPackage[] {
  return list.filter((e) => e.targetUserId !== targetUserId);
}

/** The stored text as a list; anything unreadable counts as empty (storage is never trusted). */
export function parseChangedPackages(raw: string | null): ChangedPackage[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter(isEntry).map((e) => ({ id: e.id, targetUserId: e.targetUserId })) : [];
  } catch {
    return [];
  }
}

/** The entries that a package change produces: one per account whose rates it changes. */
export function entriesFor(packageId: number, targetUserIds: readonly number[]): ChangedPackage[] {
  return [...new Set(targetUserIds)].map((targetUserId) => ({ id: packageId, targetUserId }));
}

export const changedPackageStore = {
  read(): ChangedPackage[] {
    return parseChangedPackages(local.get(StorageKey.changedPackage));
  },
  write(list: readonly ChangedPackage[]): void {
    if (list.length) local.set(StorageKey.changedPackage, JSON.stringify(list));
    else local.remove(StorageKey.changedPackage);
  },
  /** Records changed packages and raises the refresh flag. */
  add(entries: readonly ChangedPackage[]): void {
    if (!entries.length) return;
    this.write(entries.reduce<ChangedPackage[]>((l, e) => addChangedPackage(l, e), this.read()));
    this.setRequiredRefresh(true);
  },
  /** Whether a target has changes not yet read again. */
  has(targetUserId: number): boolean {
    return this.read().some((e) => e.targetUserId === targetUserId);
  },
  clear(targetUserId: number): void {
    this.write(clearChangedPackages(this.read(), targetUserId));
  },
  requiredRefresh(): boolean {
    return local.get(StorageKey.requiredRefresh) === 'true';
  },
  setRequiredRefresh(on: boolean): void {
    if (on) local.set(StorageKey.requiredRefresh, 'true');
    else local.remove(StorageKey.requiredRefresh);
  },
};
