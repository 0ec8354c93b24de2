// Server-side paging for every list: a page of rows plus the total, from one filter.

export type PageRequest = { page: number; limit: number };
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const offsetOf = (request: PageRequest) => (request.page - 1) * request.limit;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** Runs the page query and its count in parallel. */
export const fetchPage = async <TRow, TItem>(
  request: PageRequest,
  rows: (limit: number, offset: number) => Promise<TRow[]>,
  total: () => Promise<{ value: number }[]>,
  toItem: (row: TRow) => TItem,
): Promise<Page<TItem>> => {
  const [found, [counted]] = await Promise.all([rows(request.limit, offsetOf(request)), total()]);
  return { items: found.map(toItem), total: counted?.value ?? 0, page: request.page, limit: request.limit };
};
