// i18next of the signed-in app, loaded with it (signed-in-router.tsx): one JSON file per language
// and namespace (src/locales/<lang>/<ns>.json), each its own chunk loaded on first use. The public
// screens translate without it (locale-store.ts), whose language it follows.
import { LANGUAGES } from '@console/core/constants';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage, onLanguageChange } from './locale-store.ts';

const localeFiles = import.meta.glob<{ default: ResourceKey }>('../../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next;

let ready: Promise<unknown> | null = null;

/** Starts i18next once (a later sign-in in the same page reuses it). */
export const initI18n = (): Promise<unknown> => {
  if (ready) return ready;
  // The language is the store's (locale-store.ts: the picker, the page's lang attribute).
  onLanguageChange((next) => i18next.changeLanguage(next));
  ready = i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: getLanguage(),
      supportedLngs: [...LANGUAGES],
      // Every language carries every key (test/locales.test.ts), so no English fallback is loaded.
      fallbackLng: false,
      // The frame's texts with the common ones: the frame shows as soon as i18next is ready.
      ns: ['common', 'layout'],
      defaultNS: 'common',
      fallbackNS: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: true },
    });
  return ready;
};
