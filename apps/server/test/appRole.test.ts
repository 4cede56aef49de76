// The server runs on PostgreSQL as an application role that owns nothing (issue 10, item 8): the owner
// (DATABASE_OWNER_URL) migrates and grants, the server (DATABASE_URL) works. The journal's append-only
// triggers bind only roles that cannot disable them; this role cannot, and may not even try to change a
// journal row: its UPDATE, DELETE and TRUNCATE are refused by privilege, before any trigger. PostgreSQL
// only (PGlite has one role).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { openDatabase } from '../src/platform/db';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ appRole: true });
});
afterAll(async () => t?.close());

/** The error PostgreSQL answers a statement run as the application role. */
async function refusal(statement: ReturnType<typeof sql>): Promise<{ code?: string; message: string } | null> {
  try {
    await t.db.execute(statement);
    return null;
  } catch (e) {
    const err = e as { code?: string; message: string; cause?: { code?: string; message: string } };
    return { code: err.cause?.code ?? err.code, message: err.cause?.message ?? err.message };
  }
}

describe.skipIf(!onPostgres)('an application role that owns nothing (PostgreSQL)', () => {
  it('is who the server works as, and owns no table', async () => {
    const [who] = await rows<{ role: string; owned: number }>(
      t.db,
      sql`select current_user as role, (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned`,
    );
    expect(who.role).toBe(t.appRole);
    expect(who.owned).toBe(0);
  });

  it('does the normal work: logs in, creates an account, moves money (journal rows), reads the credit log', async () => {
    const admin = await t.login(ADMIN.username, ADMIN.password);
    const created = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: admin,
      json: { username: 'company1', fullName: 'Company One', password: 'Passw0rd!', level: 1, creditLimit: 1_000_000 },
    });
    expect(created.status).toBe(200);
    const companyId = created.body.data.userId as number;
    const paid = await t.request({ url: '/api/Payment/MakePayment', cookie: admin, json: { targetUserId: companyId, type: 1, amount: 250_000, idempotencyKey: 'app-role-1' } });
    expect(paid.status).toBe(200);
    const log = await t.request({ url: '/api/Report/GetPlayerTransaction', query: { userId: companyId }, cookie: admin });
    expect(log.status).toBe(200);
    expect(log.body.data.balance).toBe(250_000);
    const agent = await t.createUser({ username: 'agent1', roleId: RoleId.Multilevel, uplineId: companyId, skipTnc: true });
    expect(agent).toBeGreaterThan(companyId);
  });

  it('may not update, delete or truncate a journal row, nor switch the triggers off', async () => {
    const [entries] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_entries`);
    expect(entries.n).toBeGreaterThan(0);
    for (const statement of [
      sql`update journal_entries set amount = amount + 1`,
      sql`delete from journal_entries`,
      sql`truncate journal_entries`,
      sql`update journal_transactions set memo = 'changed'`,
      sql`delete from journal_transactions`,
      sql`update payments set remark = 'changed'`,
      sql`delete from audit_log`,
    ]) {
      const err = await refusal(statement);
      expect(err?.code, err?.message).toBe('42501'); // insufficient_privilege: refused before any trigger runs
      expect(err?.message).toMatch(/permission denied/);
    }
    const disable = await refusal(sql`alter table journal_entries disable trigger journal_entries_append_only`);
    expect(disable?.message).toMatch(/must be owner/);
    const [after] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_entries`);
    expect(after.n).toBe(entries.n);
  });

  it('starts again with DATABASE_URL alone once the owner has migrated (it does not try to migrate)', async () => {
    // The URL the server connected with (the role's own password), read from its pool.
    const poolUrl = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const again = await openDatabase({ databaseUrl: poolUrl });
    try {
      const [res] = await rows<{ role: string }>(again.db, sql`select current_user as role`);
      expect(res.role).toBe(t.appRole);
    } finally {
      await again.close();
    }
  });
});
