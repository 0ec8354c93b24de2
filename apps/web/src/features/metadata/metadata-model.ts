// The admin metadata page without React (unit-tested): the smart-app taxonomy as one tree of nodes
// (search keeps matches with their ancestors), the levels and what each may hold, the choice of a
// user's supported exchanges, and the i18n keys of the schema and server messages the page meets.

import { DEAL_ID_MESSAGE } from '@console/core/api/campaigns';
import { DEAL_MESSAGES } from '@console/core/api/deals';
import {
  NOTICE_WINDOW_MESSAGE,
  PRICE_ENCRYPTION_MESSAGE,
  PRICE_KEY_FORMAT_MESSAGE,
  PRICE_KEYS_DIFFER_MESSAGE,
  PRICE_KEYS_NEEDED_MESSAGE,
  PRICE_KEYS_PAIR_MESSAGE,
  PRICE_KEYS_UNUSED_MESSAGE,
} from '@console/core/api/exchange-settings';
import type { SmartAppCategory } from '@console/core/api/reference';
import { MONEY_INVALID_MESSAGE, MONEY_TOO_PRECISE_MESSAGE } from '@console/core/format/money';
import { IDENTIFIER_MESSAGE } from '@console/core/validation/text';
import { localeOf } from '../../lib/format/date-time.ts';

export type TaxonomyLevel = 'category' | 'genre' | 'subgenre';

export type TaxonomyNode = {
  id: number;
  level: TaxonomyLevel;
  name: string;
  parentId: number | null;
  children: TaxonomyNode[];
};

/** The API's nested answer (category -> genres -> subgenres) as uniform nodes. */
export const toTaxonomyTree = (categories: readonly SmartAppCategory[]): TaxonomyNode[] =>
  categories.map((category) => ({
    id: category.category_id,
    level: 'category',
    name: category.category,
    parentId: null,
    children: category.genres.map((genre) => ({
      id: genre.genre_id,
      level: 'genre',
      name: genre.genre,
      parentId: category.category_id,
      children: genre.subgenres.map((subgenre) => ({
        id: subgenre.subgenre_id,
        level: 'subgenre',
        name: subgenre.subgenre,
        parentId: genre.genre_id,
        children: [],
      })),
    })),
  }));

/** The level a node's children have, or null for a subgenre (it holds nothing). */
export const childLevelOf = (level: TaxonomyLevel): TaxonomyLevel | null =>
  level === 'category' ? 'genre' : level === 'genre' ? 'subgenre' : null;

export type TaxonomyCounts = Record<TaxonomyLevel, number>;

export const countTaxonomy = (nodes: readonly TaxonomyNode[]): TaxonomyCounts => {
  const counts: TaxonomyCounts = { category: 0, genre: 0, subgenre: 0 };
  const visit = (list: readonly TaxonomyNode[]) => {
    for (const node of list) {
      counts[node.level] += 1;
      visit(node.children);
    }
  };
  visit(nodes);
  return counts;
};

export type FilteredTaxonomy = {
  nodes: TaxonomyNode[];
  /** Ancestors of the matches: shown open while searching. */
  openIds: Set<number>;
};

/**
 * The nodes whose name contains `q` (any case), with their ancestors; a matching node keeps all of
 * its children. An empty search keeps everything.
 */
export const filterTaxonomy = (nodes: readonly TaxonomyNode[], q: string): FilteredTaxonomy => {
  const needle = q.trim().toLocaleLowerCase();
  const openIds = new Set<number>();
  if (!needle) return { nodes: [...nodes], openIds };
  const walk = (list: readonly TaxonomyNode[]): TaxonomyNode[] =>
    list.flatMap((node) => {
      if (node.name.toLocaleLowerCase().includes(needle)) return [node];
      const children = walk(node.children);
      if (children.length === 0) return [];
      openIds.add(node.id);
      return [{ ...node, children }];
    });
  return { nodes: walk(nodes), openIds };
};

/** Every node id that has children (for "expand all"). */
export const parentIds = (nodes: readonly TaxonomyNode[]): number[] =>
  nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));

/** Whether two id lists hold the same ids, order aside. */
export const sameIdSet = (a: readonly number[], b: readonly number[]): boolean => {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
};

/** The ids with `id` ticked on or off, ascending. */
export const toggleId = (ids: readonly number[], id: number, on: boolean): number[] =>
  on
    ? ids.includes(id)
      ? [...ids]
      : [...ids, id].sort((x, y) => x - y)
    : ids.filter((other) => other !== id);

/** Schema and server messages of this page as keys of the `metadata` namespace. */
export const METADATA_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required.': 'validation.nameRequired',
  'At most 60 characters.': 'validation.nameTooLong',
  'The key is required.': 'validation.keyRequired',
  'At most 40 characters.': 'validation.keyTooLong',
  [IDENTIFIER_MESSAGE]: 'validation.identifier',
  'An exchange with this name already exists.': 'validation.exchangeNameTaken',
  'An exchange with this key already exists.': 'validation.exchangeKeyTaken',
  'An exchange with this name or key already exists.': 'validation.exchangeTaken',
  'A category with this name already exists.': 'validation.categoryTaken',
  'This category already has a genre with this name.': 'validation.genreTaken',
  'This genre already has a subgenre with this name.': 'validation.subgenreTaken',
  'This name is already taken at this level.': 'validation.nameTaken',
  'This category has genres: delete or move them first.': 'taxonomy.deleteRefused.category',
  'This genre has subgenres: delete or move them first.': 'taxonomy.deleteRefused.genre',
  [NOTICE_WINDOW_MESSAGE]: 'validation.noticeWindow',
  [PRICE_ENCRYPTION_MESSAGE]: 'validation.priceEncryption',
  [PRICE_KEY_FORMAT_MESSAGE]: 'validation.priceKeyFormat',
  [PRICE_KEYS_PAIR_MESSAGE]: 'validation.priceKeysPair',
  [PRICE_KEYS_DIFFER_MESSAGE]: 'validation.priceKeysDiffer',
  [PRICE_KEYS_UNUSED_MESSAGE]: 'validation.priceKeysUnused',
  [PRICE_KEYS_NEEDED_MESSAGE]: 'validation.priceKeysNeeded',
  [DEAL_ID_MESSAGE]: 'validation.dealId',
  'At most 100 characters.': 'validation.nameTooLong100',
  [DEAL_MESSAGES.floor]: 'validation.dealFloor',
  [DEAL_MESSAGES.seat]: 'validation.dealSeat',
  [DEAL_MESSAGES.duplicate]: 'validation.dealTaken',
  [DEAL_MESSAGES.unknownExchange]: 'validation.dealExchange',
  [DEAL_MESSAGES.unknownAdvertiser]: 'validation.dealAdvertiser',
  [MONEY_INVALID_MESSAGE]: 'validation.moneyInvalid',
  [MONEY_TOO_PRECISE_MESSAGE]: 'validation.moneyTooPrecise',
};

/**
 * A notice window in the reader's words: whole hours in hours, else minutes (90 s: 1.5 minutes),
 * under a minute in seconds; the units are Intl's, in the console's language.
 */
export const formatNoticeWindow = (seconds: number, language: string): string => {
  const [value, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds >= 60
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 2,
  }).format(value);
};

export type PageMessage = { key: string } | { text: string };

/** A known message as a key of the `metadata` namespace, else the text as it came. */
export const translateMetadataMessage = (message: string): PageMessage => {
  const key = METADATA_MESSAGE_KEYS[message];
  return key ? { key } : { text: message };
};
