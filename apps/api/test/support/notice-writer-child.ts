// A child process for the notice journal's crash test: journals the billed notices named on the
// command line with a money lane that never commits (the database never answers it), prints
// "answered" once every write has resolved (what the exchange was told), and waits to be killed.
import type { EventRecorder } from '../../src/modules/delivery/event-recorder.ts';
import { createNoticeWriter } from '../../src/modules/delivery/notice-journal.ts';
import { billingEvent } from './bid-event.ts';

const [dir, advertiserId, campaignId, at, ...auctions] = process.argv.slice(2);
const stalled = {
  record: () => new Promise<boolean[]>(() => undefined),
  flush: async () => undefined,
  close: async () => undefined,
} satisfies EventRecorder;
const writer = createNoticeWriter(null as never, stalled, {
  dir: dir!,
  onError: (error) => console.error(error),
});
await Promise.all(
  auctions.map((auction) =>
    writer.write(
      [
        billingEvent(
          { advertiserId: Number(advertiserId), campaignId: Number(campaignId), auction, at: new Date(at!) },
          3_000,
          500,
        ),
      ],
      async () => undefined,
    ),
  ),
);
process.stdout.write('answered\n');
setInterval(() => undefined, 1000);
