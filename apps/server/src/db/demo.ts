// Demo data (`npm run demo` or DEMO=1): a small hierarchy so every screen has something to show.
// Idempotent: accounts that exist are left as they are. Later features add their own demo rows here.
import { eq, sql } from 'drizzle-orm';
import { ACCESS_OPTIONS, FUNCTION_NAMES, HierarchyLevel, SEEDED_POOLS, RoleId, type AccessOption, type FunctionName } from '@app/domain';
import { scheduleYear } from '../modules/draws/queries';
import { businessDateOf } from '../platform/businessTime';
import { createAccount } from '../modules/accounts/service';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/password';
import { userActivityPermissions, users } from './schema';

// Void flags (issue 10, item 3): the company and the agent void their downline's tickets, the player its own.
export const DEMO_ACCOUNTS = [
  { username: 'democo', fullName: 'Demo Company', roleId: RoleId.Company, level: HierarchyLevel.Company, parent: 'admin', creditLimit: 100_000_000, settings: { voidTicketAuthority: true, discount: '28.00' } },
  { username: 'demoagent', fullName: 'Demo Agent', roleId: RoleId.Multilevel, level: HierarchyLevel.Agent, parent: 'democo', creditLimit: 5_000_000, settings: { voidTicketAuthority: true, discount: '27.00' } },
  { username: 'demoplayer', fullName: 'Demo Player', roleId: RoleId.Player, level: HierarchyLevel.Player, parent: 'demoagent', creditLimit: 100_000, settings: { allowSelfVoid: true } },
] as const;

/**
 * The company's front-desk staff: sees the downline, takes orders for it and reads its tickets,
 * packages, credit logs and reports, but moves no money, changes no account and manages no sub-account
 * (those stay with the company's own login).
 */
export const DEMO_STAFF_RIGHTS: Partial<Record<FunctionName, AccessOption>> = {
  Downline: 'View',
  Bet: 'Control',
  'Bet History': 'View',
  'Payment Report': 'View',
  'Package List': 'View',
  'Stakeholder Report': 'View',
  'Inbox Report': 'View',
  'Daily Sales Report': 'View',
  'Payout Report': 'View',
  'Winning Report': 'View',
};
/** The demo's second platform login: results are released by another admin than the one who entered them. */
export const DEMO_IT_ADMIN = 'demoit';

const DEMO_STAFF_REPORTS = ['Stakeholder Report', 'Inbox Report', 'Daily Sales Report', 'Payout Report', 'Winning Report'] as const;

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
        settings: a.settings,
      });
      ids.set(a.username, id);
    }
    let staff = await find('democostaff');
    if (!staff) {
      staff = await createAccount(tx, {
        username: 'democostaff',
        fullName: 'Demo Company Staff',
        passwordHash: hash,
        secondaryPasswordHash: hash,
        roleId: RoleId.Company,
        parentId: ids.get('democo')!,
        isMainAccount: false,
        settings: { reportAccess: [...DEMO_STAFF_REPORTS] },
      });
    }
    // Also given to a democostaff of an older demo database, which was left without any right.
    const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(userActivityPermissions).where(eq(userActivityPermissions.userId, staff));
    if (!held?.n) {
      const grants = Object.entries(DEMO_STAFF_RIGHTS).flatMap(([fn, option]) =>
        ACCESS_OPTIONS[option].map((permissionId) => ({ userId: staff, activityId: FUNCTION_NAMES.indexOf(fn as FunctionName) + 1, permissionId })),
      );
      await tx.insert(userActivityPermissions).values(grants);
      await tx.update(users).set({ reportAccess: [...DEMO_STAFF_REPORTS] }).where(eq(users.id, staff));
    }
    // The demo company's business: itself and everything below it carry its company id, as accounts
    // created through the API do (settlement, release of credit and reports are per company). Also mends
    // a demo database seeded before this was done.
    const co = ids.get('democo')!;
    await tx.execute(sql`update users set company_id = ${co} where starts_with(path, (select path from users where id = ${co})) and company_id is distinct from ${co}`);
    // A second platform login: results are released by another admin than the one who entered them.
    if (!(await find(DEMO_IT_ADMIN))) {
      await createAccount(tx, {
        username: DEMO_IT_ADMIN,
        fullName: 'Demo IT Admin',
        passwordHash: hash,
        secondaryPasswordHash: hash,
        roleId: RoleId.ITAdmin,
        parentId: ids.get('admin')!,
        isMainAccount: true,
      });
    }
  });
  // The draw calendar of this year and the next: Wednesday, Saturday and Sunday for every pool, GD daily.
  const admin = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${adminUsername.toLowerCase()}`);
  const year = Number(businessDateOf(now, tz).slice(0, 4));
  await db.transaction(async (tx) => {
    for (const y of [year, year + 1]) {
      for (const pool of SEEDED_POOLS) {
        await scheduleYear(tx, pool.id, y, [...pool.drawDays], tz, admin[0].id);
      }
    }
  });
}
