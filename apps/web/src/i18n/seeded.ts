import type { TFunction } from 'i18next';

// Rows the server seeds (the default roles, the system packages, the platform's master template) carry a
// stable key; their name and description are shown in the reader's language by that key. A row without
// a key (typed by a user, or a seeded one since edited) is shown as stored.

export type SeedKind = 'roles' | 'packages' | 'templates';

interface Seedable {
  seedKey?: string | null;
  name: string;
  description?: string;
}

export function seededText(t: TFunction, kind: SeedKind, row: Seedable, field: 'name' | 'description' = 'name'): string {
  const stored = field === 'name' ? row.name : (row.description ?? '');
  if (!row.seedKey) return stored;
  return t(`seeded.${kind}.${row.seedKey}.${field}`, { defaultValue: stored });
}
