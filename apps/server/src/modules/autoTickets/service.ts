// Auto tickets (docs/decisions/0006-auto-tickets.md): an account saves express text to be placed again
// for each of a run of future draw dates. The draw selector names the next draw (D) or one date at most.
// Each draw date's ticket is placed by the job once the previous date's draws have closed (the first
// one at once when saved), through placeTicket, so credit, limits and cutoffs hold as for any order.
// A run is claimed by its unique key (auto ticket, draw date) and placed with an idempotency key made of
// the same pair: two server processes never place one date twice. A refusal is final for its date and
// recorded on the run; the next date tries again.
import { hasAccess, parseExpress, RoleId, type AccessMap, type BetLine } from '@app/domain';
import type { AutoTicketView, SaveAutoTicketBody } from '@app/contract';
import { autoTickets } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { businessDateOf } from '../../platform/businessTime';
import { ok } from '../../platform/envelope';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { intersectAccess, loadAccess, type AuthContext } from '../../platform/session';
import { assertReadable } from '../accounts/service';
import { idempotent } from '../ledger/idempotency';
import { runTransaction } from '../ledger/service';
import { betSettingsOf, parseRefusals, refusedLines, type BetSettings } from '../orders/betSettings';
import { received } from '../orders/inbox';
import { assertBetLinesWithin, placeTicket, resolveOwner, SourceType } from '../orders/place';
import * as q from './queries';

/** A saved bet line: what the text said, without its draw (each run supplies the date). */
export type TemplateLine = Omit<BetLine, 'draw'>;

const RUNS_SHOWN = 20;

const oneDate = (lineNo: number) => new AppError(400, 'AUTO_TICKET_ONE_DATE', { [`line.${lineNo}`]: 'AUTO_TICKET_ONE_DATE' });

/** Reads and checks the text: bet lines for one draw (D or one date), and the date it names, if any. */
function readText(text: string, settings: BetSettings, today: string): { lines: TemplateLine[]; date?: string } {
  // Read by the owner's settings once, when saved: the lines are kept as read, so a later change of the
  // owner's bet-code order does not change what the auto ticket buys.
  const parsed = parseExpress(text, { ...settings, today });
  if (!parsed.ok) throw refusedLines(400, parseRefusals(parsed.errors));
  let selector: string | undefined;
  for (const l of parsed.lines) {
    if (l.draw.kind === 'next' ? l.draw.count !== 1 : l.draw.dates.length !== 1) throw oneDate(l.lineNo);
    const s = l.draw.kind === 'next' ? 'D' : l.draw.dates[0];
    // Two groups with different draws (D and 28/11, or two dates) are more than one date too.
    if (selector !== undefined && s !== selector) throw oneDate(l.lineNo);
    selector = s;
  }
  // Each run places these lines for one draw: refused now rather than at every run.
  assertBetLinesWithin(parsed.lines);
  const lines = parsed.lines.map(({ draw: _draw, ...rest }) => rest);
  return { lines, date: selector && selector !== 'D' ? selector : undefined };
}


/**
 * Bet/SaveAutoTicket: creates an auto ticket (or changes an active one), then places its first draw
 * date's ticket when that draw is open. Answers with the auto ticket and its runs.
 */
