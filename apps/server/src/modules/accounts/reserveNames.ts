// Reserved username prefixes: an account reserves "AB" and its new downlines are suggested AB001, AB002...
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { reserveNamePrefixes, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';

export async function listPrefixes(db: DbOrTx, ownerId: number) {
  return db
    .select({ id: reserveNamePrefixes.id, prefix: reserveNamePrefixes.prefix, digits: reserveNamePrefixes.digits, nextNumber: reserveNamePrefixes.nextNumber })
    .from(reserveNamePrefixes)
    .where(eq(reserveNamePrefixes.userId, ownerId))
    .orderBy(asc(reserveNamePrefixes.id));
}

const format = (p: { prefix: string; digits: number }, n: number) => `${p.prefix}${String(n).padStart(p.digits, '0')}`;

/**
 * With `peek`, the next free suggested username of the owner's first prefix. With `username`, advances
 * the matching prefix's counter past a username that was just used.
 */
export async function consumeReservedName(
  db: DbOrTx,
  ownerId: number,
  opts: { peek: true } | { username: string; peek?: false },
): Promise<{ suggestion: string | null }> {
  const prefixes = await listPrefixes(db, ownerId);
  if (opts.peek) {
    const p = prefixes[0];
    if (!p) return { suggestion: null };
    // Skip numbers whose usernames are taken already (created by hand).
    let n = p.nextNumber;
    for (let tries = 0; tries < 50; tries++, n++) {
      const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${format(p, n).toLowerCase()}`);
      if (!taken) break;
    }
    return { suggestion: format(p, n) };
  }
  for (const p of prefixes) {
    const m = new RegExp(`^${p.prefix}(\\d+)$`, 'i').exec(opts.username);
    if (m && Number(m[1]) >= p.nextNumber) {
      await db.update(reserveNamePrefixes).set({ nextNumber: Number(m[1]) + 1 }).where(eq(reserveNamePrefixes.id, p.id));
    }
  }
  return { suggestion: null };
}

export async function saveReservedPrefix(
  deps: Deps,
  auth: AuthContext,
  body: { id?: number; prefix: string; digits: number },
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: reserveNamePrefixes.id })
      .from(reserveNamePrefixes)
      .where(and(sql`lower(${reserveNamePrefixes.prefix}) = ${body.prefix.toLowerCase()}`, body.id ? ne(reserveNamePrefixes.id, body.id) : undefined));
    if (clash) throw conflict('DUPLICATE_NAME');
    let id = body.id;
    if (id) {
      const updated = await tx
        .update(reserveNamePrefixes)
        .set({ prefix: body.prefix, digits: body.digits })
        .where(and(eq(reserveNamePrefixes.id, id), eq(reserveNamePrefixes.userId, auth.actingUserId)))
        .returning({ id: reserveNamePrefixes.id });
      if (!updated.length) throw notFound();
    } else {
      const [row] = await tx
        .insert(reserveNamePrefixes)
        .values({ userId: auth.actingUserId, prefix: body.prefix, digits: body.digits })
        .returning({ id: reserveNamePrefixes.id });
      id = row.id;
    }
    await writeAudit(tx, deps.clock.now(), {
      actorUserId: auth.userId,
      action: 'reserve-prefix.save',
      targetType: 'reserve-prefix',
      targetId: id,
      after: body,
      ip,
    });
    return listPrefixes(tx, auth.actingUserId);
  });
}
