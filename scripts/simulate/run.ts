// `npm run simulate -- --qps N --minutes M [--url http://localhost:8080] [--exchanges openx,xandr]`
//
// Plays exchanges against a running console through its real endpoints: the demo's simulated traffic
// (apps/api/src/seed/simulated-traffic.ts, the generator the demo history and request sample are made
// from: the specification's example shapes, floors, sizes, apps and sites, countries, a pool of
// returning users) with each device made live-like here (a current browser user agent, the country
// as ISO alpha-3, an IP address), an auction against the same simulated competing bid (first price:
// we pay our bid; second price: the runner-up plus a cent), then the win notice with the clearing
// price, the billing notice, the impression beacon, a click at the market's rate and a conversion
// postback for some clicks; the loss notice when the competitor wins.
//
// Data packages: user-agents (weighted, current browser user agents) and countries-list (ISO codes,
// languages).
import { randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { getCountryData, type TCountryCode } from 'countries-list';
import UserAgent from 'user-agents';
import {
  buildSimulatedRequest,
  clearingCpmOf,
  competingCpm,
  SIMULATED_CONVERSION_RATE,
  SIMULATED_CTR,
} from '../../apps/api/src/seed/simulated-traffic.ts';

const { values } = parseArgs({
  options: {
    qps: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '1' },
    url: { type: 'string', default: process.env.SIMULATE_URL ?? 'http://localhost:8080' },
    exchanges: { type: 'string', default: 'openx,xandr' },
    concurrency: { type: 'string', default: '32' },
  },
});
const qps = Number(values.qps);
const minutes = Number(values.minutes);
const concurrency = Number(values.concurrency);
if (!(qps > 0 && qps <= 5000) || !(minutes > 0 && minutes <= 24 * 60) || !(concurrency > 0)) {
  console.error(
    'Usage: npm run simulate -- --qps <1..5000> --minutes <minutes> [--url <console>] [--exchanges a,b]',
  );
  process.exit(2);
}
const baseUrl = values.url!.replace(/\/$/, '');
const exchanges = values
  .exchanges!.split(',')
  .map((key) => key.trim())
  .filter(Boolean);

/** The OpenRTB macros the exchange fills in our URLs (built so they do not read as templates). */
const PRICE_MACRO = ['$', '{AUCTION_PRICE}'].join('');
const LOSS_MACRO = ['$', '{AUCTION_LOSS}'].join('');
const USER_POOL = Array.from({ length: 5_000 }, () => randomBytes(16).toString('hex'));

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A live-like device for a request of the traffic: a real user agent of its kind, alpha-3, an IP. */
const deviceOf = (isMobile: boolean, country: string) => {
  const ua = new UserAgent({ deviceCategory: isMobile ? 'mobile' : 'desktop' }).toString();
  const ios = ua.match(/(?:iPhone|iPad)[^)]*OS (\d+)_(\d+)/);
  const android = ua.match(/Android (\d+(?:\.\d+)?)/);
  const [os, osv] = ios
    ? ['iOS', `${ios[1]}.${ios[2]}`]
    : android
      ? ['Android', android[1]!]
      : /Windows NT/.test(ua)
        ? ['Windows', '10']
        : /Mac OS X/.test(ua)
          ? ['macOS', '14']
          : ['Linux', ''];
  const data = getCountryData(country as TCountryCode);
  return {
    ua,
    ip: `${randomInt(11, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`,
    devicetype: isMobile ? (/iPad|Tablet/.test(ua) ? 5 : 4) : 2,
    make: ios ? 'Apple' : android ? 'Samsung' : undefined,
    os,
    osv,
    connectiontype: isMobile ? pick([2, 3, 6]) : 2,
    geo: { country: data.iso3, type: 2 },
  };
};

const buildRequest = () => {
  const request = buildSimulatedRequest(Math.random, randomBytes(12).toString('hex'), pick(USER_POOL));
  const device = request.device!;
  const live = deviceOf(device.devicetype === 4, String(device.geo?.country ?? 'US'));
  request.device = { ...device, ...live };
  return request;
};

