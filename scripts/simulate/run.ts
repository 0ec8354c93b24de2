// `npm run simulate -- --qps N --minutes M [--url http://localhost:8080] [--exchanges openx,xandr]`
//
// Plays exchanges against a running console through its real endpoints: OpenRTB 2.6 bid requests
// (the specification's example shapes: banner on sites, banner in apps, video, PMP deal; with
// varied sizes, floors, countries, devices from real user-agent strings, OS versions, carriers,
// languages and a pool of user ids that come back), an auction against a simulated competing bid
// (first price: we pay our bid; second price: the runner-up plus a cent), then the win notice with
// the clearing price, the billing notice, the impression beacon, a click at a plausible rate and a
// conversion postback for some clicks; the loss notice when the competitor wins.
//
// Data packages: user-agents (weighted, current browser user agents) and countries-list (ISO codes,
// languages). Countries are drawn by a rough share of programmatic traffic.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getCountryData, type TCountryCode } from 'countries-list';
import UserAgent from 'user-agents';
import { demoInventory } from '../../apps/api/src/seed/demo-inventory.ts';
import { BANNER_SIZES, CARRIERS, TRAFFIC_COUNTRIES } from '../../apps/api/src/seed/simulated-traffic.ts';

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

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`../../apps/api/test/fixtures/openrtb/${name}.json`, import.meta.url), 'utf8'),
  );
/** The shapes requests are made from, by share of traffic. */
const TEMPLATES: { template: Record<string, unknown>; weight: number; mobileOnly: boolean }[] = [
  { template: fixture('simple-banner'), weight: 40, mobileOnly: false },
  { template: fixture('mobile-app-banner'), weight: 25, mobileOnly: true },
  { template: fixture('video'), weight: 20, mobileOnly: false },
  { template: fixture('pmp-direct-deal'), weight: 10, mobileOnly: false },
  { template: fixture('expandable-banner'), weight: 5, mobileOnly: false },
];
const COUNTRY_SHARE = TRAFFIC_COUNTRIES.map(([country, share]) => [country as TCountryCode, share] as const);
/** The OpenRTB macros the exchange fills in our URLs (built so they do not read as templates). */
const PRICE_MACRO = ['$', '{AUCTION_PRICE}'].join('');
const LOSS_MACRO = ['$', '{AUCTION_LOSS}'].join('');
const CTR = 0.006;
const CONVERSION_RATE = 0.08;
const USER_POOL = Array.from({ length: 5_000 }, () => randomBytes(16).toString('hex'));

const pick = <T>(items: readonly T[], weightOf: (item: T) => number = () => 1): T => {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = Math.random() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll <= 0) return item;
  }
  return items[items.length - 1]!;
};

const deviceOf = (isMobile: boolean) => {
  const agent = new UserAgent({ deviceCategory: isMobile ? 'mobile' : 'desktop' });
  const ua = agent.toString();
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
  const country = pick(COUNTRY_SHARE, ([, share]) => share)[0];
  const data = getCountryData(country);
  const user = pick(USER_POOL);
  return {
    country,
    user,
    device: {
      ua,
      ip: `${randomInt(11, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`,
      devicetype: isMobile ? (/iPad|Tablet/.test(ua) ? 5 : 4) : 2,
      make: ios ? 'Apple' : android ? 'Samsung' : undefined,
      os,
      osv,
      language: data.languages[0] ?? 'en',
      carrier: isMobile ? pick(CARRIERS[country] ?? ['Mobile']) : undefined,
      connectiontype: isMobile ? pick([2, 3, 6]) : 2,
      geo: { country: data.iso3, type: 2 },
      ...(isMobile ? { ifa: user.replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5') } : {}),
    },
  };
};

const buildRequest = () => {
  const { template, mobileOnly } = pick(TEMPLATES, (entry) => entry.weight);
  const request = structuredClone(template) as Record<string, unknown> & {
    imp: Record<string, unknown>[];
    at?: number;
  };
  const isMobile = mobileOnly || Math.random() < 0.55;
  const who = deviceOf(isMobile);
  request.id = randomBytes(12).toString('hex');
  request.at = Math.random() < 0.7 ? 1 : 2;
  request.tmax = 200;
  request.device = { ...((request.device as object | undefined) ?? {}), ...who.device };
  request.user = { id: who.user };
  // Where the ad would run: an app or site of the demo supply, so the running-apps export spreads.
  const app = request.app as { bundle?: string } | undefined;
  const site = request.site as { domain?: string; page?: string } | undefined;
  if (app) app.bundle = demoInventory('APP', Math.random);
  if (site) {
    site.domain = demoInventory('WEB', Math.random);
    site.page = `https://${site.domain}/`;
  }
  for (const imp of request.imp) {
    imp.bidfloor = Math.round((0.05 + Math.random() * (imp.video ? 4 : 1.2)) * 100) / 100;
    imp.bidfloorcur = 'USD';
    const banner = imp.banner as { w?: number; h?: number } | undefined;
    if (banner && !template.app && Math.random() < 0.3) [banner.w, banner.h] = pick(BANNER_SIZES);
  }
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

/** A standard normal draw (Box-Muller). */
const normal = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());

/** The best competing bid: above the floor, log-normal around a market price (video costs more). */
const competingCpm = (floor: number, isVideo: boolean) =>
  floor + Math.exp(Math.log(isVideo ? 7 : 2.2) + 0.6 * normal());

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
    const rival = competingCpm(floor, Boolean(imp?.video));
    if (rival >= bid.price) {
      stats.losses++;
      await hit(bid.lurl.replaceAll(LOSS_MACRO, '102').replaceAll(PRICE_MACRO, rival.toFixed(4)));
      continue;
    }
    const clearing = request.at === 1 ? bid.price : Math.max(floor, Math.min(bid.price, rival + 0.01));
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
    if (click && Math.random() < CTR) {
      const clickUrl = click[0].replaceAll('&amp;', '&');
      await hit(clickUrl);
      stats.clicks++;
      if (Math.random() < CONVERSION_RATE) {
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
