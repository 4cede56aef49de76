// Calls this server makes to other sites (result sites, seamless clients' callbacks). The answer must come
// within the time-out and stay under a size cap; only http(s); a redirect is refused rather than followed
// somewhere else. Every failure is an Error whose message says what went wrong, for the caller's history.

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  body: Buffer;
}

export async function boundedFetch(
  url: string,
  opts: { timeoutMs: number; maxBytes: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<OutboundAnswer> {
  if (!/^https?:\/\//i.test(url)) throw new Error('the address is not http(s)');
  const { timeoutMs, maxBytes } = opts;
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { signal, redirect: 'error', method: opts.method ?? 'GET', headers: opts.headers, body: opts.body });
  } catch (e) {
    const name = (e as Error).name;
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
