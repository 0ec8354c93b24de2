import { describe, expect, it } from 'vitest';
import { generatePalette } from '../../src/app/theme/palette.ts';
import {
  contrastRatio,
  ensureContrast,
  mixColors,
  NEAR_BLACK,
  normalizeHex,
  parseHex,
  readablePairOn,
  readableTextOn,
  readableTextOnAll,
  relativeLuminance,
  toHex,
  WHITE,
} from '../../src/lib/theme/contrast.ts';

// A small deterministic generator, so a failing colour can be reproduced.
const makeRandom = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const randomColors = (count: number, seed = 42): string[] => {
  const random = makeRandom(seed);
  const byte = () => Math.floor(random() * 256);
  return Array.from({ length: count }, () => toHex({ r: byte(), g: byte(), b: byte() }));
};

describe('colour parsing', () => {
  it('reads #rgb and #rrggbb, with or without #', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('1a2B3c')).toEqual({ r: 0x1a, g: 0x2b, b: 0x3c });
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });

  it('normalises to lower-case #rrggbb or falls back', () => {
    expect(normalizeHex('#ABC', '#000000')).toBe('#aabbcc');
    expect(normalizeHex(' #FFEB3B ', '#000000')).toBe('#ffeb3b');
    expect(normalizeHex('rgb(1,2,3)', '#000000')).toBe('#000000');
    expect(normalizeHex(undefined, '#123456')).toBe('#123456');
  });
});

describe('WCAG maths', () => {
  it('gives the luminance of black, white and primaries', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
  });

  it('matches known contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 is the classic lightest grey with AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
  });

  it('mixes colours linearly', () => {
    expect(mixColors('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mixColors('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe('readableTextOn', () => {
  it('puts dark text on a yellow navbar and white text on navy', () => {
    expect(readableTextOn('#ffeb3b')).toBe(NEAR_BLACK);
    expect(readableTextOn('#001f3f')).toBe(WHITE);
    expect(readableTextOn('#ffffff')).toBe(NEAR_BLACK);
    expect(readableTextOn('#000000')).toBe(WHITE);
  });

  it('reaches 4.5:1 on every colour of a random sweep and on all greys', () => {
    const greys = Array.from({ length: 256 }, (_, v) => toHex({ r: v, g: v, b: v }));
    for (const bg of [...randomColors(2000), ...greys]) {
      expect(contrastRatio(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('finds one text colour for every stop of a gradient when one exists', () => {
    const text = readableTextOnAll(['#134e5e', '#203a43']);
    expect(text).toBe(WHITE);
    expect(readableTextOnAll(['#ffffff', '#fff8e1'])).toBe(NEAR_BLACK);
  });
});

describe('readablePairOn', () => {
  it('keeps white text on a mid blue by darkening it slightly', () => {
    const pair = readablePairOn('#1c7ed6');
    expect(pair.text).toBe(WHITE);
    expect(contrastRatio(pair.text, pair.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(pair.background, '#1c7ed6')).toBeLessThan(1.25);
  });

  it('leaves a colour that already carries white text alone', () => {
    expect(readablePairOn('#001f3f')).toEqual({ background: '#001f3f', text: WHITE });
  });

  it('keeps a yellow exact and gives it dark text', () => {
    expect(readablePairOn('#ffeb3b')).toEqual({ background: '#ffeb3b', text: NEAR_BLACK });
  });

  it('reaches 4.5:1 on a random sweep', () => {
    for (const bg of randomColors(1000, 5)) {
      const pair = readablePairOn(bg);
      expect(contrastRatio(pair.text, pair.background), bg).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that already reads', () => {
    expect(ensureContrast('#405189', '#ffffff')).toBe('#405189');
  });

  it('darkens a light agency colour on white just enough', () => {
    const adjusted = ensureContrast('#ffeb3b', '#ffffff');
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(adjusted, '#ffffff')).toBeLessThan(5.5);
    expect(relativeLuminance(adjusted)).toBeLessThan(relativeLuminance('#ffeb3b'));
  });

  it('lightens a dark colour on a dark card', () => {
    const adjusted = ensureContrast('#203060', '#101820');
    expect(contrastRatio(adjusted, '#101820')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(adjusted)).toBeGreaterThan(relativeLuminance('#203060'));
  });

  it('reaches 4.5:1 for random pairs', () => {
    const fgs = randomColors(500, 7);
    const bgs = randomColors(500, 99);
    fgs.forEach((fg, i) => {
      const bg = bgs[i]!;
      expect(contrastRatio(ensureContrast(fg, bg), bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
  });

  it('tolerates malformed colours', () => {
    expect(contrastRatio(ensureContrast('nonsense', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('generatePalette', () => {
  it('gives ten shades, light to dark, with the agency colour at shade 6', () => {
    const palette = generatePalette('#405189');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#405189');
    const luminances = palette.map((c) => relativeLuminance(c));
    for (let i = 1; i < luminances.length; i++) {
      expect(luminances[i]!).toBeLessThanOrEqual(luminances[i - 1]!);
    }
  });

  it('falls back for a malformed colour', () => {
    expect(generatePalette('not a colour')).toHaveLength(10);
  });
});
