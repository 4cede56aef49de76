import { useEffect, useState } from 'react';
import { sanitizeNumeric, type NumericOptions } from './validation';

/**
 * The text of a numeric input (SPEC 5's clamp while typing) that follows its value from outside (a form
 * reset, a load) without fighting the user's partial input ("12."). Shared by the antd NumericInput and
 * the plain one of screens that render without antd.
 */
export function useNumericText(value: number | string | null | undefined, onChange: ((value: number | undefined) => void) | undefined, options: NumericOptions) {
  const { min, max, decimals } = options;
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : String(value)));

  useEffect(() => {
    const outside = value === undefined || value === null || value === '' ? undefined : Number(value);
    setText((current) => {
      const mine = sanitizeNumeric(current, { min, max, decimals }).value;
      return mine === outside ? current : outside === undefined ? '' : String(outside);
    });
  }, [value, min, max, decimals]);

  return {
    text,
    inputMode: decimals ? ('decimal' as const) : ('numeric' as const),
    onTextChange: (typed: string) => {
      const next = sanitizeNumeric(typed, { min, max, decimals });
      setText(next.text);
      onChange?.(next.value);
    },
  };
}
