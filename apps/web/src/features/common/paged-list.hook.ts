import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** How long the search waits after the last keystroke before the list asks the server again. */
export const SEARCH_DEBOUNCE_MS = 300;

type SetIds = (next: Set<string> | ((current: Set<string>) => Set<string>)) => void;

/**
 * The state of a paged, searchable list whose rows can be selected: the search box's text and the
 * text sent (trimmed, 300 ms after the last keystroke), the zero-based page, and the selected ids.
 * A new view (other search text or `filters`, which the page owns) starts again on the first page
 * with nothing selected; with `selectionPerPage` a new page clears the selection too. Derived
 * rather than reset in an effect, so no request is ever sent for the old page of a new view.
 */
export function usePagedList(opts: { filters: unknown; selectionPerPage?: boolean }) {
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const viewKey = JSON.stringify([searchText, opts.filters]);
  const [paging, setPaging] = useState({ view: '', page: 0 });
  const page = paging.view === viewKey ? paging.page : 0;
  const selectionKey = opts.selectionPerPage ? `${viewKey}|${page}` : viewKey;
  const [selection, setSelection] = useState({ key: '', ids: new Set<string>() });
  const selected = selection.key === selectionKey ? selection.ids : new Set<string>();

  const setSelected: SetIds = (next) =>
    setSelection((current) => {
      const ids = current.key === selectionKey ? current.ids : new Set<string>();
      return { key: selectionKey, ids: typeof next === 'function' ? next(ids) : next };
    });

  return {
    /** What the search box shows. */
    search,
    setSearch,
    /** The search text to send: trimmed and debounced. */
    searchText,
    /** Zero-based page number, as the API counts. */
    page,
    setPage: (p: number) => setPaging({ view: viewKey, page: p }),
    selected,
    setSelected,
    /** Selects or unselects one row. */
    toggle: (id: string) =>
      setSelected((ids) => {
        const next = new Set(ids);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  };
}
