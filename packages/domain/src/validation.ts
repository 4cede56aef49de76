// Validation of SPEC section 5, shared by every form (web) and by the server's input schemas.

export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  maxLength: 'This field maximum length exceeded.',
  minLength: 'This field minimum length not met.',
  max: 'Input value has exceeded the maximum amount.',
  min: 'Input value must not less than the minimum amount.',
  pattern: 'Input value is invalid in format.',
  digitsOnly: 'This field accepts only digit number.',
} as const;
export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export const PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** Malaysian-style mobile: optional +6 prefix, 01x, then 7 to 8 digits. */
  mobilePhone: /^(\+6)?01\d\d{7,8}$/,
  positiveInteger: /^[1-9]\d*$/,
  decimal2: /^\d+(\.\d{1,2})?$/,
  digitsOnly: /^\d+$/,
  /** One or two digits with up to two decimals, not zero (e.g. a percentage like 26.5). */
  percentNonZero: /^(?!0+(\.0{1,2})?$)\d{1,2}(\.\d{1,2})?$/,
} as const;
export type PatternName = keyof typeof PATTERNS;

export const NUMERIC_CLAMP = { min: 0, max: 99_999_999 } as const;

/** Strips non-numeric characters (keeping one decimal point) and clamps to [min, max]. */
export function clampNumeric(input: string | number, min: number = NUMERIC_CLAMP.min, max: number = NUMERIC_CLAMP.max): number {
  // A number is clamped as is: String() would turn 1e-7 into "1e-7" and the stripping into 17.
  let n: number;
  if (typeof input === 'number') n = input;
  else {
    let s = String(input ?? '').replace(/[^\d.]/g, '');
    const dot = s.indexOf('.');
    if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '');
    n = s === '' || s === '.' ? 0 : Number(s);
  }
  // Only NaN falls back to min; a digit run too long for a double is Infinity and clamps to max.
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, n));
}

export interface FieldRule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: PatternName;
}

/** Returns the first failing rule's key, or null when the value is valid. Empty optional values pass. */
export function validateField(value: unknown, rule: FieldRule): ValidationKey | null {
  const s = value === null || value === undefined ? '' : String(value);
  if (s.trim() === '') return rule.required ? 'required' : null;
  if (rule.minLength !== undefined && s.length < rule.minLength) return 'minLength';
  if (rule.maxLength !== undefined && s.length > rule.maxLength) return 'maxLength';
  if (rule.pattern) {
    if (!PATTERNS[rule.pattern].test(s)) return rule.pattern === 'digitsOnly' ? 'digitsOnly' : 'pattern';
  }
  if (rule.min !== undefined || rule.max !== undefined) {
    const n = Number(s);
    if (Number.isNaN(n)) return 'pattern';
    if (rule.min !== undefined && n < rule.min) return 'min';
    if (rule.max !== undefined && n > rule.max) return 'max';
  }
  return null;
}

/** Validates a whole record; the result maps field name to error key for each failing field. */
export function validateRecord<T extends Record<string, unknown>>(
  values: T,
  rules: Partial<Record<keyof T, FieldRule>>,
): Partial<Record<keyof T, ValidationKey>> {
  const errors: Partial<Record<keyof T, ValidationKey>> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const err = validateField(values[key], rules[key]!);
    if (err) errors[key] = err;
  }
  return errors;
}
