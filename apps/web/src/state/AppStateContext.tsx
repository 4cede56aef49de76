import { createContext, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { appReducer, initialAppState, type AlertSpec, type AppAction, type AppState } from './appReducer';

interface AppActions {
  dispatch: Dispatch<AppAction>;
  showAlert: (alert: AlertSpec) => void;
  closeAlert: () => void;
}

const StateCtx = createContext<AppState>(initialAppState);
const ActionsCtx = createContext<AppActions | null>(null);

export function AppStateProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(appReducer, initialAppState);
  const actions = useMemo<AppActions>(
    () => ({
      dispatch,
      showAlert: (alert) => dispatch({ type: 'alertShown', alert }),
      closeAlert: () => dispatch({ type: 'alertClosed' }),
    }),
    [],
  );
  return (
    <ActionsCtx.Provider value={actions}>
      <StateCtx.Provider value={state}>{children}</StateCtx.Provider>
    </ActionsCtx.Provider>
  );
}

export function useAppState(): AppState {
  return useContext(StateCtx);
}

export function useAppActions(): AppActions {
  const a = useContext(ActionsCtx);
  if (!a) throw new Error('useAppActions outside AppStateProvider');
  return a;
}
