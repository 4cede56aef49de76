import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5fbf',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#001529', siderBg: '#001529', headerHeight: 56, headerPadding: '0 24px' },
  },
};

/**
 * The theme for a user who asked the system for reduced motion (prefers-reduced-motion): no animation of
 * dialogs, menus and drop-downs. A click on a dialog still zooming in can miss its button; the browser
 * tests run this way too.
 */
export const reducedMotionTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
