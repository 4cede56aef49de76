import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { isSecondaryValid, readSecondaryValidUntil } from './secondaryPassword';

// The secondary-password prompt is requested from anywhere (protected routes, the api wrapper on
// SECONDARY_PASSWORD_REQUIRED) and answered by the one prompt the app mounts.

interface SecondaryCtx {
  open: boolean;
  /** Resolves true once verified (immediately if still valid), false if the user cancels. */
  request(options?: { force?: boolean }): Promise<boolean>;
  /** Called by the prompt. */
  settle(verified: boolean): void;
}

const Ctx = createContext<SecondaryCtx | null>(null);

export function SecondaryProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((ok: boolean) => void)[]>([]);

  const request = useCallback((options?: { force?: boolean }) => {
    if (!options?.force && isSecondaryValid(readSecondaryValidUntil())) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      waiting.current.push(resolve);
      setOpen(true);
    });
  }, []);

  const settle = useCallback((verified: boolean) => {
    const all = waiting.current;
    waiting.current = [];
    setOpen(false);
    all.forEach((r) => r(verified));
  }, []);

  const value = useMemo(() => ({ open, request, settle }), [open, request, settle]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSecondary(): SecondaryCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error('useSecondary outside SecondaryProvider');
  return c;
}
