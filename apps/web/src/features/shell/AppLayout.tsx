import { Suspense, useState } from 'react';
import { Layout, Skeleton } from 'antd';
import { Outlet, useSearchParams } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { SideMenu } from './SideMenu';
import { AnnouncementBanner } from '../dashboard/Announcements';

/** The logged-in shell: header, left menu, content with 270px left padding, footer (none for `popup=1`). */
export default function AppLayout() {
  const [params] = useSearchParams();
  // A window narrower than antd's lg (992px) folds the menu away behind its tab, so the content keeps the
  // width (a logged-in phone is laid out at 1920, SPEC 1: this is for narrow desktop windows).
  const [folded, setFolded] = useState(false);
  // A screen opened as a popup window (the account dropdown's fight limit: `popup=1`) has no shell.
  if (params.get('popup') === '1') {
    return (
      <Layout.Content className="app-popup" data-testid="content" style={{ padding: '16px 24px', minHeight: '100vh' }}>
        <Suspense fallback={<Skeleton active />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    );
  }
  return (
    <Layout className="app-shell">
      <AppHeader />
      <Layout.Sider className="app-sider" width={250} breakpoint="lg" collapsedWidth={0} collapsed={folded} onCollapse={setFolded}>
        <SideMenu />
      </Layout.Sider>
      <Layout className={folded ? 'app-main app-main-folded' : 'app-main'}>
        <Layout.Content className="app-content" data-testid="content">
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
