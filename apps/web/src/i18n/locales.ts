import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import msMY from 'antd/locale/ms_MY';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ms-my';
import type { Language } from '@app/domain';

// The antd and dayjs locales that follow the interface language.

export const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = { en: enUS, cn: zhCN, bm: msMY };
export const DAYJS_LOCALES: Record<Language, string> = { en: 'en', cn: 'zh-cn', bm: 'ms-my' };

export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
