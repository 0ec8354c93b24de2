// A child process for the bid journal's crash test: journals the bids named on the command line
// (its shipper never stores, so the files stay), prints "acknowledged" once every append has
// resolved, and waits to be killed.

import { createBidJournal } from '../../src/modules/delivery/bid-journal.ts';
import { eventRow } from '../../src/modules/delivery/event-recorder.ts';

const [dir, campaignId, ...auctions] = process.argv.slice(2);
const journal = createBidJournal({
  dir: dir!,
  store: () => new Promise<void>(() => undefined),
  onError: (error) => console.error(error),
});
const now = new Date();
await Promise.all(
  auctions.map((auction) =>
    journal.append([
      JSON.stringify(
        eventRow({
          type: 'BID',
          day: now.toISOString().slice(0, 10),
          occurredAt: now,
          exchangeId: 1,
          auctionId: auction,
          impId: '1',
          campaignId: Number(campaignId),
          creativeId: 1,
          advertiserId: 1,
          country: 'US',
          os: 'iOS',
          deviceType: 'PHONE',
          trafficType: 'APP',
          bidMicros: 2_000_000,
        }),
      ),
    ]),
  ),
);
process.stdout.write('acknowledged\n');
setInterval(() => undefined, 1000);
