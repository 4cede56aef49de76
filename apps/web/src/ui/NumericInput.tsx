import { Input, type InputProps } from 'antd';
import type { InputHTMLAttributes } from 'react';
import { useNumericText } from './useNumericText';
import type { NumericOptions } from './validation';

export interface NumericInputProps extends Omit<InputProps, 'value' | 'onChange' | 'min' | 'max'>, NumericOptions {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
}

/** A text input that accepts only numbers clamped to min..max (SPEC 5); works inside antd Form.Item. */
export function NumericInput({ value, onChange, min, max, decimals, ...rest }: NumericInputProps) {
  const { text, inputMode, onTextChange } = useNumericText(value, onChange, { min, max, decimals });
  return <Input inputMode={inputMode} autoComplete="off" {...rest} value={text} onChange={(e) => onTextChange(e.target.value)} />;
}

export interface PlainNumericInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max'>, NumericOptions {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
}

/** NumericInput as a plain input element, for a screen drawn without antd (the fight limit popup's 112 cells). */
export function PlainNumericInput({ value, onChange, min, max, decimals, ...rest }: PlainNumericInputProps) {
  const { text, inputMode, onTextChange } = useNumericText(value, onChange, { min, max, decimals });
  return <input type="text" inputMode={inputMode} autoComplete="off" {...rest} value={text} onChange={(e) => onTextChange(e.target.value)} />;
}
