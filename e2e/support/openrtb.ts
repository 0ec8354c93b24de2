// The OpenRTB 2.6 specification's example requests the API tests use (apps/api/test/fixtures/openrtb).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const openrtbFixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../apps/api/test/fixtures/openrtb/${name}.json`, import.meta.url)),
      'utf8',
    ),
  ) as Record<string, unknown>;
