// Pure helpers of the creative lists: the size column and the links to the bulk pages.
import type { CreativeListItem } from '@console/core/api/creatives';
import { CREATIVE_BULK_MAX } from '@console/core/api/creatives-constants';

/**
 * The size column: 'WxH' of the image, native main image or video file; a video file adds its
 * formatted size ('640x360 · 1.2 MB'); a VAST video says 'VAST'; html has none (null).
 */
export const sizeTextOf = (creative: Pick<CreativeListItem, 'creative_type' | 'size' | 'video_section'>) => {
  if (creative.creative_type === 'video') {
    const parts = [creative.size, creative.video_section?.formattedSize].filter(Boolean);
    if (parts.length > 0) return parts.join(' · ');
    return creative.video_section?.vast_url ? 'VAST' : null;
  }
  return creative.size ?? null;
};

/** A bulk page's link for the chosen creatives (`?ids=1,2`), or null when it cannot be used. */
export const bulkHrefOf = (base: string | null, ids: ReadonlySet<string>): string | null => {
  if (!base || ids.size === 0 || ids.size > CREATIVE_BULK_MAX) return null;
  const sorted = [...ids]
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .sort((a, b) => a - b);
  return sorted.length > 0 ? `${base}?ids=${sorted.join(',')}` : null;
};
