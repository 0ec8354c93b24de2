// English shows core's messages word for word (the spec's among them); the others translate them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GEO_FENCE_MESSAGES } from '@console/core/validation/geo-fence';
import { NAME_LIKE_MESSAGE } from '@console/core/validation/text';
import { describe, expect, it } from 'vitest';
import { EXACT_MESSAGES, formMessageKey } from './form-messages.ts';

const english = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../locales/en/campaign-form.json'), 'utf8'),
) as { errors: Record<string, string> };

const render = (template: string, values: Record<string, string> = {}) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');

describe('campaign form messages', () => {
  it('keeps core’s English for every known message', () => {
    for (const [message, key] of Object.entries(EXACT_MESSAGES)) {
      expect(english.errors[key], key).toBe(message);
    }
    expect(english.errors.nameLike).toBe(
      'Invalid input. Please use only letters, numbers, spaces, and hyphens.',
    );
    expect(formMessageKey(NAME_LIKE_MESSAGE)).toEqual({ key: 'errors.nameLike' });
  });

  it('matches the geo-fence messages with their numbers and renders them back word for word', () => {
    const samples = [
      GEO_FENCE_MESSAGES.tooMany(2501),
      GEO_FENCE_MESSAGES.emptyEntry(3),
      GEO_FENCE_MESSAGES.malformedEntry(12, '1,2'),
      GEO_FENCE_MESSAGES.malformedEntry(4, 'x'.repeat(60)),
      GEO_FENCE_MESSAGES.latitude(1),
      GEO_FENCE_MESSAGES.longitude(2500),
      GEO_FENCE_MESSAGES.radius(7),
    ];
    for (const message of samples) {
      const found = formMessageKey(message);
      expect(found, message).not.toBeNull();
      const key = found?.key.replace(/^errors\./, '') ?? '';
      expect(render(english.errors[key] ?? '', found?.values)).toBe(message);
    }
  });

  it('leaves other messages alone', () => {
    expect(formMessageKey('These exchanges are not available to this advertiser: 4.')).toBeNull();
  });
});
