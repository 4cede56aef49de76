// The catalogue of system settings (SPEC 3 and the keys the product added since): each key's kind,
// bounds and group. The server checks every update against it (an error names the key), the settings
// screen draws a typed editor from it, and a test keeps it and SYSTEM_SETTING_DEFAULTS key for key.
import { SYSTEM_SETTING_DEFAULTS } from './enums';
import { MAX_POOL_ID } from './pools';
import { RESULT_FORMATS, siteTellsPoolsApart, type ResultFormat } from './settlement/parsers';

export type SettingKind = 'integer' | 'decimal' | 'time' | 'flag' | 'boolean' | 'url' | 'sites' | 'folder';
// Groups by area (issue 29 line 11): what an operator looks for together. Each group is saved on its own.
export type SettingGroup = 'drawDay' | 'results' | 'settlement' | 'security' | 'integration' | 'backup';

export interface SettingDef {
  key: string;
  kind: SettingKind;
  group: SettingGroup;
  min?: number;
  max?: number;
  /** Unit shown beside the editor: '%', 'minutes', 'days', 'lines', 'times', 'ms'. */
  unit?: string;
}

// paybackCommissionRate and luckyNumberPerBetAmount (named by SPEC 3) are not settings: DOMAIN gives
// commission per package and bet code (a second, global payback rate would pay it twice), and no rule
// of SPEC or DOMAIN gives a lucky number per bet amount (the lucky-bet receipt is an account's format).
export const SETTING_DEFS: readonly SettingDef[] = [
  { key: 'dailyPool', kind: 'flag', group: 'drawDay' },
  { key: 'maxLineBetInUI', kind: 'integer', group: 'drawDay', min: 1, max: 500, unit: 'lines' },
  { key: 'agentMaxDiscountPercentage', kind: 'decimal', group: 'drawDay', min: 0, max: 100, unit: '%' },
  { key: 'scrapeResultTime', kind: 'time', group: 'results' },
  { key: 'normalScrapeResultSite', kind: 'sites', group: 'results' },
  { key: 'gdScrapeResultSite', kind: 'sites', group: 'results' },
  { key: 'resultFetchTimeoutMs', kind: 'integer', group: 'results', min: 100, max: 30000, unit: 'ms' },
  { key: 'autoReleaseConfirmedResult', kind: 'boolean', group: 'results' },
  { key: 'autoSettleAfterRelease', kind: 'boolean', group: 'settlement' },
  { key: 'autoReleaseCreditAfterSettle', kind: 'boolean', group: 'settlement' },
  { key: 'autoPosting', kind: 'boolean', group: 'settlement' },
  { key: 'secondaryPasswordCheckTime', kind: 'integer', group: 'security', min: 1, max: 1440, unit: 'minutes' },
  { key: 'sessionIdleTimeout', kind: 'integer', group: 'security', min: 1, max: 1440, unit: 'minutes' },
  { key: 'sessionAbsoluteTimeout', kind: 'integer', group: 'security', min: 5, max: 10080, unit: 'minutes' },
  { key: 'smsGatewayUrl', kind: 'url', group: 'integration' },
  { key: 'resendOrderLimit', kind: 'integer', group: 'integration', min: 0, max: 100, unit: 'times' },
  { key: 'apiLogRetentionDays', kind: 'integer', group: 'integration', min: 1, max: 3650, unit: 'days' },
  { key: 'backupFolder', kind: 'folder', group: 'backup' },
  { key: 'backupRetentionDays', kind: 'integer', group: 'backup', min: 1, max: 3650, unit: 'days' },
  { key: 'backupTime', kind: 'time', group: 'backup' },
];

export const SETTING_GROUPS: readonly SettingGroup[] = ['drawDay', 'results', 'settlement', 'security', 'integration', 'backup'];

export const settingDef = (key: string): SettingDef | undefined => SETTING_DEFS.find((d) => d.key === key);

export const settingDefault = (key: string): string | undefined => SYSTEM_SETTING_DEFAULTS[key];

