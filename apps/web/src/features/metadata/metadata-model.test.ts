import type { SmartAppCategory } from '@console/core/api/reference';
import { IDENTIFIER_MESSAGE } from '@console/core/validation/text';
import { describe, expect, it } from 'vitest';
import {
  childLevelOf,
  countTaxonomy,
  filterTaxonomy,
  formatNoticeWindow,
  parentIds,
  sameIdSet,
  toggleId,
  toTaxonomyTree,
  translateMetadataMessage,
} from './metadata-model.ts';

const TAXONOMY: SmartAppCategory[] = [
  {
    category_id: 1,
    category: 'Games',
    genres: [
      {
        genre_id: 10,
        genre: 'Puzzle',
        subgenres: [
          { subgenre_id: 100, subgenre: 'Match-3' },
          { subgenre_id: 101, subgenre: 'Word' },
        ],
      },
      { genre_id: 11, genre: 'Casino', subgenres: [] },
    ],
  },
  {
    category_id: 2,
    category: 'Lifestyle',
    genres: [{ genre_id: 20, genre: 'Word of mouth', subgenres: [] }],
  },
  { category_id: 3, category: 'Weather', genres: [] },
];

describe('the taxonomy tree', () => {
  const tree = toTaxonomyTree(TAXONOMY);

  it('turns the nested answer into nodes with levels and parents', () => {
    expect(tree[0]).toMatchObject({ id: 1, level: 'category', name: 'Games', parentId: null });
    expect(tree[0]!.children[0]).toMatchObject({ id: 10, level: 'genre', parentId: 1 });
    expect(tree[0]!.children[0]!.children[1]).toEqual({
      id: 101,
      level: 'subgenre',
      name: 'Word',
      parentId: 10,
      children: [],
    });
  });

  it('counts each level and knows what each level holds', () => {
    expect(countTaxonomy(tree)).toEqual({ category: 3, genre: 3, subgenre: 2 });
    expect(childLevelOf('category')).toBe('genre');
    expect(childLevelOf('genre')).toBe('subgenre');
    expect(childLevelOf('subgenre')).toBeNull();
    expect(parentIds(tree)).toEqual([1, 10, 2]);
  });

  it('keeps the matches of a search with their ancestors open', () => {
    const found = filterTaxonomy(tree, ' word ');
    expect(found.nodes.map((node) => node.name)).toEqual(['Games', 'Lifestyle']);
    expect(found.nodes[0]!.children.map((node) => node.name)).toEqual(['Puzzle']);
    expect(found.nodes[0]!.children[0]!.children.map((node) => node.name)).toEqual(['Word']);
    expect([...found.openIds].sort()).toEqual([1, 10, 2]);
  });

  it('keeps a matching node whole and everything on an empty search', () => {
    const found = filterTaxonomy(tree, 'puzz');
    expect(found.nodes[0]!.children[0]!.children).toHaveLength(2);
    expect(filterTaxonomy(tree, '  ').nodes).toHaveLength(3);
    expect(filterTaxonomy(tree, 'nothing').nodes).toEqual([]);
  });
});

describe('supported exchange ids', () => {
  it('compare as sets and toggle in order', () => {
    expect(sameIdSet([3, 1], [1, 3])).toBe(true);
    expect(sameIdSet([1], [1, 2])).toBe(false);
    expect(toggleId([5, 1], 3, true)).toEqual([1, 3, 5]);
    expect(toggleId([1, 3], 3, true)).toEqual([1, 3]);
    expect(toggleId([1, 3], 1, false)).toEqual([3]);
  });
});

describe('notice windows', () => {
  it('read as hours, minutes or seconds in the console language', () => {
    expect(formatNoticeWindow(900, 'en')).toBe('15 minutes');
    expect(formatNoticeWindow(90, 'en')).toBe('1.5 minutes');
    expect(formatNoticeWindow(86_400, 'en')).toBe('24 hours');
    expect(formatNoticeWindow(5400, 'en')).toBe('90 minutes');
    expect(formatNoticeWindow(3600, 'gr')).toBe('1 Stunde');
    expect(formatNoticeWindow(900, 'sp')).toBe('15 minutos');
  });
});

describe('messages', () => {
  it('map schema and server messages to keys, others stay as they came', () => {
    expect(translateMetadataMessage('The name is required.')).toEqual({ key: 'validation.nameRequired' });
    expect(translateMetadataMessage(IDENTIFIER_MESSAGE)).toEqual({ key: 'validation.identifier' });
    expect(translateMetadataMessage('This genre has subgenres: delete or move them first.')).toEqual({
      key: 'taxonomy.deleteRefused.genre',
    });
    expect(translateMetadataMessage('This genre is in use (2 campaigns) and cannot be deleted.')).toEqual({
      text: 'This genre is in use (2 campaigns) and cannot be deleted.',
    });
  });
});
