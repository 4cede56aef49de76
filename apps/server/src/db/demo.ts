// Demo data (`npm run demo` or DEMO=1): a small hierarchy so every screen has something to show.
// Idempotent: accounts that exist are left as they are. Later features add their own demo rows here.
import { sql } from 'drizzle-orm';
import { HierarchyLevel, POOLS, PoolId, RoleId } from '@app/domain';
import { scheduleYear } from '../modules/draws/queries';
import { businessDateOf } from '../platform/businessTime';
import { createAccount } from '../modules/accounts/service';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/password';
import { users } from './schema';

export const DEMO_ACCOUNTS = [
  { username: 'democo', fullName: 'Demo Company', roleId: RoleId.Company, level: HierarchyLevel.Company, parent: 'admin', creditLimit: 100_000_000 },
  { username: 'demoagent', fullName: 'Demo Agent', roleId: RoleId.Multilevel, level: HierarchyLevel.Agent, parent: 'democo', creditLimit: 5_000_000 },
  { username: 'demoplayer', fullName: 'Demo Player', roleId: RoleId.Player, level: HierarchyLevel.Player, parent: 'demoagent', creditLimit: 100_000 },
] as const;

export async function seedDemo(db: Db, adminUsername: string, password: string, tz: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const find = async (name: string) => {
      const [row] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${name.toLowerCase()}`);
      return row?.id;
    };
    ids.set('admin', (await find(adminUsername))!);
    for (const a of DEMO_ACCOUNTS) {
      const existing = await find(a.username);
      if (existing) {
        ids.set(a.username, existing);
        continue;
      }
      const id = await createAccount(tx, {
        username: a.username,
        fullName: a.fullName,
        passwordHash: hash,
        secondaryPasswordHash: hash,
        roleId: a.roleId,
        level: a.level,
        parentId: ids.get(a.parent)!,
        isMainAccount: true,
        creditLimit: a.creditLimit,
      });
      ids.set(a.username, id);
    }
    if (!(await find('democostaff'))) {
      await createAccount(tx, {
        username: 'democostaff',
        fullName: 'Demo Company Staff',
        passwordHash: hash,
        secondaryPasswordHash: hash,
        roleId: RoleId.Company,
        parentId: ids.get('democo')!,
        isMainAccount: false,
      });
    }
  });
  // The draw calendar of this year and the next: Wednesday, Saturday and Sunday for every pool, GD daily.
  const admin = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${adminUsername.toLowerCase()}`);
  const year = Number(businessDateOf(now, tz).slice(0, 4));
  await db.transaction(async (tx) => {
    for (const y of [year, year + 1]) {
      for (const pool of POOLS) {
        await scheduleYear(tx, pool.id, y, pool.id === PoolId.GD ? [0, 1, 2, 3, 4, 5, 6] : [0, 3, 6], tz, admin[0].id);
      }
    }
  });
}
