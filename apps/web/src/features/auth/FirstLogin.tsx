import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { LoginUser } from '@app/contract';
import { login } from '../../api/account';
import { HTML_LANG, i18n, isLanguage } from '../../i18n';
import { persistLogin } from '../../state/authStorage';
import { pageTitle } from '../../ui/documentHead';
import { LoginForm } from './LoginForm';

/**
 * A fresh page load of /login without a session: the login form alone, before the app (antd, the router,
 * every screen) has loaded (issue 28 line 10). A successful login stores what the app's login would
 * (authStorage) and hands the login over to the app, which starts from it as after its own login.
 */
export function FirstLogin({ onLoggedIn, onShown }: { onLoggedIn(user: LoginUser): void; onShown(): void }) {
  // Once the form is painted (not before: the app's code would hold the main thread the form needs).
  useEffect(() => {
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(onShown, 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [onShown]);
  return (
    <I18nextProvider i18n={i18n}>
      <FirstLoginForm onLoggedIn={onLoggedIn} />
    </I18nextProvider>
  );
}

function FirstLoginForm({ onLoggedIn }: { onLoggedIn(user: LoginUser): void }) {
  const { t, i18n: instance } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const language = isLanguage(instance.language) ? instance.language : 'en';
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language];
    document.title = pageTitle(t('routes.login'), t('app.name'));
  }, [language, t]);

  const onLogin = async (username: string, password: string) => {
    const r = await login(username, password);
    if (r.success && r.data) {
      persistLogin(r.data);
      onLoggedIn(r.data);
    } else {
      setMessage(r.message);
    }
  };
  return <LoginForm onLogin={onLogin} message={message} />;
}
