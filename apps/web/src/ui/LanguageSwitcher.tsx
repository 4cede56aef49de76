import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/domain';
import { useLanguage } from '../i18n/useLanguage';

/**
 * English, 中文 and Bahasa Melayu; the choice is kept in local storage 'language'. The selected button
 * changes at once (no colour transition), so the old choice never looks selected after a switch.
 *
 * Native radio buttons styled as a button group, not antd's Radio: the login form shows it before antd
 * has loaded (issue 28 line 10), and one switcher serves the login form, the terms and the header.
 */
// On a phone's header (issue 28 line 8) each language by its short name in its own tongue; the full name
// stays its accessible name.
const SHORT: Record<string, string> = { en: 'EN', cn: '中', bm: 'BM' };

export function LanguageSwitcher({ size = 'small', compact = false }: { size?: 'small' | 'middle'; compact?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const name = useId();
  return (
    <div role="radiogroup" data-testid="language-switcher" className={`language-switcher language-switcher-${size}`} aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <label key={l} className={l === language ? 'language-option language-option-checked' : 'language-option'}>
          <input
            type="radio"
            name={name}
            value={l}
            checked={l === language}
            onChange={() => setLanguage(l)}
            data-testid={`language-${l}`}
            aria-label={compact ? t(`language.${l}`) : undefined}
          />
          <span>{compact ? SHORT[l] : t(`language.${l}`)}</span>
        </label>
      ))}
    </div>
  );
}
