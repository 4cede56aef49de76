import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { i18n } from '../src/i18n';
import { fieldErrorsToFields, sanitizeNumeric, toFormRules } from '../src/ui/validation';

const t = i18n.getFixedT('en');
const tCn = i18n.getFixedT('cn');

async function run(rules: ReturnType<typeof toFormRules>, value: unknown): Promise<string | null> {
  for (const r of rules as RuleObject[]) {
    if (r.required && (value === undefined || value === null || String(value).trim() === '')) return String(r.message);
    if (r.validator) {
      try {
        await r.validator(r, value, () => {});
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

describe('toFormRules (SPEC 5)', () => {
  it('required uses the translated message and marks the field', async () => {
    const rules = toFormRules({ required: true }, t);
    expect((rules[0] as RuleObject).required).toBe(true);
    expect(await run(rules, '')).toBe('This field is required.');
    expect(await run(toFormRules({ required: true }, tCn), '')).toBe('此字段为必填项。');
    expect(await run(rules, 'x')).toBeNull();
  });

  it('length, pattern and range map to VALIDATION_MESSAGES', async () => {
    expect(await run(toFormRules({ minLength: 8 }, t), 'short')).toBe('This field minimum length not met.');
    expect(await run(toFormRules({ maxLength: 3 }, t), 'long')).toBe('This field maximum length exceeded.');
    expect(await run(toFormRules({ pattern: 'email' }, t), 'nope')).toBe('Input value is invalid in format.');
    expect(await run(toFormRules({ pattern: 'digitsOnly' }, t), '12a')).toBe('This field accepts only digit number.');
    expect(await run(toFormRules({ max: 10 }, t), '11')).toBe('Input value has exceeded the maximum amount.');
    expect(await run(toFormRules({ min: 1 }, t), '0')).toBe('Input value must not less than the minimum amount.');
    expect(await run(toFormRules({ pattern: 'mobilePhone' }, t), '+60123456789')).toBeNull();
  });

  it('an empty optional field passes', async () => {
    expect(await run(toFormRules({ minLength: 8, pattern: 'email' }, t), '')).toBeNull();
  });

  it('turns a 400 field error map into form fields', () => {
    expect(fieldErrorsToFields({ name: 'required', x: 1 }, t)).toEqual([
      { name: 'name', errors: ['This field is required.'] },
    ]);
    expect(fieldErrorsToFields({ name: 'DUPLICATE_NAME' }, t)[0]!.errors[0]).toBe('This name is already in use.');
    expect(fieldErrorsToFields(null, t)).toEqual([]);
  });
});

describe('numeric clamp (SPEC 5)', () => {
  it('strips non-numeric characters', () => {
    expect(sanitizeNumeric('1a2b3')).toEqual({ text: '123', value: 123 });
    expect(sanitizeNumeric('-45')).toEqual({ text: '45', value: 45 });
    expect(sanitizeNumeric('abc')).toEqual({ text: '', value: undefined });
    expect(sanitizeNumeric('007')).toEqual({ text: '7', value: 7 });
  });
  it('clamps to 0..99999999 by default and to given bounds', () => {
    expect(sanitizeNumeric('123456789')).toEqual({ text: '99999999', value: 99999999 });
    expect(sanitizeNumeric('150', { max: 100 })).toEqual({ text: '100', value: 100 });
    expect(sanitizeNumeric('5', { min: 10 })).toEqual({ text: '10', value: 10 });
  });
  it('keeps one decimal point and limits the decimals when allowed', () => {
    expect(sanitizeNumeric('1.2.3', { decimals: 2 })).toEqual({ text: '1.23', value: 1.23 });
    expect(sanitizeNumeric('1.239', { decimals: 2 })).toEqual({ text: '1.23', value: 1.23 });
    expect(sanitizeNumeric('12.', { decimals: 2 })).toEqual({ text: '12.', value: 12 });
    expect(sanitizeNumeric('.5', { decimals: 2 })).toEqual({ text: '0.5', value: 0.5 });
    expect(sanitizeNumeric('1.5')).toEqual({ text: '15', value: 15 });
  });
});
