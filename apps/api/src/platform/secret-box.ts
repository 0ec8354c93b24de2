// Sealing secrets at rest (DSP credentials) with a key derived from JWT_SECRET, so no extra
// configuration is needed; rotating JWT_SECRET means re-entering the sealed secrets.
import { hkdfSync } from 'node:crypto';
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';

export type SecretBox = {
  seal: (value: unknown) => Promise<string>;
  open: (sealed: string) => Promise<unknown>;
};

export const createSecretBox = async (secret: string, purpose: string): Promise<SecretBox> => {
  const derived = Buffer.from(hkdfSync('sha256', secret, 'trading-desk-console', purpose, 32)).toString(
    'hex',
  );
  const key = await importEnvelopeKey(derived);
  return { seal: (value) => sealJson(key, value), open: (sealed) => openJson(key, sealed) };
};
