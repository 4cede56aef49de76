import pLimit, { type LimitFunction } from 'p-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from './http';

/** Report reads: every GET of the Report module (the inbox and the stakeholder report's routes included). */
export const isReportRead = (method: string | string[], url: string) =>
  url.startsWith('/api/Report/') && (Array.isArray(method) ? method : [method]).some((m) => m === 'GET' || m === 'HEAD');

/**
 * What the database can show a statement started now; equal texts mean that no transaction that wrote
 * has committed (or rolled back) in between (PostgreSQL's `pg_current_snapshot()`).
 */
export type SnapshotOf = () => Promise<string>;

/** One report computed for everyone who asked for it while it was waiting or running on the same data. */
interface Shared {
  snapshot: string | null;
  callers: FastifyRequest[];
  answer: Promise<Answer>;
}
type Answer = { kind: 'value'; value: unknown } | { kind: 'own' } | { kind: 'gone' };

/**
 * Decision 0045: report reads take turns, at most `concurrency` at once (the processor's cores), first come
 * first served. Eight agents reading at once on two cores would otherwise each get a quarter of a core
 * for the whole of their report, so the largest report took four times as long as alone; in turn, it
 * waits for the reads ahead of it (small ones, mostly) and then runs at full speed. Placement, results
 * and settlement never wait here, and keep the database connections the reports no longer crowd.
 * A file (format csv or xlsx: every row of the filter, up to a million) takes its turn in a lane of its
 * own, one at a time, so that a company's large export never holds up the agents' screens.
 * A read whose callers have all gone (a map refresh on a page left) is not run when its turn comes.
 *
 * Decision 0046: a screen's read that the same account asks for again (the same URL, within the same second)
 * while it is still waiting for its turn, or while it runs and the database has not changed since it
 * began, is answered with that one computation: the answer is then exactly what a computation of its own
 * would have read.
 */
export function registerReportGate(app: HttpApp, concurrency: number, snapshotOf: SnapshotOf, now: () => Date) {
  const queues = { screens: pLimit(concurrency), files: pLimit(1) };
  // Each account's reads enter the shared queues a few at a time (twice as many as run at once, so that a
  // page's few reads at once never wait for each other; files one), so that one account's burst waits
  // behind itself, not in front of everyone else.
  const screens = accountLanes(2 * concurrency, queues.screens);
  const files = accountLanes(1, queues.files);
  const inFlight = new Map<string, Shared>();
  app.addHook('onRoute', (route) => {
    if (!isReportRead(route.method, route.url)) return;
    const handler = route.handler;
    route.handler = async function gated(request, reply) {
      const format = (request.query as { format?: unknown } | undefined)?.format;
      const run = () => handler.call(this, request, reply);
      if (format !== undefined && format !== 'json') {
        return files(request, () => (request.raw.destroyed ? gone(reply) : run()));
      }
      const key = keyOf(request, now());
      const found = key === null ? undefined : inFlight.get(key);
      if (found && (found.snapshot === null || found.snapshot === (await snapshotOf()))) {
        found.callers.push(request);
        const answer = await found.answer;
        if (answer.kind === 'value') return answer.value;
        // The first caller's handler answered through its reply (nothing to share), or the read was
        // dropped for callers gone as this one came: it takes a turn of its own.
        return screens(request, () => (request.raw.destroyed ? gone(reply) : run()));
      }
      const shared: Shared = { snapshot: null, callers: [request], answer: Promise.resolve({ kind: 'own' }) };
      shared.answer = screens(request, async (): Promise<Answer> => {
        if (shared.callers.every((c) => c.raw.destroyed)) {
          if (key !== null && inFlight.get(key) === shared) inFlight.delete(key);
          return { kind: 'gone' };
        }
        // Taken before the handler's first statement: whoever joins later on the same snapshot would
        // have read what the handler reads.
        if (key !== null) shared.snapshot = await snapshotOf();
        const value: unknown = await run();
        return value === reply || reply.sent ? { kind: 'own' } : { kind: 'value', value };
      });
      if (key !== null) {
        inFlight.set(key, shared);
        // A failed computation fails every caller who shared it, with the same error; then it is forgotten.
        void shared.answer.catch(() => undefined).finally(() => inFlight.get(key) === shared && inFlight.delete(key));
      }
      const answer = await shared.answer;
      if (answer.kind === 'gone') return gone(reply);
      return answer.kind === 'value' ? answer.value : reply;
    } as typeof handler;
  });
}

/**
 * What an answer may depend on besides the data: the caller as this request's session loaded it (the
 * account, whom it acts for and where that sits: a move changes the path) and the second of the clock
 * (a draw's cutoff, the business date). Null for a request without a session: never shared.
 */
function keyOf(request: FastifyRequest, at: Date): string | null {
  const auth = request.auth;
  if (!auth) return null;
  return [auth.userId, auth.roleId, auth.actingPath, Math.floor(at.getTime() / 1000), request.method, request.url].join(' ');
}

/**
 * A queue per account in front of a shared one: an account's reads wait in its own lane until fewer than
 * `size` of them are in the shared queue or running. A lane is dropped once empty.
 */
function accountLanes(size: number, queue: LimitFunction) {
  const lanes = new Map<string, LimitFunction>();
  return <T>(request: FastifyRequest, task: () => Promise<T> | T): Promise<T> => {
    const account = String(request.auth?.userId ?? request.ip);
    let lane = lanes.get(account);
    if (!lane) {
      lane = pLimit(size);
      lanes.set(account, lane);
    }
    const own = lane;
    return own(() => queue(task)).finally(() => {
      if (own.activeCount === 0 && own.pendingCount === 0 && lanes.get(account) === own) lanes.delete(account);
    });
  };
}

function gone(reply: FastifyReply) {
  reply.hijack(); // nobody to answer
  return undefined;
}