/**
 * Checks one value against its key's definition. Returns null when valid, else the validation key of
 * SPEC 5 (required, pattern, min, max). Values are kept as strings, normalised by normaliseSetting.
 * `poolIds`: the pools there are (the server's registry, decision 0037), which a result site may carry;
 * without it any id a pool can have (1..MAX_POOL_ID).
 */
export function checkSetting(def: SettingDef, raw: string, poolIds?: readonly number[]): 'required' | 'pattern' | 'min' | 'max' | 'maxLength' | null {
  const v = raw.trim();
  switch (def.kind) {
    case 'integer':
    case 'decimal': {
      if (v === '') return 'required';
      const re = def.kind === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d{1,2})?$/;
      if (!re.test(v)) return 'pattern';
      const n = Number(v);
      if (def.min !== undefined && n < def.min) return 'min';
      if (def.max !== undefined && n > def.max) return 'max';
      return null;
    }
    case 'time': {
      const m = /^(\d{1,2}):(\d{2})$/.exec(v);
      if (!m) return v === '' ? 'required' : 'pattern';
      return Number(m[1]) <= 23 && Number(m[2]) <= 59 ? null : 'pattern';
    }
    case 'flag':
      return v === '0' || v === '1' ? null : 'pattern';
    case 'boolean':
      return v === 'true' || v === 'false' ? null : 'pattern';
    case 'url':
      // Empty: none (messages wait in the outbox). Else an http(s) URL.
      if (v === '') return null;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'pattern';
      } catch {
        return 'pattern';
      }
    case 'sites':
      return v === '' || sitesValid(v, poolIds) ? null : 'pattern';
    case 'folder':
      // Empty: the default folder. Else an absolute path of the server's machine, without '..' (the
      // folder named is the one written), of plain characters.
      if (v === '') return null;
      if (v.length > 400) return 'maxLength';
      return /^(\/|[A-Za-z]:[\\/])[\w .\-\\/]*$/.test(v) && !/(^|[\\/])\.\.([\\/]|$)/.test(v) ? null : 'pattern';
  }
}

/** A result-site list: JSON [{ name, urlTemplate (http/https), format, pools: pool ids }]; a pool added later too; several pools in an operator's format only with {poolId} in the URL. */
function sitesValid(v: string, poolIds?: readonly number[]): boolean {
  const isPool = (p: unknown) => Number.isInteger(p) && (poolIds ? poolIds.includes(p as number) : (p as number) >= 1 && (p as number) <= MAX_POOL_ID);
  let list: unknown;
  try {
    list = JSON.parse(v);
  } catch {
    return false;
  }
  if (!Array.isArray(list)) return false;
  return list.every((s: unknown) => {
    if (!s || typeof s !== 'object') return false;
    const o = s as Record<string, unknown>;
    if (typeof o.name !== 'string' || !o.name.trim()) return false;
    if (typeof o.urlTemplate !== 'string' || !/^https?:\/\//.test(o.urlTemplate)) return false;
    if (typeof o.format !== 'string' || !(RESULT_FORMATS as readonly string[]).includes(o.format)) return false;
    if (!Array.isArray(o.pools) || !o.pools.every(isPool)) return false;
    if (!siteTellsPoolsApart({ format: o.format as ResultFormat, urlTemplate: o.urlTemplate, pools: o.pools as number[] })) return false;
    return o.enabled === undefined || typeof o.enabled === 'boolean';
  });
}

/** The stored form: trimmed; numbers without leading zeros; times as HH:MM; site lists compact JSON. */
export function normaliseSetting(def: SettingDef, raw: string): string {
  const v = raw.trim();
  if (def.kind === 'integer' || def.kind === 'decimal') return String(Number(v));
  if (def.kind === 'time') {
    const [h, m] = v.split(':');
    return `${h.padStart(2, '0')}:${m}`;
  }
  if (def.kind === 'sites' && v !== '') return JSON.stringify(JSON.parse(v));
  return v;
}
