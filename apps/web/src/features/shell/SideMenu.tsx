import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../state/AuthContext';
import { useAvailableRoutes } from '../../navigation/RoutesContext';
import { filterMenu, isGroup, MENU, menuKeysForPath, type MenuEntry } from '../../navigation/menu';

function toItems(entries: MenuEntry[], t: (k: string) => string): MenuProps['items'] {
  return entries.map((e) =>
    isGroup(e)
      ? {
          key: e.key,
          label: <span data-testid={`menu-${e.key}`}>{t(e.labelKey)}</span>,
          children: e.children.map((c) => ({
            key: c.key,
            label: <span data-testid={`menu-${c.key}`}>{t(c.labelKey)}</span>,
          })),
        }
      : { key: e.key, label: <span data-testid={`menu-${e.key}`}>{t(e.labelKey)}</span> },
  );
}

/** The left menu of SPEC 2, filtered for the viewer. */
export function SideMenu() {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const routes = useAvailableRoutes();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const entries = useMemo(
    () =>
      userData
        ? filterMenu(MENU, { userRoleId: userData.userRoleId, disabledFunctions: userData.disabledFunctions }, routes)
        : [],
    [userData, routes],
  );
  const paths = useMemo(() => {
    const m = new Map<string, string>();
    for (const e of entries) {
      if (isGroup(e)) e.children.forEach((c) => m.set(c.key, c.path));
      else m.set(e.key, e.path);
    }
    return m;
  }, [entries]);
  const { selected, open } = menuKeysForPath(entries, pathname);

  return (
    <Menu
      data-testid="menu"
      mode="inline"
      theme="dark"
      items={toItems(entries, t)}
      selectedKeys={selected}
      defaultOpenKeys={open}
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) navigate(path);
      }}
    />
  );
}
