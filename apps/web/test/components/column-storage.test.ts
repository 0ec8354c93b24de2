import { describe, expect, it } from 'vitest';
import {
  columnStorageKey,
  readHiddenColumns,
  toggleHidden,
  writeHiddenColumns,
} from '../../src/components/data-table/column-storage.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('column chooser memory', () => {
  it('remembers hidden columns per table id', () => {
    const store = memory();
    writeHiddenColumns('users', ['email', 'company'], store);
    expect(store.getItem(columnStorageKey('users'))).toBe('["company","email"]');
    expect(readHiddenColumns('users', ['email', 'company', 'role'], [], store)).toEqual(['company', 'email']);
    expect(readHiddenColumns('agencies', ['email'], [], store)).toEqual([]);
  });

  it('uses the defaults until something is stored, and drops unknown ids', () => {
    const store = memory();
    expect(readHiddenColumns('users', ['id', 'email'], ['id', 'gone'], store)).toEqual(['id']);
    store.setItem(columnStorageKey('users'), '["gone","email"]');
    expect(readHiddenColumns('users', ['id', 'email'], ['id'], store)).toEqual(['email']);
    store.setItem(columnStorageKey('users'), 'not json');
    expect(readHiddenColumns('users', ['id', 'email'], ['id'], store)).toEqual(['id']);
  });

  it('never hides the last visible column', () => {
    expect(toggleHidden([], 'a', ['a', 'b'])).toEqual(['a']);
    expect(toggleHidden(['a'], 'b', ['a', 'b'])).toEqual(['a']);
    expect(toggleHidden(['a'], 'a', ['a', 'b'])).toEqual([]);
  });
});
