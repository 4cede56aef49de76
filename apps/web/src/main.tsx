import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoginUser } from '@app/contract';
import { isLoggedIn } from './api/account';
import { FirstLogin } from './features/auth/FirstLogin';
import { i18n, loadLanguage, storedLanguage } from './i18n';
import './styles.css';

const LOGIN_PATH = '/login';
const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app/App');

async function startApp(loggedIn?: LoginUser) {
  const { App } = await loadApp();
  root.render(
    <StrictMode>
      <App loggedIn={loggedIn} />
    </StrictMode>,
  );
}

// A fresh load of the login page asks for the session at once, beside the reader's catalogue.
const session = window.location.pathname === LOGIN_PATH ? isLoggedIn() : null;

// The reader's catalogue before the first render, so no screen flashes in English first.
await loadLanguage(storedLanguage()).catch(() => {});
await i18n.changeLanguage(storedLanguage());

if (session && !(await session).success) {
  // No session: the login form shows before the app has loaded (issue 28 line 10); the app loads behind
  // it, so the screen after the login opens at once.
  root.render(
    <StrictMode>
      <FirstLogin
        onLoggedIn={(user) => {
          // A new visit of the login page starts at the main route: a page asked for before the login was
          // routed by the app itself (its login route returns there); a state left by a logout is not one.
          window.history.replaceState(null, '', '/');
          void startApp(user);
        }}
      />
    </StrictMode>,
  );
  window.setTimeout(() => void loadApp().catch(() => {}), 0);
} else {
  await startApp();
}
