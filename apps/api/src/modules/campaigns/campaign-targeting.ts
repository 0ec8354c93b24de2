// Targeting ids must name real reference data: the same data sets /api/meta-data serves (countries,
// states and cities, languages, carriers, device makers, operating systems and their versions,
// browsers). Each data set is loaded once per process, and only when a request names one of its ids.
import type { Targeting } from '@console/core/api/campaigns';
import { badRequest } from '../../platform/errors.ts';
import {
  loadBrowsers,
  loadCarriers,
  loadCityIndex,
  loadGeoIndex,
  loadLanguages,
  loadManufacturers,
  loadOperatingSystems,
} from '../reference/index.ts';

const refuse = (field: string, message: string): never => {
  throw badRequest(message, { [`targeting.${field}`]: message });
};

/** The first id not in `known`, refused with "Unknown <label>: <id>." on its field. */
const requireKnown = <T extends string | number>(
  ids: readonly T[],
  known: { has: (id: T) => boolean },
  field: string,
  label: string,
) => {
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) refuse(field, `Unknown ${label}: ${unknown}.`);
};

export const checkReferenceTargeting = async (targeting: Targeting) => {
  if (targeting.countries.length > 0 || targeting.states.length > 0) {
    const geo = await loadGeoIndex();
    requireKnown(targeting.countries, geo.countryById, 'countries', 'country');
    requireKnown(targeting.states, geo.stateById, 'states', 'state');
  }
  if (targeting.cities.length > 0)
    requireKnown(targeting.cities, (await loadCityIndex()).cityById, 'cities', 'city');
  if (targeting.languages.length > 0) {
    const languages = new Set((await loadLanguages()).items.map((language) => language.id));
    requireKnown(targeting.languages, languages, 'languages', 'language');
  }
  if (targeting.carriers.length > 0)
    requireKnown(targeting.carriers, (await loadCarriers()).carrierById, 'carriers', 'carrier');
  if (targeting.device_makers.length > 0)
    requireKnown(
      targeting.device_makers,
      (await loadManufacturers()).makerById,
      'device_makers',
      'device maker',
    );
  if (targeting.browsers.length > 0) {
    const browsers = new Set((await loadBrowsers()).map((browser) => browser.id));
    requireKnown(targeting.browsers, browsers, 'browsers', 'browser');
  }
  if (targeting.os.length > 0) {
    const systems = new Map((await loadOperatingSystems()).map((os) => [os.id, os]));
    requireKnown(
      targeting.os.map((entry) => entry.os),
      systems,
      'os',
      'operating system',
    );
    for (const entry of targeting.os) {
      const versions = new Set(systems.get(entry.os)?.versions.map((version) => version.id));
      requireKnown(entry.versions, versions, 'os', `${entry.os} version`);
    }
  }
};
