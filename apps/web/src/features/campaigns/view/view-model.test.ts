import { describe, expect, it } from 'vitest';
import {
  assocRows,
  creativeReadiness,
  describeOsTargets,
  flightDays,
  languageName,
  regionName,
  summarizeDayParting,
  taxonomyNames,
  weekdayNames,
} from './view-model.ts';

describe('day-parting', () => {
  it('names the week from Monday', () => {
    expect(weekdayNames('en')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('gr', 'short')[0]).toBe('Mo');
  });

  it('summarises each day as hour ranges', () => {
    const day = (from: number, to: number) =>
      Array.from({ length: 24 }, (_, hour) => hour >= from && hour < to);
    const grid = [day(9, 18), day(9, 18), day(0, 0), day(0, 24), day(9, 18), day(0, 0), day(0, 0)];
    grid[1] = day(9, 18).map((on, hour) => on || hour === 22);
    const summary = summarizeDayParting(grid);
    expect(summary[0]).toEqual({ day: 0, ranges: ['09:00–18:00'] });
    expect(summary[1]).toEqual({ day: 1, ranges: ['09:00–18:00', '22:00–23:00'] });
    expect(summary[2]).toEqual({ day: 2, ranges: [] });
    expect(summary[3]).toEqual({ day: 3, ranges: ['00:00–24:00'] });
  });
});

describe('names', () => {
  it('names countries and languages in the user language, keeping unknown codes', () => {
    expect(regionName('DE', 'en')).toBe('Germany');
    expect(regionName('DE', 'gr')).toBe('Deutschland');
    expect(regionName('QQ', 'en')).toBe('QQ');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('es', 'sp')).toBe('español');
  });

  it('maps taxonomy ids to names per level', () => {
    const names = taxonomyNames([
      {
        category_id: 1,
        category: 'Games',
        genres: [{ genre_id: 10, genre: 'Puzzle', subgenres: [{ subgenre_id: 100, subgenre: 'Match 3' }] }],
      },
    ]);
    expect(names.categories.get(1)).toBe('Games');
    expect(names.genres.get(10)).toBe('Puzzle');
    expect(names.subgenres.get(100)).toBe('Match 3');
    expect(taxonomyNames(undefined).categories.size).toBe(0);
  });

  it('names OS targets and their versions, keeping unknown ids', () => {
    const systems = [
      { id: 'android', name: 'Android', versions: [{ id: 'android-14', version: '14', name: 'Android 14' }] },
    ];
    expect(
      describeOsTargets(
        [
          { os: 'android', versions: ['android-14', 'android-99'] },
          { os: 'tizen', versions: [] },
        ],
        systems,
      ),
    ).toEqual([
      { os: 'Android', versions: ['14', 'android-99'] },
      { os: 'tizen', versions: [] },
    ]);
  });
});

describe('assocRows', () => {
  it('lists both association maps with their source', () => {
    expect(
      assocRows({
        assoc_dsp_map: [{ dsp_name: 'DV360', campaign_associate_id: 'dv-1' }],
        camp_data: { camp_assoc_map: [{ dsp_name: 'Xandr', campaign_associate_id: 'x-2' }] },
      }),
    ).toEqual([
      { dsp_name: 'DV360', campaign_associate_id: 'dv-1', source: 'campaign' },
      { dsp_name: 'Xandr', campaign_associate_id: 'x-2', source: 'camp_data' },
    ]);
  });
});

describe('flightDays', () => {
  it('counts whole days, rounding up', () => {
    expect(flightDays('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z')).toBe(30);
    expect(flightDays('2026-03-01T00:00:00Z', '2026-03-01T00:01:00Z')).toBe(1);
    expect(flightDays('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z')).toBe(0);
  });
});

describe('creativeReadiness', () => {
  const creative = (id: number, status: 'APPROVED' | 'PENDING' | 'REJECTED') => ({
    creative_id: id,
    name: `Creative ${id}`,
    creative_type: 'image' as const,
    status,
  });

  it('says an active campaign whose only creative is pending cannot deliver', () => {
    expect(creativeReadiness({ status: 'ACTIVE', creatives: [creative(1, 'PENDING')] })).toEqual({
      approved: 0,
      pending: 1,
      rejected: 0,
      cannotDeliver: true,
    });
  });

  it('says a submitted campaign without creatives cannot deliver', () => {
    expect(creativeReadiness({ status: 'PENDING_APPROVAL', creatives: [] }).cannotDeliver).toBe(true);
  });

  it('lets a campaign with one approved creative deliver, and raises nothing for drafts or paused ones', () => {
    const mixed = [creative(1, 'REJECTED'), creative(2, 'APPROVED'), creative(3, 'PENDING')];
    expect(creativeReadiness({ status: 'ACTIVE', creatives: mixed })).toEqual({
      approved: 1,
      pending: 1,
      rejected: 1,
      cannotDeliver: false,
    });
    expect(creativeReadiness({ status: 'DRAFT', creatives: [] }).cannotDeliver).toBe(false);
    expect(creativeReadiness({ status: 'PAUSED', creatives: [creative(1, 'PENDING')] }).cannotDeliver).toBe(
      false,
    );
  });
});
