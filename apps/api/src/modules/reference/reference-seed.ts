// The starter reference data that is ours to edit: real ad exchanges and an app-store-style
// smart-app taxonomy. No npm or Debian package carries the IAB Content Taxonomy (checked), and these
// lists are admin-edited product data, so they start here and live in the database.
import { count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { exchanges, smartAppCategories } from '../../db/schema/reference.ts';

/** Exchanges a DSP commonly buys on (display, video, in-app and CTV supply). */
export const STARTER_EXCHANGES: { name: string; key: string }[] = [
  { name: 'Google AdX', key: 'google_adx' },
  { name: 'Xandr (Microsoft Invest)', key: 'xandr' },
  { name: 'PubMatic', key: 'pubmatic' },
  { name: 'Magnite', key: 'magnite' },
  { name: 'OpenX', key: 'openx' },
  { name: 'Index Exchange', key: 'index_exchange' },
  { name: 'Equativ', key: 'equativ' },
  { name: 'TripleLift', key: 'triplelift' },
  { name: 'Sovrn', key: 'sovrn' },
  { name: 'Sharethrough', key: 'sharethrough' },
  { name: 'Media.net', key: 'medianet' },
  { name: 'Amazon Publisher Services', key: 'amazon_aps' },
  { name: 'FreeWheel', key: 'freewheel' },
  { name: 'InMobi Exchange', key: 'inmobi' },
  { name: 'Smaato', key: 'smaato' },
  { name: 'Unity Exchange', key: 'unity' },
  { name: 'AppLovin Exchange', key: 'applovin' },
  { name: 'Verve Group', key: 'verve' },
  { name: 'DT Exchange (Fyber)', key: 'dt_exchange' },
  { name: 'Liftoff Monetize (Vungle)', key: 'liftoff' },
  { name: 'Chartboost', key: 'chartboost' },
  { name: 'Mintegral', key: 'mintegral' },
  { name: 'BidMachine', key: 'bidmachine' },
];

/** category -> genre -> subgenres, the way the app stores group apps and games. */
export const STARTER_TAXONOMY: Record<string, Record<string, string[]>> = {
  Games: {
    Action: ['Shooter', 'Platformer', 'Fighting', 'Battle Royale'],
    Puzzle: ['Match-3', 'Word', 'Trivia', 'Brain Training'],
    Casual: ['Hyper-casual', 'Idle', 'Merge', 'Simulation'],
    Strategy: ['Tower Defense', '4X', 'Card Battler'],
    'Role Playing': ['Action RPG', 'MMORPG', 'Turn-based RPG'],
    'Sports & Racing': ['Racing', 'Football', 'Sports Management'],
    Casino: ['Slots', 'Poker', 'Bingo', 'Social Casino'],
    'Board & Card': ['Chess', 'Solitaire', 'Dominoes'],
  },
  Entertainment: {
    'Video Streaming': ['Movies & TV', 'Live TV', 'Short Video'],
    'Music & Audio': ['Music Streaming', 'Podcasts', 'Radio'],
    'Books & Comics': ['E-books', 'Audiobooks', 'Comics & Manga'],
  },
  Lifestyle: {
    'Health & Fitness': ['Workouts', 'Meditation', 'Nutrition', 'Running'],
    'Food & Drink': ['Recipes', 'Food Delivery', 'Restaurant Reviews'],
    Shopping: ['Marketplaces', 'Fashion', 'Deals & Coupons', 'Grocery'],
    Travel: ['Flights & Hotels', 'Maps & Navigation', 'Ride Hailing'],
    Dating: [],
    'Home & Auto': ['Real Estate', 'Car Buying', 'Smart Home'],
  },
  'News & Information': {
    News: ['General News', 'Business News', 'Sports News', 'Local News'],
    Weather: [],
    'Reference & Education': ['Dictionaries', 'Language Learning', 'Kids Learning', 'Online Courses'],
  },
  'Finance & Productivity': {
    Finance: ['Banking', 'Investing', 'Payments', 'Crypto'],
    Productivity: ['Office & Documents', 'Notes & Tasks', 'Calendars'],
    Business: ['Jobs', 'Team Communication'],
  },
  'Social & Communication': {
    'Social Networks': ['Friends & Family', 'Communities', 'Creators'],
    Messaging: ['Chat', 'Video Calls'],
    'Photo & Video': ['Cameras & Editors', 'Photo Sharing'],
  },
};

/** Whether a table is empty and was never edited (no change log entry of its entity). */
const isPristine = async (
  db: DbOrTx,
  table: typeof exchanges | typeof smartAppCategories,
  entityType: string,
) => {
  const [rows] = await db.select({ value: count() }).from(table);
  if ((rows?.value ?? 0) > 0) return false;
  const [logged] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.entityType, entityType))
    .limit(1);
  return !logged;
};

/** Serialises seeding between servers that start at once on one database. */
const SEED_LOCK = 0x5e_ed_0005;

/**
 * Writes the starter exchanges and taxonomy into a database that has none. Idempotent, and it never
 * undoes an admin's work: a list is only seeded while its table is empty and its change log is too.
 * Call it after migrations (server start, demo seed, test harness).
 */
export const ensureReferenceData = async (db: Db) => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isPristine(tx, exchanges, 'exchange')) {
      await tx.insert(exchanges).values(STARTER_EXCHANGES).onConflictDoNothing();
    }
    if (await isPristine(tx, smartAppCategories, 'smart-app-category')) {
      const categories = await tx
        .insert(smartAppCategories)
        .values(Object.keys(STARTER_TAXONOMY).map((name) => ({ name, level: 'category' as const })))
        .returning({ id: smartAppCategories.id, name: smartAppCategories.name });
      const genreRows = categories.flatMap((category) =>
        Object.keys(STARTER_TAXONOMY[category.name] ?? {}).map((name) => ({
          name,
          level: 'genre' as const,
          parentId: category.id,
        })),
      );
      const genres = await tx.insert(smartAppCategories).values(genreRows).returning({
        id: smartAppCategories.id,
        name: smartAppCategories.name,
        parentId: smartAppCategories.parentId,
      });
      const categoryName = new Map(categories.map((category) => [category.id, category.name]));
      const subgenreRows = genres.flatMap((genre) =>
        (STARTER_TAXONOMY[categoryName.get(genre.parentId!) ?? '']?.[genre.name] ?? []).map((name) => ({
          name,
          level: 'subgenre' as const,
          parentId: genre.id,
        })),
      );
      if (subgenreRows.length > 0) await tx.insert(smartAppCategories).values(subgenreRows);
    }
  });
};
