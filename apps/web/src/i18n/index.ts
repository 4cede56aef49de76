import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@app/domain';
import { local, StorageKey } from '../state/storage';
import { en, type Resource } from './en';

// i18next with the three languages of SPEC 1; the code kept in local storage 'language' is en | cn | bm.
// English is built in (the fallback); Chinese and Malay are files of their own, fetched for a reader who
// uses them (main.tsx waits for the stored language before the first render), so a page load parses one
// catalogue, not three (issue 28 line 10).
const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<Resource>> = {
  cn: () => import('./cn').then((m) => m.cn),
  bm: () => import('./bm').then((m) => m.bm),
};

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

export function storedLanguage(): Language {
  const v = local.get(StorageKey.language);
  return isLanguage(v) ? v : 'en';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A catalogue fetched after a switch (loadLanguage) redraws the screens that use it.
  react: { bindI18nStore: 'added' },
});

/** Makes a language's catalogue ready (fetched once); English always is. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await CATALOGUES[language]());
}

/** The HTML lang attribute for each language code. */
export const HTML_LANG: Record<Language, string> = { en: 'en', cn: 'zh-CN', bm: 'ms' };

/** Translates a server message key (catalogue or validation); unknown keys are shown as sent. */
export function translateMessage(t: TFunction, key: string | null | undefined): string {
  if (!key) return t('messages.INTERNAL_SERVER_ERROR');
  if (i18n.exists(`messages.${key}`)) return t(`messages.${key}`);
  if (i18n.exists(`validation.${key}`)) return t(`validation.${key}`);
  return key;
}

export type { Language };