const stats = {
  requests: 0,
  bids: 0,
  noBids: 0,
  errors: 0,
  wins: 0,
  losses: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  spend: 0,
};

const hit = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  await response.arrayBuffer();
  return response;
};

type Bid = { impid: string; price: number; adm: string; nurl: string; burl: string; lurl: string };

const playAuction = async () => {
  const request = buildRequest();
  const exchange = pick(exchanges);
  stats.requests++;
  const response = await fetch(`${baseUrl}/openrtb/2.6/${exchange}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
    body: JSON.stringify(request),
  });
  if (response.status === 204) {
    stats.noBids++;
    return;
  }
  if (response.status !== 200) {
    stats.errors++;
    await response.arrayBuffer();
    return;
  }
  const body = (await response.json()) as { seatbid?: { bid: Bid[] }[] };
  for (const bid of body.seatbid?.flatMap((seat) => seat.bid) ?? []) {
    stats.bids++;
    const imp = request.imp.find((entry) => entry.id === bid.impid);
    const floor = Number(imp?.bidfloor ?? 0.01);
    const rival = competingCpm(Math.random, floor, Boolean(imp?.video));
    const clearing = clearingCpmOf(request.at ?? 2, bid.price, floor, rival);
    if (clearing === null) {
      stats.losses++;
      await hit(bid.lurl.replaceAll(LOSS_MACRO, '102').replaceAll(PRICE_MACRO, rival.toFixed(4)));
      continue;
    }
    const price = clearing.toFixed(4);
    stats.wins++;
    await hit(bid.nurl.replaceAll(PRICE_MACRO, price));
    await hit(bid.burl.replaceAll(PRICE_MACRO, price));
    stats.spend += clearing / 1000;
    // The ad's own beacons and links, wherever the markup (HTML, VAST, native JSON) carries them.
    const urls = [...bid.adm.matchAll(/https?:\/\/[^"'<>\s\]\\]*\/t\/(imp|click)\/[^"'<>\s\]\\]*/g)];
    for (const [url, kind] of urls) {
      if (kind === 'imp') {
        await hit(url.replaceAll('&amp;', '&'));
        stats.impressions++;
      }
    }
    const click = urls.find(([, kind]) => kind === 'click');
    if (click && Math.random() < SIMULATED_CTR) {
      const clickUrl = click[0].replaceAll('&amp;', '&');
      await hit(clickUrl);
      stats.clicks++;
      if (Math.random() < SIMULATED_CONVERSION_RATE) {
        const token = clickUrl.split('/t/click/')[1]!;
        await hit(`${baseUrl}/api/postback?click_id=${encodeURIComponent(token)}&event=event1`);
        stats.conversions++;
      }
    }
  }
};

const main = async () => {
  console.log(
    `Simulating ${qps} bid requests/s for ${minutes} min against ${baseUrl} (${exchanges.join(', ')})`,
  );
  const endAt = Date.now() + minutes * 60_000;
  let inFlight = 0;
  let dropped = 0;
  const tickMs = 100;
  let carry = 0;
  const report = setInterval(() => {
    console.log(
      `requests ${stats.requests}  bids ${stats.bids}  no-bid ${stats.noBids}  wins ${stats.wins}  losses ${stats.losses}  ` +
        `impressions ${stats.impressions}  clicks ${stats.clicks}  conversions ${stats.conversions}  ` +
        `media $${stats.spend.toFixed(2)}  errors ${stats.errors}  skipped ${dropped}`,
    );
  }, 5_000);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (Date.now() >= endAt) {
        clearInterval(timer);
        resolve();
        return;
      }
      carry += (qps * tickMs) / 1000;
      const now = Math.floor(carry);
      carry -= now;
      for (let n = 0; n < now; n++) {
        // Past the concurrency limit the console is slower than the asked rate: skip, and say so.
        if (inFlight >= concurrency) {
          dropped++;
          continue;
        }
        inFlight++;
        playAuction()
          .catch(() => {
            stats.errors++;
          })
          .finally(() => {
            inFlight--;
          });
      }
    }, tickMs);
  });
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(report);
  console.log('Done:', JSON.stringify({ ...stats, spend: Number(stats.spend.toFixed(4)), skipped: dropped }));
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
