// An admin's search over a big list (campaigns, creatives): its first pages and an estimated total
// from the rows in the list's order, instead of every match the trigram index has. Where a word is
// in many names (measured at 100,000 campaigns: "coffee", 8,339 matches, 5.7 ms of database CPU to
// collect them all; the creative list's count of them 6.5 ms), a page of them is among the first few
// hundred rows in any order, read along the sort's index. Where matches are few, the list's own
// statement answers as before (trigram index, count capped at LIST_COUNT_CAP); where they are
// dense but past the walk (a deeper page), the total is the walk's estimate and the index is not
// asked to count them.
import { LIST_COUNT_CAP } from '@console/core/api/common';
import { type SQL, sql } from 'drizzle-orm';
import { type CappedPage, capped, type Page } from './pagination.ts';

/** How many rows of the list's order a search tests at most before it leaves them to the index. */
const SEARCH_WALK = 500;
const WALK_ROWS = sql.raw(String(SEARCH_WALK));

type SearchWalk = {
  /**
   * CTEs `walked` (the rows in the list's order, numbered n, with `hit` and the `columns`, read
   * only as far as needed), `found` (the page's hits and those before it) and `reach`, each with a
   * comma after it.
   */
  ctes: SQL;
  /** One-time condition: the page is the last `limit` rows of `found` (order by n). */
  fromWalk: SQL;
  /**
   * One-time condition, where not fromWalk (the walk read SEARCH_WALK rows): the matches are dense,
   * more than LIST_COUNT_CAP by the walk's share, so the list's order finds a page of them soon.
   */
  isDense: SQL;
  /**
   * The total as the column `total`: an estimate as its negative (read by walkedTotal) where the
   * page is from the walk or the matches are dense, else the walk's exact count of a small table,
   * else `counted` (the list's capped count).
   */
  total: SQL;
};

/**
 * The walk of `table` (its name, for the statistics' row count) in the order `orderBy` of the
 * `columns` selected from it, testing `where`, for a page that needs `needed` matches.
 */
export const searchWalk = (options: {
  table: string;
  columns: SQL;
  orderBy: SQL;
  where: SQL;
  needed: number;
  counted: SQL;
}): SearchWalk => {
  const { table, columns, orderBy, where, needed, counted } = options;
  // -1 or 0 before the first ANALYZE: a table the walk reads whole.
  const tableRows = sql.raw(`(select reltuples from pg_class where oid = '${table}'::regclass)`);
  const isEstimated = sql`(select hits >= ${needed} from reach) and ${tableRows} >= ${WALK_ROWS}`;
  const isWhole = sql`(select count(*) < ${WALK_ROWS} from walked)`;
  const share = sql`(select count(*) filter (where hit) * ${tableRows} / ${WALK_ROWS} from walked)`;
  const isDense = sql`${share} > ${LIST_COUNT_CAP}`;
  return {
    ctes: sql`walked as materialized (select w.*, row_number() over () as n
        from (select ${columns}, (${where}) as hit from ${sql.raw(`"${table}"`)}
          order by ${orderBy} limit ${WALK_ROWS}) as w),
      found as materialized (select * from walked where hit limit ${needed}),
      reach as (select count(*) as hits, max(n) as walked from found), `,
    fromWalk: sql`(${isEstimated} or ${isWhole})`,
    isDense,
    total: sql`(case when ${isEstimated} then -(select round(hits * ${tableRows} / walked) from reach)
        when ${isWhole} then (select count(*) filter (where hit) from walked)
        when ${isDense} then -round(${share})
        else ${counted} end)::int as total`,
  };
};

/**
 * The page with its total from SearchWalk's `total`: "about N" (two significant digits, never fewer
 * than the rows up to this page) for an estimate, else capped as every list's.
 */
export const walkedTotal = <T>(page: Page<T>): CappedPage<T> => {
  if (page.total >= 0) return capped(page, false);
  const shown = (page.page - 1) * page.limit + page.items.length;
  const about = Math.max(Number((-page.total).toPrecision(2)), shown);
  return { ...page, total: about, total_exact: false, total_is_estimate: true };
};
