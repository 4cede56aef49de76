import { useEffect, useState } from 'react';
import type { LoginUser } from '@app/contract';
import type { ApiResult } from '../api/client';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { HTML_LANG, i18n } from '../i18n';
import { ANTD_LOCALES, applyDayjsLocale } from '../i18n/locales';
import { useLanguage } from '../i18n/useLanguage';
import { AppStateProvider } from '../state/AppStateContext';
import { AuthProvider } from '../state/AuthContext';
import { SecondaryProvider } from '../state/SecondaryContext';
import { AlertHost } from '../ui/AlertHost';
import { BusyIndicator } from '../ui/BusyIndicator';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { SecondaryPasswordModal } from '../features/auth/SecondaryPasswordModal';
import { ApiBridge } from './ApiBridge';
import { AppRouter } from './AppRouter';
export { firstScreenLoaded } from './AppRouter';
import { prefersReducedMotion, reducedMotionTheme, theme } from './theme';

function Localized({ children }: { children: React.ReactNode }) {
  const { language } = useLanguage();
  const [reducedMotion] = useState(prefersReducedMotion);
  useEffect(() => {
    applyDayjsLocale(language);
    document.documentElement.lang = HTML_LANG[language];
  }, [language]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={reducedMotion ? reducedMotionTheme : theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/**
 * `loggedIn`: a login made on this page before the app loaded (main.tsx, FirstLogin); `session`: the
 * session check the page started before the app loaded (main.tsx), so it runs beside the app's code.
 */
export function App({ loggedIn, session }: { loggedIn?: LoginUser; session?: Promise<ApiResult<LoginUser>> } = {}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <Localized>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AppStateProvider>
              <SecondaryProvider>
                <AuthProvider onLoggedOut={() => queryClient.clear()} loggedIn={loggedIn} session={session}>
                  <ApiBridge />
                  <BrowserRouter>
                    <AppRouter />
                  </BrowserRouter>
                  <SecondaryPasswordModal />
                  <AlertHost />
                  <BusyIndicator />
                </AuthProvider>
              </SecondaryProvider>
            </AppStateProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </Localized>
    </I18nextProvider>
  );
}