export async function saveAutoTicket(deps: Deps, auth: AuthContext, body: SaveAutoTicketBody, ip: string) {
  const now = deps.clock.now();
  const today = businessDateOf(now, deps.config.tzBusiness);
  let ownerId: number;
  if (body.autoTicketId) {
    const existing = await q.autoTicketInSubtree(deps.db, body.autoTicketId, auth.actingPath);
    if (!existing) throw notFound();
    if (body.targetUserId && body.targetUserId !== existing.userId) throw badRequest('VALIDATION_FAILED', { targetUserId: 'pattern' });
    ownerId = existing.userId;
  } else {
    ownerId = await resolveOwner(deps, auth, body.targetUserId);
  }
  const { lines, date } = readText(body.text, await betSettingsOf(deps.db, auth, ownerId), today);
  if (date && body.startDate && body.startDate !== date) throw new AppError(400, 'AUTO_TICKET_ONE_DATE', { startDate: 'AUTO_TICKET_ONE_DATE' });
  const startDate = date ?? body.startDate ?? today;
  if (startDate < today) throw new AppError(400, 'BET_DATE_PASSED', { startDate: 'BET_DATE_PASSED' });
  if (body.endDate && body.endDate < startDate) throw badRequest('VALIDATION_FAILED', { endDate: 'min' });
  const pools = [...new Set(lines.flatMap((l) => l.pools))].sort((a, b) => a - b);
  const fields = {
    text: body.text,
    lines,
    pools,
    startDate,
    endDate: body.endDate ?? null,
    drawCount: body.drawCount ?? null,
    pageInfo: body.pageInfo ?? null,
    customerPhone: body.customerPhone ?? null,
  };

  const stored = await runTransaction(deps.db, (tx) =>
    idempotent(
      tx,
      { userId: auth.userId, key: body.idempotencyKey, scope: 'Bet/SaveAutoTicket', payload: { ...body, idempotencyKey: undefined }, at: now, message: 'SAVED' },
      async (sp) => {
        if (body.autoTicketId) {
          const a = await q.autoTicketInSubtree(sp, body.autoTicketId, auth.actingPath, true);
          if (!a) throw notFound();
          if (a.status !== 'active') throw conflict('AUTO_TICKET_NOT_ACTIVE');
          await sp.update(autoTickets).set({ ...fields, updatedAt: now, updatedBy: auth.userId }).where(eq(autoTickets.id, a.id));
          await writeAudit(sp, now, {
            actorUserId: auth.userId,
            action: 'auto-ticket.update',
            targetType: 'auto-ticket',
            targetId: a.id,
            before: { text: a.text, startDate: a.startDate, endDate: a.endDate, drawCount: a.drawCount },
            after: { text: fields.text, startDate, endDate: fields.endDate, drawCount: fields.drawCount },
            ip,
          });
          return { autoTicketId: a.id };
        }
        const [owner] = await q.ownerSettings(sp, ownerId);
        const [created] = await sp
          .insert(autoTickets)
          .values({ ...fields, userId: ownerId, companyId: owner?.companyId ?? null, createdBy: auth.userId, createdAt: now })
          .returning({ id: autoTickets.id });
        await writeAudit(sp, now, {
          actorUserId: auth.userId,
          action: 'auto-ticket.create',
          targetType: 'auto-ticket',
          targetId: created.id,
          after: { userId: ownerId, text: fields.text, startDate, endDate: fields.endDate, drawCount: fields.drawCount },
          ip,
        });
        return { autoTicketId: created.id };
      },
    ),
  );
  if (stored.status !== 200) return { status: stored.status, body: stored.body };
  const { autoTicketId } = stored.body.data as { autoTicketId: number };
  // The next draw is placed now when it is open (a retry of the save finds its run already claimed).
  await runAutoTickets(deps, { autoTicketId });
  const view = await getOne(deps, auth, autoTicketId);
  return { status: 200, body: ok(view, 'SAVED') };
}

function toView(r: Awaited<ReturnType<typeof q.listAutoTickets>>[number], runs: q.RunRow[]): AutoTicketView {
  const a = r.a;
  return {
    autoTicketId: a.id,
    userId: a.userId,
    username: r.username,
    createdBy: r.createdBy,
    text: a.text,
    pools: a.pools,
    startDate: a.startDate,
    endDate: a.endDate,
    drawCount: a.drawCount,
    pageInfo: a.pageInfo,
    customerPhone: a.customerPhone,
    status: a.status as AutoTicketView['status'],
    createdAt: a.createdAt.toISOString(),
    voidedAt: a.voidedAt?.toISOString() ?? null,
    voidedBy: r.voidedBy,
    runCount: r.runCount,
    placedCount: r.placedCount,
    runs: runs
      .filter((x) => x.autoTicketId === a.id)
      .map((x) => ({
        drawDate: x.drawDate,
        status: x.status as AutoTicketView['runs'][number]['status'],
        ticketId: x.ticketId === null ? null : Number(x.ticketId),
        ticketNo: x.ticketNo,
        message: x.message,
        at: new Date(x.at).toISOString(),
      })),
  };
}

