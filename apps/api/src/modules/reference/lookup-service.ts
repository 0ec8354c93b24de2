// The static data sets, searched and paged in memory (GET /api/meta-data/*).
import type {
  CarrierQuery,
  CityQuery,
  ManufacturerQuery,
  OperatingSystem,
  StateQuery,
} from '@console/core/api/reference';
import { DEVICE_TYPES, loadBrowsers, loadManufacturers, loadOperatingSystems } from './device-data.ts';
import { type CityEntry, loadCityIndex, loadGeoIndex, requireCountries, requireStates } from './geo-data.ts';
import { loadCarriers, loadLanguages, TRAFFIC_TYPES } from './market-data.ts';
import { mergeLists, pageOfList, rankMatches, type SearchList, searchListOf } from './text-search.ts';

/** Drops the search key (the answer schemas would drop it too; this saves the work). */
const withoutKey = <T extends { key: string }>({ key: _key, ...item }: T) => item;

/** The items of these ids that exist, in the list's order; unknown ids are left out. */
const pickIds = <K, T extends { key: string }>(ids: readonly K[], byId: Map<K, T>) =>
  searchListOf(
    ids
      .map((id) => byId.get(id))
      .filter((item): item is T => item !== undefined)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  );

/** The lists of these keys (countries, states), merged in order. */
const listsOf = <T extends { key: string }>(ids: readonly string[], lists: Map<string, SearchList<T>>) =>
  mergeLists(ids.map((id) => lists.get(id) ?? searchListOf<T>([])));

export const listCountries = async (q?: string) => {
  const geo = await loadGeoIndex();
  return rankMatches(geo.countries, q).map(({ key: _key, dir: _dir, ...country }) => country);
};

/** `state_ids` picks states (unknown ones are left out); `country_ids` filters and must be known. */
export const listStates = async (query: StateQuery) => {
  const geo = await loadGeoIndex();
  requireCountries(geo, query.country_ids);
  let list = query.country_ids ? listsOf(query.country_ids, geo.statesByCountry) : geo.states;
  if (query.state_ids) {
    const countries = query.country_ids && new Set(query.country_ids);
    list = pickIds(
      query.state_ids.filter((id) => !countries || countries.has(id.slice(0, 2))),
      geo.stateById,
    );
  }
  return pageOfList(rankMatches(list, query.q), query, withoutKey);
};

const EMPTY = searchListOf<never>([]);

/**
 * Cities of countries and/or states (both filters must name known ones), or picked by id. One
 * country or state reads its own ordered list; several are a filter over the ranked matches of the
 * smallest list holding them all, which keeps the order without sorting per request.
 */
export const listCities = async (query: CityQuery) => {
  const geo = await loadGeoIndex();
  requireCountries(geo, query.country_ids);
  requireStates(geo, query.state_ids);
  const cities = await loadCityIndex();
  const countries = query.country_ids && new Set(query.country_ids);
  let base: SearchList<CityEntry> = cities.cities;
  let keep: ((city: CityEntry) => boolean) | undefined;
  if (query.city_ids) {
    base = pickIds(query.city_ids, cities.cityById);
    const states = query.state_ids && new Set(query.state_ids);
    keep = (city) => (!countries || countries.has(city.country_id)) && (!states || states.has(city.state_id));
  } else if (query.state_ids) {
    const ids = query.state_ids.filter((id) => !countries || countries.has(id.slice(0, 2)));
    const ofCountries = [...new Set(ids.map((id) => id.slice(0, 2)))];
    if (ids.length <= 1) {
      base = cities.citiesByState.get(ids[0] ?? '') ?? EMPTY;
    } else {
      base =
        ofCountries.length === 1 ? (cities.citiesByCountry.get(ofCountries[0]!) ?? EMPTY) : cities.cities;
      const states = new Set(ids);
      keep = (city) => states.has(city.state_id);
    }
  } else if (countries) {
    if (countries.size === 1) base = cities.citiesByCountry.get(query.country_ids![0]!) ?? EMPTY;
    else keep = (city) => countries.has(city.country_id);
  }
  const ranked = rankMatches(base, query.q);
  return pageOfList(keep ? ranked.filter(keep) : ranked, query, withoutKey);
};

export const listLanguages = async (q?: string) => rankMatches(await loadLanguages(), q).map(withoutKey);

export const listCarriers = async (query: CarrierQuery) => {
  const geo = await loadGeoIndex();
  requireCountries(geo, query.country_ids);
  const carriers = await loadCarriers();
  const countries = query.country_ids && new Set(query.country_ids);
  let base = carriers.carriers;
  // A carrier of several countries is listed once, so several countries filter the whole list.
  if (countries?.size === 1)
    base = carriers.carriersByCountry.get(query.country_ids![0]!) ?? searchListOf([]);
  if (query.carrier_ids) base = pickIds(query.carrier_ids, carriers.carrierById);
  const ranked = rankMatches(base, query.q);
  const matches =
    countries && (countries.size > 1 || query.carrier_ids)
      ? ranked.filter((carrier) => carrier.country_ids.some((id) => countries.has(id)))
      : ranked;
  return pageOfList(matches, query, withoutKey);
};

export const listManufacturers = async (query: ManufacturerQuery) => {
  const { makers, makerById } = await loadManufacturers();
  const list = query.manufacturer_ids
    ? searchListOf(
        query.manufacturer_ids
          .map((id) => makerById.get(id))
          .filter((maker) => maker !== undefined)
          .sort((a, b) => b.device_count - a.device_count),
      )
    : makers;
  return pageOfList(rankMatches(list, query.q), query, withoutKey);
};

export const listOperatingSystems = (): Promise<OperatingSystem[]> => loadOperatingSystems();

export const listBrowsers = async (q?: string) => {
  const browsers = await loadBrowsers();
  if (!q) return browsers;
  return rankMatches(
    searchListOf(browsers.map((browser) => ({ ...browser, key: browser.name.toLowerCase() }))),
    q,
  ).map(withoutKey);
};

export const listDeviceTypes = () => DEVICE_TYPES;
export const listTrafficTypes = () => TRAFFIC_TYPES;
