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

/** Below this shorter screen side (CSS px, antd's md) a device is a phone (decision 0047). */
export const PHONE_MAX_SIDE = 768;

/**
 * SPEC 1: the viewport is fixed at width 1920 when logged in, device width otherwise. Decision 0047: the
 * 1920 is for desktops and tablets only; a phone (its screen's shorter side below 768 px, whichever way it
 * is held) keeps its device width and gets the shell's phone layout (menu in a drawer). Desktop browsers
 * ignore the meta viewport, so for them nothing changes.
 */
export function viewportContent(loggedIn: boolean, screenShortSide = Number.POSITIVE_INFINITY): string {
  return loggedIn && screenShortSide >= PHONE_MAX_SIDE ? 'width=1920' : 'width=device-width, initial-scale=1';
}

export function useViewport(loggedIn: boolean): void {
  useEffect(() => {
    const shortSide = Math.min(window.screen.width, window.screen.height);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'viewport';
      document.head.appendChild(meta);
    }
    meta.content = viewportContent(loggedIn, shortSide);
  }, [loggedIn]);
}
