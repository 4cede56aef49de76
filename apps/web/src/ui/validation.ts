import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FormRule } from 'antd';
import { NUMERIC_CLAMP, validateField, type FieldRule } from '@app/domain';

// SPEC 5 validation for antd forms: packages/domain decides, the message is the translated
// VALIDATION_MESSAGES key. Every form builds its rules here.

/** antd rules for one field: the required rule (for the asterisk) and one validator for the rest. */
export function toFormRules(rule: FieldRule, t: TFunction): FormRule[] {
  const rules: FormRule[] = [];
  if (rule.required) rules.push({ required: true, message: t('validation.required') });
  const rest: FieldRule = { ...rule, required: false };
  rules.push({
    validator: (_r, value: unknown) => {
      const key = validateField(value, rest);
      return key ? Promise.reject(new Error(t(`validation.${key}`))) : Promise.resolve();
    },
  });
  return rules;
}

/** Hook form: `const rules = useFieldRules(); <Form.Item rules={rules({ required: true })}>`. */
export function useFieldRules(): (rule: FieldRule) => FormRule[] {
  const { t } = useTranslation();
  return useCallback((rule: FieldRule) => toFormRules(rule, t), [t]);
}

/** A 400's `data` (field -> validation or catalogue key) as antd `setFields` entries. */
export function fieldErrorsToFields(
  data: unknown,
  t: TFunction,
): { name: string; errors: string[] }[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, key]) => ({
      name,
      errors: [t([`validation.${key}`, `messages.${key}`, 'validation.pattern'])],
    }));
}

export interface NumericOptions {
  min?: number;
  max?: number;
  /** Decimal places allowed; 0 means whole numbers only. */
  decimals?: number;
}

/**
 * The numeric clamp of SPEC 5 while typing: non-numeric characters are stripped and the value is held
 * within min..max (0..99999999 by default). Returns the text to show and its number (undefined if empty).
 */
export function sanitizeNumeric(text: string, options: NumericOptions = {}): { text: string; value: number | undefined } {
  const min = options.min ?? NUMERIC_CLAMP.min;
  const max = options.max ?? NUMERIC_CLAMP.max;
  const decimals = options.decimals ?? 0;
  let s = String(text ?? '').replace(decimals > 0 ? /[^\d.]/g : /\D/g, '');
  if (decimals > 0) {
    const dot = s.indexOf('.');
    if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '').slice(0, decimals);
    if (s.startsWith('.')) s = `0${s}`;
  }
  if (s === '') return { text: '', value: undefined };
  // Drop leading zeros ("007" -> "7") but keep "0" and "0.5".
  s = s.replace(/^0+(?=\d)/, '');
  const n = Number(s.endsWith('.') ? s.slice(0, -1) : s);
  if (n > max) return { text: String(max), value: max };
  if (n < min) return { text: String(min), value: min };
  return { text: s, value: n };
}
