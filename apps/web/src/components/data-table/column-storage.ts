// The column chooser's memory: the hidden columns of each table, in localStorage under one key per
// table id. Unknown or unhideable ids are dropped when read, so renamed columns do no harm.

const KEY_PREFIX = 'table-columns:';

export const columnStorageKey = (tableId: string): string => `${KEY_PREFIX}${tableId}`;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): StorageLike | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

/** The ids of the hidden columns, limited to `hideable` ones; `fallback` when nothing is stored. */
export const readHiddenColumns = (
  tableId: string,
  hideable: readonly string[],
  fallback: readonly string[] = [],
  store: StorageLike | undefined = storage(),
): string[] => {
  let raw: string | null = null;
  try {
    raw = store?.getItem(columnStorageKey(tableId)) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return fallback.filter((id) => hideable.includes(id));
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...fallback];
    return parsed.filter((id): id is string => typeof id === 'string' && hideable.includes(id));
  } catch {
    return fallback.filter((id) => hideable.includes(id));
  }
};

export const writeHiddenColumns = (
  tableId: string,
  hidden: readonly string[],
  store: StorageLike | undefined = storage(),
): void => {
  try {
    store?.setItem(columnStorageKey(tableId), JSON.stringify([...hidden].sort()));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
};

/** Hides or shows one column, never hiding the last visible one. */
export const toggleHidden = (hidden: readonly string[], id: string, allIds: readonly string[]): string[] => {
  if (hidden.includes(id)) return hidden.filter((other) => other !== id);
  const visibleAfter = allIds.filter((other) => other !== id && !hidden.includes(other));
  return visibleAfter.length === 0 ? [...hidden] : [...hidden, id];
};
