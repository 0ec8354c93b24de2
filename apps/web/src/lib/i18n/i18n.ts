// The signed-in app's translations: it adds its namespaces' files (src/locales/<lang>/<ns>.json,
// each its own chunk, loaded on first use) to the store of the public screens (locale-store.ts), and
// offers `i18n` to the code outside React (toasts).
import { addLocaleFiles, getLanguage, preloadNamespaces, translateNow } from './locale-store.ts';

addLocaleFiles(import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json'));

/** The frame's texts with the common ones: the frame shows as soon as they are in. */
export const initI18n = (): Promise<unknown> => preloadNamespaces(['common', 'layout']);

export const i18n = {
  get language() {
    return getLanguage();
  },
  t: translateNow,
  loadNamespaces: (namespace: string): Promise<unknown> => preloadNamespaces([namespace]),
};
