import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { i18n } from '../src/i18n';
import { useCalendarWords } from '../src/features/admin/pools';

// Issue 28 line 10 (Draw Date): the calendar's month and weekday names come from Intl formatters that take
// milliseconds each to build; the twelve months and the four dialogs of the page share one set per
// language instead of building three formatters each.

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('calendar words', () => {
  it('are one set per language, shared by every component that asks', () => {
    const first = renderHook(() => useCalendarWords()).result.current;
    const second = renderHook(() => useCalendarWords()).result.current;
    expect(second).toBe(first);
    expect(first.month(2026, 12)).toBe('December 2026');
    expect(first.weekday(0)).toBe('Sun');
  });

  it('follow the interface language', async () => {
    const en = renderHook(() => useCalendarWords()).result.current;
    await act(() => i18n.changeLanguage('cn'));
    const cn = renderHook(() => useCalendarWords()).result.current;
    expect(cn).not.toBe(en);
    expect(cn.month(2026, 12)).toBe('2026年12月');
    expect(renderHook(() => useCalendarWords()).result.current).toBe(cn);
  });
});
