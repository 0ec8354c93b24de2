// In-process notice that something was created, updated or moved (every such write records a change
// through audit.ts, which announces it here). The bidder listens to keep its in-memory campaign index
// fresh. A notice may arrive before its transaction commits: listeners debounce and re-read, and
// reload on a timer as well.
type Listener = (entityType: string) => void;

const listeners = new Set<Listener>();

/** Subscribes; answers the function that unsubscribes. */
export const onEntityChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const announceChange = (entityType: string): void => {
  for (const listener of listeners) listener(entityType);
};
