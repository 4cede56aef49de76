// System settings (SPEC 3; /admin-setting/system-setting): every key of the catalogue in packages/domain
// (systemSettings.ts) with its value, default and bounds. An update checks every value first (a refusal
// names each bad key and changes nothing), then writes them with one audit row per changed key holding
// the value before and after. Readers (platform/settings.ts, results, sessions ...) read the table on each
// use, so a change takes effect on the next call without a restart.
import { inArray, sql } from 'drizzle-orm';
import { checkSetting, normaliseSetting, SETTING_DEFS, settingDef, settingDefault } from '@app/domain';
import { auditLog, systemSettings } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { poolRegistry } from '../pools/registry';
import { backupFolderRefusal } from './backup';

interface StoredSetting {
  key: string;
  value: string;
  updatedAt: Date | string | null;
  updatedBy: string | null;
}

export async function listSettings(deps: Deps) {
  const stored = await rows<StoredSetting>(
    deps.db,
    sql`select s.key, s.value, s.updated_at as "updatedAt", u.username as "updatedBy"
        from system_settings s left join users u on u.id = s.updated_by`,
  );
  const byKey = new Map(stored.map((r) => [r.key, r]));
  return SETTING_DEFS.map((d) => {
    const row = byKey.get(d.key);
    const def = settingDefault(d.key) ?? null;
    return {
      key: d.key,
      value: row?.value ?? def ?? '',
      defaultValue: def,
      kind: d.kind,
      group: d.group,
      min: d.min ?? null,
      max: d.max ?? null,
      unit: d.unit ?? null,
      // Seeded rows carry the seeding time and no one: shown as never changed.
      updatedAt: row?.updatedAt && row.updatedBy ? new Date(row.updatedAt).toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}

export async function updateSettings(deps: Deps, auth: AuthContext, body: { settings: { key: string; value: string }[] }, ip: string) {
  const errors: Record<string, string> = {};
  const values = new Map<string, string>();
  // A result site may carry any pool there is, one added later too (decision 0037).
  const poolIds = (await poolRegistry(deps.db)).map((p) => p.id);
  for (const s of body.settings) {
    const def = settingDef(s.key);
    if (!def) {
      errors[s.key] = 'pattern';
      continue;
    }
    // A backup folder where a backup could be served or mix with the application (issue 30 line 3).
    const problem = checkSetting(def, s.value, poolIds) ?? (def.kind === 'folder' && s.value.trim() ? await backupFolderRefusal(deps, s.value.trim()) : null);
    if (problem) errors[s.key] = problem;
    else values.set(s.key, normaliseSetting(def, s.value));
  }
  if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const keys = [...values.keys()];
    const before = await tx
      .select({ key: systemSettings.key, value: systemSettings.value })
      .from(systemSettings)
      .where(inArray(systemSettings.key, keys))
      .for('update');
    const old = new Map(before.map((r) => [r.key, r.value]));
    const changed = keys.filter((k) => (old.get(k) ?? settingDefault(k)) !== values.get(k) || !old.has(k));
    if (!changed.length) return;
    await tx
      .insert(systemSettings)
      .values(changed.map((key) => ({ key, value: values.get(key)!, updatedAt: now, updatedBy: auth.userId })))
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at`, updatedBy: sql`excluded.updated_by` },
      });
    // One audit row per changed key, in one insert.
    await tx.insert(auditLog).values(
      changed.map((key): typeof auditLog.$inferInsert => ({
        at: now,
        actorUserId: auth.userId,
        action: 'system-setting.update',
        targetType: 'system_setting',
        targetId: key,
        before: { value: old.get(key) ?? null },
        after: { value: values.get(key) },
        ip,
      })),
    );
  });
  return listSettings(deps);
}
