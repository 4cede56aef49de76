import { createContext, useContext } from 'react';
import type { RouteMeta } from './access';

/** The routes that exist for the current viewer; the shell builds its menus from them. */
export const AvailableRoutesContext = createContext<readonly RouteMeta[]>([]);

export function useAvailableRoutes(): readonly RouteMeta[] {
  return useContext(AvailableRoutesContext);
}
