// The active language and the console's translations: one JSON chunk per language and namespace
// (src/locales/<lang>/<ns>.json), loaded on first use, only the active language's. The store knows
// the files of the screens a logged-out visitor sees (login, register, password reset, maintenance,
// documentation, the public frame); the signed-in app adds the others (i18n.ts). Written for the
// console rather than taken from i18next, which with react-i18next weighed 18 kB gzip on every page:
// the console uses namespaces, `ns:key`, {{name}} interpolation, plurals by Intl.PluralRules
// (key_one, key_few, ...) and returnObjects, and nothing else of it.
import { type Language, STORAGE_KEYS } from '@console/core/constants';
import { use, useMemo, useState, useSyncExternalStore } from 'react';
import { HTML_LANG, resolveLanguage } from './languages.ts';

type Loader = () => Promise<{ default: Bundle }>;
/** The namespaces of the public screens; addLocaleFiles adds the signed-in app's. */
const localeFiles: Record<string, Loader> = import.meta.glob<{ default: Bundle }>(
  '../../locales/*/{auth,common,docs,layout}.json',
);

/** Makes more locale files known (the signed-in app's namespaces), before any of them is asked for. */
export const addLocaleFiles = (files: Record<string, Loader>): void => {
  Object.assign(localeFiles, files);
};

type Bundle = { [key: string]: unknown };
/** A promise React's `use` reads synchronously once settled. */
type Loading = Promise<Bundle> & { status?: 'fulfilled'; value?: Bundle };
type TOptions = {
  [name: string]: unknown;
  count?: number;
  defaultValue?: unknown;
  returnObjects?: boolean;
  /** The namespace of a key without `ns:` (instead of the hook's). */
  ns?: string;
};
export type TFunction = {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
};

const bundles = new Map<string, Loading>();
const listeners = new Set<() => void>();

const readStoredLanguage = (): Language => {
  try {
    return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return resolveLanguage(null);
  }
};

let language: Language = readStoredLanguage();

const notify = () => {
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
  // Unit tests import modules that translate without a document.
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
};
applyHtmlLang();

export const getLanguage = (): Language => language;

/** Switches the language (and remembers it under I18N_LANGUAGE) once its texts are loaded. */
export const setLanguage = async (next: Language): Promise<void> => {
  localStorage.setItem(STORAGE_KEYS.language, next);
  const used = [...bundles.keys()].filter((id) => id.startsWith(`${language}/`));
  await Promise.all(used.map((id) => loadBundle(next, id.slice(id.indexOf('/') + 1))));
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

/** The value of `key` in the first of `namespaces` that has it (a key's own `ns:` wins). */
const translate = (
  lang: Language,
  namespaces: readonly string[],
  key: string,
  options: TOptions = {},
  reached?: Set<string>,
): unknown => {
  const colon = key.indexOf(':');
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const other = colon > 0 ? key.slice(0, colon) : options.ns;
  if (other !== undefined && !namespaces.includes(other)) reached?.add(other);
  const searched = other !== undefined ? [other] : namespaces;
  const pluralPath =
    typeof options.count === 'number'
      ? `${path}_${new Intl.PluralRules(HTML_LANG[lang]).select(options.count)}`
      : undefined;
  let value: unknown;
  for (const ns of searched) {
    const bundle = loadBundle(lang, ns).value;
    value = (pluralPath ? lookup(bundle, pluralPath) : undefined) ?? lookup(bundle, path);
    if (value !== undefined) break;
  }
  value ??= options.defaultValue ?? path;
  if (typeof value !== 'string') return options.returnObjects ? value : path;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''));
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The active language and how many of the namespaces' texts are still to come ('en|1'): changes
 * when the language does or one of them comes in (or `t` reaches one not yet loaded), not otherwise.
 */
const readiness = (namespaces: Iterable<string>): string => {
  let missing = 0;
  for (const ns of namespaces) if (bundles.get(`${language}/${ns}`)?.status !== 'fulfilled') missing += 1;
  return `${language}|${missing}`;
};

/** `t` outside React (a toast), in the active language; the namespace must be loaded (loadNamespaces). */
export const translateNow = ((key: string, options?: TOptions) =>
  translate(language, ['common'], key, options)) as TFunction;

/**
 * `t` of one namespace, or of several searched in order (`other:key` reaches any), re-rendering on a
 * language switch; the same function until the language changes (effects may depend on it). Suspends until the
 * namespaces are loaded; with `suspend: false` (a Suspense fallback) it shows keys until then.
 */
export const useTranslation = (namespace: string | readonly string[] = 'common', { suspend = true } = {}) => {
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  const nsKey = namespaces.join(',');
  // The namespaces `t` reached beyond the hook's own (`other:key`, the ns option), as it was called.
  const [reached] = useState(() => new Set<string>());
  // Renders again when a namespace this component reads comes in, not when any of the app's does:
  // a page's namespaces arriving did re-render the whole frame once each, before the page showed.
  // A suspending component's own namespaces are in whenever it renders (React renders it again
  // when they come): only the others count.
  useSyncExternalStore(subscribe, () => readiness(suspend ? reached : [...namespaces, ...reached]));
  const lang = useSyncExternalStore(subscribe, getLanguage);
  // `use` on every render, loaded or not (it answers a settled promise at once): React replays a
  // render that suspended, and one that called `use` fewer times on the replay broke it (error 467).
  if (suspend) for (const ns of namespaces) use(loadBundle(lang, ns) as Promise<Bundle>);
  // Changes with the language only, as i18next's did: it reads the bundles when called.
  const t = useMemo(
    () =>
      ((key: string, options?: TOptions) =>
        translate(lang, nsKey.split(','), key, options, reached)) as TFunction,
    [lang, nsKey, reached],
  );
  return { t, language: lang, i18n: { language: lang } };
};
