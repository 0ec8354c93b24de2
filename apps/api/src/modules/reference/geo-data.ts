// Countries (ISO 3166-1), states (ISO 3166-2) and cities from the Countries States Cities Database
// as the npm package @countrystatecity/countries ships it (ODbL-1.0: attribution in the module
// README; 250 countries, 5,308 states, 152,970 cities, each city linked to its state).
//
// Loaded lazily and kept in memory with indexes: countries and states (250 small files) on the first
// geo request, cities (4,279 files, 44 MB of JSON) on the first city request. Files are read
// asynchronously, so the server keeps answering while they load; the app's start does not wait.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { City, Country, State } from '@console/core/api/reference';
import { badRequest } from '../../platform/errors.ts';
import {
  appendTo,
  byKey,
  lazily,
  type Searchable,
  type SearchList,
  searchKeyOf,
  searchListOf,
} from './text-search.ts';

type RawCountry = {
  name: string;
  iso2: string;
  iso3: string;
  native: string | null;
  region: string | null;
  emoji: string | null;
};
type RawState = { name: string; iso2: string; type: string | null; country_code: string };
type RawCity = {
  id: number;
  name: string;
  state_code: string;
  country_code: string;
  latitude: string | null;
  longitude: string | null;
};

export type CountryEntry = Country & Searchable & { dir: string };
export type StateEntry = State & Searchable;
export type CityEntry = City & Searchable;

export type GeoIndex = {
  countries: SearchList<CountryEntry>;
  countryById: Map<string, CountryEntry>;
  /** Every state, ordered by name. */
  states: SearchList<StateEntry>;
  stateById: Map<string, StateEntry>;
  statesByCountry: Map<string, SearchList<StateEntry>>;
};

export type CityIndex = {
  /** Every city, ordered by name. */
  cities: SearchList<CityEntry>;
  cityById: Map<number, CityEntry>;
  citiesByCountry: Map<string, SearchList<CityEntry>>;
  citiesByState: Map<string, SearchList<CityEntry>>;
};

const require = createRequire(import.meta.url);
/** The package exports its data folder as './data/*'. */
const dataDir = () => dirname(require.resolve('@countrystatecity/countries/data/countries.json'));

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;
/** Folders are named like 'United_States-US' and 'California-CA': the code follows the last hyphen. */
const codeOfDir = (name: string) => name.slice(name.lastIndexOf('-') + 1);
const numberOrNull = (text: string | null) => {
  const value = text === null ? Number.NaN : Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
};

export const loadGeoIndex = lazily(async (): Promise<GeoIndex> => {
  const root = dataDir();
  const raw = await readJson<RawCountry[]>(join(root, 'countries.json'));
  const dirs = new Map(
    (await readdir(root, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => [codeOfDir(entry.name), entry.name]),
  );
  const countryById = new Map<string, CountryEntry>();
  const statesByCountry = new Map<string, SearchList<StateEntry>>();
  const stateById = new Map<string, StateEntry>();
  const states: StateEntry[] = [];
  const countries: CountryEntry[] = [];
  for (const country of raw) {
    const dir = dirs.get(country.iso2);
    const rawStates = dir ? await readJson<RawState[]>(join(root, dir, 'states.json')) : [];
    const own = rawStates
      .map(
        (state): StateEntry => ({
          // Built from the two codes rather than the data set's iso3166_2 field, which names a few
          // overseas regions by their parent (GF-01 is given as FR-973): ids stay unique per country.
          id: `${country.iso2}-${state.iso2}`,
          code: state.iso2,
          name: state.name,
          type: state.type,
          country_id: country.iso2,
          country_name: country.name,
          key: searchKeyOf(state.name),
        }),
      )
      .sort(byKey);
    const entry: CountryEntry = {
      id: country.iso2,
      name: country.name,
      native_name: country.native,
      iso3: country.iso3,
      region: country.region || null,
      emoji: country.emoji,
      state_count: own.length,
      key: searchKeyOf(country.name),
      dir: dir ?? '',
    };
    countries.push(entry);
    countryById.set(entry.id, entry);
    statesByCountry.set(entry.id, searchListOf(own));
    for (const state of own) {
      states.push(state);
      stateById.set(state.id, state);
    }
  }
  return {
    countries: searchListOf(countries.sort(byKey)),
    countryById,
    states: searchListOf(states.sort(byKey)),
    stateById,
    statesByCountry,
  };
});

export const loadCityIndex = lazily(async (): Promise<CityIndex> => {
  const geo = await loadGeoIndex();
  const root = dataDir();
  const cities: CityEntry[] = [];
  const citiesByCountry = new Map<string, SearchList<CityEntry>>();
  const ofStates = new Map<string, CityEntry[]>();
  for (const country of geo.countries.items) {
    if (!country.dir) continue;
    const stateDirs = (await readdir(join(root, country.dir), { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    const files = await Promise.all(
      stateDirs.map(async (entry) => {
        try {
          return await readJson<RawCity[]>(join(root, country.dir, entry.name, 'cities.json'));
        } catch {
          return [];
        }
      }),
    );
    const own: CityEntry[] = [];
    for (const city of files.flat()) {
      const state = geo.stateById.get(`${country.id}-${city.state_code}`);
      if (!state) continue;
      own.push({
        id: city.id,
        name: city.name,
        state_id: state.id,
        state_name: state.name,
        country_id: country.id,
        latitude: numberOrNull(city.latitude),
        longitude: numberOrNull(city.longitude),
        key: searchKeyOf(city.name),
      });
    }
    own.sort(byKey);
    citiesByCountry.set(country.id, searchListOf(own));
    for (const city of own) {
      cities.push(city);
      appendTo(ofStates, city.state_id, city);
    }
  }
  const citiesByState = new Map([...ofStates].map(([id, list]) => [id, searchListOf(list)]));
  return {
    cities: searchListOf(cities.sort(byKey)),
    cityById: new Map(cities.map((city) => [city.id, city])),
    citiesByCountry,
    citiesByState,
  };
});

/** Every id must name a known country; the message names the first unknown one. */
export const requireCountries = (geo: GeoIndex, ids: string[] | undefined, field = 'country_ids') => {
  const unknown = ids?.find((id) => !geo.countryById.has(id));
  if (unknown) {
    const message = `Unknown country: ${unknown}.`;
    throw badRequest(message, { [field]: message });
  }
};

export const requireStates = (geo: GeoIndex, ids: string[] | undefined, field = 'state_ids') => {
  const unknown = ids?.find((id) => !geo.stateById.has(id));
  if (unknown) {
    const message = `Unknown state: ${unknown}.`;
    throw badRequest(message, { [field]: message });
  }
};
