// An admin's search over a big list (campaigns, creatives): its first pages and an estimated total
// from the rows in the list's order, instead of every match the trigram index has. Where a word is
// in many names (measured at 100,000 campaigns: "coffee", 8,339 matches, 5.7 ms of database CPU to
// collect them all; the creative list's count of them 6.5 ms), a page of them is among the first few
// hundred rows in any order, read along the sort's index. Where matches are few, they are
// collected through the names' suffixes (suffixMatches) and counted up to LIST_COUNT_CAP; where they are
// dense but past the walk (a deeper page), the total is the walk's estimate and the index is not
// asked to count them.
import { LIST_COUNT_CAP } from '@console/core/api/common';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { renderedOnce } from '../db/sql-fragment.ts';
import { type CappedPage, COUNT_LIMIT, capped, likePattern, type Page } from './pagination.ts';

/**
 * The pattern of a name search, lowered, as the planner cannot see it: `name_search like (select
 * lower($1::text))`, name_search being the lowered name (a stored generated column, migration 0034):
 * what `name ilike $1` finds, without lowering each name it tests. The trigram index takes it all the
 * same (its keys are read when the scan starts), but every search is then planned alike, so the
 * list's named statement gets PostgreSQL's generic plan after five calls instead of being planned
 * again on each: with the pattern in view the planner costed each word's own plan, never found the
 * generic one cheaper, and re-planned the search's long statement on every call (every search
 * measured 'custom' in pg_prepared_statements).
 */
const searchPattern = (search: SearchText): SQL => sql`(select lower(${search.pattern}::text))`;

/** How many characters of each suffix of a name the side tables keep (migration 0040). */
const SUFFIX_KEY = 12;

/**
 * A search's text as its statement takes it: its values as SQL (each a parameter: see
 * searchValuesOf) and what about the text decides the statement's text.
 */
export type SearchText = {
  /** The LIKE pattern of the text (likePattern). */
  pattern: SQL;
  /** The text itself. */
  text: SQL;
  /** The text as an id, when it is one (digits): a search finds the row by either. */
  id?: SQL;
  /** The text is at most SUFFIX_KEY long: the names' suffixes decide a match alone (suffixMatches). */
  isDecided: boolean;
};

const isIdText = (q: string) => /^\d{1,15}$/.test(q);

/** The values of the search `q` (its statement's parameters): `pattern`, `text` and, for an id, `id`. */
export const searchValuesOf = (q: string): Record<string, unknown> =>
  isIdText(q) ? { pattern: likePattern(q), text: q, id: Number(q) } : { pattern: likePattern(q), text: q };

/** What about `q` decides a search's statement text (the rest goes in as searchValuesOf's values). */
export const searchShapeOf = (q: string) => `${isIdText(q) ? 'id' : 'name'} ${q.length <= SUFFIX_KEY}`;

/** The search `q` with its values as `slots` gives them (searchValuesOf's, by name). */
export const searchTextOf = (q: string, slots: Record<string, SQL>): SearchText => ({
  pattern: slots.pattern!,
  text: slots.text!,
  id: isIdText(q) ? slots.id : undefined,
  isDecided: q.length <= SUFFIX_KEY,
});

/** `id` equal to the searched text, when that text is an id. */
const searchedId = (id: PgColumn, search: SearchText): SQL | undefined =>
  search.id ? eq(id, search.id) : undefined;

/** The lowered name (`column`, name_search) holds the text, by LIKE, written as no index serves it. */
const scannedLike = (column: SQL, search: SearchText): SQL =>
  sql`(${column} || '') like ${searchPattern(search)}`;

/**
 * A list's text search: the lowered name (`column`, name_search) holds the text (LIKE), or the row
 * is the one whose id the text is. `isScanned`: the name is tested as an expression the trigram
 * index does not serve, where the rows are read another way (the walk of the list's order, an
 * agency's or advertiser's own campaigns, the matches the names' suffixes give).
 */
export const nameSearch = (column: SQL, id: PgColumn, search: SearchText, isScanned: boolean): SQL =>
  or(
    isScanned ? scannedLike(column, search) : sql`${column} like ${searchPattern(search)}`,
    searchedId(id, search),
  ) ?? sql`false`;

/** The text's first SUFFIX_KEY characters, lowered: what a suffix of a matching name starts with. */
const suffixPrefix = (search: SearchText): SQL =>
  sql`left(lower(${search.text}::text), ${sql.raw(String(SUFFIX_KEY))})`;

