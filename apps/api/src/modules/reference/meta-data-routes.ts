import { okResponse, pageOf } from '@console/core/api/common';
import {
  browserSchema,
  carrierQuery,
  carrierSchema,
  cityQuery,
  citySchema,
  countryQuery,
  countrySchema,
  deviceTypeSchema,
  exchangeSchema,
  languageSchema,
  manufacturerQuery,
  manufacturerSchema,
  osSchema,
  searchQuery,
  smartAppCategorySchema,
  stateQuery,
  stateSchema,
  trafficTypeSchema,
  userSupportedExchangesQuery,
  userSupportedExchangesSchema,
} from '@console/core/api/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { listActiveExchanges } from './exchange-service.ts';
import {
  listBrowsers,
  listCarriers,
  listCities,
  listCountries,
  listDeviceTypes,
  listLanguages,
  listManufacturers,
  listOperatingSystems,
  listStates,
  listTrafficTypes,
} from './lookup-service.ts';
import { readTaxonomy } from './smart-app-service.ts';
import { readSupportedExchanges } from './supported-exchange-service.ts';

const schemaBase = { tags: ['meta-data'], security: bearer };
const GEO_SOURCE =
  'Data: the Countries States Cities Database (github.com/dr5hn), ODbL-1.0, via @countrystatecity/countries.';

/** /api/meta-data: the look-ups of the campaign form (spec section 7), for every signed-in role. */
export const metaDataRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/country',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCountries',
          summary: 'Countries (ISO 3166-1 alpha-2 ids), searched by name',
          description: GEO_SOURCE,
          querystring: countryQuery,
          response: withErrors(okResponse(z.array(countrySchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listCountries(request.query.q) }),
    );
    app.get(
      '/state',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listStates',
          summary: 'States and other subdivisions (ISO 3166-2 ids like US-CA), paged',
          description: `country_ids filters (comma-separated; each must be known); state_ids picks states by id. ${GEO_SOURCE}`,
          querystring: stateQuery,
          response: withErrors(okResponse(pageOf(stateSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listStates(request.query) }),
    );
    app.get(
      '/city',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCities',
          summary: 'Cities with their state and country, searched and paged',
          description: `country_ids and state_ids filter (comma-separated; each must be known); city_ids picks cities by id. ${GEO_SOURCE}`,
          querystring: cityQuery,
          response: withErrors(okResponse(pageOf(citySchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listCities(request.query) }),
    );
    app.get(
      '/os',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listOperatingSystems',
          summary: 'Operating systems with their versions (newest first)',
          response: withErrors(okResponse(z.array(osSchema))),
        },
      },
      async () => ({ success: true as const, data: await listOperatingSystems() }),
    );
    app.get(
      '/browser',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listBrowsers',
          summary: 'Browsers (as the user-agent parser names them)',
          querystring: searchQuery,
          response: withErrors(okResponse(z.array(browserSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listBrowsers(request.query.q) }),
    );
    app.get(
      '/manufacturer',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listManufacturers',
          summary: 'Device makers, most device models first, searched and paged',
          querystring: manufacturerQuery,
          response: withErrors(okResponse(pageOf(manufacturerSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listManufacturers(request.query) }),
    );
    app.get(
      '/language',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listLanguages',
          summary: 'Languages (ISO 639-1 ids), searched by name',
          querystring: searchQuery,
          response: withErrors(okResponse(z.array(languageSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listLanguages(request.query.q) }),
    );
    app.get(
      '/carrier',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCarriers',
          summary: 'Mobile carriers (ids are MCC-MNC), by country, searched and paged',
          querystring: carrierQuery,
          response: withErrors(okResponse(pageOf(carrierSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listCarriers(request.query) }),
    );
    app.get(
      '/traffic-type',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listTrafficTypes',
          summary: 'Traffic types (app, web)',
          response: withErrors(okResponse(z.array(trafficTypeSchema))),
        },
      },
      async () => ({ success: true as const, data: listTrafficTypes() }),
    );
    app.get(
      '/device-type',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listDeviceTypes',
          summary: 'Device types (OpenRTB 2.6 device.devicetype)',
          response: withErrors(okResponse(z.array(deviceTypeSchema))),
        },
      },
      async () => ({ success: true as const, data: listDeviceTypes() }),
    );
    app.get(
      '/exchange',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listActiveExchanges',
          summary: 'Active exchanges',
          response: withErrors(okResponse(z.array(exchangeSchema))),
        },
      },
      async () => ({ success: true as const, data: await listActiveExchanges(deps.db) }),
    );
    app.get(
      '/smart-app-categories',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'listSmartAppCategories',
          summary: 'The smart-app taxonomy: categories, then genres, then subgenres',
          response: withErrors(okResponse(z.array(smartAppCategorySchema))),
        },
      },
      async () => ({ success: true as const, data: await readTaxonomy(deps.db) }),
    );
    app.get(
      '/user-supported-exchanges',
      {
        config: { access: 'metadata.read' },
        schema: {
          ...schemaBase,
          operationId: 'getUserSupportedExchanges',
          summary: "The exchanges a user may buy on (the caller's, or user_id's within the caller's scope)",
          querystring: userSupportedExchangesQuery,
          response: withErrors(okResponse(userSupportedExchangesSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readSupportedExchanges(deps.db, principalOf(request), request.query.user_id),
      }),
    );
  };
