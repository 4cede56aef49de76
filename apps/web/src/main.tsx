import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoginUser } from '@app/contract';
import type { ApiResult } from './api/client';
import { isLoggedIn } from './api/account';
import { startEarlyLoad } from './app/earlyReads';
import { isPopup } from './app/popup';
import { FirstLogin } from './features/auth/FirstLogin';
import { i18n, loadLanguage, storedLanguage } from './i18n';
import './styles.css';

const LOGIN_PATH = '/login';
const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app/App');
const preloadApp = () => void loadApp().catch(() => {});
const preloadShell = () => void import('./features/shell/AppLayout').catch(() => {});

async function startApp(start: { loggedIn?: LoginUser; session?: Promise<ApiResult<LoginUser>> }) {
  const { App, firstScreenLoaded } = await loadApp();
  await firstScreenLoaded();
  root.render(
    <StrictMode>
      <App {...start} />
    </StrictMode>,
  );
}

// The session check starts at once, beside the reader's catalogue and, but on the login page, the app's
// code, the shell's and the screen's, and the screen's first reads (a page load, a popup such as Edit
// Fight Limit: issue 28 line 10).
const onLoginPage = window.location.pathname === LOGIN_PATH;
const session = isLoggedIn();
if (!onLoginPage) {
  preloadApp();
  if (!isPopup(window.location.search)) preloadShell();
  startEarlyLoad(window.location);
}

// The reader's catalogue before the first render, so no screen flashes in English first.
await loadLanguage(storedLanguage()).catch(() => {});
await i18n.changeLanguage(storedLanguage());

if (onLoginPage && !(await session).success) {
  // No session: the login form shows before the app has loaded (issue 28 line 10); the app loads behind
  // it, so the screen after the login opens at once.
  root.render(
    <StrictMode>
      <FirstLogin
        onLoggedIn={(user) => {
          // A new visit of the login page starts at the main route: a page asked for before the login was
          // routed by the app itself (its login route returns there); a state left by a logout is not one.
          window.history.replaceState(null, '', '/');
          void startApp({ loggedIn: user });
        }}
        onShown={preloadApp}
      />
    </StrictMode>,
  );
} else {
  await startApp({ session });
}
