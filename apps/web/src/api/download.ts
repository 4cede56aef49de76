import { buildUrl } from './client';

type QueryValue = string | number | boolean | null | undefined;

export interface DownloadResult {
  ok: boolean;
  status: number;
  /** The server's message key when it refused. */
  message?: string;
}

/** The file name of a Content-Disposition header, if any. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file answer (CSV export) of a GET call: fetch with the XHR marker header, then save the
 * blob under the server's file name. Failures come back with the server's key for the caller to show.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<DownloadResult> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/csv, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, message: 'INTERNAL_SERVER_ERROR' };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, status: res.status, message: typeof body?.message === 'string' ? body.message : 'INTERNAL_SERVER_ERROR' };
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filenameFrom(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { ok: true, status: res.status };
}
