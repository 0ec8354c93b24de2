// Values kept in localStorage that must not be readable in plain text (the auth record, spec
// section 3). The key is fixed and ships with the app: this hides tokens from casual eyes and
// from extensions that scrape storage for JWT-looking strings; it is not a security boundary.
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';

const STORAGE_KEY_HEX = '13264f534facdfb764dba26cce575f940eae2136b6a88d41c566fe55ab5b72f4';

let keyPromise: Promise<CryptoKey> | null = null;
const getStorageKey = (): Promise<CryptoKey> => {
  keyPromise ??= importEnvelopeKey(STORAGE_KEY_HEX);
  return keyPromise;
};

export const sealStoredValue = async (value: unknown): Promise<string> =>
  sealJson(await getStorageKey(), value);

/** Null when the text is missing, tampered with or was sealed with another key. */
export const openStoredValue = async (sealed: string | null): Promise<unknown> => {
  if (!sealed) return null;
  try {
    return await openJson(await getStorageKey(), sealed);
  } catch {
    return null;
  }
};