/**
 * The rows of a list's name suffixes (`suffixes`: its side table or that table's alias, migration
 * 0040) whose suffix starts with the text's first SUFFIX_KEY characters: one range of the table's
 * primary key, in byte order (COLLATE "C"), from that prefix to the least text after every text
 * that starts with it (name_prefix_end). Each bound a subquery, opaque to the planner, as
 * searchPattern is.
 */
const suffixRange = (suffixes: SQL, search: SearchText): SQL =>
  sql`${suffixes}."suffix" >= (select ${suffixPrefix(search)} collate "C")
    and ${suffixes}."suffix" < (select name_prefix_end(${suffixPrefix(search)}) collate "C")`;

/**
 * Of suffixRange's rows, the one of each name where the text's first SUFFIX_KEY characters are found
 * first (migration 0041: a row's `repeat` is how much of its suffix's start the name holds earlier).
 * A name holding them twice gave two rows, which were sorted by id and made unique before they were
 * counted (0.10 of 0.70 ms for the 940 matches of "fitness 4" at 100,000 campaigns, replayed alone).
 */
const firstFound = (suffixes: SQL, search: SearchText): SQL =>
  sql`${suffixRange(suffixes, search)}
    and ${suffixes}."repeat" < (select length(${suffixPrefix(search)}))`;

/** Whether the names' suffix tables hold a list's sort key (`sort`): created_at and status (migration 0040). */
export const suffixesHoldSort = (sort: string): boolean => sort === 'created_at' || sort === 'status';

/** Where an admin's rare matches are collected from (matchingCtes): `from`, the rows that pass `where`, each once. */
export type MatchSource = { from: SQL; where: SQL };

/**
 * Where an admin's rare matches are collected (searchAllStatement's `matches`): the names holding the
 * text, found through the list's name suffixes (migration 0040: `suffixes`, the side table of every
 * suffix of each lowered name cut to SUFFIX_KEY characters, with the row's id, created_at and
 * status). The suffixes decide alone for a text of up to SUFFIX_KEY characters (a name holds it
 * exactly when one of its suffixes, cut to SUFFIX_KEY, starts with it; the text's length in UTF-16
 * units is never less than in characters); a longer text is narrowed by its first SUFFIX_KEY
 * characters and decided by LIKE on each row found.
 *
 * Where the text decides alone and is no id, and `isCovered` (the list's sort keys and filters read
 * only created_at and status), the matches are the side table's rows alone, one a name (firstFound),
 * read from its primary key without the list's rows (an index-only scan): the side table stands
 * under the list's table name (`table`), so `filtered` (the list's filters, with the condition given
 * for the search), written against the list's table, reads its columns. Otherwise they are the list's
 * rows whose ids the suffixes give, or the row whose id the text is.
 */
export const suffixMatches = (options: {
  table: string;
  suffixes: string;
  /** The lowered name (name_search) and id of the list's table. */
  column: SQL;
  id: PgColumn;
  search: SearchText;
  isCovered: boolean;
  filtered: (search: SQL) => SQL;
}): MatchSource => {
  const { table, suffixes, column, id, search, isCovered, filtered } = options;
  const asId = searchedId(id, search);
  if (search.isDecided && !asId && isCovered)
    return {
      from: sql`${sql.identifier(suffixes)} as ${sql.identifier(table)}`,
      where: filtered(firstFound(sql`${sql.identifier(table)}`, search)),
    };
  const found = sql`${id} = any(array(select s."id" from ${sql.identifier(suffixes)} as s
    where ${firstFound(sql.raw('s'), search)}))`;
  const byName = search.isDecided ? found : sql`(${found} and ${scannedLike(column, search)})`;
  return { from: sql`${sql.identifier(table)}`, where: filtered(or(byName, asId) ?? byName) };
};

/** How many rows of the list's order a search tests at most before it leaves them to the index. */
const SEARCH_WALK = 500;
const WALK_ROWS = sql.raw(String(SEARCH_WALK));
/**
 * How many of the walk's first hits its estimate is taken from, on every page alike. Each page
 * had estimated from as many hits as it needed, page 1 from 20 and page 2 from 40, and a deeper
 * page from all 500 rows walked: one search read "about 2,600", "about 1,900" and "about 1,300"
 * as one paged through it (campaigns.test.ts, 'one "about N"').
 */
const ESTIMATE_HITS = 20;

