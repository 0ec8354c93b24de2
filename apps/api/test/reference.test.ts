// Reference data (spec section 7 'meta-data lookups'): the static data sets from
// maintained packages (countries, states, cities, carriers, languages, OS, browsers, device makers),
// searched and paged; the admin-edited exchanges and smart-app taxonomy with their change logs; each
// user's supported exchanges within the tenancy scope.
import type {
  Carrier,
  City,
  Country,
  Exchange,
  Language,
  Manufacturer,
  OperatingSystem,
  SmartAppCategory,
  SmartAppNode,
  State,
  UserSupportedExchanges,
} from '@console/core/api/reference';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData, STARTER_EXCHANGES } from '../src/modules/reference/reference-seed.ts';
import { dataOf, expectError, expectFieldErrors, NO_PERMISSION } from './support/accounts.ts';
import {
  DEMO,
  type Endpoint,
  expectAllForbidden,
  expectAllNeedToken,
  rowsOf,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type ChangeLog = Page<{
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
  actor: { user_primary_id: number; email: string } | null;
}>;

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  await ensureReferenceData(t.deps.db);
});
afterAll(() => t.close());

const get = async <T>(path: string, query: Record<string, string | number> = {}, token = tok.adv1) => {
  const result = await t.call('GET', path, { token, query });
  expect(result.status, `${path} ${JSON.stringify(result.body).slice(0, 300)}`).toBe(200);
  expect(result.body.success).toBe(true);
  return dataOf<T>(result);
};

