// Reference data of SPEC sections 6 and 9, the default permission roles and the first super admin.
// Idempotent: later starts insert only what is missing and never change what exists.
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ACCESS_OPTIONS,
  BetType,
  DIGIT_TYPES,
  FUNCTION_NAMES,
  LimitMethod,
  PackageType,
  SEEDED_POOLS,
  PRIZES,
  ROLE_NAMES,
  RoleId,
  SYSTEM_SETTING_DEFAULTS,
  type FunctionName,
} from '@app/domain';
import type { Db, Tx } from '../platform/db';
import { hashPassword } from '../platform/password';
import { insertAccount } from '../modules/accounts/queries';
import * as s from './schema';
import { seedPackages } from './seedPackages';

const PERMISSIONS = [
  { id: 1, name: 'View', letter: 'V' },
  { id: 2, name: 'Create', letter: 'C' },
  { id: 3, name: 'Edit', letter: 'E' },
  { id: 4, name: 'Delete', letter: 'D' },
];

const PLAYER_FUNCTIONS: FunctionName[] = ['Bet', 'Bet History', 'Inbox Report', 'Payment Report', 'Package List', 'Winning Report'];

/** The permission role each user-level role starts with. Companies and agents control everything below them. */
const DEFAULT_ROLES: { key: string; name: string; description: string; forRole: RoleId; functions: readonly FunctionName[] }[] = [
  { key: 'superAdmin', name: 'Super Admin', description: 'Platform operator: every function.', forRole: 1, functions: FUNCTION_NAMES },
  { key: 'itAdmin', name: 'IT Admin', description: 'Platform support: every function.', forRole: 2, functions: FUNCTION_NAMES },
  { key: 'company', name: 'Company', description: 'A company: every function.', forRole: 3, functions: FUNCTION_NAMES },
  {
    key: 'agent',
    name: 'Agent',
    description: 'Shareholder down to agent: every function but company management.',
    forRole: 4,
    functions: FUNCTION_NAMES.filter((f) => f !== 'Company' && f !== 'Master Resend Order'),
  },
  { key: 'player', name: 'Player', description: 'A player: betting and own reports.', forRole: 5, functions: PLAYER_FUNCTIONS },
  { key: 'house', name: 'House', description: 'A house account: betting and reports.', forRole: 6, functions: PLAYER_FUNCTIONS },
];

async function insertMissing(tx: Tx, table: Parameters<Tx['insert']>[0], rows: Record<string, unknown>[]) {
  if (rows.length) await tx.insert(table).values(rows as never).onConflictDoNothing();
}

export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await insertMissing(tx, s.roles, Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })));
    await insertMissing(tx, s.roleTypes, [
      { id: 1, name: 'Master' },
      { id: 2, name: 'Normal' },
    ]);
    await insertMissing(tx, s.pools, SEEDED_POOLS.map((p) => ({ id: p.id, letter: p.letter, digit: p.digit, code: p.code, name: p.name, packageType: p.packageType, resultForm: p.resultForm, drawDays: [...p.drawDays] })));
    await insertMissing(tx, s.betTypes, Object.entries(BetType).map(([name, id]) => ({ id, name })));
    await insertMissing(tx, s.digitTypes, DIGIT_TYPES.map((d) => ({ id: d, name: `${d}D` })));
    await insertMissing(tx, s.prizes, PRIZES.map((code, i) => ({ id: i + 1, code, name: code[0].toUpperCase() + code.slice(1) })));
    await insertMissing(tx, s.packageTypes, Object.entries(PackageType).map(([name, id]) => ({ id, name })));
    await insertMissing(tx, s.limitMethods, Object.entries(LimitMethod).map(([name, id]) => ({ id, name })));
    await insertMissing(tx, s.languages, [
      { code: 'en', name: 'English' },
      { code: 'cn', name: '中文' },
      { code: 'bm', name: 'Bahasa Melayu' },
    ]);
    await insertMissing(tx, s.systemSettings, Object.entries(SYSTEM_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })));
    // The house closes sales 15 minutes before each operator: 18:45 for the 19:00 draws, 17:45 for
    // Singapore (its own sales close at 18:00).
    await insertMissing(tx, s.poolCutoffs, SEEDED_POOLS.map((p) => ({ poolId: p.id, cutoffHour: p.id === 4 ? 17 : 18, cutoffMinute: 45 })));
    await insertMissing(tx, s.activities, FUNCTION_NAMES.map((name, i) => ({ id: i + 1, name })));
    await insertMissing(tx, s.permissions, PERMISSIONS);

    for (const r of DEFAULT_ROLES) {
      const [existing] = await tx.select({ id: s.permissionRoles.id }).from(s.permissionRoles).where(eq(s.permissionRoles.name, r.name));
      if (existing) {
        // A database seeded before roles had keys: the role gets its key while it is still as seeded.
        await tx
          .update(s.permissionRoles)
          .set({ seedKey: r.key })
          .where(and(eq(s.permissionRoles.id, existing.id), isNull(s.permissionRoles.seedKey), eq(s.permissionRoles.isSystem, true), eq(s.permissionRoles.description, r.description)));
        continue;
      }
      const [role] = await tx
        .insert(s.permissionRoles)
        .values({ name: r.name, description: r.description, isSystem: true, defaultForRoleId: r.forRole, seedKey: r.key })
        .returning({ id: s.permissionRoles.id });
      const grants = r.functions.flatMap((fn) =>
        ACCESS_OPTIONS.Control.map((permissionId) => ({
          roleId: role.id,
          activityId: FUNCTION_NAMES.indexOf(fn) + 1,
          permissionId,
        })),
      );
      await tx.insert(s.roleActivityPermissions).values(grants);
    }
    await seedPackages(tx);
  });
}

/** Creates the super admin on first start only. Returns the generated password when one was made up. */
export async function ensureSuperAdmin(
  db: Db,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.roleId, RoleId.SuperAdmin)).limit(1);
  if (existing) return { created: false };
  const generated = password ? undefined : crypto.randomBytes(12).toString('base64url');
  const hash = await hashPassword(password ?? generated!);
  await db.transaction(async (tx) => {
    const id = await insertAccount(tx, {
      username,
      fullName: 'Super Admin',
      passwordHash: hash,
      // Until changed, the secondary password is the initial password.
      secondaryPasswordHash: hash,
      roleId: RoleId.SuperAdmin,
      parentId: null,
      isMainAccount: true,
      skipTnc: true,
    });
    await assignDefaultRole(tx, id, RoleId.SuperAdmin);
  });
  return { created: true, generatedPassword: generated };
}

export async function assignDefaultRole(tx: Tx, userId: number, roleId: RoleId): Promise<void> {
  const [role] = await tx
    .select({ id: s.permissionRoles.id })
    .from(s.permissionRoles)
    .where(eq(s.permissionRoles.defaultForRoleId, roleId))
    .limit(1);
  if (role) await tx.insert(s.userPermissionRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}
