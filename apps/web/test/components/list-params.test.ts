import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countPages,
  type ListParamsOptions,
  pageRange,
  rangeTextKey,
  readListParams,
  toggleSort,
  toListQuery,
  writeListParams,
} from '../../src/components/data-table/list-params.ts';

const options: ListParamsOptions = { sort: 'createdAt', order: 'desc', filterKeys: ['role', 'status'] };
const params = (search: string) => new URLSearchParams(search);

describe('readListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(readListParams(params(''), options)).toEqual({
      page: 1,
      limit: 20,
      sort: 'createdAt',
      order: 'desc',
      q: '',
      filters: {},
    });
  });

  it('reads page, size, sort, search and only the known filters', () => {
    const read = readListParams(
      params('page=3&limit=50&sort=email&order=asc&q=%20ada%20&role=AGENCY&other=x'),
      options,
    );
    expect(read).toEqual({
      page: 3,
      limit: 50,
      sort: 'email',
      order: 'asc',
      q: 'ada',
      filters: { role: 'AGENCY' },
    });
  });

  it('ignores garbage: bad page, a size not offered, an unknown order', () => {
    const read = readListParams(params('page=-2&limit=7&sort=email&order=sideways'), options);
    expect(read.page).toBe(1);
    expect(read.limit).toBe(20);
    expect(read.order).toBe('asc');
  });

  it('reads prefixed names when two lists share a page', () => {
    expect(readListParams(params('log_page=2&page=5'), { prefix: 'log_' }).page).toBe(2);
  });
});

describe('writeListParams', () => {
  it('goes back to page 1 on any change but a page change', () => {
    const next = writeListParams(params('page=4&q=a'), { filters: { role: 'ADMIN' } }, options);
    expect(next.get('page')).toBeNull();
    expect(next.get('role')).toBe('ADMIN');
    expect(writeListParams(params('q=a'), { page: 2 }, options).get('page')).toBe('2');
  });

  it('leaves defaults out of the URL and keeps unrelated params', () => {
    const next = writeListParams(
      params('sort=email&order=asc&tab=x'),
      { sort: 'createdAt', order: 'desc' },
      options,
    );
    expect(next.toString()).toBe('tab=x');
  });

  it('removes a filter set to null or empty and trims the search', () => {
    const next = writeListParams(params('role=ADMIN&q=x'), { filters: { role: null }, q: '  bob ' }, options);
    expect(next.get('role')).toBeNull();
    expect(next.get('q')).toBe('bob');
  });
});

describe('toggleSort', () => {
  it('sorts a new column ascending (or descending when it prefers), flips the sorted one', () => {
    expect(toggleSort({ sort: 'createdAt', order: 'desc' }, 'email')).toEqual({
      sort: 'email',
      order: 'asc',
    });
    expect(toggleSort({ sort: 'email', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(toggleSort({ sort: 'email', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(toggleSort({ sort: 'email', order: 'asc' }, 'createdAt', true)).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
  });
});

describe('paging helpers', () => {
  it('builds the API query without empty values', () => {
    const query = toListQuery(readListParams(params('q=&status=ACTIVE'), options));
    expect(query).toEqual({
      page: 1,
      limit: 20,
      sort: 'createdAt',
      order: 'desc',
      q: undefined,
      status: 'ACTIVE',
    });
  });

  it('counts pages and the range shown', () => {
    expect(countPages(0, 20)).toBe(1);
    expect(countPages(41, 20)).toBe(3);
    expect(pageRange(3, 20, 41)).toEqual({ from: 41, to: 41 });
    expect(pageRange(1, 20, 0)).toBeNull();
  });
});

describe('rangeTextKey', () => {
  const english = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../src/locales/en/components.json'), 'utf8'),
  ) as { table: Record<string, string> };
  const text = (page: Parameters<typeof rangeTextKey>[0]) =>
    english.table[rangeTextKey(page).replace('table.', '')]!.replace('{{from}}', '1')
      .replace('{{to}}', '20')
      .replace('{{total}}', '8,300');

  it('says "about" for an estimated total, "+" for a capped one, the number for an exact one', () => {
    expect(text({ total_exact: false, total_is_estimate: true })).toBe('1–20 of about 8,300');
    expect(text({ total_exact: false, total_is_estimate: false })).toBe('1–20 of 8,300+');
    expect(text({ total_exact: true, total_is_estimate: false })).toBe('1–20 of 8,300');
    expect(text({ total_exact: true })).toBe('1–20 of 8,300');
  });
});
