import { useEffect } from 'react';

export const TITLE_SUFFIX = ' | 4D Back Office';

/** SPEC 1: the page title is the (translated) route title plus a fixed suffix. */
export function pageTitle(routeTitle: string): string {
  return routeTitle ? `${routeTitle}${TITLE_SUFFIX}` : TITLE_SUFFIX.slice(3);
}

export function useDocumentTitle(routeTitle: string): void {
  useEffect(() => {
    document.title = pageTitle(routeTitle);
  }, [routeTitle]);
}

/** SPEC 1: the viewport is fixed at width 1920 when logged in, device width otherwise. */
export function viewportContent(loggedIn: boolean): string {
  return loggedIn ? 'width=1920' : 'width=device-width, initial-scale=1';
}

export function useViewport(loggedIn: boolean): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'viewport';
      document.head.appendChild(meta);
    }
    meta.content = viewportContent(loggedIn);
  }, [loggedIn]);
}
