import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSecondary } from '../state/SecondaryContext';
import { isSecondaryValid, readSecondaryValidUntil } from '../state/secondaryPassword';
import { useDocumentTitle } from '../ui/documentHead';
import { HOME_PATH } from './routeTable';

/** Sets the document title from the route's title key. */
export function Titled({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey), t('app.name'));
  return <>{children}</>;
}

/** Opens its route only once the secondary password is verified; cancel returns to the dashboard. */
export function SecondaryGuard({ children }: { children: ReactNode }) {
  const { request } = useSecondary();
  const [state, setState] = useState<'checking' | 'open' | 'refused'>(() =>
    isSecondaryValid(readSecondaryValidUntil()) ? 'open' : 'checking',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    let active = true;
    void request().then((ok) => {
      if (active) setState(ok ? 'open' : 'refused');
    });
    return () => {
      active = false;
    };
  }, [state, request]);
  if (state === 'refused') return <Navigate to={HOME_PATH} replace />;
  if (state === 'checking') return null;
  return <>{children}</>;
}

/** Unknown (or removed) paths go to the root, which picks dashboard or login. */
export function CatchAll({ loggedIn }: { loggedIn: boolean }) {
  const location = useLocation();
  if (loggedIn) return <Navigate to="/" replace />;
  // Remember where an anonymous visitor wanted to go, so login can return there.
  return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
}
