import type { AnyColumn, SQL } from 'drizzle-orm';
import { asc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** Page sizes every paged list accepts (the contract's `ZPageQuery` refuses larger ones with 400). */
export const PAGE_LIMITS = { defaultSize: 20, maxSize: 500 } as const;

/** A page as the API names it: `pageNo` zero-based, `pageSize` rows. */
export type PageRequest = { pageNo: number; pageSize: number };

/** The rows a page covers, in SQL terms. */
export type PageWindow = PageRequest & { offset: number; limit: number };

/**
 * The window of a page, its number and size brought within the limits (a negative or fractional
 * number becomes 0 or its floor, a size outside 1..max is clamped), so that a repository never
 * builds `OFFSET -20` or an unbounded `LIMIT` whatever its caller passed.
 */
export function pageWindow(
  page: { pageNo?: number | undefined; pageSize?: number | undefined },
  limits: { defaultSize: number; maxSize: number } = PAGE_LIMITS,
): PageWindow {
  const whole = (n: number | undefined, fallback: number) =>
    n === undefined || !Number.isFinite(n) ? fallback : Math.floor(n);
  const pageNo = Math.max(0, whole(page.pageNo, 0));
  const pageSize = Math.min(limits.maxSize, Math.max(1, whole(page.pageSize, limits.defaultSize)));
  return { pageNo, pageSize, offset: pageNo * pageSize, limit: pageSize };
}

/** How a list is sorted: its keys, then a unique column that breaks ties so pages never overlap. */
export type PageOrder = { orderBy: SQL[]; tiebreaker: AnyColumn };

/** The sort keys with the tiebreaker last (ascending), ready for `.orderBy(...)`. */
export function stableOrder(order: PageOrder): SQL[] {
  return [...order.orderBy, asc(order.tiebreaker)];
}

/**
 * The `ILIKE` pattern of a "contains" search: `%text%` with `\`, `%` and `_` taken literally.
 * A trigram (`gin_trgm_ops`) index serves it from three characters of text up.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Orders a dynamic select (`.$dynamic()`) stably and cuts one page of it. Use it when the page
 * is a subquery that is joined further: a large list picks its page on the listed table alone
 * (an index scan of its sort keys) and joins only the page's rows to the rest (the users list,
 * docs/web-forms-and-lists.md "Lists at scale"); otherwise call `paginate`.
 */
export function pageOf<T extends PgSelect>(query: T, page: PageRequest, order: PageOrder): T {
  const w = pageWindow(page);
  return query
    .orderBy(...stableOrder(order))
    .limit(w.limit)
    .offset(w.offset);
}

/**
 * One page of a list and the number of rows the whole list has. `rows` is the list's select
 * without ordering or limits (`.$dynamic()`); `count` selects `{ n: count() }` with the same
 * filter. The two run one after the other in the caller's transaction (one connection).
 */
export async function paginate<T extends PgSelect>(args: {
  rows: T;
  count: PromiseLike<Array<{ n: number }>>;
  page: PageRequest;
  order: PageOrder;
}): Promise<{ rows: Awaited<T>; total: number }> {
  const rows = await pageOf(args.rows, args.page, args.order);
  const [total] = await args.count;
  return { rows: rows as Awaited<T>, total: Number(total?.n ?? 0) };
}
