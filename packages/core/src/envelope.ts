// The request/response envelope of spec section 7: AES-256-GCM over JSON, base64 of iv | ciphertext | tag.
// The key reaches the browser, so this only hides payloads from casual eyes; TLS is the security.
// WebCrypto runs in both Node (>= 20) and the browser, so one implementation serves both sides.

const IV_BYTES = 12;

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Imports a 32-byte key given as 64 hex digits or base64. */
export const importEnvelopeKey = async (key: string): Promise<CryptoKey> => {
  const raw = /^[0-9a-f]{64}$/i.test(key)
    ? new Uint8Array(key.match(/../g)!.map((pair) => Number.parseInt(pair, 16)))
    : fromBase64(key);
  if (raw.length !== 32) throw new Error('The envelope key must be 32 bytes (64 hex digits or base64).');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
};

export const sealText = async (key: CryptoKey, plain: string): Promise<string> => {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
};

/** Throws when the text is not a sealed message of this key. */
export const openText = async (key: CryptoKey, sealed: string): Promise<string> => {
  const bytes = fromBase64(sealed);
  if (bytes.length <= IV_BYTES + 16) throw new Error('Sealed text is too short.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
    key,
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
};

export const sealJson = (key: CryptoKey, value: unknown): Promise<string> =>
  sealText(key, JSON.stringify(value));
export const openJson = async (key: CryptoKey, sealed: string): Promise<unknown> =>
  JSON.parse(await openText(key, sealed));
