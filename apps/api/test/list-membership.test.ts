// The bidder's in-memory membership of lists: exact answers for values in their stored
// form, parent-domain matches for site lists, no false "no" at any size, and loading from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMembershipSet,
  loadApplistMembership,
  loadAudienceMembership,
  toStoredApp,
  toStoredDevice,
} from '../src/modules/inventory/list-membership.ts';
import { uploadAndWait } from './list-fixtures.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

describe('membership sets', () => {
  it('answers exactly for stored values and matches parent domains of site lists', () => {
    const sites = createMembershipSet(['example.com', 'news.example.co.uk']);
    expect(sites.size).toBe(2);
    expect(sites.has('example.com')).toBe(true);
    expect(sites.has('example.org')).toBe(false);
    expect(sites.hasDomain('https://WWW.Example.com/path')).toBe(true);
    expect(sites.hasDomain('a.b.news.example.co.uk')).toBe(true);
    expect(sites.hasDomain('example.co.uk')).toBe(false);
    expect(sites.hasDomain('com')).toBe(false);
    const apps = createMembershipSet(['389801252', 'com.Example.Game']);
    expect(apps.has(toStoredApp('id389801252'))).toBe(true);
    expect(apps.has(toStoredApp('com.example.game'))).toBe(false);
    expect(apps.has(toStoredApp('com.Example.Game'))).toBe(true);
    expect(
      createMembershipSet([toStoredDevice('6D92078A-8246-4BA4-AE5B-76104861E7DC')]).has(
        toStoredDevice('6d92078a-8246-4ba4-ae5b-76104861e7dc'),
      ),
    ).toBe(true);
  });

  it('never answers "no" for a value it holds, and merges repeats, while growing past 200,000 values', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => `com.bench.app${i}`);
    const set = createMembershipSet([...values, ...values.slice(0, 1000)]);
    expect(set.size).toBe(200_000);
    expect(values.every((value) => set.has(value))).toBe(true);
    let falseYes = 0;
    for (let i = 0; i < 200_000; i++) if (set.has(`com.other.app${i}`)) falseYes++;
    expect(falseYes).toBe(0);
  });
});

describe('loading lists from the database', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = await t.loginAs('advertiser@demo.test', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  it('loads an inventory list and an audience as stored', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => `site${i}.example.com`);
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      token,
      { name: 'Loaded Sites', kind: 'SITE' },
      { content: lines.join('\n') },
    );
    const list = await loadApplistMembership(t.deps.db, job.applist_id!);
    expect(list.size).toBe(1200);
    expect(list.hasDomain('WWW.SITE77.example.com')).toBe(true);
    expect(list.hasDomain('site1200.example.com')).toBe(false);
    const people = await uploadAndWait(
      t,
      '/api/audiences/uploads',
      token,
      { name: 'Loaded People' },
      { content: 'Jane@Example.com\n38400000-8CF0-11BD-B23E-10B96E40000D\n' },
    );
    const audience = await loadAudienceMembership(t.deps.db, people.audience_id!);
    expect(audience.size).toBe(2);
    expect(audience.has(toStoredDevice('38400000-8CF0-11BD-B23E-10B96E40000D'))).toBe(true);
  });
});
