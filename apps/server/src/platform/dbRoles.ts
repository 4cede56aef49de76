// Running on PostgreSQL with an application role that owns nothing (issue 10, item 8). The journal's
// append-only triggers bind every role that cannot disable them, and only a table's owner (or a
// superuser) can: a server connected as the owner could switch them off. So the owner (DATABASE_OWNER_URL)
// runs the migrations and grants; the server connects (DATABASE_URL) as a role that may read and write the
// tables it works with, but only insert into and read the append-only ones, and may alter nothing.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Tables guarded by refuse_change() triggers (the journal, payments, the audit log, result history). */
async function appendOnlyTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    select distinct c.relname as name
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'refuse_change' and n.nspname = 'public'
    order by 1`);
  return rows.map((r) => r.name);
}

/**
 * Grants `role` what the server needs, as the owner, after the migrations (so new tables are covered on
 * every start): read and write on every table, but neither UPDATE, DELETE nor TRUNCATE on append-only
 * ones; the sequences; and reading which migrations ran. Nothing is owned, so nothing can be altered.
 */
export async function grantApplicationRole(owner: pg.ClientBase, role: string): Promise<void> {
  const r = owner.escapeIdentifier(role);
  const appendOnly = (await appendOnlyTables(owner)).map((t) => owner.escapeIdentifier(t));
  await owner.query('begin');
  try {
    await owner.query(`grant usage on schema public to ${r}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema public to ${r}`);
    await owner.query(`revoke truncate, references, trigger on all tables in schema public from ${r}`);
    if (appendOnly.length) await owner.query(`revoke update, delete on table ${appendOnly.join(', ')} from ${r}`);
    await owner.query(`grant usage, select on all sequences in schema public to ${r}`);
    await owner.query(`grant usage on schema drizzle to ${r}`);
    await owner.query(`grant select on drizzle.__drizzle_migrations to ${r}`);
    await owner.query('commit');
  } catch (e) {
    await owner.query('rollback');
    throw e;
  }
}

/** The role a connection logs in as. */
export async function currentRole(client: pg.ClientBase | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ role: string }>('select current_user as role');
  return rows[0].role;
}

/**
 * Whether the connection may run the migrations: the database has none yet, or the role is (a member of)
 * the owner of what they made. An application role is not; it must find them all applied.
 */
export async function mayMigrate(client: pg.Pool): Promise<boolean> {
  const { rows } = await client.query<{ owner: boolean }>(
    `select pg_has_role(current_user, nspowner, 'MEMBER') as owner from pg_namespace where nspname = 'drizzle'`,
  );
  return rows.length === 0 || rows[0].owner;
}

/** Refuses to start on a database whose migrations the owner has not run yet. */
export async function assertMigrated(client: pg.Pool, migrationsFolder: string): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  if (rows[0].n < journal.entries.length) {
    throw new Error(
      `the database has ${rows[0].n} of ${journal.entries.length} migrations and ${await currentRole(client)} may not run them: ` +
        'set DATABASE_OWNER_URL to a role owning the database (see README, "An application role that owns nothing")',
    );
  }
}
