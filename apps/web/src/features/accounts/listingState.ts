import { AccountStatus, REPORT_FILTER_ALL, StorageKey } from '@app/domain';
import { local } from '../../state/storage';

// The downline listing's state lives in the URL query (so back/forward and reload keep the place in the
// hierarchy and the page); the search text lives in local storage 'searchTerm' (SPEC 9).

export const SORT_FIELDS = ['username', 'fullName', 'level', 'status', 'creditLimit', 'availableCredit', 'lastLoginAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDir = 'asc' | 'desc';
/** An account status, or '-1' for all (SPEC 9 "report filter value of all"). */
export type StatusFilter = AccountStatus | '-1';
export const STATUS_FILTERS: readonly StatusFilter[] = [String(REPORT_FILTER_ALL) as '-1', 'Active', 'Inactive', 'Suspended'];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ListingState {
  /** Whose direct downline is listed; absent: the caller's own. */
  parentId?: number;
  page: number;
  pageSize: number;
  sortBy: SortField;
  sortDir: SortDir;
  status: StatusFilter;
}

export const DEFAULT_LISTING: ListingState = { page: 1, pageSize: 20, sortBy: 'username', sortDir: 'asc', status: '-1' };

const positiveInt = (v: string | null): number | undefined => {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
};

/** Reads the listing state from the URL query; anything missing or invalid takes its default. */
export function parseListingParams(params: URLSearchParams): ListingState {
  const pageSize = positiveInt(params.get('pageSize'));
  const sortBy = params.get('sortBy');
  const sortDir = params.get('sortDir');
  const status = params.get('status');
  return {
    parentId: positiveInt(params.get('parentId')),
    page: positiveInt(params.get('page')) ?? DEFAULT_LISTING.page,
    pageSize: pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LISTING.pageSize,
    sortBy: (SORT_FIELDS as readonly string[]).includes(sortBy ?? '') ? (sortBy as SortField) : DEFAULT_LISTING.sortBy,
    sortDir: sortDir === 'desc' ? 'desc' : 'asc',
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as StatusFilter) : DEFAULT_LISTING.status,
  };
}

/**
 * Writes the listing state into a URL query, leaving out defaults so addresses stay short. Other keys of
 * `base` (such as the tab) are kept.
 */
export function listingParams(state: ListingState, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base);
  const set = (key: string, value: string | number | undefined, def?: string | number) => {
    if (value === undefined || value === def) out.delete(key);
    else out.set(key, String(value));
  };
  set('parentId', state.parentId);
  set('page', state.page, DEFAULT_LISTING.page);
  set('pageSize', state.pageSize, DEFAULT_LISTING.pageSize);
  set('sortBy', state.sortBy, DEFAULT_LISTING.sortBy);
  set('sortDir', state.sortDir, DEFAULT_LISTING.sortDir);
  set('status', state.status, DEFAULT_LISTING.status);
  return out;
}

/** The GetUserListing query for a state and search text. */
export function listingApiQuery(state: ListingState, searchTerm: string): Record<string, string | number | undefined> {
  const term = searchTerm.trim();
  return {
    parentId: state.parentId,
    searchTerm: term === '' ? undefined : term.slice(0, 50),
    status: state.status,
    page: state.page,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortDir: state.sortDir,
  };
}

/** A table change (paging or a column sort) applied to the state; a new sort or page size returns to page 1. */
export function applyTableChange(
  state: ListingState,
  pagination: { current?: number; pageSize?: number },
  sorter: { field?: unknown; order?: 'ascend' | 'descend' | null },
): ListingState {
  const field = Array.isArray(sorter.field) ? sorter.field[0] : sorter.field;
  const sortBy =
    sorter.order && typeof field === 'string' && (SORT_FIELDS as readonly string[]).includes(field)
      ? (field as SortField)
      : DEFAULT_LISTING.sortBy;
  const sortDir: SortDir = sorter.order === 'descend' ? 'desc' : 'asc';
  const pageSize = pagination.pageSize ?? state.pageSize;
  const changedOrder = sortBy !== state.sortBy || sortDir !== state.sortDir || pageSize !== state.pageSize;
  return { ...state, sortBy, sortDir, pageSize, page: changedOrder ? 1 : (pagination.current ?? state.page) };
}

/** Drilling into (or back up to) an account: its downline from the first page, filters kept. */
export const drillTo = (state: ListingState, parentId: number | undefined): ListingState => ({ ...state, parentId, page: 1 });

export const withStatus = (state: ListingState, status: StatusFilter): ListingState => ({ ...state, status, page: 1 });

/** The search text of the listing, kept across visits in local storage 'searchTerm'. */
export const searchTermStore = {
  read: (): string => local.get(StorageKey.searchTerm) ?? '',
  write: (term: string): void => {
    const t = term.trim();
    if (t === '') local.remove(StorageKey.searchTerm);
    else local.set(StorageKey.searchTerm, t);
  },
};

/** antd's sort order for a column, from the state. */
export const sortOrderOf = (state: ListingState, field: SortField): 'ascend' | 'descend' | null =>
  state.sortBy === field ? (state.sortDir === 'asc' ? 'ascend' : 'descend') : null;
