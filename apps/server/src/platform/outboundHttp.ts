// Calls this server makes to other sites (result sites, seamless clients' callbacks). The answer must come
// within the time-out and stay under a size cap; only http(s); a redirect is refused rather than followed
// somewhere else. Every failure is an Error whose message says what went wrong, for the caller's history.
import dns, { type LookupAddress } from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { outboundCalls, outboundFailures } from './metrics';

/**
 * Addresses an address given by a company (a seamless callback) may not name: this machine, private and
 * carrier networks, link-local (cloud metadata at 169.254.169.254), multicast and reserved ranges. IPv4
 * mapped into IPv6 is checked against the IPv4 rules by BlockList itself.
 */
const INTERNAL = new net.BlockList();
for (const [a, p] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  INTERNAL.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['100::', 64]] as const) INTERNAL.addSubnet(a, p, 'ipv6');

/** Whether an IP address is internal (not an address at all counts as internal). */
export function isInternalAddress(ip: string): boolean {
  const family = net.isIP(ip);
  return family === 0 || INTERNAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host named in a URL that is internal without asking DNS: an internal address or a localhost name. */
export function isInternalHostLiteral(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return isInternalAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}

/** Refuses a URL whose host resolves to an internal address (every address it resolves to is checked). */
async function assertPublic(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch (e) {
    throw new Error('unreachable', { cause: e });
  }
  if (!addresses.length || addresses.some(isInternalAddress)) throw new Error('the address is not public');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The resolver of the connections to a company's addresses: the addresses the connection is made to are
 * the ones checked. assertPublic alone asks DNS once and fetch again; a name that answers a public address
 * to the first and 127.0.0.1 to the second (DNS rebinding) would reach this machine.
 */
export function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, []);
    const list = found as LookupAddress[];
    if (!list.length || list.some((a) => isInternalAddress(a.address))) {
      return callback(Object.assign(new Error('the address is not public'), { code: 'ENOTPUBLIC' }), []);
    }
    if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  });
}

/** Connections whose every resolved address has passed publicLookup. */
const publicAgent = new Agent({ connect: { lookup: publicLookup } });

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  body: Buffer;
}

interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Refuse a host that resolves to an internal address (an address a company gave, not the platform's admin). */
  publicOnly?: boolean;
}

/** A failure's outcome label: a handful of values, never the address (decision 0050). */
function outcomeOf(e: unknown): string {
  const m = (e as Error).message ?? '';
  if (m.startsWith('no answer within')) return 'timeout';
  if (m === 'the address is not public' || m === 'the address is not http(s)') return 'refused';
  if (m === 'sent a page too large') return 'too_large';
  return 'unreachable';
}

/** One call to another site, counted and timed by its outcome (ok, http_error, timeout, unreachable, refused, too_large). */
export async function boundedFetch(url: string, opts: FetchOptions): Promise<OutboundAnswer> {
  const end = outboundCalls.startTimer();
  try {
    const res = await fetchBounded(url, opts);
    const outcome = res.ok ? 'ok' : 'http_error';
    end({ outcome });
    if (!res.ok) outboundFailures.inc({ outcome });
    return res;
  } catch (e) {
    const outcome = outcomeOf(e);
    end({ outcome });
    outboundFailures.inc({ outcome });
    throw e;
  }
}

async function fetchBounded(url: string, opts: FetchOptions): Promise<OutboundAnswer> {
  if (!/^https?:\/\//i.test(url)) throw new Error('the address is not http(s)');
  if (opts.publicOnly) await assertPublic(url);
  const { timeoutMs, maxBytes } = opts;
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const init = { signal, redirect: 'error' as const, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body };
    // The package's own fetch with its own Agent: Node's fetch is another undici (another major on a newer
    // Node), which may refuse this one's dispatcher.
    res = opts.publicOnly ? ((await undiciFetch(url, { ...init, dispatcher: publicAgent })) as unknown as Response) : await fetch(url, init);
  } catch (e) {
    const name = (e as Error).name;
    if ((e as { cause?: { code?: string } }).cause?.code === 'ENOTPUBLIC') throw new Error('the address is not public', { cause: e });
    throw new Error(name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'unreachable', { cause: e });
  }
  const tooLarge = 'sent a page too large';
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) throw new Error(tooLarge);
      chunks.push(chunk);
    }
  } catch (e) {
    if ((e as Error).message === tooLarge) throw e;
    throw new Error(`no answer within ${timeoutMs} ms`, { cause: e });
  }
  return { status: res.status, ok: res.ok, body: Buffer.concat(chunks) };
}
