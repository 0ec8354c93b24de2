import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@console/core/constants';
import { ROLES } from '@console/core/roles';
import { MENUS } from '@console/core/routes/menus';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_TYPES,
  LAYOUT_WIDTHS,
  SIDEBAR_IMAGES,
  SIDEBAR_THEMES,
  SIDEBAR_TYPES,
  TOPBAR_THEMES,
} from '../../src/app/layouts/layout-settings.ts';

const localesDir = fileURLToPath(new URL('../../src/locales/', import.meta.url));
const layoutsDir = fileURLToPath(new URL('../../src/app/layouts/', import.meta.url));

type Tree = { [key: string]: string | Tree };
const load = (language: string): Tree =>
  JSON.parse(readFileSync(join(localesDir, language, 'layout.json'), 'utf8'));

const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
};

const english = flatten(load('en'));
const placeholdersOf = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

// Words that are the same in the language or are names (brands, product names, acronyms).
const SAME_AS_ENGLISH = new Set([
  'Insight360',
  'DSP',
  'DSPs',
  'Vertical',
  'Horizontal',
  'Aurora',
  'Standard',
  'Kompakt',
]);

describe('layout namespace', () => {
  it.each(LANGUAGES)('%s has exactly the English keys, non-empty, with the same placeholders', (language) => {
    const strings = flatten(load(language));
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(strings)) {
      expect(text.trim(), `${language}:${key}`).not.toBe('');
      expect(placeholdersOf(text), `${language}:${key}`).toEqual(placeholdersOf(english[key]!));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s leaves no English behind', (language) => {
    const strings = flatten(load(language));
    const untranslated = Object.entries(strings).filter(
      ([key, text]) => text === english[key] && !SAME_AS_ENGLISH.has(text),
    );
    expect(untranslated).toEqual([]);
  });

  it('labels every menu entry of every role and every role name', () => {
    for (const role of ROLES) {
      for (const item of MENUS[role]) expect(english[item.labelKey], item.labelKey).toBeTruthy();
      expect(english[`roles.${role}`]).toBeTruthy();
    }
  });

  it('labels every option of the settings panel', () => {
    const groups = {
      layoutTypes: LAYOUT_TYPES,
      layoutWidths: LAYOUT_WIDTHS,
      topbarThemes: TOPBAR_THEMES,
      sidebarTypes: SIDEBAR_TYPES,
      sidebarColors: SIDEBAR_THEMES,
      sidebarImages: SIDEBAR_IMAGES,
    };
    for (const [group, options] of Object.entries(groups)) {
      for (const option of options)
        expect(english[`settings.${group}.${option}`], `${group}.${option}`).toBeTruthy();
    }
  });

  it('has every literal key the layout components use', () => {
    const sources = readdirSync(layoutsDir)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => readFileSync(join(layoutsDir, file), 'utf8'))
      .join('\n');
    const used = [...sources.matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    for (const key of used) expect(english[key], key).toBeTruthy();
  });

  it('keeps the spec texts of the Back buttons in English', () => {
    expect(english['impersonation.backToAdmin']).toBe('Back To Admin');
    expect(english['impersonation.backToCoAdmin']).toBe('Back To Co-Admin');
    expect(english['impersonation.backToAgency']).toBe('Back To Agency');
  });
});
