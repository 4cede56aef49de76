// Announcements (SPEC 3; /admin-setting/annoucenment-setting): the super admin writes a title and a
// message (optionally in Chinese and Malay) for every company or for chosen ones. An announcement for a
// company reaches the company and its whole downline (users.path under the company); the super admin and IT admins
// see every one. Each login reads its own (announcement_reads, per user, a sub-account on its own): the
// banner shows until that login marks it read; the dashboard lists them all. Delete hides it (record
// status 0) and is audited like create and update.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { announcementReads, announcements, announcementTargets, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';

export interface AnnouncementInput {
  id?: number;
  title: string;
  message: string;
  titleCn?: string | null;
  messageCn?: string | null;
  titleBm?: string | null;
  messageBm?: string | null;
  allCompanies: boolean;
  companyIds: number[];
}

interface AnnouncementRow {
  id: number;
  title: string;
  message: string;
  titleCn: string | null;
  messageCn: string | null;
  titleBm: string | null;
  messageBm: string | null;
  allCompanies: boolean;
  createdAt: Date | string;
  createdBy: string | null;
  updatedAt: Date | string;
  companies: { id: number; username: string }[] | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Every live announcement with its target companies (one query), newest first. */
export async function listAnnouncements(deps: Deps, onlyId?: number) {
  const list = await rows<AnnouncementRow>(
    deps.db,
    sql`select a.id, a.title, a.message, a.title_cn as "titleCn", a.message_cn as "messageCn", a.title_bm as "titleBm",
               a.message_bm as "messageBm", a.all_companies as "allCompanies", a.created_at as "createdAt",
               cu.username as "createdBy", a.updated_at as "updatedAt",
               (select json_agg(json_build_object('id', c.id, 'username', c.username) order by c.username)
                  from announcement_targets t join users c on c.id = t.company_id where t.announcement_id = a.id) as companies
        from announcements a left join users cu on cu.id = a.created_by
        where a.record_status = 1 ${onlyId ? sql`and a.id = ${onlyId}` : sql``}
        order by a.created_at desc, a.id desc`,
  );
  return list.map((a) => ({ ...a, createdAt: iso(a.createdAt), updatedAt: iso(a.updatedAt), companies: a.companies ?? [] }));
}

const blank = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

export async function saveAnnouncement(deps: Deps, auth: AuthContext, body: AnnouncementInput, ip: string) {
  const companyIds = [...new Set(body.companyIds)];
  if (!body.allCompanies && companyIds.length === 0) throw badRequest('VALIDATION_FAILED', { companyIds: 'required' });
  // A translation is a title and a message together, or neither.
  const errors: Record<string, string> = {};
  for (const [t, m] of [
    ['titleCn', 'messageCn'],
    ['titleBm', 'messageBm'],
  ] as const) {
    if (blank(body[t]) && !blank(body[m])) errors[m] = 'required';
    if (!blank(body[t]) && blank(body[m])) errors[t] = 'required';
  }
  if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
  if (!body.allCompanies) {
    const found = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, companyIds), eq(users.roleId, RoleId.Company), eq(users.isMainAccount, true), eq(users.recordStatus, 1)));
    if (found.length !== companyIds.length) throw badRequest('VALIDATION_FAILED', { companyIds: 'pattern' });
  }
  const now = deps.clock.now();
  const fields = {
    title: body.title.trim(),
    message: body.message.trim(),
    titleCn: blank(body.titleCn),
    messageCn: blank(body.messageCn),
    titleBm: blank(body.titleBm),
    messageBm: blank(body.messageBm),
    allCompanies: body.allCompanies,
  };
  const id = await deps.db.transaction(async (tx) => {
    let before: unknown = null;
    let id = body.id;
    if (id) {
      const [old] = await tx.select().from(announcements).where(and(eq(announcements.id, id), eq(announcements.recordStatus, 1))).for('update');
      if (!old) throw notFound();
      const oldTargets = await tx.select({ c: announcementTargets.companyId }).from(announcementTargets).where(eq(announcementTargets.announcementId, id));
      before = { ...old, companyIds: oldTargets.map((r) => r.c) };
      await tx.update(announcements).set({ ...fields, updatedAt: now, updatedBy: auth.userId }).where(eq(announcements.id, id));
      await tx.delete(announcementTargets).where(eq(announcementTargets.announcementId, id));
    } else {
      const [row] = await tx
        .insert(announcements)
        .values({ ...fields, createdAt: now, createdBy: auth.userId, updatedAt: now, updatedBy: auth.userId })
        .returning({ id: announcements.id });
      id = row.id;
    }
    if (!body.allCompanies) await tx.insert(announcementTargets).values(companyIds.map((companyId) => ({ announcementId: id!, companyId })));
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: body.id ? 'announcement.update' : 'announcement.create',
      targetType: 'announcement',
      targetId: id,
      before,
      after: { ...fields, companyIds: body.allCompanies ? [] : companyIds },
      ip,
    });
    return id;
  });
  return (await listAnnouncements(deps, id))[0];
}

export async function deleteAnnouncement(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [old] = await tx.select().from(announcements).where(and(eq(announcements.id, id), eq(announcements.recordStatus, 1))).for('update');
    if (!old) throw notFound();
    await tx.update(announcements).set({ recordStatus: 0, updatedAt: now, updatedBy: auth.userId }).where(eq(announcements.id, id));
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'announcement.delete', targetType: 'announcement', targetId: id, before: old, after: null, ip });
  });
  return { id };
}

/** The announcements this caller is shown (its company's and everyone's), with this login's read state. */
export async function myAnnouncements(deps: Deps, auth: AuthContext) {
  const seesAll = auth.roleId === RoleId.SuperAdmin || auth.roleId === RoleId.ITAdmin;
  const list = await rows<{
    id: number;
    title: string;
    message: string;
    titleCn: string | null;
    messageCn: string | null;
    titleBm: string | null;
    messageBm: string | null;
    createdAt: Date | string;
    read: boolean;
  }>(
    deps.db,
    sql`select a.id, a.title, a.message, a.title_cn as "titleCn", a.message_cn as "messageCn", a.title_bm as "titleBm",
               a.message_bm as "messageBm", a.created_at as "createdAt", (r.user_id is not null) as read
        from announcements a
        left join announcement_reads r on r.announcement_id = a.id and r.user_id = ${auth.userId}
        where a.record_status = 1
          and (${seesAll} or a.all_companies or exists (
                select 1 from announcement_targets t join users c on c.id = t.company_id join users me on me.id = ${auth.actingUserId}
                where t.announcement_id = a.id and starts_with(me.path, c.path)))
        order by a.created_at desc, a.id desc
        limit 50`,
  );
  return list.map((a) => ({ ...a, createdAt: iso(a.createdAt) }));
}

/** Marks announcements read for this login; only ones it is shown count (others are ignored). */
export async function markRead(deps: Deps, auth: AuthContext, ids: number[]) {
  const visible = new Set((await myAnnouncements(deps, auth)).map((a) => a.id));
  const mine = ids.filter((i) => visible.has(i));
  if (mine.length) {
    await deps.db
      .insert(announcementReads)
      .values(mine.map((announcementId) => ({ announcementId, userId: auth.userId, readAt: deps.clock.now() })))
      .onConflictDoNothing();
  }
  return myAnnouncements(deps, auth);
}
