// The selected creatives of a bulk page, kept in the URL (`?ids=1,2,3`: the list page links here
// with its selection, and a reload keeps it), plus the rows the page has seen, so that it can name
// the selected creatives and knows their types.
import type { CreativeListItem, CreativeType } from '@console/core/api/creatives';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatIdsParam, parseIdsParam } from './bulk-edit-model.ts';

export type CreativeSelection = {
  ids: number[];
  selected: ReadonlySet<string>;
  setSelected: (next: Iterable<number | string>) => void;
  remember: (rows: readonly CreativeListItem[]) => void;
  known: ReadonlyMap<number, CreativeListItem>;
  typeOf: (id: number) => CreativeType | undefined;
  nameOf: (id: number) => string | undefined;
};

export const useCreativeSelection = (): CreativeSelection => {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('ids');
  const ids = useMemo(() => parseIdsParam(raw), [raw]);
  const selected = useMemo(() => new Set(ids.map(String)), [ids]);
  const [known, setKnown] = useState<ReadonlyMap<number, CreativeListItem>>(() => new Map());

  const setSelected = useCallback(
    (next: Iterable<number | string>) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          const value = formatIdsParam(next);
          if (value) params.set('ids', value);
          else params.delete('ids');
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearch],
  );

  const remember = useCallback((rows: readonly CreativeListItem[]) => {
    setKnown((previous) => {
      if (rows.every((row) => previous.get(row.creative_primary_id) === row)) return previous;
      const next = new Map(previous);
      for (const row of rows) next.set(row.creative_primary_id, row);
      return next;
    });
  }, []);

  return {
    ids,
    selected,
    setSelected,
    remember,
    known,
    typeOf: (id) => known.get(id)?.creative_type,
    nameOf: (id) => known.get(id)?.name,
  };
};
