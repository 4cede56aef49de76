// What the screen walk (screenWalk.spec.ts) looks for on one rendered screen. `inspectScreen` runs in the
// browser (page.evaluate): it must not close over anything of this module.

export interface CheckOptions {
  /** Look for English text (cn and bm). */
  language: boolean;
  /** Look for Chinese table headers broken one character per line (cn). */
  cjkHeaders: boolean;
  /** English catalogue strings that must not show in this language (already without the shared ones). */
  english: string[];
}

/** Every problem found on the screen, as readable sentences. */
export function inspectScreen(opts: CheckOptions): string[] {
  const problems: string[] = [];
  const ANTD_OWN_ICONS = [
    '.ant-select', '.ant-picker', '.ant-pagination', '.ant-modal-close', '.ant-input-affix-wrapper', '.ant-table-column-sorter',
    '.ant-table-filter-trigger', '.ant-table-row-expand-icon', '.ant-tree', '.ant-cascader', '.ant-tag-close-icon',
    '.ant-alert-icon', '.ant-alert-close-icon', '.ant-input-number-handler-wrap', '.ant-upload-list', '.ant-collapse-expand-icon',
    '.ant-tabs-nav-operations', '.ant-tabs-nav-more', '.ant-empty', '.ant-spin', '.ant-message', '.ant-notification', '.ant-result-icon',
    '.ant-modal-confirm-body', '.ant-form-item-feedback-icon', '.ant-menu-submenu-arrow', '.ant-drawer-close', '.ant-popconfirm-message-icon',
    // Input.Search's button: antd draws it and gives it no name of its own (the field's placeholder is translated).
    '.ant-input-search-btn',
  ].join(', ');
  const px = (n: number) => `${Math.round(n)} px`;
  const visible = (el: Element) =>
    el.getClientRects().length > 0 &&
    (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false;
  const label = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const tableName = (wrapper: Element) => {
    const heads = Array.from(wrapper.querySelectorAll('thead th')).map(label).filter(Boolean).slice(0, 3);
    return heads.length ? `table [${heads.join(' | ')}]` : 'table';
  };

  // (a) The page scrolls sideways.
  const se = document.scrollingElement ?? document.documentElement;
  if (se.scrollWidth > se.clientWidth) problems.push(`page scrolls sideways by ${px(se.scrollWidth - se.clientWidth)}`);

  // (b) A table scrolls sideways, or a header lies under a fixed column or past the table's right edge.
  for (const wrapper of Array.from(document.querySelectorAll('.ant-table-wrapper'))) {
    if (!visible(wrapper)) continue;
    const name = tableName(wrapper);
    for (const box of Array.from(wrapper.querySelectorAll('.ant-table-content, .ant-table-body'))) {
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`${name} scrolls sideways by ${px(box.scrollWidth - box.clientWidth)}`);
    }
    const container = wrapper.querySelector('.ant-table-container') ?? wrapper;
    const edge = container.getBoundingClientRect().right;
    const heads = Array.from(wrapper.querySelectorAll('thead th')).filter(
      (th) => visible(th) && !th.classList.contains('ant-table-cell-scrollbar') && label(th) !== '',
    );
    const fixed = heads.filter((th) => Array.from(th.classList).some((c) => c.startsWith('ant-table-cell-fix')));
    for (const th of heads) {
      const r = th.getBoundingClientRect();
      if (r.right > edge + 1) problems.push(`${name}: column "${label(th)}" lies ${px(r.right - edge)} past the table's right edge`);
      if (fixed.includes(th)) continue;
      for (const f of fixed) {
        const fr = f.getBoundingClientRect();
        const overlap = Math.min(r.right, fr.right) - Math.max(r.left, fr.left);
        if (overlap > 2) problems.push(`${name}: column "${label(th)}" lies ${px(overlap)} under the fixed column "${label(f)}"`);
      }
    }
  }

  // (c) A card whose content spills out of it (a table or a form wider than the card).
  for (const card of Array.from(document.querySelectorAll('.ant-card'))) {
    if (!visible(card)) continue;
    const right = card.getBoundingClientRect().right;
    const title = label(card.querySelector('.ant-card-head-title') ?? card).slice(0, 30);
    for (const inner of Array.from(card.querySelectorAll('.ant-table-wrapper, .ant-form, .ant-descriptions, .ant-tabs'))) {
      if (!visible(inner)) continue;
      const over = inner.getBoundingClientRect().right - right;
      if (over > 1) problems.push(`card "${title}": ${inner.classList[0]} spills ${px(over)} out of it`);
    }
    const body = card.querySelector(':scope > .ant-card-body');
    if (body && body.scrollWidth > body.clientWidth + 1) problems.push(`card "${title}": content ${px(body.scrollWidth - body.clientWidth)} wider than the card`);
  }

  // (d) English text or screen-reader label on a Chinese or Malay screen.
  if (opts.language) {
    const english = new Set(opts.english);
    const seen = new Set<string>();
    const flag = (what: string) => {
      if (!seen.has(what)) problems.push(what);
      seen.add(what);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = n.parentElement;
      if (!text || !parent || !english.has(text) || parent.closest('script, style, noscript')) continue;
      if (visible(parent)) flag(`English text "${text}"`);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder]'))) {
      if (el.closest('[aria-hidden="true"]') || !visible(el)) continue;
      if (el.classList.contains('anticon')) {
        // An antd icon names itself in English ("printer", "download") unless it is hidden or labelled.
        // antd's own controls (a select's arrow, a pager's arrows, a date picker's calendar) are antd's to
        // name and are left out; an icon the screen itself places is the screen's.
        const name = el.getAttribute('aria-label');
        if (name === el.className.match(/anticon-([a-z-]+)/)?.[1] && !el.closest(ANTD_OWN_ICONS)) {
          flag(`icon read to screen readers as "${name}" (hide it or label it)`);
        }
        continue;
      }
      for (const attr of ['aria-label', 'placeholder']) {
        const v = (el.getAttribute(attr) ?? '').trim();
        if (english.has(v)) flag(`English ${attr} "${v}"`);
      }
    }
  }

  // (e) A Chinese table header broken one character per line ("级" over "别").
  if (opts.cjkHeaders) {
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead th'))) {
      if (!visible(th)) continue;
      const text = (th.textContent ?? '').trim();
      const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
      if (cjk < 2) continue;
      // The lines the header's own text takes (its sort and filter icons left out).
      const tops = new Set<number>();
      const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
      }
      if (tops.size >= 2 && cjk / tops.size < 2) problems.push(`header "${text}" breaks into ${tops.size} lines of ${cjk} characters`);
    }
  }

  // (f) A figure (antd Statistic: Home's sales) wrapped over two lines.
  for (const value of Array.from(document.querySelectorAll('.ant-statistic-content'))) {
    if (!visible(value)) continue;
    const line = parseFloat(getComputedStyle(value).lineHeight);
    if (line > 0 && value.getBoundingClientRect().height > line * 1.5) problems.push(`figure "${label(value)}" wraps over two lines or more`);
  }
  return problems;
}