type SearchWalk = {
  /**
   * CTEs `walked` (the rows in the list's order, numbered n, with `hit` and the `columns`, read
   * only as far as needed), `found` (the page's hits and those before it, ESTIMATE_HITS at least),
   * `reach` (one row: whether `found` holds the page, and the estimate) and `span` (one row: the
   * whole walk's hits), each with a comma after it.
   */
  ctes: SQL;
  /** One-time condition: the page is the last `limit` rows of `found` (order by n). */
  fromWalk: SQL;
  /**
   * One-time condition, where not fromWalk (the walk read SEARCH_WALK rows): the matches are dense,
   * more than LIST_COUNT_CAP by the estimate, so the list's order finds a page of them soon.
   */
  isDense: SQL;
  /**
   * The total as the column `total`: the estimate as its negative (read by walkedTotal) where the
   * page is from the walk or the matches are dense, else the walk's exact count of a small table,
   * else `counted` (the list's capped count).
   */
  total: SQL;
};

/**
 * The walk of `table` (its name, for the statistics' row count) in the order `orderBy` of the
 * `columns` selected from it, testing `where`, for a page that needs `needed` matches.
 *
 * What the statement decides from the walk is worked out once, in the one-row CTEs `reach` and
 * `span`, and only read where it is tested: each test written out in full was a subquery of its
 * own (the table's row count looked up seven times, the 500 walked rows aggregated five times, in
 * every search's plan). `reach` reads `found` (and the walk's row count only where `found` has
 * fewer than ESTIMATE_HITS hits, the walk being read whole by then), so a page found early leaves
 * the rest of the walk unread; `span` reads the whole walk and runs only where the page was not
 * found in it.
 *
 * The estimate is the same on every page: the share of the rows walked up to the ESTIMATE_HITS-th
 * hit, or, where the whole walk has fewer hits (and was read whole to find that out), their share
 * of it.
 */
