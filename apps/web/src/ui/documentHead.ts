import { useEffect } from 'react';

/**
 * SPEC 1: the page title is the (translated) route title, then the product's name, which is translated
 * too (`app.name`): a Chinese page reads "首页 | 4D 后台管理", not an English suffix.
 */
export function pageTitle(routeTitle: string, appName: string): string {
  return routeTitle ? `${routeTitle} | ${appName}` : appName;
}

export function useDocumentTitle(routeTitle: string, appName: string): void {
  useEffect(() => {
    document.title = pageTitle(routeTitle, appName);
  }, [routeTitle, appName]);
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
