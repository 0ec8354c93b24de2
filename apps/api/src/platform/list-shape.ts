// What a list page's statement is made of, split as readShapedRows (db/prepared-statement.ts) takes
// it: the values that go in as parameters (the caller's id, each filter's value, the search's) and
// the shape, everything else that decides the text (the list, the caller's role, the sort, the page,
// which filters are given and what kind of search). Built once per shape, the statement then costs a
// request a copy of its parameters.
import type { Principal } from './auth-guard.ts';
import type { SortedPageRequest } from './pagination.ts';
import { searchShapeOf, searchValuesOf } from './search-walk.ts';

export type ListStatement = { shape: string; values: Record<string, unknown> };

/**
 * A list's values and shape: `user` (the caller's id, which its scope reads), each of `filters` given
 * (not undefined) under its name, and the values of the search `q` (searchValuesOf). A statement
 * made from them tests a filter where its slot is given (`slots.name !== undefined`), so what it
 * tests is always in the shape.
 */
export const listStatementOf = (
  list: string,
  principal: Pick<Principal, 'role' | 'userId'>,
  page: SortedPageRequest<string>,
  filters: Record<string, unknown>,
  q: string | undefined,
): ListStatement => {
  const values: Record<string, unknown> = { user: principal.userId };
  const shape: unknown[] = [list, principal.role, page.sort, page.order, page.page, page.limit];
  for (const name in filters) {
    const value = filters[name];
    if (value === undefined) continue;
    values[name] = value;
    shape.push(name);
  }
  if (q) Object.assign(values, searchValuesOf(q));
  shape.push(q ? `q ${searchShapeOf(q)}` : '-');
  return { shape: shape.join(' '), values };
};
