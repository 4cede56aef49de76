import { inArray } from 'drizzle-orm';
import { SYSTEM_SETTING_DEFAULTS } from '@app/domain';
import { systemSettings } from '../db/schema';
import type { DbOrTx } from './db';

/** Reads system settings as numbers, falling back to the seeded defaults. */
export async function readNumericSettings<K extends string>(db: DbOrTx, keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, keys as unknown as string[]));
  const out = {} as Record<K, number>;
  for (const k of keys) {
    const v = rows.find((r) => r.key === k)?.value ?? SYSTEM_SETTING_DEFAULTS[k];
    out[k] = Number(v);
  }
  return out;
}

/** Reads a boolean system setting ('true' / 'false'), falling back to the seeded default. */
export async function readBooleanSetting(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(inArray(systemSettings.key, [key]));
  return (row?.value ?? SYSTEM_SETTING_DEFAULTS[key]) === 'true';
}
