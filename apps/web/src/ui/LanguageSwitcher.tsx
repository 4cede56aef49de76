import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/domain';
import { useLanguage } from '../i18n/useLanguage';

/**
 * English, 中文 and Bahasa Melayu; the choice is kept in local storage 'language'. The selected button
 * changes at once (no colour transition), so the old choice never looks selected after a switch.
 */
// On a phone's header (issue 28 line 8) each language by its short name in its own tongue; the full name
// stays its accessible name.
const SHORT: Record<string, string> = { en: 'EN', cn: '中', bm: 'BM' };

export function LanguageSwitcher({ size = 'small', compact = false }: { size?: 'small' | 'middle'; compact?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Radio.Group
      data-testid="language-switcher"
      className="language-switcher"
      aria-label={t('language.label')}
      optionType="button"
      buttonStyle="solid"
      size={size}
      value={language}
      onChange={(e) => setLanguage(e.target.value)}
    >
      {LANGUAGES.map((l) => (
        <Radio.Button key={l} value={l} data-testid={`language-${l}`} aria-label={compact ? t(`language.${l}`) : undefined}>
          {compact ? SHORT[l] : t(`language.${l}`)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
