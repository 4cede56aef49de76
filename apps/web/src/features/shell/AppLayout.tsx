import { Suspense, useEffect, useState } from 'react';
import { Drawer, Layout, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { SideMenu } from './SideMenu';
import { useMenuFold } from './useMenuFold';
import { AnnouncementBanner } from '../dashboard/Announcements';

/**
 * The logged-in shell: header, left menu, content, footer (a popup window has none: PopupLayout). The menu is open beside
 * the content on a wide desktop, an icon rail on a narrower one, a drawer on a phone (useMenuFold).
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { phone, folded, toggle } = useMenuFold();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer closes when a screen is chosen (SideMenu's onNavigate) or the window grows out of a phone's
  // width. Not on a change of `pathname`: that arrives when the new screen's code has loaded (a router
  // transition), and would close a drawer the user opened again in the meantime.
  useEffect(() => setDrawerOpen(false), [phone]);

  const mainClass = phone ? 'app-main app-main-phone' : folded ? 'app-main app-main-folded' : 'app-main';
  return (
    <Layout className="app-shell">
      <AppHeader phone={phone} folded={folded} onMenuButton={phone ? () => setDrawerOpen(true) : toggle} />
      {phone ? (
        <Drawer
          className="app-menu-drawer"
          data-testid="menu-drawer"
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('app.menu')}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider className="app-sider" width={250} collapsedWidth={64} collapsed={folded} trigger={null} collapsible>
          <SideMenu collapsed={folded} />
        </Layout.Sider>
      )}
      <Layout className={mainClass}>
        {/* `data-screen`: the path whose screen is shown. A navigation to a screen not loaded yet keeps the
            previous one on view until it arrives (a router transition); tests wait for the new one here. */}
        <Layout.Content className="app-content" data-testid="content" data-screen={pathname}>
          <AnnouncementBanner />
          <Suspense fallback={<Skeleton active />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
