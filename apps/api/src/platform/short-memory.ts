// A short in-process memory of answers read from the database, for reads made on nearly every
// request (the session, the company config of a host). An entry lives `ttlMs` at most (or until its
// own end, if sooner). Forgetting is whole: on any change that could alter an answer every entry
// goes, and for `ttlMs` afterwards nothing is stored, so an answer read before the change's
// transaction committed cannot be kept past it either. Another process on the same database learns
// nothing of a change here: it may answer from its memory for at most `ttlMs` more.
export type ShortMemory<V> = {
  recall: (key: string, now?: number) => V | undefined;
  /** Remembers until `ttlMs` from now or `endsAt`, whichever is sooner. */
  remember: (key: string, value: V, endsAt?: number, now?: number) => void;
  forgetAll: (now?: number) => void;
};

export const createShortMemory = <V>(options: {
  ttlMs: number;
  /** Bounds memory under many distinct keys: the memory simply starts over beyond it. */
  maxEntries: number;
}): ShortMemory<V> => {
  const entries = new Map<string, { value: V; until: number }>();
  let storeAfter = 0;
  return {
    recall: (key, now = Date.now()) => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    remember: (key, value, endsAt = Number.POSITIVE_INFINITY, now = Date.now()) => {
      if (now < storeAfter) return;
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(key, { value, until: Math.min(now + options.ttlMs, endsAt) });
    },
    forgetAll: (now = Date.now()) => {
      entries.clear();
      storeAfter = now + options.ttlMs;
    },
  };
};
