// The active language, and the translations of the screens a logged-out visitor sees (login,
// register, password reset, maintenance, documentation, the public frame), without i18next: /login
// stays light (docs/measuring.md budget). The signed-in app's i18next (i18n.ts, loaded on sign-in) follows
// this store's language through onLanguageChange. Both read the same per-language JSON chunks.
import { type Language, STORAGE_KEYS } from '@console/core/constants';
import { use, useSyncExternalStore } from 'react';
import { HTML_LANG, resolveLanguage } from './languages.ts';

/** The namespaces of the public screens; the others are i18next's (signed in). */
const localeFiles = import.meta.glob<{ default: Bundle }>('../../locales/*/{auth,common,docs,layout}.json');

type Bundle = { [key: string]: unknown };
/** A promise React's `use` reads synchronously once settled. */
type Loading = Promise<Bundle> & { status?: 'fulfilled'; value?: Bundle };
type TOptions = { [name: string]: unknown; count?: number; defaultValue?: unknown; returnObjects?: boolean };
export type PublicT = {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
};

const bundles = new Map<string, Loading>();
const listeners = new Set<() => void>();
const followers = new Set<(language: Language) => Promise<unknown>>();
let version = 0;

const readStoredLanguage = (): Language => {
  try {
    return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return resolveLanguage(null);
  }
};

let language: Language = readStoredLanguage();

const notify = () => {
  version += 1;
  for (const listener of listeners) listener();
};

const loadBundle = (lang: Language, namespace: string): Loading => {
  const id = `${lang}/${namespace}`;
  const known = bundles.get(id);
  if (known) return known;
  const load = localeFiles[`../../locales/${id}.json`];
  const loading: Loading = (load ? load().then((module) => module.default) : Promise.resolve({})).then(
    (bundle: Bundle) => {
      loading.status = 'fulfilled';
      loading.value = bundle;
      notify();
      return bundle;
    },
  );
  bundles.set(id, loading);
  return loading;
};

const applyHtmlLang = () => {
  document.documentElement.lang = HTML_LANG[language];
};
applyHtmlLang();

export const getLanguage = (): Language => language;

/** Lets i18next (signed in) switch with the store; the store waits for it before it switches. */
export const onLanguageChange = (follow: (next: Language) => Promise<unknown>): void => {
  followers.add(follow);
};

/** Switches the language (and remembers it under I18N_LANGUAGE) once its texts are loaded. */
export const setLanguage = async (next: Language): Promise<void> => {
  localStorage.setItem(STORAGE_KEYS.language, next);
  const used = [...bundles.keys()].filter((id) => id.startsWith(`${language}/`));
  await Promise.all([
    ...used.map((id) => loadBundle(next, id.slice(id.indexOf('/') + 1))),
    ...[...followers].map((follow) => follow(next)),
  ]);
  language = next;
  applyHtmlLang();
  notify();
};

/** Loads namespaces of the active language ahead of the first render. */
export const preloadNamespaces = (namespaces: readonly string[]): Promise<unknown> =>
  Promise.all(namespaces.map((namespace) => loadBundle(language, namespace)));

const lookup = (bundle: Bundle | undefined, path: string): unknown => {
  let value: unknown = bundle;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Bundle)[part];
  }
  return value;
};

const translate = (lang: Language, namespace: string, key: string, options: TOptions = {}): unknown => {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : namespace;
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const bundle = loadBundle(lang, ns).value;
  const plural =
    typeof options.count === 'number'
      ? lookup(bundle, `${path}_${new Intl.PluralRules(HTML_LANG[lang]).select(options.count)}`)
      : undefined;
  const value = plural ?? lookup(bundle, path) ?? options.defaultValue ?? key;
  if (typeof value !== 'string') return options.returnObjects ? value : key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''));
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * `t` of one namespace (`other:key` reaches another), re-rendering on a language switch. Suspends
 * until the namespace is loaded; with `suspend: false` (a Suspense fallback) it shows keys until then.
 */
export const usePublicTranslation = (namespace: string, { suspend = true } = {}) => {
  useSyncExternalStore(subscribe, () => version);
  const lang = language;
  const loading = loadBundle(lang, namespace);
  if (suspend && loading.status !== 'fulfilled') use(loading as Promise<Bundle>);
  const t = ((key: string, options?: TOptions) => translate(lang, namespace, key, options)) as PublicT;
  return { t, language: lang };
};
