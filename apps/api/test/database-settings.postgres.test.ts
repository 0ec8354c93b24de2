// The settings the API's PostgreSQL connections run with (db/client.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('runs without JIT: a generic plan of a list search would be compiled before each call', async () => {
  // Several at once, so the pool opens new connections: each has it off.
  const settings = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const result = (await t.deps.db.execute(
        sql`select current_setting('jit') as jit, pg_sleep(0.05)`,
      )) as unknown as {
        rows: { jit: string }[];
      };
      return result.rows[0]?.jit;
    }),
  );
  expect(settings).toEqual(['off', 'off', 'off', 'off']);
});
