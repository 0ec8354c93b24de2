// One shared copy of the layout settings for the shell and its settings panel, persisted locally.
import { STORAGE_KEYS } from '@console/core/constants';
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LAYOUT_SETTINGS,
  type LayoutSettings,
  readLayoutSettings,
  writeLayoutSettings,
} from './layout-settings.ts';

const browserStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

let current: LayoutSettings | null = null;
const listeners = new Set<() => void>();

const getSettings = (): LayoutSettings => {
  current ??= readLayoutSettings(browserStorage());
  return current;
};

const notify = () => {
  for (const listener of listeners) listener();
};

// Another tab changed the layout, or a logout cleared storage: follow it.
const followStorage = (event: StorageEvent) => {
  if (event.key !== null && event.key !== STORAGE_KEYS.layout) return;
  current = readLayoutSettings(browserStorage());
  notify();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0) window.addEventListener('storage', followStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', followStorage);
  };
};

export const updateLayoutSettings = (patch: Partial<LayoutSettings>): void => {
  current = { ...getSettings(), ...patch };
  writeLayoutSettings(browserStorage(), current);
  notify();
};

export const resetLayoutSettings = (): void => {
  current = DEFAULT_LAYOUT_SETTINGS;
  writeLayoutSettings(browserStorage(), current);
  notify();
};

export const useLayoutSettings = (): LayoutSettings =>
  useSyncExternalStore(subscribe, getSettings, () => DEFAULT_LAYOUT_SETTINGS);
