import { useMemo, type ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  DollarOutlined,
  EditOutlined,
  GiftOutlined,
  HistoryOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../state/AuthContext';
import { useAvailableRoutes } from '../../navigation/RoutesContext';
import { filterMenu, isGroup, MENU, menuKeysForPath, type MenuEntry } from '../../navigation/menu';

// The icon of each top-level entry: the folded menu (an icon rail on a narrow desktop) shows these alone,
// their names in a tooltip or the group's popup. A new top-level entry without an icon gets the generic one.
// Icons are decorative (the name is the label): aria-hidden, so a screen reader reads no English icon name.
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined aria-hidden />,
  accounts: <TeamOutlined aria-hidden />,
  bet: <EditOutlined aria-hidden />,
  history: <HistoryOutlined aria-hidden />,
  payment: <DollarOutlined aria-hidden />,
  reports: <BarChartOutlined aria-hidden />,
  results: <TrophyOutlined aria-hidden />,
  admin: <SettingOutlined aria-hidden />,
  distributor: <ClusterOutlined aria-hidden />,
  packageList: <GiftOutlined aria-hidden />,
  help: <QuestionCircleOutlined aria-hidden />,
};
const iconFor = (key: string) => ICONS[key] ?? <AppstoreOutlined aria-hidden />;

// A group's popup beside the folded rail opens beside its icon, flipped above or below as antd does, and is
// then shifted to stay inside the window: without the shift the super admin's Admin popup (14 items) did not
// fit above or below its icon at 768 px high and its first five items were out of the window, cut.
const SHIFT = { adjustX: 1, adjustY: 1, shiftY: true };
const RAIL_PLACEMENTS: MenuProps['builtinPlacements'] = {
  rightTop: { points: ['tl', 'tr'], overflow: SHIFT },
  rightBottom: { points: ['bl', 'br'], overflow: SHIFT },
};

// `data-path` names where a leaf leads: the screen walk (e2e/screenWalk.spec.ts) reads the menu from it,
// so a new screen in the menu is walked without anyone listing it.
function toItems(entries: MenuEntry[], t: (k: string) => string): MenuProps['items'] {
  return entries.map((e) =>
    isGroup(e)
      ? {
          key: e.key,
          icon: iconFor(e.key),
          label: <span data-testid={`menu-${e.key}`}>{t(e.labelKey)}</span>,
          // The group's popup beside the folded icon rail: its labels wrap as the open menu's (styles.css).
          popupClassName: 'app-side-menu-popup',
          children: e.children.map((c) => ({
            key: c.key,
            label: (
              <span data-testid={`menu-${c.key}`} data-path={c.path}>
                {t(c.labelKey)}
              </span>
            ),
          })),
        }
      : {
          key: e.key,
          icon: iconFor(e.key),
          label: (
            <span data-testid={`menu-${e.key}`} data-path={e.path}>
              {t(e.labelKey)}
            </span>
          ),
        },
  );
}

/**
 * The left menu of SPEC 2, filtered for the viewer; `collapsed` folds it into an icon rail. A label longer
 * than the menu's width wraps to a second line instead of being cut (issue 29 line 10; styles.css).
 */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
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
      className="app-side-menu"
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      builtinPlacements={RAIL_PLACEMENTS}
      items={toItems(entries, t)}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? [] : open}
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) navigate(path);
        onNavigate?.();
      }}
    />
  );
}
