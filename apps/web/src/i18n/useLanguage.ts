import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isLanguage, loadLanguage, type Language } from './index';
import { local, StorageKey } from '../state/storage';

/** The current language and a setter that persists it (local storage 'language'). */
export function useLanguage(): { language: Language; setLanguage: (l: Language) => void } {
  const { i18n: instance } = useTranslation();
  const language: Language = isLanguage(instance.language) ? instance.language : 'en';
  const setLanguage = useCallback((l: Language) => {
    local.set(StorageKey.language, l);
    // The choice shows at once; its catalogue, when not yet here, follows (the screens draw again when it
    // is added: bindI18nStore in i18n/index.ts).
    void i18n.changeLanguage(l);
    void loadLanguage(l);
  }, []);
  return { language, setLanguage };
}
