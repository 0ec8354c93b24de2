// i18next with one JSON file per language and namespace (src/locales/<lang>/<ns>.json), each its
// own chunk loaded on first use, so /login loads only `common` and `auth` of one language.
import { LANGUAGES, type Language, STORAGE_KEYS } from '@console/core/constants';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, resolveLanguage } from './languages.ts';

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

const readStoredLanguage = (): Language => {
  try {
    return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return resolveLanguage(null);
  }
};

const applyHtmlLang = (language: string): void => {
  document.documentElement.lang = HTML_LANG[resolveLanguage(language)];
};

export const i18n = i18next;

export const initI18n = async (): Promise<void> => {
  const language = readStoredLanguage();
  applyHtmlLang(language);
  i18next.on('languageChanged', applyHtmlLang);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Every language carries every key (test/locales.test.ts), so no English fallback is loaded.
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: true },
    });
};

/** Switches the language and remembers it under I18N_LANGUAGE. */
export const setLanguage = async (language: Language): Promise<void> => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
};
