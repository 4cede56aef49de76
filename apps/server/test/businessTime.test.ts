import { describe, expect, it } from 'vitest';
import { businessDateOf, businessMinuteOfDay, formatBusinessDateTime } from '../src/platform/businessTime';

describe('business time', () => {
  const KL = 'Asia/Kuala_Lumpur';
  it('formats an instant in the business zone, to the second, across midnight', () => {
    expect(formatBusinessDateTime(new Date('2026-11-22T15:59:59.999Z'), KL)).toBe('2026-11-22 23:59:59');
    expect(formatBusinessDateTime(new Date('2026-11-22T16:00:00.000Z'), KL)).toBe('2026-11-23 00:00:00');
    expect(businessDateOf(new Date('2026-11-22T15:59:59.999Z'), KL)).toBe('2026-11-22');
    expect(businessDateOf(new Date('2026-11-22T16:00:00.000Z'), KL)).toBe('2026-11-23');
  });

  it('answers the same second again in another zone with that zone', () => {
    const at = new Date('2026-11-22T16:00:00.500Z');
    expect(businessDateOf(at, KL)).toBe('2026-11-23');
    expect(businessDateOf(at, 'UTC')).toBe('2026-11-22');
    expect(businessMinuteOfDay(at, 'UTC')).toBe(16 * 60);
    expect(businessMinuteOfDay(at, KL)).toBe(0);
  });
});