/** Report/GetAutoTicket: the auto tickets of the caller's subtree, newest first, each with its latest runs. */
export async function listAutoTickets(
  deps: Deps,
  auth: AuthContext,
  f: { userId?: number; autoTicketId?: number; status?: string; page: number; pageSize: number },
) {
  if (f.userId) await assertReadable(deps, auth, f.userId);
  const page = await q.listAutoTickets(deps.db, { rootPath: auth.actingPath, ...f });
  const runs = await q.latestRuns(
    deps.db,
    page.map((r) => r.a.id),
    RUNS_SHOWN,
  );
  return { total: page[0]?.total ?? 0, items: page.map((r) => toView(r, runs)) };
}

async function getOne(deps: Deps, auth: AuthContext, autoTicketId: number): Promise<AutoTicketView> {
  const { items } = await listAutoTickets(deps, auth, { autoTicketId, page: 1, pageSize: 1 });
  if (!items.length) throw notFound();
  return items[0];
}

/**
 * Report/VoidAutoTicket: stops an active auto ticket. Tickets it already placed stay as they are (void
 * those through Bet/VoidTicket). Needs Bet (create) or Bet History (delete), as placing or voiding does.
 */
export async function voidAutoTicket(deps: Deps, auth: AuthContext, autoTicketId: number, ip: string) {
  const now = deps.clock.now();
  const mayStop = (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) || hasAccess(auth.access, 'Bet', [2]) || hasAccess(auth.access, 'Bet History', [4]);
  // The caller's right before the lookup: the refusal never depends on whether the id exists (decision 0049).
  if (!mayStop) throw forbidden();
  await runTransaction(deps.db, async (tx) => {
    const a = await q.autoTicketInSubtree(tx, autoTicketId, auth.actingPath, true);
    if (!a) throw notFound();
    if (a.status !== 'active') throw conflict('AUTO_TICKET_NOT_ACTIVE');
    await tx.update(autoTickets).set({ status: 'void', voidedAt: now, voidedBy: auth.userId }).where(eq(autoTickets.id, a.id));
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'auto-ticket.void', targetType: 'auto-ticket', targetId: a.id, before: { status: a.status }, after: { status: 'void' }, ip });
  });
  return getOne(deps, auth, autoTicketId);
}

// ---- the job ----

/**
 * The login that saved the auto ticket, as it stands now: it places each run, so an account disabled,
 * moved out of reach or deprived of the Bet right since then places nothing more (the run is refused).
 */
async function placerAuth(deps: Deps, a: typeof autoTickets.$inferSelect): Promise<AuthContext | 'ACCOUNT_DISABLED' | 'PERMISSION_DENIED'> {
  const p = await q.placer(deps.db, a.createdBy, a.userId);
  if (!p || p.status !== 'Active' || p.recordStatus !== 1) return 'ACCOUNT_DISABLED';
  if (!p.isMainAccount && (p.mainId === null || p.mainStatus !== 'Active' || p.mainRecordStatus !== 1)) return 'ACCOUNT_DISABLED';
  if (!p.ownerPath) return 'ACCOUNT_DISABLED';
  const acting = p.isMainAccount ? { id: p.id, roleId: p.roleId, path: p.path } : { id: p.mainId!, roleId: p.mainRoleId!, path: p.mainPath! };
  if (!p.ownerPath.startsWith(acting.path)) return 'PERMISSION_DENIED';
  const own = await loadAccess(deps.db, p.id);
  const access: AccessMap = p.isMainAccount ? own : intersectAccess(own, await loadAccess(deps.db, acting.id));
  const superAdmin = acting.roleId === RoleId.SuperAdmin && p.isMainAccount;
  if (p.disabledFunctions.includes('Bet') || (!superAdmin && !hasAccess(access, 'Bet', [2]))) return 'PERMISSION_DENIED';
  return {
    sessionId: `auto-ticket:${a.id}`,
    loginGuid: `auto-ticket:${a.id}`,
    userId: p.id,
    username: p.username,
    fullName: p.fullName,
    roleId: acting.roleId as RoleId,
    isMainAccount: p.isMainAccount,
    actingUserId: acting.id,
    actingPath: acting.path,
    access,
    disabledFunctions: p.disabledFunctions,
    skipTnc: true,
    termsAgreed: true,
    secondaryVerifiedAt: null,
  };
}

