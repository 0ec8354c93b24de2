// Where demo and simulated ads run: apps and sites named after the subgenres of the smart-app
// taxonomy (com.games.puzzle, puzzle.example), so the running-apps export and the app targeting of
// a fresh console and of `npm run simulate` show a plausible spread. A few are far more frequent
// than the rest (weight 1/rank), as real supply is. The .example names are reserved: no real
// publisher is implied.
import { STARTER_TAXONOMY } from '../modules/reference/reference-seed.ts';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A stable shuffle key, so the frequent ones are spread over the categories, not all games. */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

const SUBGENRES = Object.entries(STARTER_TAXONOMY)
  .flatMap(([category, genres]) =>
    Object.values(genres).flatMap((subgenres) =>
      subgenres.map((subgenre) => ({ category: slug(category), subgenre: slug(subgenre) })),
    ),
  )
  .sort((a, b) => hash(a.subgenre) - hash(b.subgenre));

const APPS = SUBGENRES.map(
  ({ category, subgenre }) => `com.${category.split('-')[0]}.${subgenre.replace(/-/g, '')}`,
);
const SITES = SUBGENRES.map(({ subgenre }) => `${subgenre}.example`);
const TOTAL = SUBGENRES.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);

/** An app bundle (APP) or a site domain (WEB), drawn with `random` (0..1). */
export const demoInventory = (trafficType: string, random: () => number): string => {
  const names = trafficType === 'APP' ? APPS : SITES;
  let roll = random() * TOTAL;
  for (let rank = 0; rank < names.length; rank++) {
    roll -= 1 / (rank + 1);
    if (roll <= 0) return names[rank]!;
  }
  return names[names.length - 1]!;
};
