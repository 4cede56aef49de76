import { Children, Fragment, cloneElement, isValidElement, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Button, Checkbox, Popover, Space, Table, Typography, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType, SortOrder, SorterResult } from 'antd/es/table/interface';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../state/AuthContext';
import { local } from '../state/storage';
import './reportTable.css';

/** What a report column may add to antd's: the value it sorts by (when not its dataIndex), and whether it may be hidden. */
export interface ReportColumnExtra<T> {
  /** Sorts by this value on the page shown (a column without it sorts by its dataIndex when that holds figures or dates). */
  sortValue?: (row: T) => number | string | null | undefined;
  /** false: always shown (not in the column chooser). The first column is always shown. */
  hideable?: boolean;
}
export type ReportColumn<T> = (ColumnType<T> & ReportColumnExtra<T>) | (Omit<ColumnGroupType<T>, 'children'> & ReportColumnExtra<T> & { children: ReportColumns<T> });
export type ReportColumns<T> = ReportColumn<T>[];

export interface ReportTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  /** The table's name in the remembered column choices (per user): `reportColumns:<userId>:<tableId>`. */
  tableId: string;
  columns: ReportColumns<T>;
  /** Tools shown on the chooser's line, before the chooser. */
  tools?: ReactNode;
}

/** The app's fixed header: a sticky table header stays below it. */
const APP_HEADER_PX = 56;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

const storageKey = (userId: number | undefined, tableId: string) => `reportColumns:${userId ?? 0}:${tableId}`;