describe('geography', () => {
  it('lists countries by ISO 3166-1 code, searchable by name', async () => {
    const all = await get<Country[]>('/api/meta-data/country');
    expect(all.length).toBeGreaterThanOrEqual(240);
    expect(all.find((country) => country.id === 'US')).toMatchObject({ name: 'United States', iso3: 'USA' });
    const found = await get<Country[]>('/api/meta-data/country', { q: 'united' });
    expect(found.map((country) => country.id)).toEqual(expect.arrayContaining(['US', 'GB', 'AE']));
    expect(found.every((country) => country.name.toLowerCase().includes('united'))).toBe(true);
    // Name starts first: "United ..." before "Tanzania, United Republic"-like names.
    expect(found[0]!.name.toLowerCase().startsWith('united')).toBe(true);
  });

  it('lists the states of a country with ISO 3166-2 ids, paged', async () => {
    const first = await get<Page<State>>('/api/meta-data/state', { country_ids: 'US', limit: 100 });
    expect(first.total).toBeGreaterThanOrEqual(50);
    expect(first.items.find((state) => state.id === 'US-CA')).toMatchObject({
      name: 'California',
      code: 'CA',
      country_id: 'US',
    });
    const pageOne = await get<Page<State>>('/api/meta-data/state', { country_ids: 'US', limit: 10 });
    const pageTwo = await get<Page<State>>('/api/meta-data/state', { country_ids: 'US', limit: 10, page: 2 });
    expect(pageOne).toMatchObject({ total: first.total, page: 1, limit: 10 });
    expect(pageOne.items).toHaveLength(10);
    expect(pageTwo.items.map((state) => state.id)).toEqual(
      first.items.slice(10, 20).map((state) => state.id),
    );

    const twoCountries = await get<Page<State>>('/api/meta-data/state', { country_ids: 'US,CA', q: 'new' });
    const ids = twoCountries.items.map((state) => state.id);
    expect(ids).toEqual(expect.arrayContaining(['US-NY', 'US-NJ', 'CA-NB']));
    expect(ids.every((id) => id.startsWith('US-') || id.startsWith('CA-'))).toBe(true);

    const picked = await get<Page<State>>('/api/meta-data/state', { state_ids: 'us-ca,US-TX,GB-ZZZ' });
    expect(picked.items.map((state) => state.name)).toEqual(['California', 'Texas']);
  });

  it('finds the cities of a state, searchable and paged', async () => {
    const ofState = await get<Page<City>>('/api/meta-data/city', { state_ids: 'US-CA', q: 'los' });
    const la = ofState.items.find((city) => city.name === 'Los Angeles');
    expect(la).toMatchObject({ state_id: 'US-CA', state_name: 'California', country_id: 'US' });
    expect(la!.latitude).toBeCloseTo(34.05, 1);
    expect(ofState.items.every((city) => city.state_id === 'US-CA')).toBe(true);
    // Names starting with the text come before names that only contain it.
    const firstContaining = ofState.items.findIndex((city) => !city.name.toLowerCase().startsWith('los'));
    if (firstContaining >= 0) {
      expect(
        ofState.items.slice(firstContaining).every((city) => !city.name.toLowerCase().startsWith('los')),
      ).toBe(true);
    }

    const all = await get<Page<City>>('/api/meta-data/city', { state_ids: 'US-CA', limit: 100 });
    expect(all.total).toBeGreaterThan(1000);
    const last = await get<Page<City>>('/api/meta-data/city', {
      state_ids: 'US-CA',
      limit: 100,
      page: Math.ceil(all.total / 100),
    });
    expect(last.items.length).toBe(all.total - 100 * (Math.ceil(all.total / 100) - 1));
    const beyond = await get<Page<City>>('/api/meta-data/city', { state_ids: 'US-CA', page: 10_000 });
    expect(beyond).toMatchObject({ items: [], total: all.total, page: 10_000 });

    const picked = await get<Page<City>>('/api/meta-data/city', { city_ids: `${la!.id},999999999` });
    expect(picked.items.map((city) => city.name)).toEqual(['Los Angeles']);
  });

  it('searches cities of a country, or of the world, without regard to accents or case', async () => {
    const brazil = await get<Page<City>>('/api/meta-data/city', { country_ids: 'BR', q: 'sao paulo' });
    expect(brazil.items.map((city) => city.name)).toContain('São Paulo');
    const world = await get<Page<City>>('/api/meta-data/city', { q: 'PARIS', limit: 50 });
    expect(world.items.some((city) => city.name === 'Paris' && city.country_id === 'FR')).toBe(true);
    expect(world.total).toBeGreaterThanOrEqual(world.items.length);
  });

  it('filters cities by several countries or states, still ordered by name', async () => {
    const states = await get<Page<City>>('/api/meta-data/city', {
      state_ids: 'US-CA,US-NV',
      q: 'las',
      limit: 100,
    });
    const names = states.items.map((city) => city.name);
    expect(names).toContain('Las Vegas');
    expect(new Set(states.items.map((city) => city.state_id))).toEqual(new Set(['US-CA', 'US-NV']));
    const countries = await get<Page<City>>('/api/meta-data/city', { country_ids: 'GB,FR', limit: 100 });
    expect(new Set(countries.items.map((city) => city.country_id))).toEqual(new Set(['GB', 'FR']));
    const sorted = [...countries.items].sort((a, b) =>
      a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
    );
    expect(countries.items.map((city) => city.id).slice(0, 10)).toEqual(
      sorted.map((city) => city.id).slice(0, 10),
    );
    const gb = await get<Page<City>>('/api/meta-data/city', { country_ids: 'GB' });
    const fr = await get<Page<City>>('/api/meta-data/city', { country_ids: 'FR' });
    expect(countries.total).toBe(gb.total + fr.total);
    // A state outside the chosen countries gives nothing.
    const none = await get<Page<City>>('/api/meta-data/city', { country_ids: 'FR', state_ids: 'US-CA' });
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('refuses unknown or malformed ids and bad paging with 400', async () => {
    const cases: [string, Record<string, string | number>, string][] = [
      ['/api/meta-data/state', { country_ids: 'XX' }, 'country_ids'],
      ['/api/meta-data/city', { country_ids: 'US,XX' }, 'country_ids'],
      ['/api/meta-data/city', { country_ids: 'USA' }, 'country_ids.0'],
      ['/api/meta-data/city', { state_ids: 'US-ZZZ' }, 'state_ids'],
      ['/api/meta-data/city', { state_ids: 'California' }, 'state_ids.0'],
      ['/api/meta-data/city', { page: 0 }, 'page'],
      ['/api/meta-data/city', { limit: 1000 }, 'limit'],
      ['/api/meta-data/carrier', { country_ids: 'ZZ' }, 'country_ids'],
      ['/api/meta-data/manufacturer', { limit: 0 }, 'limit'],
      ['/api/meta-data/country', { q: 'x'.repeat(201) }, 'q'],
    ];
    for (const [path, query, field] of cases) {
      const result = await t.call('GET', path, { token: tok.adv1, query });
      expectFieldErrors(result, { [field]: true });
    }
    const unknown = await t.call('GET', '/api/meta-data/state', {
      token: tok.adv1,
      query: { country_ids: 'XX' },
    });
    expect(unknown.body.message).toBe('Unknown country: XX.');
  });
});

describe('devices, carriers and languages', () => {
  it('lists the carriers of a country from the MCC/MNC data, with mcc-mnc ids', async () => {
    const us = await get<Page<Carrier>>('/api/meta-data/carrier', { country_ids: 'US', limit: 100 });
    expect(us.total).toBeGreaterThan(50);
    const rest = await get<Page<Carrier>>('/api/meta-data/carrier', {
      country_ids: 'US',
      limit: 100,
      page: 2,
    });
    const all = [...us.items, ...rest.items];
    expect(all).toHaveLength(Math.min(us.total, 200));
    const names = new Set(all.map((carrier) => carrier.name));
    for (const name of ['Verizon', 'T-Mobile', 'AT&T']) expect(names).toContain(name);
    const verizon = all.find((carrier) => carrier.name === 'Verizon')!;
    expect(verizon.id).toMatch(/^\d{3}-\d{2,3}$/);
    expect(verizon.mcc_mnc).toContain(verizon.id);
    expect(verizon.country_ids).toContain('US');
    const searched = await get<Page<Carrier>>('/api/meta-data/carrier', { country_ids: 'US', q: 'mobile' });
    expect(searched.items.map((carrier) => carrier.name)).toContain('T-Mobile');
    const twoCountries = await get<Page<Carrier>>('/api/meta-data/carrier', {
      country_ids: 'US,VI',
      limit: 100,
    });
    const ids = twoCountries.items.map((carrier) => carrier.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(twoCountries.total).toBeLessThan(us.total + 20);
    const picked = await get<Page<Carrier>>('/api/meta-data/carrier', { carrier_ids: verizon.id });
    expect(picked.items.map((carrier) => carrier.name)).toEqual(['Verizon']);
  });

  it('lists ISO 639-1 languages', async () => {
    const languages = await get<Language[]>('/api/meta-data/language');
    expect(languages.length).toBeGreaterThan(180);
    expect(languages.find((language) => language.id === 'en')).toMatchObject({ name: 'English' });
    const found = await get<Language[]>('/api/meta-data/language', { q: 'span' });
    expect(found.map((language) => language.id)).toContain('es');
  });

  it('lists operating systems with their versions', async () => {
    const systems = await get<OperatingSystem[]>('/api/meta-data/os');
    const android = systems.find((os) => os.id === 'android')!;
    const ios = systems.find((os) => os.id === 'ios')!;
    expect(android.name).toBe('Android');
    expect(android.versions.map((version) => version.version)).toEqual(
      expect.arrayContaining(['14', '13', '12', '9', '4.4']),
    );
    expect(android.versions.find((version) => version.version === '14')?.name).toBe(
      'Android 14 (Upside Down Cake)',
    );
    expect(ios.versions.map((version) => version.version)).toEqual(
      expect.arrayContaining(['17.4', '16.0', '12.1']),
    );
    // Newest first.
    expect(Number.parseFloat(ios.versions[0]!.version)).toBeGreaterThanOrEqual(18);
    const names = systems.map((os) => os.name);
    expect(names).toEqual(expect.arrayContaining(['Windows', 'macOS', 'Linux', 'Chrome OS']));
    expect(systems.find((os) => os.id === 'windows')!.versions.map((version) => version.version)).toEqual(
      expect.arrayContaining(['11', '10', '7']),
    );
  });

  it('lists browsers without crawlers, device makers by reach, device and traffic types', async () => {
    const browsers = await get<{ id: string; name: string }[]>('/api/meta-data/browser');
    const browserNames = browsers.map((browser) => browser.name);
    expect(browserNames).toEqual(expect.arrayContaining(['Chrome', 'Safari', 'Firefox', 'Microsoft Edge']));
    expect(browserNames.some((name) => /bot|crawler|spider/i.test(name))).toBe(false);

    const makers = await get<Page<Manufacturer>>('/api/meta-data/manufacturer', { limit: 20 });
    expect(makers.total).toBeGreaterThan(1000);
    expect(makers.items[0]).toMatchObject({ id: 'samsung', name: 'Samsung' });
    expect(makers.items[1]!.device_count).toBeGreaterThanOrEqual(makers.items[2]!.device_count);
    const apple = await get<Page<Manufacturer>>('/api/meta-data/manufacturer', { q: 'apple' });
    expect(apple.items[0]).toMatchObject({ id: 'apple', name: 'Apple' });
    expect(apple.items[0]!.device_count).toBeGreaterThan(100);
    const xiaomi = await get<Page<Manufacturer>>('/api/meta-data/manufacturer', { q: 'xiao' });
    expect(xiaomi.items[0]).toMatchObject({ id: 'xiaomi', name: 'Xiaomi' });
    const picked = await get<Page<Manufacturer>>('/api/meta-data/manufacturer', {
      manufacturer_ids: 'apple,samsung',
    });
    expect(picked.items.map((maker) => maker.id).sort()).toEqual(['apple', 'samsung']);

    const deviceTypes = await get<{ id: string; openrtb: number }[]>('/api/meta-data/device-type');
    expect(deviceTypes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'PHONE', openrtb: 4 }),
        expect.objectContaining({ id: 'CONNECTED_TV', openrtb: 3 }),
        expect.objectContaining({ id: 'DESKTOP', openrtb: 2 }),
      ]),
    );
    const traffic = await get<{ id: string }[]>('/api/meta-data/traffic-type');
    expect(traffic.map((type) => type.id)).toEqual(['APP', 'WEB']);
  });
});

