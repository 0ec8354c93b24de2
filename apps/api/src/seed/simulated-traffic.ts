// The traffic mix of `npm run simulate` and of the demo's sampled bid requests (demo-samples.ts): one
// table, so the forecast a fresh console shows is drawn from the traffic the simulator then plays.

/** Countries by share of requests, with the language a request from there names (its first). */
export const TRAFFIC_COUNTRIES: readonly [country: string, share: number, language: string][] = [
  ['US', 38, 'en'],
  ['GB', 9, 'en'],
  ['DE', 8, 'de'],
  ['FR', 6, 'fr'],
  ['CA', 5, 'en'],
  ['IT', 5, 'it'],
  ['ES', 5, 'es'],
  ['JP', 4, 'ja'],
  ['AU', 3, 'en'],
  ['BR', 4, 'pt'],
  ['IN', 5, 'hi'],
  ['NL', 2, 'nl'],
  ['RS', 1, 'sr'],
  ['GR', 1, 'el'],
  ['MX', 4, 'es'],
];
export const CARRIERS: Record<string, string[]> = {
  US: ['VERIZON', 'AT&T', 'T-Mobile'],
  GB: ['EE', 'Vodafone', 'O2'],
  DE: ['Telekom', 'Vodafone', 'O2'],
};
/** Banner sizes of site requests (300x250 twice as often). */
export const BANNER_SIZES: readonly [number, number][] = [
  [300, 250],
  [300, 250],
  [728, 90],
  [320, 50],
  [160, 600],
  [300, 600],
];
