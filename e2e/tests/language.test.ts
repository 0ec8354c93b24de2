// Languages (spec section 1): on /login each of sp, gr, it, rs replaces every
// English string of the page (visible text and the accessible names and hints users meet), the
// choice is kept under I18N_LANGUAGE across a reload and after login, where the shell speaks it too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Language, STORAGE_KEYS } from '@console/core/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, useE2E } from '../support/browser.ts';
import { loginInAnyLanguage, readMenuLabels, waitForUserSettings } from '../support/console.ts';
import { repoRoot } from '../support/start-server.ts';

const e2e = useE2E();

const HTML_LANG: Record<Language, string> = { en: 'en', sp: 'es', gr: 'de', it: 'it', rs: 'ru' };

/**
 * Words that are the same in English and in the target language, and correctly so (Italian UIs
 * say "Password"). Anything else found unchanged counts as untranslated.
 */
const SAME_IN_LANGUAGE: Partial<Record<Language, string[]>> = { it: ['Password'] };

type Json = { [key: string]: string | Json };
const readLocale = (language: Language, namespace: string): Json =>
  JSON.parse(readFileSync(join(repoRoot, 'apps/web/src/locales', language, `${namespace}.json`), 'utf8'));
const lookup = (tree: Json, key: string): string => {
  const value = key.split('.').reduce<string | Json | undefined>((node, part) => {
    return typeof node === 'object' ? node[part] : undefined;
  }, tree);
  if (typeof value !== 'string') throw new Error(`No string at ${key}`);
  return value;
};

/** Visible texts and accessible names/hints of the page, minus what comes from the company config. */
async function collectTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (text: string | null | undefined) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (/\p{L}/u.test(clean)) found.add(clean);
    };
    const isShown = (el: Element) => el.checkVisibility({ checkOpacity: true, visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      // The language names in the picker are each in their own language by design.
      if (!el || el.closest('select, option, script, style, noscript') || !isShown(el)) continue;
      add(node.textContent);
    }
    for (const el of Array.from(
      document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]'),
    )) {
      if (el.closest('option') || !isShown(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) add(el.getAttribute(attr));
    }
    // Branding comes from the company config (not from the translations): the company name and
    // the footer text an agency typed in.
    try {
      const config = JSON.parse(localStorage.getItem('config') ?? '{}') as {
        company?: { name?: string };
        footer?: { text?: string };
        meta?: { title?: string };
      };
      const brand = [config.company?.name, config.footer?.text, config.meta?.title].filter(Boolean);
      for (const text of [...found]) {
        if (brand.some((b) => text === b || text.endsWith(` ${b}`))) found.delete(text);
      }
    } catch {
      // no config stored: nothing to leave out
    }
    return [...found].sort();
  });
}

async function openLoginIn(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-picker').selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[language]);
  await page.getByRole('button', { name: lookup(readLocale(language, 'auth'), 'login.submit') }).waitFor();
}

describe('languages on /login', () => {
  for (const language of ['sp', 'gr', 'it', 'rs'] as const) {
    it(`${language}: no English string of /login stays; kept across a reload and after login, switched back from the header`, async () => {
      const { page } = e2e;
      // English first: the default, and the strings that must all go.
      await page.goto('/login');
      await page.getByRole('button', { name: /^sign in$/i }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByTestId('language-picker').inputValue()).toBe('en');
      const english = await collectTexts(page);
      // The collector sees the page's own strings (a guard against a vacuous comparison below).
      expect(english).toEqual(
        expect.arrayContaining([
          'Sign in',
          'Email',
          'Password',
          'Forgot your password?',
          'Create an account',
        ]),
      );

      await openLoginIn(page, language);
      const allowed = new Set(SAME_IN_LANGUAGE[language] ?? []);
      const texts = await collectTexts(page);
      expect(texts).not.toEqual(english);
      expect(texts.filter((text) => english.includes(text) && !allowed.has(text))).toEqual([]);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe(language);

      // A reload keeps the language.
      await page.reload();
      await page
        .getByRole('button', { name: lookup(readLocale(language, 'auth'), 'login.submit') })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[language]);
      expect(await page.getByTestId('language-picker').inputValue()).toBe(language);
      const afterReload = await collectTexts(page);
      expect(afterReload.filter((text) => english.includes(text) && !allowed.has(text))).toEqual([]);

      // After login the console keeps it: the menu reads in that language.
      await loginInAnyLanguage(page, DEMO_USERS.adv1);
      await waitForUserSettings(page);
      const layout = readLocale(language, 'layout');
      // The spec's advertiser menu (section 2), by the label keys of its items.
      const menuKeys = [
        'menu.dashboard',
        'menu.campaigns',
        'menu.creatives',
        'menu.funds',
        'menu.audiences',
        'menu.inventoryLists',
        'menu.reports',
      ];
      await expect.poll(() => readMenuLabels(page)).toEqual(menuKeys.map((key) => lookup(layout, key)));
      expect(await page.getByTestId('language-picker').inputValue()).toBe(language);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe(language);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[language]);

      // Switched back to English from the header while signed in: the menu follows at once.
      await page.getByTestId('language-picker').selectOption('en');
      const englishLayout = readLocale('en', 'layout');
      await expect
        .poll(() => readMenuLabels(page))
        .toEqual(menuKeys.map((key) => lookup(englishLayout, key)));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe('en');
    });
  }
});
