// Which requests belong to the API. Routes are judged by the pattern the router matched; this reads a raw
// path only to decide how to answer a request that matched no API route, so that every spelling of an
// /api path (encoded, doubled slashes, dot segments, other case) gets the API's 404 envelope rather than
// the web app.

/** Documentation a person opens in a browser: no marker header, no access declaration. */
export const isDocsRoute = (pattern: string) => pattern === '/api/docs' || pattern.startsWith('/api/docs/') || pattern === '/api/openapi.json';

/** A matched route pattern of the API proper. */
export const isApiRoute = (pattern: string) => (pattern === '/api' || pattern.startsWith('/api/')) && !isDocsRoute(pattern);

/** Whether a raw request path, however spelled, names something under /api. */
export function isUnderApi(rawUrl: string): boolean {
  let p = rawUrl.split(/[?#]/)[0];
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      break;
    }
    if (decoded === p) break;
    p = decoded;
  }
  const segments: string[] = [];
  for (const s of p.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  const first = segments[0]?.split(';')[0].replace(/[.\s]+$/, '').toLowerCase();
  return first === 'api';
}
