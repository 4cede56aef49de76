import { Suspense } from 'react';
import { Skeleton } from 'antd';
import { Outlet } from 'react-router';

/**
 * A screen opened as a popup window (`popup=1`): the content alone, no header, menu or footer. A file of
 * the app's own, not the shell's: the popup does not wait for the shell's code (issue 28 line 10).
 */
export function PopupLayout() {
  return (
    <main className="app-popup" data-testid="content" style={{ padding: '16px 24px', minHeight: '100vh', boxSizing: 'border-box' }}>
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
