// Saves of one user's conversion event config at the same time (the settings form sent twice, two
// tabs): each answers 200 with the config it saved, and what stays is one of the configs sent, never a
// mix, never a 500. Runs on PGlite and, in the api-postgres project, on PostgreSQL, where the saves
// really run side by side on separate connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from './support/accounts.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

type Saved = { key: string; event_name: string; event_status: string; label: string }[];

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'fatal' }));
});
afterAll(() => t.close());

/** Config number `n` of a round: n + 1 events with names of its own. */
const configOf = (round: number, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => ({
    key: `event${i + 1}`,
    event_name: `Round ${round} save ${n} event ${i + 1}`,
    event_status: i % 2 ? 'INACTIVE' : 'ACTIVE',
  }));

describe('PUT /api/report/event-config, 10 at once by one user', () => {
  it('answers each with 200 and keeps one whole config of those sent', async () => {
    for (let round = 0; round < 5; round++) {
      const configs = Array.from({ length: 10 }, (_, n) => configOf(round, n));
      const answers = await Promise.all(
        configs.map((events) =>
          t.call('PUT', '/api/report/event-config', { token: tok.advertiser, body: { events } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(configs.map(() => 200));
      // Each answer is the config it saved.
      for (const [n, answer] of answers.entries())
        expect(dataOf<Saved>(answer).map(({ label: _label, ...event }) => event)).toEqual(configs[n]);
      const kept = dataOf<Saved>(await t.call('GET', '/api/report/event-config', { token: tok.advertiser }));
      const { label: _, ...first } = kept[0]!;
      const sent = configs.find((config) => config[0]!.event_name === first.event_name);
      expect(kept.map(({ label: _label, ...event }) => event)).toEqual(sent);
      expect(kept.map((event) => event.label)).toEqual(
        sent!.map((event, i) => `E${i + 1}-${event.event_name}`),
      );
    }
  });
});
