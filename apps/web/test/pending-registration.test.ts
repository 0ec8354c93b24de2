// The address awaiting its code survives a reload of /register; the password never is stored.
import { describe, expect, it } from 'vitest';
import {
  readPendingRegistration,
  writePendingRegistration,
} from '../src/features/auth/pending-registration.ts';

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('pending registration memory', () => {
  it('remembers the address, and only the address, until it is forgotten', () => {
    const store = memoryStore();
    expect(readPendingRegistration(store)).toBeNull();
    writePendingRegistration('new@example.com', store);
    expect(readPendingRegistration(store)).toBe('new@example.com');
    expect([...store.items.values()]).toEqual(['new@example.com']);
    writePendingRegistration(null, store);
    expect(readPendingRegistration(store)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('reads nothing and throws nothing when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writePendingRegistration('new@example.com', refusing)).not.toThrow();
    expect(readPendingRegistration(refusing)).toBeNull();
    expect(readPendingRegistration(undefined)).toBeNull();
  });
});
