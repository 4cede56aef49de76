// The built web app: its files, and index.html for the single-page app's own routes.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isUnderApi } from './apiPath';
import { fail } from './envelope';

/** Serves the web build in `webDist` and answers every other path (a 404 envelope, or index.html). */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexHtml = path.join(webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    // wildcard false: a route per file found now, at start, and no other. A file put into the folder
    // later (a backup written there once answered the whole database to anyone, issue 30 line 3) is
    // an unknown path: the handler below. A new build is served after a restart, as it is deployed.
    // globIgnore: a backup's name is never served, even one lying there before the start.
    // preCompressed: the build writes each asset's .br and .gz beside it (vite.config.ts), sent as they
    // are to a client that accepts them, so no CPU is spent compressing the same file for every visitor.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      globIgnore: NEVER_SERVED,
      preCompressed: true,
      setHeaders: cacheHeaders(webDist),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isAsset = request.url.startsWith('/assets/') || /\.[a-z0-9]+(\?.*)?$/i.test(request.url);
    if (isUnderApi(request.url) || (request.method !== 'GET' && request.method !== 'HEAD') || isAsset || !fs.existsSync(indexHtml)) {
      return reply.code(404).send(fail(404, 'NO_RECORD_FOUND'));
    }
    // Client-side routes: the single-page app decides what to show.
    return reply.type('text/html').header('cache-control', INDEX_CACHE).send(fs.createReadStream(indexHtml));
  });
}

/** Names no build writes: backups (admin/backup.ts) and their unfinished .part files, at any depth. */
const NEVER_SERVED = ['**/4d-backup-*', '**/*.part'];

/** index.html and the other unhashed files: asked again (a 304 when unchanged), so a new build is seen at once. */
const INDEX_CACHE = 'no-cache';
/** The build's files under /assets/ are named by their content's hash: a new content is a new name. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Sets each static file's Cache-Control by where it lies in the built web app (`root`). */
function cacheHeaders(root: string) {
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', path.resolve(filePath).startsWith(assets) ? ASSET_CACHE : INDEX_CACHE);
  };
}

