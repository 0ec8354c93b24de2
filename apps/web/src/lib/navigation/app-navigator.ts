// Navigation without the router library, so /login does not load it: non-React code (session
// actions, the HTTP client's 401 handling) and the public screens' links navigate through
// navigateTo. Once the signed-in router is mounted it registers its own navigate function; until
// then (logged out) navigateTo writes the browser history itself, in the entry format react-router
// uses ({usr: state, key, idx}), so the router takes over the same history after sign-in.
import { useSyncExternalStore } from 'react';

type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigate = (path: string, options?: NavigateOptions) => void;

/** The window's location as the screens read it (`state`: what the navigation carried). */
export type AppLocation = { pathname: string; search: string; hash: string; state: unknown };

type HistoryEntry = { usr?: unknown; key?: string; idx?: number } | null;

let navigator: Navigate | null = null;
let current: AppLocation | null = null;
const listeners = new Set<() => void>();

export const setAppNavigator = (navigate: Navigate | null): void => {
  navigator = navigate;
};

/** Tells the location's readers that it changed (the router calls it after its navigations). */
export const notifyLocationChange = (): void => {
  for (const listener of listeners) listener();
};

const readLocation = (): AppLocation => {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state as HistoryEntry)?.usr ?? null;
  const same =
    current?.pathname === pathname &&
    current.search === search &&
    current.hash === hash &&
    current.state === state;
  if (!same) current = { pathname, search, hash, state };
  return current as AppLocation;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

/** The current location; re-renders on every navigation and on back/forward. */
export const useAppLocation = (): AppLocation => useSyncExternalStore(subscribe, readLocation);

const writeHistory = (path: string, { replace = false, state = null }: NavigateOptions = {}) => {
  const index = (window.history.state as HistoryEntry)?.idx ?? 0;
  const entry = {
    usr: state,
    key: Math.random().toString(36).slice(2, 10),
    idx: replace ? index : index + 1,
  };
  if (replace) window.history.replaceState(entry, '', path);
  else window.history.pushState(entry, '', path);
  notifyLocationChange();
};

export const navigateTo = (path: string, options?: NavigateOptions): void => {
  if (navigator) navigator(path, options);
  else writeHistory(path, options);
};
