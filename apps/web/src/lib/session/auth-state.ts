// The current auth record in memory, shared by the session store and the HTTP client, plus its
// encrypted copy under the storage key `auth`. No HTTP and no React here.
import { STORAGE_KEYS } from '@console/core/constants';
import { openStoredValue, sealStoredValue } from '../storage/storage-cipher.ts';
import { type AuthRecord, isAuthRecord } from './auth-record.ts';

type Listener = () => void;

let current: AuthRecord | null = null;
const listeners = new Set<Listener>();

export const getAuth = (): AuthRecord | null => current;

export const subscribeAuth = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets the in-memory record only (used when another tab already wrote storage). */
export const setAuthInMemory = (record: AuthRecord | null): void => {
  if (record === current) return;
  current = record;
  for (const listener of listeners) listener();
};

// Writes are serialised so that a slow encryption never overwrites a newer record.
let writeChain: Promise<void> = Promise.resolve();

export const saveAuth = (record: AuthRecord | null): Promise<void> => {
  setAuthInMemory(record);
  writeChain = writeChain.then(async () => {
    if (!record) {
      localStorage.removeItem(STORAGE_KEYS.auth);
      return;
    }
    const sealed = await sealStoredValue(record);
    // A logout may have happened while sealing: never resurrect a cleared session.
    if (current === record) localStorage.setItem(STORAGE_KEYS.auth, sealed);
  });
  return writeChain;
};

export const readStoredAuth = async (raw: string | null = localStorage.getItem(STORAGE_KEYS.auth)) => {
  const value = await openStoredValue(raw);
  return isAuthRecord(value) ? value : null;
};

/** Clears the session (a 401, an expired token): the record and its stored copy. */
export const dropAuth = (): Promise<void> => saveAuth(null);

// The session store watches requests to refresh tokens that passed 90% of their life.
let requestObserver: (() => void) | null = null;
export const setRequestObserver = (observer: (() => void) | null): void => {
  requestObserver = observer;
};
export const notifyRequest = (): void => requestObserver?.();