export type RunOutcome = 'placed' | 'refused' | 'error' | 'retry' | 'taken';

/** Places one claimed (auto ticket, draw date), or leaves it to whoever holds its claim. */
async function runOne(deps: Deps, autoTicketId: number, drawDate: string): Promise<RunOutcome> {
  const now = deps.clock.now();
  const attempt = await q.claimRun(deps.db, autoTicketId, drawDate, now);
  if (attempt === null) return 'taken';
  const finish = async (status: 'placed' | 'refused' | 'error', message: string, ticket?: { ticketId: number; ticketNo: string }) => {
    await q.finishRun(deps.db, autoTicketId, drawDate, { status, at: deps.clock.now(), message, ...ticket });
    return status;
  };
  try {
    const a = await q.autoTicketById(deps.db, autoTicketId);
    if (!a || a.status !== 'active') return await finish('refused', 'AUTO_TICKET_NOT_ACTIVE');
    const auth = await placerAuth(deps, a);
    if (typeof auth === 'string') return await finish('refused', auth);
    // A line plays its pools that draw that date (a special draw may be one pool's only).
    const open = new Set((await q.openDrawsOn(deps.db, a.pools, drawDate, now)).map((d) => Number(d.poolId)));
    const lines: BetLine[] = (a.lines as TemplateLine[])
      .map((l) => ({ ...l, pools: l.pools.filter((p) => open.has(p)), draw: { kind: 'dates' as const, dates: [drawDate] } }))
      .filter((l) => l.pools.length > 0);
    if (!lines.length) return await finish('refused', 'DRAW_CLOSED');
    // Each run's text is kept in the inbox, accepted or refused (decision 0029).
    const out = await received(deps, auth, { ownerId: a.userId, sourceType: SourceType.AutoTicket, text: a.text }, () =>
      placeTicket(deps, auth, {
        lines,
        ownerId: a.userId,
        sourceType: SourceType.AutoTicket,
        inboxString: a.text,
        pageInfo: a.pageInfo ?? undefined,
        customerPhone: a.customerPhone ?? undefined,
        // The same pair always gives the same key: a run taken over after a crash cannot place twice.
        idempotencyKey: `auto-ticket:${a.id}:${drawDate}`,
      }),
    );
    if (out.status === 200) {
      const d = out.body.data as { ticketId: number; ticketNo: string };
      return await finish('placed', 'SAVED', { ticketId: d.ticketId, ticketNo: d.ticketNo });
    }
    return await finish('refused', out.body.message);
  } catch (e) {
    // Not a business refusal (those come back as answers): give the claim back for another attempt.
    if (attempt >= q.MAX_RUN_ATTEMPTS) return finish('error', 'INTERNAL_SERVER_ERROR');
    await q.releaseRun(deps.db, autoTicketId, drawDate, e instanceof AppError ? e.messageKey : 'INTERNAL_SERVER_ERROR');
    return 'retry';
  }
}

export interface AutoTicketRunResult {
  placed: number;
  refused: number;
  errors: number;
}

/**
 * One pass of the scheduler: every active auto ticket whose next draw date is due gets its ticket
 * placed (or its refusal recorded). Safe to run from any number of processes at once.
 */
export async function runAutoTickets(deps: Deps, opts: { autoTicketId?: number } = {}): Promise<AutoTicketRunResult> {
  const now = deps.clock.now();
  const today = businessDateOf(now, deps.config.tzBusiness);
  await q.completeFinished(deps.db, today, opts.autoTicketId);
  const due = await q.dueRuns(deps.db, now, today, opts.autoTicketId);
  const result: AutoTicketRunResult = { placed: 0, refused: 0, errors: 0 };
  for (const d of due) {
    const outcome = await runOne(deps, d.autoTicketId, d.drawDate);
    if (outcome === 'placed') result.placed++;
    else if (outcome === 'refused') result.refused++;
    else if (outcome === 'error' || outcome === 'retry') result.errors++;
  }
  await q.expireAbandonedRuns(deps.db, now);
  await q.completeFinished(deps.db, today, opts.autoTicketId);
  return result;
}
