// The bid requests of the bidder bench (scripts/bench/bidder.ts and its load generator
// bid-load.ts): the sizes, countries and a pool of varied requests the seeded campaigns fit.
export const SIZES: [number, number][] = [
  [300, 250],
  [728, 90],
  [320, 50],
  [160, 600],
];
export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA'];
/** The tmax of every bench request (ms): an answer the load generator sees later than this is late. */
export const TMAX_MS = 150;
export const ALPHA3: Record<string, string> = { US: 'USA', GB: 'GBR', DE: 'DEU', FR: 'FRA', CA: 'CAN' };

/** A pool of varied requests: site and app, the four sizes, five countries, phones and desktops. */
export const requestPool = () =>
  Array.from({ length: 200 }, (_, i) => {
    const [w, h] = SIZES[i % SIZES.length]!;
    const country = ALPHA3[COUNTRIES[i % COUNTRIES.length]!]!;
    const isApp = i % 3 === 0;
    return {
      id: `pool-${i}`,
      at: i % 2 === 0 ? 1 : 2,
      tmax: TMAX_MS,
      imp: [{ id: '1', bidfloor: 0.2 + (i % 5) * 0.3, banner: { w, h, format: [{ w, h }] } }],
      ...(isApp
        ? { app: { bundle: `com.example.app${i % 20}`, cat: ['IAB15-10'] } }
        : { site: { domain: `site${i % 40}.example.org`, page: `https://site${i % 40}.example.org/a` } }),
      device: {
        ua:
          i % 2 === 0
            ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
            : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
        devicetype: i % 2 === 0 ? 4 : 2,
        ip: '203.0.113.7',
        language: 'en',
        geo: { country },
        ...(isApp ? { ifa: `ifa-${i}` } : {}),
      },
      user: { id: `user-${i % 97}` },
    };
  });
