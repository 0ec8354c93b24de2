import { describe, expect, it } from 'vitest';
import './zod-jitless.ts';

describe('zod without its eval probe', () => {
  it('is jitless before any schema is built, as z.config() reads it', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema built afterwards still parses (the interpreted path).
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
