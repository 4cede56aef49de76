import { useCallback, useState } from 'react';
import { Grid } from 'antd';
import { local } from '../../state/storage';

// The left menu's shape by window width (issue 28 lines 1 and 8, decision 0047): from 1600 px (antd's xxl)
// it is open beside the content; a narrower desktop window (the agents' 1366 px laptop) folds it into an
// icon rail so the screens' tables keep their columns; below 768 px (md, a phone) it is a drawer opened from
// the header. The user's own fold or unfold on a desktop is remembered (local storage) and wins over the width.
const KEY = 'menuFolded';

export interface MenuFold {
  phone: boolean;
  folded: boolean;
  toggle: () => void;
}

export function useMenuFold(): MenuFold {
  const screens = Grid.useBreakpoint();
  const [choice, setChoice] = useState<boolean | null>(() => {
    const v = local.get(KEY);
    return v === null ? null : v === '1';
  });
  // Before the first measure antd reports no breakpoint: taken as a desktop narrower than xxl.
  const phone = screens.md === false;
  const folded = choice ?? !screens.xxl;
  const toggle = useCallback(() => {
    const next = !folded;
    local.set(KEY, next ? '1' : '0');
    setChoice(next);
  }, [folded]);
  return { phone, folded, toggle };
}
