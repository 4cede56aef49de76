// The security headers of every response (CSP, frame denial, no sniffing, ...), as helmet writes them.
// They depend on nothing in the request, so helmet runs once at start and every response gets the same
// headers: @fastify/helmet rebuilt helmet's middleware on every request, a twentieth of a ticket's CPU.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      // Served over plain http on a LAN or localhost too; upgrading would break every asset there.
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
};

/** The headers helmet sets with these options, read off one run of its middleware. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (e?: unknown) => {
    failure = e;
  });
  if (failure) throw failure;
  if (!headers['content-security-policy']) throw new Error('helmet wrote no content security policy');
  return headers;
}
