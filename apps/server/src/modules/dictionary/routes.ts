// Configuration/GetTipSourceByKeyword: the number dictionary, for any logged-in account.
import { envelope, tipQuery, tipResult } from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { Deps, HttpApp } from '../../platform/http';
import { loadDictionary, lookUp } from './service';

export function dictionaryRoutes(app: HttpApp, _deps: Deps) {
  const dict = loadDictionary();
  app.get(
    '/api/Configuration/GetTipSourceByKeyword',
    { config: { access: allow.session() }, schema: { tags: ['Configuration'], querystring: tipQuery, response: { 200: envelope(tipResult) } } },
    async (req) => ok(lookUp(dict, req.query.keyword, req.query.limit)),
  );
}
