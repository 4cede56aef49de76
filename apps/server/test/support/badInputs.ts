// Bad values for every field of a route's declared input schemas (zod), derived from the schemas
// themselves: a route added later is covered without anyone listing its fields.
import { amountCents, cents, INT4_MAX, isoDate, MAX_AMOUNT_CENTS } from '@app/contract';
import type { z } from 'zod';

export type Path = (string | number)[];

export interface Leaf {
  path: Path;
  /** The smallest request body holding `value` at this field. */
  build: (value: unknown) => unknown;
  kind: 'string' | 'number' | 'date';
  /** The shared money schema (cents, a bigint column): the one kind of number allowed above int4. */
  money?: boolean;
  /** Sent as text (a query string, or a coerced number). */
  coerce: boolean;
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  /** The path of the innermost union around the leaf: zod names the union when no option fits. */
  unionPath?: Path;
}

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const NO_LEAVES = new Set(['literal', 'enum', 'boolean', 'transform', 'null', 'undefined', 'any', 'unknown', 'never']);

type Build = (value: unknown) => unknown;
const itself: Build = (v) => v;

/** Every string and number the schema accepts, with its path, its declared bounds and how to send it. */
export function leavesOf(schema: unknown, path: Path = [], build: Build = itself, unionPath?: Path): Leaf[] {
  if (schema === undefined) return [];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return leavesOf(def.innerType, path, build, unionPath);
  if (NO_LEAVES.has(def.type)) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => leavesOf(v, [...path, k], (x) => build({ [k]: x }), unionPath));
    case 'array':
      return leavesOf(def.element, [...path, 0], (x) => build([x]), unionPath);
    case 'tuple': {
      // Every item gets the value: a tuple of the wrong length would be refused for its length alone.
      const items = def.items as unknown[];
      return items.flatMap((item, i) => leavesOf(item, [...path, i], (x) => build(items.map(() => x)), unionPath));
    }
    case 'record': {
      const keys = (defOf(def.keyType).entries ?? {}) as Record<string, string>;
      const key = Object.values(keys)[0] ?? 'key';
      return leavesOf(def.valueType, [...path, key], (x) => build({ [key]: x }), unionPath);
    }
    case 'pipe': // z.preprocess(fn, schema) is pipe(transform, schema); a transform has no bounds of its own
      return [...leavesOf(def.in, path, build, unionPath), ...leavesOf(def.out, path, build, unionPath)];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => leavesOf(o, path, build, path));
    case 'string': {
      const s = schema as z.ZodString;
      return [{ path, build, kind: schema === isoDate ? 'date' : 'string', coerce: !!def.coerce, minLength: s.minLength, maxLength: s.maxLength, unionPath }];
    }
    case 'number': {
      const n = schema as z.ZodNumber;
      return [{ path, build, kind: 'number', money: schema === cents || schema === amountCents, coerce: !!def.coerce, minValue: n.minValue, maxValue: n.maxValue, unionPath }];
    }
    default:
      throw new Error(`badInputs: no rule for zod type "${def.type}" at ${path.join('.') || '(root)'}: teach leavesOf about it`);
  }
}

/** What is wrong with a field's declared bounds (a string without a length bound, a number without range). */
export function missingBounds(leaf: Leaf): string | null {
  if (leaf.kind === 'number') {
    // z.number().int() alone stops at 2^53. Only money (the shared `cents`) ends in a bigint column.
    const max = leaf.money ? MAX_AMOUNT_CENTS : INT4_MAX;
    if (leaf.maxValue == null || leaf.maxValue > max) return `number without a maximum (at most ${max}; money uses the shared cents schema)`;
    if (leaf.minValue == null || leaf.minValue < -max) return 'number without a minimum';
    return null;
  }
  if (leaf.maxLength == null) return 'text without a maximum length';
  return null;
}

/** The bad values to send for a field: each must be refused with a 400 naming it. */
export function badValues(leaf: Leaf): { label: string; value: string | number }[] {
  const out: { label: string; value: string | number }[] = [];
  if (leaf.kind === 'number') {
    if (leaf.maxValue != null && Number.isFinite(leaf.maxValue)) out.push({ label: 'above its maximum', value: leaf.maxValue + 1 });
    if (leaf.minValue != null && Number.isFinite(leaf.minValue)) out.push({ label: 'below its minimum', value: leaf.minValue - 1 });
    // What the report sent to ids: more than an int4 column holds.
    if (!leaf.money) out.push({ label: 'above int4', value: INT4_MAX + 1 }, { label: 'far above int4', value: 1e15 });
    out.push({ label: 'not a number', value: 'NaN' });
    return leaf.coerce ? out.map((v) => ({ ...v, value: String(v.value) })) : out.filter((v) => typeof v.value === 'number');
  }
  if (leaf.kind === 'date') out.push({ label: 'a date that does not exist', value: '2026-02-30' }, { label: 'year 0', value: '0000-01-01' });
  // Long enough for its minimum length, so that the NUL is what is refused.
  const length = Math.max(leaf.minLength ?? 1, 2);
  out.push({ label: 'a NUL byte', value: `${'1'.repeat(length - 1)}\u0000` });
  return out;
}

/** The field names a 400 may use for this field: its own path, or its union's when no option fits. */
export function acceptableNames(leaf: Leaf): string[] {
  const names = [leaf.path.join('.')];
  if (leaf.unionPath) names.push(leaf.unionPath.join('.'));
  return names;
}
