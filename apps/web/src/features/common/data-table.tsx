import {
  Checkbox,
  Group,
  type MantineBreakpoint,
  Pagination,
  Table,
  type TableProps,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a `DataTable`: its header, how a row fills its cell, and where it shows. */
export type TDataColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Column width in px (e.g. an actions column). */
  width?: number;
  /** Hide the column on narrower screens (e.g. `sm`: not on a 360-px phone); the row then says it elsewhere. */
  visibleFrom?: MantineBreakpoint;
  /** Numbers are right-aligned. */
  align?: 'right';
  /**
   * A column the list can be sorted by: its header becomes a button (`onSort` of the table) with an
   * arrow, and the header carries `aria-sort` while the list is sorted by it.
   */
  sort?: 'ascending' | 'descending' | 'none';
};

/** The arrow of a sortable header: up or down for the current order, a faint double arrow otherwise. */
function SortArrow({ sort }: { sort: 'ascending' | 'descending' | 'none' }) {
  const path =
    sort === 'ascending'
      ? 'M6 2 L10 7 H2 Z'
      : sort === 'descending'
        ? 'M6 10 L10 5 H2 Z'
        : 'M6 1 L9 5 H3 Z M6 11 L9 7 H3 Z';
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none', opacity: sort === 'none' ? 0.45 : 1 }}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** Row selection: a checkbox column first, with "select all" for the rows of this page. */
export type TDataSelection<Row> = {
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
  /** Rows that cannot be selected show a disabled checkbox (yourself, a used invitation). */
  canSelect: (row: Row) => boolean;
  selectAllLabel: string;
  rowLabel: (row: Row) => string;
  width?: number;
};

/**
 * The app's table of records: striped, scrolls sideways below `minWidth` rather than squeezing,
 * with optional row selection. The page gives the columns, the rows of one page and their key;
 * empty states, errors and the pager (`DataTablePager`) stay with the page.
 */
export function DataTable<Row>(
  props: {
    rows: Row[];
    rowKey: (row: Row) => string;
    columns: TDataColumn<Row>[];
    minWidth: number;
    selection?: TDataSelection<Row>;
    /** A name for the table when the page has several or none of its headings names it. */
    label?: string;
    /** Marks the table busy while a new page loads (the old rows stay shown meanwhile). */
    busy?: boolean;
    /** A sortable column's header was pressed (see `TDataColumn.sort`). */
    onSort?: (key: string) => void;
    /** Extra attributes of a row's `<tr>` (e.g. a `data-testid`). */
    rowProps?: (row: Row) => Record<`data-${string}`, string>;
  } & Pick<TableProps, 'verticalSpacing' | 'striped'>,
) {
  const { selection: s } = props;
  const selectable = s ? props.rows.filter(s.canSelect) : [];
  const all = selectable.length > 0 && selectable.every((r) => s!.selected.has(props.rowKey(r)));
  const some = selectable.some((r) => s!.selected.has(props.rowKey(r)));
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table
        striped={props.striped ?? true}
        highlightOnHover
        verticalSpacing={props.verticalSpacing ?? 'sm'}
        aria-label={props.label}
        aria-busy={props.busy}
      >
        <Table.Thead>
          <Table.Tr>
            {s ? (
              <Table.Th w={s.width ?? 40}>
                <Checkbox
                  aria-label={s.selectAllLabel}
                  checked={all}
                  indeterminate={!all && some}
                  disabled={selectable.length === 0}
                  onChange={() => s.onChange(all ? new Set() : new Set(selectable.map(props.rowKey)))}
                />
              </Table.Th>
            ) : null}
            {props.columns.map((c) => (
              <Table.Th
                key={c.key}
                w={c.width}
                visibleFrom={c.visibleFrom}
                ta={c.align}
                aria-sort={c.sort && c.sort !== 'none' ? c.sort : undefined}
              >
                {c.sort ? (
                  <UnstyledButton
                    onClick={() => props.onSort?.(c.key)}
                    fw="inherit"
                    fz="inherit"
                    c="inherit"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, borderRadius: 4 }}
                  >
                    {c.header}
                    <SortArrow sort={c.sort} />
                  </UnstyledButton>
                ) : (
                  c.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <Table.Tr key={key} {...props.rowProps?.(row)}>
                {s ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={s.rowLabel(row)}
                      checked={s.selected.has(key)}
                      disabled={!s.canSelect(row)}
                      onChange={() => {
                        const next = new Set(s.selected);
                        if (next.has(key)) next.delete(key);
                        else next.add(key);
                        s.onChange(next);
                      }}
                    />
                  </Table.Td>
                ) : null}
                {props.columns.map((c) => (
                  <Table.Td key={c.key} visibleFrom={c.visibleFrom} ta={c.align}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The pager under a `DataTable`: a summary ("21–40 of 57") and the page buttons (centred when there
 * is no summary), shown only when there is more than one page. `page` is zero-based, as the API
 * counts; the buttons show it plus one.
 */
export function DataTablePager(props: {
  totalPages: number;
  page: number;
  onChange: (page: number) => void;
  summary?: ReactNode;
  controlLabel: (control: 'first' | 'previous' | 'next' | 'last') => string | undefined;
  pageLabel?: (page: number) => string;
  size?: 'sm' | 'md';
}) {
  if (props.totalPages <= 1) return null;
  return (
    <Group
      justify={props.summary ? 'space-between' : 'center'}
      wrap="wrap"
      gap="xs"
      p={props.summary ? undefined : 'sm'}
    >
      {props.summary}
      <Pagination
        total={props.totalPages}
        value={props.page + 1}
        onChange={(p) => props.onChange(p - 1)}
        size={props.size ?? 'sm'}
        getControlProps={(control) => ({ 'aria-label': props.controlLabel(control) })}
        {...(props.pageLabel ? { getItemProps: (p: number) => ({ 'aria-label': props.pageLabel!(p) }) } : {})}
      />
    </Group>
  );
}
