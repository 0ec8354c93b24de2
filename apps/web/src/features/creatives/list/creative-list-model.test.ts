import { describe, expect, it } from 'vitest';
import { bulkHrefOf, sizeTextOf } from './creative-list-model.ts';

describe('sizeTextOf', () => {
  it('shows the size, a video file with its formatted size, VAST and nothing for html', () => {
    expect(sizeTextOf({ creative_type: 'image', size: '300x250', video_section: null })).toBe('300x250');
    expect(
      sizeTextOf({
        creative_type: 'video',
        size: '640x360',
        video_section: { formattedSize: '1.2 MB', duration: 15 },
      }),
    ).toBe('640x360 · 1.2 MB');
    expect(
      sizeTextOf({
        creative_type: 'video',
        size: null,
        video_section: { vast_url: 'ads.example.com/v.xml' },
      }),
    ).toBe('VAST');
    expect(sizeTextOf({ creative_type: 'html', size: null, video_section: null })).toBeNull();
  });
});

describe('bulkHrefOf', () => {
  it('links the chosen ids in order, or nothing', () => {
    expect(bulkHrefOf('/creative/bulk-creative-edit', new Set(['12', '3']))).toBe(
      '/creative/bulk-creative-edit?ids=3,12',
    );
    expect(bulkHrefOf('/x', new Set())).toBeNull();
    expect(bulkHrefOf(null, new Set(['1']))).toBeNull();
    expect(bulkHrefOf('/x', new Set(Array.from({ length: 201 }, (_, i) => String(i + 1))))).toBeNull();
  });
});
