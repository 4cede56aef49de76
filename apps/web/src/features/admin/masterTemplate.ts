import { SEEDED_POOLS } from '@app/domain';

// Master template items (SPEC 3 kinds: decimal, date string, pool string, operator, box, ibox, PH, draw
// number) and the client's check of a value against its kind, the same rules the server applies.

export const ITEM_KINDS = ['decimal', 'date', 'pool', 'operator', 'box', 'ibox', 'ph', 'drawNumber'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const POOL_LETTERS = SEEDED_POOLS.map((p) => p.letter);
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

function validDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whether a value fits its item kind. */
export function validItemValue(kind: ItemKind, value: string): boolean {
  switch (kind) {
    case 'decimal':
      return DECIMAL.test(value);
    case 'date':
      return validDate(value);
    case 'pool': {
      const letters = [...value];
      return letters.length > 0 && letters.every((l) => POOL_LETTERS.includes(l)) && new Set(letters).size === letters.length;
    }
    case 'operator':
      return value === '*' || value === '/';
    case 'box':
    case 'ibox':
    case 'ph':
      return value === '' || DECIMAL.test(value);
    case 'drawNumber':
      return /^\d{1,6}(\/\d{2,4})?$/.test(value);
  }
}

/** What a kind starts with when an item is added or its kind changes. */
export function defaultValue(kind: ItemKind): string {
  switch (kind) {
    case 'decimal':
      return '0';
    case 'date':
      return '';
    case 'pool':
      return POOL_LETTERS.join('');
    case 'operator':
      return '*';
    case 'drawNumber':
      return '1';
    default:
      return '';
  }
}

/** Operators as shown: × multiply, ÷ divide. */
export const OPERATOR_SIGNS: Record<string, string> = { '*': '×', '/': '÷' };

export interface EditableItem {
  /** Client key for React and validation (items have no id until saved). */
  uid: string;
  categoryId: number;
  kind: ItemKind;
  code: string | null;
  tier: string | null;
  label: string;
  value: string;
}

/** Items whose value does not fit: uid -> 'pattern' (or 'required' for an empty date). */
export function itemErrors(items: readonly EditableItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const i of items) {
    if (!validItemValue(i.kind, i.value)) errors[i.uid] = i.value === '' ? 'required' : 'pattern';
  }
  return errors;
}

/** The body's items (order kept); `items.<i>.value` answers map back by position. */
export function toItemInputs(items: readonly EditableItem[]) {
  return items.map((i) => ({
    categoryId: i.categoryId,
    kind: i.kind,
    code: i.code ? i.code.trim().toUpperCase() : null,
    tier: i.tier || null,
    label: i.label.trim(),
    value: i.value.trim(),
  }));
}

/** A 400's `items.<i>.<field>` names -> item uids. */
export function itemFieldErrors(data: unknown, items: readonly EditableItem[]): { items: Record<string, string>; fields: Record<string, string> } {
  const out: Record<string, string> = {};
  const fields: Record<string, string> = {};
  if (!data || typeof data !== 'object') return { items: out, fields };
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    const m = /^items\.(\d+)/.exec(name);
    const item = m ? items[Number(m[1])] : undefined;
    if (item) out[item.uid] ??= value;
    else fields[name] = value;
  }
  return { items: out, fields };
}
