import { StorageKey } from '@app/domain';

// Thin, exception-safe wrappers: storage can be unavailable (private mode, quota) and must never break
// the app.

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

export { StorageKey };
