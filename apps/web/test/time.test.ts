import { afterEach, describe, expect, it } from 'vitest';
import { formatInstant, setBusinessTimeZone } from '../src/ui/time';

describe('formatInstant', () => {
  afterEach(() => setBusinessTimeZone(null));

  it('shows an instant in the business time zone, whatever the browser zone', () => {
    setBusinessTimeZone('Asia/Kuala_Lumpur');
    expect(formatInstant('2026-11-22T16:30:05Z')).toBe('2026-11-23 00:30');
    expect(formatInstant('2026-11-22T16:30:05Z', true)).toBe('2026-11-23 00:30:05');
    setBusinessTimeZone('America/New_York');
    expect(formatInstant('2026-07-01T03:00:00Z')).toBe('2026-06-30 23:00');
  });

  it('shows a dash for a missing instant', () => {
    expect(formatInstant(null)).toBe('-');
    expect(formatInstant(undefined, true)).toBe('-');
    expect(formatInstant('')).toBe('-');
  });
});
