import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { LOGIN_ID_POLL_MS } from '@app/domain';
import type { LoginUser } from '@app/contract';
import * as accountApi from '../api/account';
import type { ApiResult } from '../api/client';
import { setBusinessTimeZone } from '../ui/time';
import { authReducer, initialAuthState, type AuthState } from './authReducer';
import {
  adoptLoginGuid,
  adoptSession,
  checkLoginGuid,
  clearLogin,
  clearPendingTNC,
  hasPendingTNC,
  persistLogin,
  readLoginGuids,
  setPendingTNC,
} from './authStorage';

// The login state of SPEC 4 as a React context: the pure reducer plus its storage and network effects.

export interface AuthActions {
  login(username: string, password: string): Promise<ApiResult<LoginUser>>;
  /** Ends the session on the server, then locally. */
  logout(): Promise<void>;
  /** Forgets the user locally only (after a 401, or once the server already ended the session). */
  logoutLocally(): void;
  clearPendingTNC(): void;
  /** The server says the terms are not agreed (another browser's flag, storage cleared): show them. */
  requirePendingTNC(): void;
  setForbidden(value: boolean): void;
  setCreditLimit(value: number): void;
}

const StateCtx = createContext<AuthState>(initialAuthState);
const ActionsCtx = createContext<AuthActions | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** Called when the session ends locally (to drop cached queries). */
  onLoggedOut?: () => void;
  /** Poll period of the cross-tab login id check (SPEC 9: 2 seconds). */
  pollMs?: number;
  /** A login this page made before the app loaded (FirstLogin): the state starts from it, as after `login`. */
  loggedIn?: LoginUser;
  /** The startup session check, when the page asked it before the app loaded (main.tsx). */
  session?: Promise<ApiResult<LoginUser>>;
}

export function AuthProvider({ children, onLoggedOut, pollMs = LOGIN_ID_POLL_MS, loggedIn, session }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, loggedIn, (user) =>
    user ? authReducer(initialAuthState, { type: 'loginSucceeded', user }) : initialAuthState,
  );
  // Set while rendering, not in an effect: the screens below format times in this same render.
  setBusinessTimeZone(state.userData?.businessTimeZone ?? null);

  // Startup: ask the server whether this browser already has a session.
  const startedLoggedIn = loggedIn !== undefined;
  useEffect(() => {
    if (startedLoggedIn) return;
    let cancelled = false;
    void (session ?? accountApi.isLoggedIn()).then((r) => {
      if (cancelled) return;
      if (r.success && r.data) {
        adoptSession(r.data);
        dispatch({ type: 'initialized', user: r.data, pendingTNC: hasPendingTNC() });
      } else {
        // No session for this browser: a stored login id is stale; forget it (other tabs follow).
        if (r.status === 200) clearLogin();
        dispatch({ type: 'initialized', user: null, pendingTNC: false });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [startedLoggedIn]);

  // Another tab logged in or out: adopt its login id and reload to the main route.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { browserGuid, tabGuid } = readLoginGuids();
      const check = checkLoginGuid(browserGuid, tabGuid);
      if (check.changed) {
        adoptLoginGuid(check.adopt);
        window.location.assign('/');
      }
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [pollMs]);

  const logoutLocally = useCallback(() => {
    clearLogin();
    dispatch({ type: 'loggedOut' });
    onLoggedOut?.();
  }, [onLoggedOut]);

  const actions = useMemo<AuthActions>(
    () => ({
      async login(username, password) {
        const r = await accountApi.login(username, password);
        if (r.success && r.data) {
          persistLogin(r.data);
          dispatch({ type: 'loginSucceeded', user: r.data });
        } else {
          dispatch({ type: 'loginFailed', message: r.message });
        }
        return r;
      },
      async logout() {
        await accountApi.logout();
        logoutLocally();
      },
      logoutLocally,
      clearPendingTNC() {
        clearPendingTNC();
        dispatch({ type: 'pendingTNCCleared' });
      },
      requirePendingTNC() {
        setPendingTNC();
        dispatch({ type: 'pendingTNCSet' });
      },
      setForbidden: (value) => dispatch({ type: 'forbiddenSet', value }),
      setCreditLimit: (value) => dispatch({ type: 'creditLimitSet', value }),
    }),
    [logoutLocally],
  );

  return (
    <ActionsCtx.Provider value={actions}>
      <StateCtx.Provider value={state}>{children}</StateCtx.Provider>
    </ActionsCtx.Provider>
  );
}

export function useAuth(): AuthState {
  return useContext(StateCtx);
}

export function useAuthActions(): AuthActions {
  const a = useContext(ActionsCtx);
  if (!a) throw new Error('useAuthActions outside AuthProvider');
  return a;
}
