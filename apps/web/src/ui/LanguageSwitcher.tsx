import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/domain';
import { useLanguage } from '../i18n/useLanguage';

/**
 * English, 中文 and Bahasa Melayu; the choice is kept in local storage 'language'. The selected button
 * changes at once (no colour transition), so the old choice never looks selected after a switch.
 */
export function LanguageSwitcher({ size = 'small' }: { size?: 'small' | 'middle' }) {
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
        <Radio.Button key={l} value={l} data-testid={`language-${l}`}>
          {t(`language.${l}`)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
