import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="app-footer" data-testid="footer">
      {t('app.footer', { year: new Date().getFullYear() })}
    </Layout.Footer>
  );
}
