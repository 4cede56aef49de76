import type { LoginUser } from '@app/contract';

// The login state machine of SPEC 4 as pure transitions. Storage side effects live in authStorage.ts.

export interface AuthState {
  userData: LoginUser | null;
  pendingTNC: boolean;
  isLoggedIn: boolean;
  loginMessage: string;
  loginStateInitialized: boolean;
  isForbidden: boolean;
  creditLimit: number;
}

export type AuthAction =
  /** Answer of IsLoggedIn at startup; `pendingTNC` is what storage remembers for this browser. */
  | { type: 'initialized'; user: LoginUser | null; pendingTNC: boolean }
  | { type: 'loginSucceeded'; user: LoginUser }
  | { type: 'loginFailed'; message: string }
  | { type: 'loggedOut' }
  | { type: 'pendingTNCSet' }
  | { type: 'pendingTNCCleared' }
  | { type: 'forbiddenSet'; value: boolean }
  | { type: 'creditLimitSet'; value: number };

export const initialAuthState: AuthState = {
  userData: null,
  pendingTNC: false,
  isLoggedIn: false,
  loginMessage: '',
  loginStateInitialized: false,
  isForbidden: false,
  creditLimit: 0,
};

const loggedOut = (state: AuthState): AuthState => ({
  ...state,
  userData: null,
  isLoggedIn: false,
  pendingTNC: false,
  isForbidden: false,
  creditLimit: 0,
  loginStateInitialized: true,
});

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'initialized':
      if (!action.user) return { ...loggedOut(state), loginMessage: '' };
      return {
        ...state,
        userData: action.user,
        isLoggedIn: true,
        pendingTNC: action.pendingTNC && !action.user.skipTNC,
        loginStateInitialized: true,
      };
    case 'loginSucceeded':
      return {
        ...state,
        userData: action.user,
        isLoggedIn: true,
        loginMessage: '',
        pendingTNC: !action.user.skipTNC,
        isForbidden: false,
        loginStateInitialized: true,
      };
    case 'loginFailed':
      return { ...loggedOut(state), loginMessage: action.message };
    case 'loggedOut':
      return loggedOut(state);
    case 'pendingTNCSet':
      return { ...state, pendingTNC: true };
    case 'pendingTNCCleared':
      return { ...state, pendingTNC: false };
    case 'forbiddenSet':
      return { ...state, isForbidden: action.value };
    case 'creditLimitSet':
      return { ...state, creditLimit: action.value };
  }
}