const newExchange = async (name: string, key: string, token = tok.admin) => {
  const result = await t.call('POST', '/api/admin/metadata/exchanges', { token, body: { name, key } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<Exchange>(result);
};

describe('exchanges', () => {
  it('starts with the seeded real exchanges, all active; the seed is idempotent', async () => {
    await ensureReferenceData(t.deps.db);
    const active = await get<Exchange[]>('/api/meta-data/exchange');
    const names = active.map((exchange) => exchange.name);
    expect(names).toEqual(expect.arrayContaining(['Google AdX', 'PubMatic', 'Magnite', 'Index Exchange']));
    const [row] = await rowsOf<{ value: number }>(
      t,
      sql`select count(*)::int as value from exchanges where key in ('google_adx', 'pubmatic')`,
    );
    expect(row!.value).toBe(2);
    expect(active.length).toBeGreaterThanOrEqual(STARTER_EXCHANGES.length - 1);
  });

  it('admin and co-admin add, edit and deactivate exchanges; each change is in the change log', async () => {
    const created = await newExchange('Test Exchange One', 'test_one');
    expect(created).toMatchObject({ name: 'Test Exchange One', key: 'test_one', status: 'ACTIVE' });

    const edited = await t.call('PUT', `/api/admin/metadata/exchanges/${created.id}`, {
      token: tok.coadmin,
      body: { name: 'Test Exchange Uno', key: 'test_uno', status: 'ACTIVE' },
    });
    expect(dataOf<Exchange>(edited)).toMatchObject({ name: 'Test Exchange Uno', key: 'test_uno' });
    const deactivated = await t.call('PUT', `/api/admin/metadata/exchanges/${created.id}`, {
      token: tok.admin,
      body: { name: 'Test Exchange Uno', key: 'test_uno', status: 'INACTIVE' },
    });
    expect(dataOf<Exchange>(deactivated).status).toBe('INACTIVE');

    const active = await get<Exchange[]>('/api/meta-data/exchange');
    expect(active.map((exchange) => exchange.id)).not.toContain(created.id);

    const log = await get<ChangeLog>(`/api/admin/metadata/exchanges/${created.id}/change-log`, {}, tok.admin);
    expect(log.items.map((entry) => entry.action)).toEqual(['status', 'update', 'create']);
    expect(log.items[0]!.changes).toEqual([{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }]);
    expect(log.items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Test Exchange One', to: 'Test Exchange Uno' },
        { field: 'key', from: 'test_one', to: 'test_uno' },
      ]),
    );
    expect(log.items[1]!.actor?.email).toBe(DEMO.coadmin.email);
    expect(log.items[2]!.actor?.email).toBe(DEMO.admin.email);
  });

  it('lists every status, paged, searched and sorted', async () => {
    await newExchange('Zeta Test Exchange', 'zeta_test');
    const searched = await get<Page<Exchange>>('/api/admin/metadata/exchanges', { q: 'zeta' }, tok.admin);
    expect(searched.items.map((exchange) => exchange.key)).toEqual(['zeta_test']);
    const byKey = await get<Page<Exchange>>('/api/admin/metadata/exchanges', { q: 'pubmat' }, tok.admin);
    expect(byKey.items.map((exchange) => exchange.name)).toEqual(['PubMatic']);
    const desc = await get<Page<Exchange>>(
      '/api/admin/metadata/exchanges',
      { sort: 'name', order: 'desc', limit: 5 },
      tok.admin,
    );
    expect(desc.items[0]!.name).toBe('Zeta Test Exchange');
    expect(desc.items).toHaveLength(5);
    const inactive = await get<Page<Exchange>>(
      '/api/admin/metadata/exchanges',
      { status: 'INACTIVE' },
      tok.admin,
    );
    expect(inactive.items.every((exchange) => exchange.status === 'INACTIVE')).toBe(true);
    expect(desc.total).toBeGreaterThan(inactive.total);
  });

  it('refuses duplicate names and keys, bad keys, and unknown ids', async () => {
    const duplicate = await t.call('POST', '/api/admin/metadata/exchanges', {
      token: tok.admin,
      body: { name: 'google adx', key: 'PUBMATIC' },
    });
    expectFieldErrors(duplicate, {
      name: 'An exchange with this name already exists.',
      key: 'An exchange with this key already exists.',
    });
    const badKey = await t.call('POST', '/api/admin/metadata/exchanges', {
      token: tok.admin,
      body: { name: 'Spaced Key Exchange', key: 'has space' },
    });
    expectFieldErrors(badKey, {
      key: 'Invalid input. Please use only letters, numbers, underscores, and hyphens.',
    });
    const empty = await t.call('POST', '/api/admin/metadata/exchanges', {
      token: tok.admin,
      body: { name: ' ' },
    });
    expectFieldErrors(empty, { name: 'The name is required.', key: true });
    const badStatus = await t.call('PUT', '/api/admin/metadata/exchanges/1', {
      token: tok.admin,
      body: { name: 'Google AdX', key: 'google_adx', status: 'PAUSED' },
    });
    expectFieldErrors(badStatus, { status: true });
    expectError(await t.call('GET', '/api/admin/metadata/exchanges/999999', { token: tok.admin }), 404);
    expectError(
      await t.call('PUT', '/api/admin/metadata/exchanges/999999', {
        token: tok.admin,
        body: { name: 'Nobody', key: 'nobody', status: 'ACTIVE' },
      }),
      404,
    );
  });
});

