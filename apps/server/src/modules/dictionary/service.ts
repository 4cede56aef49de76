// The number dictionary (/number-meaning): 4D numbers and the words they stand for, from the dataset
// the project ships (data/numberMeanings.json, the project's own compilation). Loaded once at start
// into memory, indexed by number and by digit set; it is small (a few hundred entries) and read-only.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const entrySchema = z.object({
  number: z.string().regex(/^\d{4}$/),
  en: z.string().min(1),
  zh: z.string().min(1),
  category: z.string().min(1),
});
const datasetSchema = z.object({ name: z.string(), source: z.string(), version: z.number().int(), entries: z.array(entrySchema).min(1) });
export type Meaning = z.infer<typeof entrySchema>;
export type Match = 'exact' | 'permutation' | 'partial' | 'keyword';

export interface Dictionary {
  source: string;
  entries: Meaning[];
  byNumber: Map<string, Meaning[]>;
  byDigits: Map<string, Meaning[]>;
}

const DATASET = path.join(import.meta.dirname, 'data', 'numberMeanings.json');
const digitKey = (n: string) => [...n].sort().join('');

let loaded: Dictionary | undefined;

/** Reads and checks the dataset (once); a broken dataset stops the server at start, not at the first look-up. */
export function loadDictionary(file = DATASET): Dictionary {
  if (loaded && file === DATASET) return loaded;
  const data = datasetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const byNumber = new Map<string, Meaning[]>();
  const byDigits = new Map<string, Meaning[]>();
  for (const e of data.entries) {
    byNumber.set(e.number, [...(byNumber.get(e.number) ?? []), e]);
    const k = digitKey(e.number);
    byDigits.set(k, [...(byDigits.get(k) ?? []), e]);
  }
  const dict = { source: data.source, entries: data.entries, byNumber, byDigits };
  if (file === DATASET) loaded = dict;
  return dict;
}

/**
 * Configuration/GetTipSourceByKeyword. Digits: the meanings of that number, then (4 digits) those of its
 * permutations, or (1 to 3 digits) of the numbers starting or ending with them. Anything else: the
 * entries whose English or Chinese contains it, whole-word matches first.
 */
export function lookUp(dict: Dictionary, keyword: string, limit: number) {
  const k = keyword.trim();
  const found: (Meaning & { match: Match })[] = [];
  if (/^\d{1,4}$/.test(k)) {
    if (k.length === 4) {
      for (const e of dict.byNumber.get(k) ?? []) found.push({ ...e, match: 'exact' });
      for (const e of dict.byDigits.get(digitKey(k)) ?? []) if (e.number !== k) found.push({ ...e, match: 'permutation' });
    } else {
      for (const e of dict.entries) if (e.number.startsWith(k) || e.number.endsWith(k)) found.push({ ...e, match: 'partial' });
    }
  } else {
    const needle = k.toLowerCase();
    const words = (s: string) => s.toLowerCase().split(/[^a-z0-9\u4e00-\u9fff]+/);
    for (const e of dict.entries) {
      const en = e.en.toLowerCase();
      if (!en.includes(needle) && !e.zh.includes(k)) continue;
      const whole = e.zh === k || en === needle || words(e.en).includes(needle);
      found.push({ ...e, match: whole ? 'exact' : 'keyword' });
    }
    found.sort((a, b) => (a.match === b.match ? 0 : a.match === 'exact' ? -1 : 1));
  }
  return { total: found.length, items: found.slice(0, limit), source: dict.source };
}