function readHidden(key: string): string[] {
  try {
    const v: unknown = JSON.parse(local.get(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const isGroup = <T,>(c: ReportColumn<T>): c is Extract<ReportColumn<T>, { children: ReportColumns<T> }> => 'children' in c && Array.isArray(c.children);

/** A column's identity: its key, else its dataIndex. */
function idOf<T>(c: ReportColumn<T>): string | undefined {
  if (c.key !== undefined && c.key !== null) return String(c.key);
  const di = (c as ColumnType<T>).dataIndex;
  if (di === undefined || di === null) return undefined;
  return Array.isArray(di) ? di.join('.') : String(di);
}

function valueAt<T>(row: T, c: ColumnType<T> & ReportColumnExtra<T>): unknown {
  if (c.sortValue) return c.sortValue(row);
  const di = c.dataIndex;
  if (di === undefined || di === null) return undefined;
  const path = Array.isArray(di) ? di : [di];
  let v: unknown = row;
  for (const p of path) v = v === null || v === undefined ? undefined : (v as Record<string | number, unknown>)[p as string | number];
  return Array.isArray(v) ? v[0] : v;
}

/** Figures (numbers, money in cents) and dates (ISO strings): what a column may be sorted by. */
function sortable<T>(c: ColumnType<T> & ReportColumnExtra<T>, rows: readonly T[]): boolean {
  if (c.sortValue) return true;
  let seen = false;
  for (const r of rows) {
    const v = valueAt(r, c);
    if (v === null || v === undefined || v === '') continue;
    if (typeof v === 'number' || (typeof v === 'string' && ISO_DATE.test(v))) seen = true;
    else return false;
  }
  return seen;
}

const compareOf =
  <T,>(c: ColumnType<T> & ReportColumnExtra<T>) =>
  (a: T, b: T): number => {
    const x = valueAt(a, c);
    const y = valueAt(b, c);
    const none = (v: unknown) => v === null || v === undefined || v === '';
    if (none(x) || none(y)) return none(x) === none(y) ? 0 : none(x) ? -1 : 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
  };

interface Leaf {
  id: string;
  title: ReactNode;
  hideable: boolean;
}

function leavesOf<T>(columns: ReportColumns<T>, out: Leaf[] = []): Leaf[] {
  for (const c of columns) {
    if (c.hidden) continue;
    if (isGroup(c)) leavesOf(c.children, out);
    else {
      const id = idOf(c);
      if (id) out.push({ id, title: typeof c.title === 'function' ? id : (c.title as ReactNode), hideable: c.hideable !== false });
    }
  }
  return out;
}

/** The cells of a summary row, with fragments and arrays opened. */
function cellsOf(children: ReactNode): ReactElement<{ colSpan?: number; index: number }>[] {
  const out: ReactElement<{ colSpan?: number; index: number }>[] = [];
  Children.forEach(children, (ch) => {
    if (!isValidElement(ch)) return;
    if (ch.type === Fragment) out.push(...cellsOf((ch.props as { children?: ReactNode }).children));
    else out.push(ch as ReactElement<{ colSpan?: number; index: number }>);
  });
  return out;
}

/**
 * The page's totals rows for the columns shown: a cell over hidden columns only is left out, a cell
 * spanning some loses their span. `visible` is, per leaf column (selection and expand columns first), shown or not.
 */
function trimSummary(node: ReactNode, visible: boolean[]): ReactNode {
  if (!isValidElement(node)) return node;
  if (node.type === Table.Summary) {
    const p = node.props as { children?: ReactNode };
    return cloneElement(node as ReactElement<{ children?: ReactNode }>, {}, Children.map(p.children, (ch) => trimSummary(ch, visible)));
  }
  if (node.type === Fragment) return <>{Children.map((node.props as { children?: ReactNode }).children, (ch) => trimSummary(ch, visible))}</>;
  if (node.type !== Table.Summary.Row) return node;
  let at = 0;
  let shownAt = 0;
  const cells: ReactNode[] = [];
  for (const cell of cellsOf((node.props as { children?: ReactNode }).children)) {
    const span = cell.props.colSpan ?? 1;
    const shown = visible.slice(at, at + span).filter(Boolean).length;
    at += span;
    if (shown === 0) continue;
    cells.push(cloneElement(cell, { key: cell.key ?? `c${shownAt}`, index: shownAt, colSpan: span === 1 ? undefined : shown }));
    shownAt += shown;
  }
  return cloneElement(node as ReactElement<{ children?: ReactNode }>, {}, cells);
}

/**
 * Whether the page is being printed: then a table is one plain table (no sticky header split from its
 * body, no scroll box), so that it fits the sheet and its header repeats on each page. `beforeprint`
 * renders it at once (window.print(), Ctrl+P); the print media query covers an emulated print.
 */
export function usePrintMode(): boolean {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.('print').matches);
  useEffect(() => {
    const mq = window.matchMedia?.('print');
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(!!mq?.matches);
    const change = () => setPrinting(!!mq?.matches);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    mq?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
      mq?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}

/**
 * Every report and history table (issue 29 line 4): antd's Table with a sorter on each column of figures
 * or dates (on the rows shown; a column the page sorts on the server keeps its own `sorter`/`sortOrder`),
 * the header and the totals row kept in view on a long table (sticky header, fixed summary), and a column
 * chooser whose choice is remembered per user and table in this browser.
 */
export function ReportTable<T extends object>({ tableId, columns, tools, summary, onChange, rowSelection, expandable, ...rest }: ReportTableProps<T>) {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const key = storageKey(userData?.userId, tableId);
  const [hidden, setHiddenState] = useState<{ key: string; ids: string[] }>(() => ({ key, ids: readHidden(key) }));
  const hiddenIds = hidden.key === key ? hidden.ids : readHidden(key);
  const setHidden = (ids: string[]) => {
    setHiddenState({ key, ids });
    if (ids.length) local.set(key, JSON.stringify(ids));
    else local.remove(key);
  };
  const [clientSort, setClientSort] = useState<{ id: string; order: SortOrder } | null>(null);
  const printing = usePrintMode();
  const rows = rest.dataSource ?? [];

  const leaves = useMemo(() => leavesOf(columns), [columns]);
  // The first column names the row: always shown.
  const hideable = leaves.filter((l, i) => i > 0 && l.hideable);
  const isHidden = (id: string | undefined) => id !== undefined && hiddenIds.includes(id) && hideable.some((l) => l.id === id);

  // Columns shown, each figure or date column sortable on the page (unless the column says otherwise).
  const shape = (cs: ReportColumns<T>): TableProps<T>['columns'] =>
    cs
      .filter((c) => !isHidden(idOf(c)))
      .map((c) => {
        const { sortValue: _s, hideable: _h, ...col } = c as ReportColumn<T> & ReportColumnExtra<T>;
        if (isGroup(c)) {
          const children = shape(c.children) ?? [];
          return children.length ? { ...col, children } : null;
        }
        const id = idOf(c);
        const leaf = c as ColumnType<T> & ReportColumnExtra<T>;
        // A long header wraps between its words (never inside a word, nor a Chinese one per character).
        if (typeof col.title !== 'function' && col.title !== undefined && col.title !== null) col.title = <span className="report-th">{col.title as ReactNode}</span>;
        // A column sorted by the page (server side): shown unsorted while the rows are sorted here.
        if ('sortOrder' in leaf && leaf.sorter === true) return clientSort ? { ...col, sortOrder: null } : col;
        const own = typeof leaf.sorter === 'function' || (typeof leaf.sorter === 'object' && leaf.sorter !== null);
        if ('sorter' in leaf && !own) return col;
        if (!id || (!own && !sortable(leaf, rows))) return col;
        return { ...col, sorter: own ? leaf.sorter : compareOf(leaf), sortOrder: clientSort?.id === id ? clientSort.order : null };
      })
      .filter((c): c is NonNullable<typeof c> => c !== null) as TableProps<T>['columns'];
  const shown = shape(columns);

  const clientIds = useMemo(() => new Set(leaves.map((l) => l.id)), [leaves]);
  const serverIds = useMemo(() => {
    const out = new Set<string>();
    const walk = (cs: ReportColumns<T>) =>
      cs.forEach((c) => {
        if (isGroup(c)) walk(c.children);
        else if ((c as ColumnType<T>).sorter === true) {
          const id = idOf(c);
          if (id) out.add(id);
        }
      });
    walk(columns);
    return out;
  }, [columns]);
  const handleChange: TableProps<T>['onChange'] = (pagination, filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const col = s?.column as (ColumnType<T> & ReportColumnExtra<T>) | undefined;
    if (extra.action === 'sort') {
      const id = col ? idOf(col) : s?.columnKey !== undefined ? String(s.columnKey) : clientSort?.id;
      const serverSide = col ? col.sorter === true : id !== undefined && serverIds.has(id);
      if (!serverSide) {
        setClientSort(id && clientIds.has(id) && s?.order ? { id, order: s.order } : null);
        return;
      }
      setClientSort(null);
    }
    onChange?.(pagination, filters, sorter, extra);
  };

  // Per leaf column as rendered (selection and expand columns first): shown or not.
  const visible = [...(rowSelection ? [true] : []), ...(expandable ? [true] : []), ...leaves.map((l) => !isHidden(l.id))];
  const trimmed: TableProps<T>['summary'] = summary
    ? (data) => {
        const node = summary(data);
        const out = hiddenIds.length ? trimSummary(node, visible) : node;
        // Kept in view at the bottom of a long table, like the header at its top.
        if (isValidElement(out) && out.type !== Table.Summary) return <Table.Summary fixed>{out}</Table.Summary>;
        return out;
      }
    : undefined;

  const chooser = hideable.length > 0 && (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('reportTable.columnsHint')}
      content={
        <Space orientation="vertical" size={4} data-testid={`columns-${tableId}`}>
          {hideable.map((l) => (
            <Checkbox
              key={l.id}
              checked={!hiddenIds.includes(l.id)}
              onChange={(e) => setHidden(e.target.checked ? hiddenIds.filter((x) => x !== l.id) : [...hiddenIds, l.id])}
              data-testid={`column-toggle-${l.id}`}
            >
              {l.title}
            </Checkbox>
          ))}
          <Button size="small" type="link" disabled={hiddenIds.length === 0} onClick={() => setHidden([])} data-testid="columns-reset">
            {t('reportTable.columnsReset')}
          </Button>
        </Space>
      }
    >
      <Button size="small" icon={<SettingOutlined aria-hidden />} data-testid={`columns-button-${tableId}`}>
        {t('reportTable.columns')}
        {hiddenIds.length > 0 && <Typography.Text type="secondary"> ({hideable.length - hiddenIds.filter((id) => hideable.some((l) => l.id === id)).length}/{hideable.length})</Typography.Text>}
      </Button>
    </Popover>
  );

  return (
    <div className="report-table" data-table-id={tableId}>
      {(chooser || tools) && (
        <div className="report-table-tools no-print">
          {tools}
          {chooser}
        </div>
      )}
      <Table<T>
        showSorterTooltip={false}
        {...rest}
        sticky={printing ? false : (rest.sticky ?? { offsetHeader: APP_HEADER_PX })}
        scroll={printing ? undefined : rest.scroll}
        rowSelection={rowSelection}
        expandable={expandable}
        columns={shown}
        summary={trimmed}
        onChange={handleChange}
      />
    </div>
  );
}

