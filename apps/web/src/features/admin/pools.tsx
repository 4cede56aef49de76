import { useMemo } from 'react';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage, type Language } from '../../i18n';

// Pool labels and colours shared by the draw calendar and the cutoff table; calendar words.

export const POOL_COLORS: Record<number, string> = {
  1: '#b8860b',
  2: '#1d39c4',
  3: '#cf1322',
  4: '#08979c',
  5: '#389e0d',
  6: '#722ed1',
  7: '#d46b08',
  8: '#c41d7f',
  9: '#5b8c00',
  10: '#874d00',
};

/** The translated pool name, the server's name as fallback. */
export const poolName = (t: TFunction, poolId: number, fallback?: string) =>
  t(`admin.pools.${poolId}`, { defaultValue: fallback ?? String(poolId) });

export function PoolTag({ poolId, letter, name }: { poolId: number; letter: string; name: string }) {
  return (
    <Tag color={POOL_COLORS[poolId]} style={{ marginInlineEnd: 4 }}>
      {letter} · {name}
    </Tag>
  );
}

function calendarWords(lang: string) {
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
  const month = fmt({ year: 'numeric', month: 'long' });
  const day = fmt({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const short = fmt({ weekday: 'short' });
  // 2023-01-01 was a Sunday: weekday d is 2023-01-0(1+d).
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => short.format(new Date(Date.UTC(2023, 0, 1 + d))));
  return {
    month: (year: number, m: number) => month.format(new Date(Date.UTC(year, m - 1, 1))),
    day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
    weekday: (d: number) => weekdays[d],
  };
}

// Built once per language for the whole app: an Intl.DateTimeFormat takes milliseconds to build, and the
// draw calendar's twelve months and its four dialogs each asked for three (issue 28 line 10: Draw Date).
const wordsByLang = new Map<string, ReturnType<typeof calendarWords>>();

/** Calendar words in the interface language (month and weekday names), for dates as YYYY-MM-DD. */
export function useCalendarWords() {
  const { i18n } = useTranslation();
  const lang = HTML_LANG[(isLanguage(i18n.language) ? i18n.language : 'en') as Language];
  return useMemo(() => {
    let words = wordsByLang.get(lang);
    if (!words) wordsByLang.set(lang, (words = calendarWords(lang)));
    return words;
  }, [lang]);
}
