// Under 640 px a data table row is a card (data-cards.tsx): the first shown column titles it, a few
// columns sit on the card, the rest go behind "More details"; columns may choose their place.
import { describe, expect, it } from 'vitest';
import { CARD_SUMMARY_COLUMNS, cardLayout } from '../../src/components/data-table/data-cards.tsx';
import type { DataColumn } from '../../src/components/data-table/data-table.tsx';

type Row = { id: number };
const column = (id: string, card?: DataColumn<Row>['card']): DataColumn<Row> => ({
  id,
  header: id,
  cell: (row) => String(row.id),
  card,
});
const ids = (columns: readonly DataColumn<Row>[]) => columns.map((c) => c.id);

describe('cardLayout', () => {
  it('titles the card with the first column, shows the next three and keeps the rest for details', () => {
    expect(CARD_SUMMARY_COLUMNS).toBe(3);
    const layout = cardLayout(['name', 'a', 'b', 'c', 'd', 'e'].map((id) => column(id)));
    expect(layout.title?.id).toBe('name');
    expect(ids(layout.summary)).toEqual(['a', 'b', 'c']);
    expect(ids(layout.details)).toEqual(['d', 'e']);
  });

  it("follows the columns' marks: summary first, details and hidden kept off the card", () => {
    const layout = cardLayout([
      column('name'),
      column('a', 'details'),
      column('b'),
      column('c', 'hidden'),
      column('d'),
      column('e', 'summary'),
      column('f'),
    ]);
    // e is marked, b and d fill the card in their order; f and a wait behind "More details".
    expect(ids(layout.summary)).toEqual(['b', 'd', 'e']);
    expect(ids(layout.details)).toEqual(['a', 'f']);
  });

  it('shows only marked columns when they fill the card', () => {
    const layout = cardLayout([
      column('name'),
      column('a'),
      column('b', 'summary'),
      column('c', 'summary'),
      column('d', 'summary'),
      column('e', 'summary'),
    ]);
    expect(ids(layout.summary)).toEqual(['b', 'c', 'd', 'e']);
    expect(ids(layout.details)).toEqual(['a']);
  });

  it('has no title for no columns', () => {
    expect(cardLayout<Row>([])).toEqual({ title: undefined, summary: [], details: [] });
  });
});