const searchWalk = (options: {
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
  const isEstimated = sql`(select estimated from reach)`;
  const isWhole = sql`(select whole from span)`;
  const isDense = sql`(select estimate > ${LIST_COUNT_CAP} from reach)`;
  const hits = sql.raw(String(ESTIMATE_HITS));
  return {
    ctes: sql`walked as materialized (select w.*, row_number() over () as n
        from (select ${columns}, (${where}) as hit from ${sql.raw(`"${table}"`)}
          order by ${orderBy} limit ${WALK_ROWS}) as w),
      found as materialized (select * from walked where hit limit ${Math.max(needed, ESTIMATE_HITS)}),
      reach as materialized (select f.hits >= ${needed} and t.rows >= ${WALK_ROWS} as estimated,
          round(case when f.hits >= ${hits} then ${hits} * t.rows / f.ns[${hits}]
            else f.hits * t.rows / (select greatest(count(*), 1) from walked) end) as estimate
        from (select count(*) as hits, array_agg(n order by n) as ns from found) as f,
          (select ${tableRows} as rows) as t),
      span as materialized (select w.rows < ${WALK_ROWS} as whole, w.hits
        from (select count(*) as rows, count(*) filter (where hit) as hits from walked) as w), `,
    fromWalk: sql`(${isEstimated} or ${isWhole})`,
    isDense,
    total: sql`(case when ${isEstimated} then -(select estimate from reach)
        when ${isWhole} then (select hits from span)
        when ${isDense} then -(select estimate from reach)
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

/**
 * The matches of a search with their sort keys: CTEs `matching` (read only as far as asked) and
 * `tally` (one row: how many there are, up to LIST_COUNT_CAP + 1, counted once for the total and
 * each branch's condition, not once in each). The page is sorted from `matching` itself, and only
 * where tally found it within the cap: a third CTE holding the first LIST_COUNT_CAP + 1 for the
 * page copied every match once more (measured 0.05-0.07 ms of database CPU of about 1 ms for the
 * 940 matches of "fitness 4" at 100,000 campaigns).
 */
export const matchingCtes = (source: MatchSource, id: SQL, keys: SQL): SQL =>
  sql`matching as materialized (select ${id} as id, ${keys}
      from ${source.from} where ${source.where}),
    tally as materialized (select count(*) as n from (select 1 from matching ${COUNT_LIMIT}) as m)`;

/** How many matches `matching` holds (LIST_COUNT_CAP + 1: more than the cap). */
export const COUNTED = renderedOnce(sql`(select n from tally)`);

type RowsOf = {
  /** The table, as SQL (joined on `id` to the ids of the page). */
  table: SQL;
  id: SQL;
  /** What the page selects of each row (besides the keys). */
  columns: SQL;
  /** The sort keys of the ids' source as p.k0, p.k1, ... */
  keyNames: SQL;
  /** The page's LIMIT and OFFSET. */
  slice: SQL;
};

/**
 * A search's page from its matches (sorted by `matchOrder`, over their keys and id) when
 * `fromCapped` holds (it tests COUNTED within the cap: `matching` is read whole only then), else
 * `deep` (which carries its own one-time condition).
 */
export const matchedPage = (rows: RowsOf, matchOrder: SQL, fromCapped: SQL, deep: SQL): SQL =>
  sql`(select ${rows.columns}, ${rows.keyNames}
      from (select * from matching order by ${matchOrder} ${rows.slice}) as p
      join ${rows.table} on ${rows.id} = p.id
      where ${fromCapped})
    union all
    (${deep})`;

/**
 * An admin's search over a whole list: the page from the first rows in the list's order when they
 * hold it (the total estimated); else, where the walk found the matches dense, `scannedPage`
 * (the list's order walked on with a condition the trigram index does not serve, its guard given),
 * the total estimated; else the matches collected from `matches` (the filter of `where`, the name
 * found through its suffixes: suffixMatches), counted up to the cap and, within it, sorted for the
 * page. `keys` are the sort keys as k0, k1, ...; `matchOrder` orders by them and id.
 */
export const searchAllStatement = (
  options: RowsOf & {
    tableName: string;
    keys: SQL;
    matchOrder: SQL;
    where: SQL;
    matches: MatchSource;
    needed: number;
    scannedPage: (guard: SQL) => SQL;
    /**
     * The search was found rare lately (searchAllPage): only its matches are collected, no walk;
     * beyond LIST_COUNT_CAP the page is empty and the total LIST_COUNT_CAP + 1, for searchAllPage
     * to ask again with the walk.
     */
    isRare?: boolean;
  },
): { ctes: SQL; page: SQL; total: SQL } => {
  const { tableName, keys, matchOrder, where, matches, needed, scannedPage, isRare, ...rows } = options;
  if (isRare)
    return {
      ctes: sql`${matchingCtes(matches, rows.id, keys)}, `,
      page: matchedPage(rows, matchOrder, sql`${COUNTED} <= ${LIST_COUNT_CAP}`, scannedPage(sql`false`)),
      total: sql`${COUNTED}::int as total`,
    };
  const walk = searchWalk({
    table: tableName,
    columns: sql`${rows.id} as id, ${keys}`,
    orderBy: matchOrder,
    where,
    needed,
    counted: COUNTED,
  });
  return {
    ctes: sql`${walk.ctes} ${matchingCtes(matches, rows.id, keys)}, `,
    page: sql`(select ${rows.columns}, ${rows.keyNames}
        from (select * from found order by n ${rows.slice}) as p
        join ${rows.table} on ${rows.id} = p.id
        where ${walk.fromWalk})
      union all
      ${matchedPage(
        rows,
        matchOrder,
        sql`not ${walk.fromWalk} and not ${walk.isDense} and ${COUNTED} <= ${LIST_COUNT_CAP}`,
        scannedPage(sql`not ${walk.fromWalk} and (${walk.isDense} or ${COUNTED} > ${LIST_COUNT_CAP})`),
      )}`,
    total: walk.total,
  };
};

/** How long a search found rare is collected without the walk first (searchAllPage). */
const RARE_FOR_MS = 60_000;
/** How many searches found rare each database remembers (the oldest forgotten first). */
const RARE_KEPT = 1000;
/** Per database (its drizzle object): each search found rare, by its key, and until when. */
const rareSearches = new WeakMap<object, Map<string, number>>();

/**
 * An admin's search over a whole list (searchAllStatement), read by `read`. A search whose matches
 * were collected and counted within LIST_COUNT_CAP (rare: the walk of the newest rows had not
 * settled it) is remembered for RARE_FOR_MS, under `key` (the list and its filters, the page
 * aside), and read the next times without the walk (`read(true)`), which cost a rare search a
 * quarter of its database time for nothing (measured at 100,000 campaigns, "fitness 4", 940
 * matches: 2.2 -> 1.9 ms, creatives 1.9 -> 1.6). Its rows and order are the same either way, and
 * its total is the same exact count; should the matches have grown past the cap since, it is read
 * again with the walk, and forgotten.
 */
export const searchAllPage = async <T>(
  db: object,
  key: string,
  read: (isRare: boolean) => Promise<Page<T>>,
): Promise<CappedPage<T>> => {
  let known = rareSearches.get(db);
  const now = Date.now();
  if (known && (known.get(key) ?? 0) > now) {
    const page = await read(true);
    if (page.total <= LIST_COUNT_CAP) return capped(page, false);
    known.delete(key);
  }
  const page = await read(false);
  if (page.total >= 0 && page.total <= LIST_COUNT_CAP) {
    if (!known) {
      known = new Map();
      rareSearches.set(db, known);
    }
    known.delete(key);
    known.set(key, now + RARE_FOR_MS);
    if (known.size > RARE_KEPT) known.delete(known.keys().next().value as string);
  }
  return walkedTotal(page);
};
