// The reference module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { loadBrowsers, loadManufacturers, loadOperatingSystems } from './device-data.ts';
export { isUniqueViolation } from './exchange-service.ts';
export { loadCityIndex, loadGeoIndex } from './geo-data.ts';
export { loadCarriers, loadLanguages } from './market-data.ts';
export { lazily, searchKeyOf } from './text-search.ts';
