import { DEFAULT_BUSY_MESSAGE } from '@app/domain';

// App state of SPEC 3: busy counter and its message, the current alert, the last api call result.

export type AlertType = 'error' | 'success' | 'info' | 'warning' | 'confirm';

export interface AlertSpec {
  type: AlertType;
  /** Already translated text. */
  message: string;
  title?: string;
  onOk?: () => void;
  onCancel?: () => void;
}

export interface AppState {
  busyCount: number;
  /** Busy message; empty means the default 'Loading...' (translated by the indicator). */
  message: string;
  alert: AlertSpec | null;
  iconEnabled: boolean;
  lastApiResult: { success: boolean; url: string } | null;
}

export type AppAction =
  | { type: 'busyStarted'; message?: string }
  | { type: 'busyEnded' }
  | { type: 'alertShown'; alert: AlertSpec }
  | { type: 'alertClosed' }
  | { type: 'apiResult'; success: boolean; url: string }
  | { type: 'iconEnabledSet'; value: boolean };

export const initialAppState: AppState = {
  busyCount: 0,
  message: '',
  alert: null,
  iconEnabled: true,
  lastApiResult: null,
};

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'busyStarted':
      return { ...state, busyCount: state.busyCount + 1, message: action.message ?? state.message };
    case 'busyEnded': {
      const busyCount = Math.max(0, state.busyCount - 1);
      return { ...state, busyCount, message: busyCount === 0 ? '' : state.message };
    }
    case 'alertShown':
      return { ...state, alert: action.alert };
    case 'alertClosed':
      return { ...state, alert: null };
    case 'apiResult':
      return { ...state, lastApiResult: { success: action.success, url: action.url } };
    case 'iconEnabledSet':
      return { ...state, iconEnabled: action.value };
  }
}

/** The busy indicator shows while calls are in flight and until the login state is known. */
export function isBusyVisible(busyCount: number, loginStateInitialized: boolean): boolean {
  return busyCount > 0 || !loginStateInitialized;
}

export { DEFAULT_BUSY_MESSAGE };
