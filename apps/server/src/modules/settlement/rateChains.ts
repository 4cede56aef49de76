// Freezing a ticket's rates when it is placed (decision 0023). A rate sheet is a content-addressed copy of
// one package's rows; a rate chain lists, from the player to the company, each account and its sheet. The
// ticket keeps its chains' ids, so a package changed later never changes that ticket's settlement.
//
// Placement computes a chain's fingerprint from rows it reads anyway; the id is looked up in a cache of
// ids seen committed, and only a chain never seen costs statements (and only once per process).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pctToHundredths } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import type { EffectiveRateRow } from '../packages/queries';
import { rows } from '../ledger/queries';

export interface SheetRow {
  code: string;
  poolId: number | null;
  commissionBp: number;
  first: number;
  second: number;
  third: number;
  fourth: number;
  fifth: number;
  sixth: number;
  starter: number;
  consolation: number;
}

export interface Sheet {
  fingerprint: string;
  packageId: number;
  iboxRounding: string;
  rows: SheetRow[];
}

const sheets = new WeakMap<EffectiveRateRow[], Sheet>();

/** The sheet of a package's rows as read (memoised per rows array: a batch reads each package once). */
export function sheetOf(read: EffectiveRateRow[]): Sheet | null {
  if (read.length === 0) return null;
  let sheet = sheets.get(read);
  if (!sheet) {
    const list: SheetRow[] = read
      .filter((r) => r.code !== null)
      .map((r) => ({
        code: r.code!,
        poolId: r.poolId === null ? null : Number(r.poolId),
        commissionBp: pctToHundredths(Number(r.commissionPct ?? 0)),
        first: Number(r.first ?? 0),
        second: Number(r.second ?? 0),
        third: Number(r.third ?? 0),
        fourth: Number(r.fourth ?? 0),
        fifth: Number(r.fifth ?? 0),
        sixth: Number(r.sixth ?? 0),
        starter: Number(r.starter ?? 0),
        consolation: Number(r.consolation ?? 0),
      }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : (a.poolId ?? 0) - (b.poolId ?? 0)));
    const packageId = Number(read[0].packageId);
    const iboxRounding = read[0].iboxRounding;
    const fingerprint = crypto.createHash('sha1').update(JSON.stringify([packageId, iboxRounding, list])).digest('hex');
    sheet = { fingerprint, packageId, iboxRounding, rows: list };
    sheets.set(read, sheet);
  }
  return sheet;
}

/** A chain to freeze: the accounts from the player up, each with its sheet (null for the company). */
export interface ChainToFreeze {
  packageType: number;
  userIds: number[];
  sheets: (Sheet | null)[];
}

export function chainFingerprint(c: ChainToFreeze): string {
  const key = `${c.packageType}|${c.userIds.map((u, i) => `${u}:${c.sheets[i]?.fingerprint ?? '-'}`).join(',')}`;
  return crypto.createHash('sha1').update(key).digest('hex');
}

/** Chain ids seen committed, per database. */
const committed = new WeakMap<object, Map<string, number>>();

/**
 * The ids of the chains (by fingerprint), creating those that do not exist yet inside `tx`. Ids created
 * here are not cached (the transaction may still roll back); the next batch finds them committed.
 */
export async function rateChainIds(db: object, tx: DbOrTx, wanted: Map<string, ChainToFreeze>): Promise<Map<string, number>> {
  let cache = committed.get(db);
  if (!cache) committed.set(db, (cache = new Map()));
  const out = new Map<string, number>();
  const missing: string[] = [];
  for (const fp of wanted.keys()) {
    const id = cache.get(fp);
    if (id === undefined) missing.push(fp);
    else out.set(fp, id);
  }
  if (missing.length === 0) return out;

  const found = await rows<{ id: number; fingerprint: string }>(tx, sql`select id, fingerprint from rate_chains where fingerprint = any(${`{${missing.join(',')}}`}::text[])`);
  for (const r of found) {
    cache.set(r.fingerprint, Number(r.id));
    out.set(r.fingerprint, Number(r.id));
  }
  const toCreate = missing.filter((fp) => !out.has(fp)).map((fp) => [fp, wanted.get(fp)!] as const);
  if (toCreate.length === 0) return out;

  // Sheets first (with their rows when new), then the chains naming them.
  const newSheets = new Map<string, Sheet>();
  for (const [, c] of toCreate) for (const s of c.sheets) if (s) newSheets.set(s.fingerprint, s);
  const sheetList = [...newSheets.values()];
  await tx.execute(
    sql`with s as (
          insert into rate_sheets (package_id, fingerprint, ibox_rounding)
          select x.package_id, x.fingerprint, x.ibox_rounding
          from jsonb_to_recordset(${JSON.stringify(sheetList.map((s) => ({ package_id: s.packageId, fingerprint: s.fingerprint, ibox_rounding: s.iboxRounding })))}::jsonb)
               as x(package_id int, fingerprint text, ibox_rounding text)
          order by x.fingerprint
          on conflict (fingerprint) do nothing
          returning id, fingerprint
        )
        insert into rate_sheet_rows (sheet_id, code, pool_id, commission_bp, first, second, third, fourth, fifth, sixth, starter, consolation)
        select s.id, r.code, r.pool_id, r.commission_bp, r.first, r.second, r.third, r.fourth, r.fifth, r.sixth, r.starter, r.consolation
        from s join jsonb_to_recordset(${JSON.stringify(sheetList.flatMap((sh) => sh.rows.map((r) => ({ fp: sh.fingerprint, code: r.code, pool_id: r.poolId, commission_bp: r.commissionBp, first: r.first, second: r.second, third: r.third, fourth: r.fourth, fifth: r.fifth, sixth: r.sixth, starter: r.starter, consolation: r.consolation }))))}::jsonb)
             as r(fp text, code text, pool_id smallint, commission_bp int, first bigint, second bigint, third bigint, fourth bigint, fifth bigint, sixth bigint, starter bigint, consolation bigint)
          on r.fp = s.fingerprint`,
  );
  const created = await rows<{ id: number; fingerprint: string }>(
    tx,
    sql`with sh as (select id, fingerprint from rate_sheets where fingerprint = any(${`{${sheetList.map((s) => s.fingerprint).join(',') || ''}}`}::text[])),
        c as (
          select x.fingerprint, x.package_type, x.user_ids,
                 array(select coalesce(sh.id, 0) from unnest(x.sheet_fps) with ordinality as f(fp, n) left join sh on sh.fingerprint = f.fp order by f.n) as sheet_ids
          from jsonb_to_recordset(${JSON.stringify(toCreate.map(([fp, c]) => ({ fingerprint: fp, package_type: c.packageType, user_ids: c.userIds, sheet_fps: c.sheets.map((s) => s?.fingerprint ?? '') })))}::jsonb)
               as x(fingerprint text, package_type smallint, user_ids int[], sheet_fps text[])
        )
        insert into rate_chains (fingerprint, package_type, user_ids, sheet_ids)
        select fingerprint, package_type, user_ids, sheet_ids from c order by fingerprint
        on conflict (fingerprint) do update set fingerprint = excluded.fingerprint
        returning id, fingerprint`,
  );
  for (const r of created) out.set(r.fingerprint, Number(r.id));
  if (out.size !== wanted.size) throw new Error('a rate chain was not created');
  return out;
}
