import pLimit from 'p-limit';
import type { HttpApp } from './http';

/** Report reads: every GET of the Report module (the inbox and the stakeholder report's routes included). */
export const isReportRead = (method: string | string[], url: string) =>
  url.startsWith('/api/Report/') && (Array.isArray(method) ? method : [method]).includes('GET');

/**
 * Decision 0045: report reads take turns, at most `concurrency` at once (the processor's cores), first come
 * first served. Eight agents reading at once on two cores would otherwise each get a quarter of a core
 * for the whole of their report, so the largest report took four times as long as alone; in turn, it
 * waits for the reads ahead of it (small ones, mostly) and then runs at full speed. Placement, results
 * and settlement never wait here, and keep the database connections the reports no longer crowd.
 * A file (format csv or xlsx: every row of the filter, up to a million) takes its turn in a lane of its
 * own, one at a time, so that a company's large export never holds up the agents' screens.
 * A read whose caller has gone (a map refresh on a page left) is not run when its turn comes.
 */
export function registerReportGate(app: HttpApp, concurrency: number) {
  const screens = pLimit(concurrency);
  const files = pLimit(1);
  app.addHook('onRoute', (route) => {
    if (!isReportRead(route.method, route.url)) return;
    const handler = route.handler;
    route.handler = function gated(request, reply) {
      const format = (request.query as { format?: unknown } | undefined)?.format;
      const lane = format === undefined || format === 'json' ? screens : files;
      return lane(() => {
        if (!request.raw.destroyed) return handler.call(this, request, reply);
        reply.hijack(); // nobody to answer
        return undefined;
      });
    } as typeof handler;
  });
}
