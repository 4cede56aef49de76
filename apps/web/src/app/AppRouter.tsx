import { Suspense, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Skeleton } from 'antd';
import { allowedRoutes, titleKeyFor } from '../navigation/access';
import { AvailableRoutesContext } from '../navigation/RoutesContext';
import { useAuth } from '../state/AuthContext';
import { useViewport } from '../ui/documentHead';
import { CatchAll, SecondaryGuard, Titled } from './guards';
import { lazyFile } from './lazyFile';
import { PopupLayout } from '../features/shell/PopupLayout';
import { isPopup } from './popup';
import { HOME_PATH, LOGIN_PATH, preloadScreen, ROUTES, TERMS_PATH, type AppRoute } from './routeTable';

// The shell (menu, header, drawer) is a file of its own: the login form does not wait for it (issue 28
// line 10). It is fetched once the browser is idle after the first screen, so that it is there when the
// login succeeds, or at once when a logged-in page needs it first. A popup never shows it (it has no
// links out): its files would only compete with the popup's first render.
const AppLayout = lazyFile(() => import('../features/shell/AppLayout'));
const loadShell = () => void AppLayout.preload().catch(() => {});
const inPopup = isPopup(window.location.search);
const firstNeedsShell = window.location.pathname !== LOGIN_PATH && !inPopup;
if (firstNeedsShell) loadShell();
else if (!inPopup) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(loadShell, { timeout: 2_000 });
  else setTimeout(loadShell, 0);
}
const firstScreen = preloadScreen(window.location.pathname === '/' ? LOGIN_PATH : window.location.pathname);

/**
 * Resolves once the page load's screen (and the shell around it) are there, or could not be fetched: the
 * app's first render then draws them without a fallback, which would hold the screen back for up to
 * 300 ms after its file is there (React's reveal throttle; issue 28 line 10).
 */
export const firstScreenLoaded = () => Promise.all([firstScreen, firstNeedsShell ? AppLayout.preload().catch(() => {}) : null]);

function routeElement(r: AppRoute, roleId?: number) {
  const Page = r.element;
  const page = <Page />;
  return <Titled titleKey={titleKeyFor(r, roleId)}>{r.secondary ? <SecondaryGuard>{page}</SecondaryGuard> : page}</Titled>;
}

/** Builds the router from the route table for the current user (SPEC 2). */
export function AppRouter() {
  const { isLoggedIn, userData, pendingTNC, loginStateInitialized } = useAuth();
  const { pathname, search } = useLocation();
  const popup = isPopup(search);
  useViewport(isLoggedIn);

  const routes = useMemo(() => {
    if (!userData) return [];
    return allowedRoutes(
      ROUTES.filter((r) => r.layout !== 'public'),
      userData,
    );
  }, [userData]);

  // Nothing is routed until the server says whether there is a session (the busy indicator shows).
  if (!loginStateInitialized) return null;
  if (isLoggedIn && pendingTNC && pathname !== TERMS_PATH) return <Navigate to={TERMS_PATH} replace />;

  const publicRoutes = ROUTES.filter((r) => r.layout === 'public');
  const bare = routes.filter((r) => r.layout === 'bare');
  const shell = routes.filter((r) => r.layout === 'shell');

  return (
    <AvailableRoutesContext.Provider value={routes}>
      <Suspense fallback={<Skeleton active style={{ padding: 48 }} />}>
        <Routes>
          {publicRoutes.map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={isLoggedIn && r.path === LOGIN_PATH ? <Navigate to="/" replace /> : routeElement(r)}
            />
          ))}
          {isLoggedIn && bare.map((r) => <Route key={r.path} path={r.path} element={routeElement(r, userData?.userRoleId)} />)}
          {isLoggedIn && (
            <Route element={popup ? <PopupLayout /> : <AppLayout />}>
              {shell.map((r) => (
                <Route key={r.path} path={r.path} element={routeElement(r, userData?.userRoleId)} />
              ))}
            </Route>
          )}
          <Route path="/" element={<Navigate to={isLoggedIn ? HOME_PATH : LOGIN_PATH} replace />} />
          <Route path="*" element={<CatchAll loggedIn={isLoggedIn} />} />
        </Routes>
      </Suspense>
    </AvailableRoutesContext.Provider>
  );
}