const addNode = async (name: string, parentId: number | null = null) => {
  const result = await t.call('POST', '/api/admin/metadata/smart-app-categories', {
    token: tok.admin,
    body: { name, parent_id: parentId },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<SmartAppNode>(result);
};

describe('smart-app taxonomy', () => {
  it('answers category -> genres -> subgenres with the spec field names', async () => {
    const taxonomy = await get<SmartAppCategory[]>('/api/meta-data/smart-app-categories');
    const games = taxonomy.find((category) => category.category === 'Games')!;
    expect(games.category_id).toBeTypeOf('number');
    const puzzle = games.genres.find((genre) => genre.genre === 'Puzzle')!;
    expect(puzzle.subgenres.map((subgenre) => subgenre.subgenre)).toContain('Match-3');
    expect(puzzle.subgenres[0]).toEqual({ subgenre_id: expect.any(Number), subgenre: expect.any(String) });
  });

  it('adds, renames and deletes nodes at each level, with a change log', async () => {
    const category = await addNode('Test Category');
    const genre = await addNode('Test Genre', category.id);
    const subgenre = await addNode('Test Subgenre', genre.id);
    expect([category.level, genre.level, subgenre.level]).toEqual(['category', 'genre', 'subgenre']);

    const tooDeep = await t.call('POST', '/api/admin/metadata/smart-app-categories', {
      token: tok.admin,
      body: { name: 'Too Deep', parent_id: subgenre.id },
    });
    expectFieldErrors(tooDeep, { parent_id: 'A subgenre cannot have subgenres of its own.' });
    const sibling = await t.call('POST', '/api/admin/metadata/smart-app-categories', {
      token: tok.admin,
      body: { name: 'test genre', parent_id: category.id },
    });
    expectFieldErrors(sibling, { name: 'This category already has a genre with this name.' });
    // The same name under another parent is fine.
    await addNode('Test Genre', (await addNode('Other Test Category')).id);

    const renamed = await t.call('PUT', `/api/admin/metadata/smart-app-categories/${genre.id}`, {
      token: tok.coadmin,
      body: { name: 'Renamed Genre' },
    });
    expect(dataOf<SmartAppNode>(renamed)).toMatchObject({
      id: genre.id,
      name: 'Renamed Genre',
      level: 'genre',
    });
    const tree = await get<SmartAppCategory[]>('/api/meta-data/smart-app-categories');
    expect(tree.find((node) => node.category_id === category.id)).toEqual({
      category_id: category.id,
      category: 'Test Category',
      genres: [
        {
          genre_id: genre.id,
          genre: 'Renamed Genre',
          subgenres: [{ subgenre_id: subgenre.id, subgenre: 'Test Subgenre' }],
        },
      ],
    });

    const withChildren = await t.call('DELETE', `/api/admin/metadata/smart-app-categories/${genre.id}`, {
      token: tok.admin,
    });
    expectError(withChildren, 400, 'This genre has subgenres: delete or move them first.');
    const deleted = await t.call('DELETE', `/api/admin/metadata/smart-app-categories/${subgenre.id}`, {
      token: tok.admin,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'The subgenre was deleted.' });
    expectError(
      await t.call('GET', `/api/admin/metadata/smart-app-categories/${subgenre.id}`, { token: tok.admin }),
      404,
    );

    const genreLog = await get<ChangeLog>(
      `/api/admin/metadata/smart-app-categories/${genre.id}/change-log`,
      {},
      tok.admin,
    );
    expect(genreLog.items.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(genreLog.items[0]!.changes).toEqual([{ field: 'name', from: 'Test Genre', to: 'Renamed Genre' }]);
    expect(genreLog.items[0]!.actor?.email).toBe(DEMO.coadmin.email);
    // A deleted node's history stays readable.
    const subgenreLog = await get<ChangeLog>(
      `/api/admin/metadata/smart-app-categories/${subgenre.id}/change-log`,
      {},
      tok.admin,
    );
    expect(subgenreLog.items.map((entry) => entry.action)).toEqual(['delete', 'create']);
  });

  it('refuses to delete a node in use by another table', async () => {
    const category = await addNode('Used Category');
    const genre = await addNode('Used Genre', category.id);
    // Stands in for campaign targeting or a smart-app list pointing at the genre.
    await t.deps.db.execute(
      sql`create table if not exists test_category_uses (category_id integer not null references smart_app_categories(id))`,
    );
    await t.deps.db.execute(sql`insert into test_category_uses values (${genre.id})`);
    const refused = await t.call('DELETE', `/api/admin/metadata/smart-app-categories/${genre.id}`, {
      token: tok.admin,
    });
    expectError(refused, 400, 'This genre is in use and cannot be deleted.');
    const [row] = await rowsOf(t, sql`select id from smart_app_categories where id = ${genre.id}`);
    expect(row).toBeDefined();
    const log = await get<ChangeLog>(
      `/api/admin/metadata/smart-app-categories/${genre.id}/change-log`,
      {},
      tok.admin,
    );
    expect(log.items.map((entry) => entry.action)).toEqual(['create']);
    expectError(
      await t.call('DELETE', '/api/admin/metadata/smart-app-categories/999999', { token: tok.admin }),
      404,
    );
  });
});

describe("users' supported exchanges", () => {
  it('defaults to every active exchange, and follows what an admin sets', async () => {
    const own = await get<UserSupportedExchanges>('/api/meta-data/user-supported-exchanges', {}, tok.adv2);
    expect(own).toMatchObject({ user_primary_id: DEMO.adv2.id, all_exchanges: true, exchange_ids: [] });
    const active = await get<Exchange[]>('/api/meta-data/exchange');
    expect(own.exchanges.map((exchange) => exchange.id)).toEqual(active.map((exchange) => exchange.id));

    const chosen = active.slice(0, 2).map((exchange) => exchange.id);
    const set = await t.call('PUT', `/api/admin/metadata/user-supported-exchanges/${DEMO.adv2.id}`, {
      token: tok.coadmin,
      body: { exchange_ids: [chosen[1], chosen[0], chosen[1]] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const expected = [...chosen].sort((a, b) => a! - b!);
    expect(dataOf<UserSupportedExchanges>(set)).toMatchObject({
      all_exchanges: false,
      exchange_ids: expected,
    });

    const mine = await get<UserSupportedExchanges>('/api/meta-data/user-supported-exchanges', {}, tok.adv2);
    expect(mine.exchanges.map((exchange) => exchange.id).sort((a, b) => a - b)).toEqual(expected);
    // The advertiser's agency sees it too.
    const byAgency = await get<UserSupportedExchanges>(
      '/api/meta-data/user-supported-exchanges',
      { user_id: DEMO.adv2.id },
      tok.agency,
    );
    expect(byAgency.exchange_ids).toEqual(expected);

    const log = await get<ChangeLog>(`/api/admin/users/${DEMO.adv2.id}/change-log`, {}, tok.admin);
    const entry = log.items.find((item) => item.action === 'supported-exchanges')!;
    expect(entry.changes).toEqual([{ field: 'supported_exchanges', from: [], to: expected }]);
    expect(entry.actor?.email).toBe(DEMO.coadmin.email);

    const cleared = await t.call('PUT', `/api/admin/metadata/user-supported-exchanges/${DEMO.adv2.id}`, {
      token: tok.admin,
      body: { exchange_ids: [] },
    });
    expect(dataOf<UserSupportedExchanges>(cleared).all_exchanges).toBe(true);
  });

  it('is not found outside the caller scope, and refuses unknown exchanges', async () => {
    const other = await secondAgency(t, tok.admin);
    // Another agency reading this agency's advertiser, and the other way round.
    expectError(
      await t.call('GET', '/api/meta-data/user-supported-exchanges', {
        token: other.agencyToken,
        query: { user_id: DEMO.adv1.id },
      }),
      404,
      'User not found.',
    );
    expectError(
      await t.call('GET', '/api/meta-data/user-supported-exchanges', {
        token: tok.agency,
        query: { user_id: other.advertiser.user_primary_id },
      }),
      404,
      'User not found.',
    );
    expectError(
      await t.call('GET', '/api/meta-data/user-supported-exchanges', {
        token: tok.advertiser,
        query: { user_id: DEMO.adv1.id },
      }),
      404,
    );
    // A co-admin does not manage admins.
    expectError(
      await t.call('PUT', `/api/admin/metadata/user-supported-exchanges/${DEMO.admin.id}`, {
        token: tok.coadmin,
        body: { exchange_ids: [] },
      }),
      404,
    );
    const unknown = await t.call('PUT', `/api/admin/metadata/user-supported-exchanges/${DEMO.adv1.id}`, {
      token: tok.admin,
      body: { exchange_ids: [999999] },
    });
    expectFieldErrors(unknown, { exchange_ids: 'Unknown exchange: 999999.' });
    const notList = await t.call('PUT', `/api/admin/metadata/user-supported-exchanges/${DEMO.adv1.id}`, {
      token: tok.admin,
      body: { exchange_ids: 'all' },
    });
    expectFieldErrors(notList, { exchange_ids: true });
  });
});

describe('access', () => {
  const metaData = [
    'country',
    'state',
    'city',
    'os',
    'browser',
    'manufacturer',
    'language',
    'carrier',
    'traffic-type',
    'device-type',
    'exchange',
    'smart-app-categories',
    'user-supported-exchanges',
  ].map((name): Endpoint => ({ method: 'GET', path: `/api/meta-data/${name}` }));
  const adminEditing: Endpoint[] = [
    { method: 'GET', path: '/api/admin/metadata/exchanges' },
    { method: 'POST', path: '/api/admin/metadata/exchanges', body: { name: 'Forbidden', key: 'forbidden' } },
    { method: 'GET', path: '/api/admin/metadata/exchanges/1' },
    {
      method: 'PUT',
      path: '/api/admin/metadata/exchanges/1',
      body: { name: 'Forbidden', key: 'forbidden', status: 'ACTIVE' },
    },
    { method: 'GET', path: '/api/admin/metadata/exchanges/1/change-log' },
    { method: 'POST', path: '/api/admin/metadata/smart-app-categories', body: { name: 'Forbidden' } },
    { method: 'GET', path: '/api/admin/metadata/smart-app-categories/1' },
    { method: 'PUT', path: '/api/admin/metadata/smart-app-categories/1', body: { name: 'Forbidden' } },
    { method: 'DELETE', path: '/api/admin/metadata/smart-app-categories/1' },
    { method: 'GET', path: '/api/admin/metadata/smart-app-categories/1/change-log' },
    {
      method: 'PUT',
      path: `/api/admin/metadata/user-supported-exchanges/${DEMO.adv1.id}`,
      body: { exchange_ids: [] },
    },
  ];

  it('every look-up and every editing route needs a token', async () => {
    await expectAllNeedToken(t, [...metaData, ...adminEditing]);
  });

  it('every signed-in role reads the look-ups', async () => {
    for (const name of ['admin', 'coadmin', 'agency', 'advertiser'] as const) {
      for (const endpoint of metaData) {
        const result = await t.call('GET', endpoint.path, { token: tok[name] });
        expect(result.status, `${name} ${endpoint.path}`).toBe(200);
      }
    }
  });

  it('advertisers and agencies may not edit (403), and nothing changed', async () => {
    for (const name of ['agency', 'adv1', 'advertiser'] as const) {
      await expectAllForbidden(t, tok[name], adminEditing, NO_PERMISSION);
    }
    const [row] = await rowsOf<{ value: number }>(
      t,
      sql`select count(*)::int as value from exchanges where key = 'forbidden'`,
    );
    expect(row!.value).toBe(0);
  });
});
