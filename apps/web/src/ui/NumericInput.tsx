import { useEffect, useState } from 'react';
import { Input, type InputProps } from 'antd';
import { sanitizeNumeric, type NumericOptions } from './validation';

export interface NumericInputProps extends Omit<InputProps, 'value' | 'onChange' | 'min' | 'max'>, NumericOptions {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
}

/** A text input that accepts only numbers clamped to min..max (SPEC 5); works inside antd Form.Item. */
export function NumericInput({ value, onChange, min, max, decimals, ...rest }: NumericInputProps) {
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : String(value)));

  useEffect(() => {
    // Follow outside changes (form reset, load) without fighting the user's partial input ("12.").
    const outside = value === undefined || value === null || value === '' ? undefined : Number(value);
    setText((current) => {
      const mine = sanitizeNumeric(current, { min, max, decimals }).value;
      return mine === outside ? current : outside === undefined ? '' : String(outside);
    });
  }, [value, min, max, decimals]);

  return (
    <Input
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => {
        const next = sanitizeNumeric(e.target.value, { min, max, decimals });
        setText(next.text);
        onChange?.(next.value);
      }}
    />
  );
}
