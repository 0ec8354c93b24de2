// A child process for the bid journal's crash test: journals the bids named on the command line
// (its shipper never stores, so the files stay), prints "acknowledged" once every append has
// resolved, and waits to be killed.

import { createBidJournal } from '../../src/modules/delivery/bid-journal.ts';
import { eventRow } from '../../src/modules/delivery/event-recorder.ts';
import { bidEvent } from './bid-event.ts';

const [dir, campaignId, ...auctions] = process.argv.slice(2);
const journal = createBidJournal({
  dir: dir!,
  store: () => new Promise<void>(() => undefined),
  onError: (error) => console.error(error),
});
await Promise.all(
  auctions.map((auction) =>
    journal.append([JSON.stringify(eventRow(bidEvent(auction, Number(campaignId))))]),
  ),
);
process.stdout.write('acknowledged\n');
setInterval(() => undefined, 1000);
