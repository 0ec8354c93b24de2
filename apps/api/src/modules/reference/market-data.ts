// Languages (ISO 639-1, from iso-639-1, MIT), mobile carriers by country (the MCC/MNC table of
// mcc-mnc-list, MIT, kept up to date from Wikipedia's list of mobile network codes) and the traffic
// types (ours). Built on the first request and kept in memory.
import { createRequire } from 'node:module';
import type { Carrier, Language } from '@console/core/api/reference';
import {
  appendTo,
  byKey,
  lazily,
  type Searchable,
  type SearchList,
  searchKeyOf,
  searchListOf,
} from './text-search.ts';

const require = createRequire(import.meta.url);

export type LanguageEntry = Language & Searchable;

export const loadLanguages = lazily(async (): Promise<SearchList<LanguageEntry>> => {
  const { default: ISO6391 } = await import('iso-639-1');
  return searchListOf(
    ISO6391.getAllCodes()
      .map((code) => {
        const name = ISO6391.getName(code);
        return { id: code, name, native_name: ISO6391.getNativeName(code), key: searchKeyOf(name) };
      })
      .sort(byKey),
  );
});

export type CarrierEntry = Carrier & Searchable;
export type CarrierIndex = {
  carriers: SearchList<CarrierEntry>;
  carrierById: Map<string, CarrierEntry>;
  carriersByCountry: Map<string, SearchList<CarrierEntry>>;
};

type Network = {
  type: string;
  countryCode: string | null;
  mcc: string;
  mnc: string;
  brand: string;
  operator: string;
  status: string;
};

/** 'BL/GF/GP/MF/MQ' -> [BL, GF, GP, MF, MQ]; 'GE-AB' (Abkhazia) -> [GE]. */
const countriesOf = (code: string) => [
  ...new Set(code.split('/').map((part) => part.split('-')[0]!.trim().toUpperCase())),
];

/**
 * One carrier per brand and country, holding all of its MCC-MNC pairs (Verizon has several), so a
 * campaign picks "Verizon" once. Rows that share a pair (a network listed under both Jersey and
 * Guernsey) become one carrier of both countries. Only operational public networks are listed.
 */
export const loadCarriers = lazily(async (): Promise<CarrierIndex> => {
  const networks = (require('mcc-mnc-list') as { all: () => Network[] }).all();
  type Group = { name: string; operator: string; countries: Set<string>; pairs: Set<string> };
  const byBrand = new Map<string, Group>();
  const byPair = new Map<string, Group>();
  for (const network of networks) {
    if (network.type !== 'National' || network.status !== 'Operational' || !network.countryCode) continue;
    const name = (network.brand || network.operator).trim();
    if (!name) continue;
    const pair = `${network.mcc}-${network.mnc}`;
    const brandKey = `${searchKeyOf(name)}|${network.countryCode}`;
    let group = byBrand.get(brandKey);
    const owner = byPair.get(pair);
    if (group && owner && owner !== group) {
      // Two groups share a pair: fold the later one into the earlier.
      for (const merged of owner.pairs) group.pairs.add(merged);
      for (const country of owner.countries) group.countries.add(country);
      for (const [key, value] of byBrand) if (value === owner) byBrand.set(key, group);
      for (const [key, value] of byPair) if (value === owner) byPair.set(key, group);
    }
    group ??= owner;
    if (!group) {
      group = { name, operator: (network.operator || name).trim(), countries: new Set(), pairs: new Set() };
    }
    byBrand.set(brandKey, group);
    byPair.set(pair, group);
    group.pairs.add(pair);
    for (const country of countriesOf(network.countryCode)) group.countries.add(country);
  }
  const carriers = [...new Set(byBrand.values())]
    .map((group): CarrierEntry => {
      const pairs = [...group.pairs].sort();
      return {
        id: pairs[0]!,
        name: group.name,
        operator: group.operator,
        country_ids: [...group.countries].sort(),
        mcc_mnc: pairs,
        key: searchKeyOf(group.name),
      };
    })
    .sort(byKey);
  const carriersByCountry = new Map<string, CarrierEntry[]>();
  for (const carrier of carriers) {
    for (const country of carrier.country_ids) {
      appendTo(carriersByCountry, country, carrier);
    }
  }
  return {
    carriers: searchListOf(carriers),
    carrierById: new Map(carriers.map((carrier) => [carrier.id, carrier])),
    carriersByCountry: new Map([...carriersByCountry].map(([id, list]) => [id, searchListOf(list)])),
  };
});

/** Ours: where an impression is shown (campaign targeting uses these ids). */
export const TRAFFIC_TYPES = [
  { id: 'APP' as const, name: 'App' },
  { id: 'WEB' as const, name: 'Web' },
];
