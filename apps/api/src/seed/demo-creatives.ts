// Demo creatives for a first run: image, native, video (VAST) and html creatives of
// the three demo advertisers, with exchanges in every approval state (pending, approved, rejected
// with a reason) and a change log that tells how each got there. The images are real PNG files
// drawn here (zlib-compressed RGB) into the media directory and recorded as uploads of the
// advertiser, so they preview in the console and can be reused in edits.
// Idempotent: an advertiser that already has creatives is left alone. Call after seedDemo and
// before seedDemoCampaigns (which attaches each advertiser's first creatives to its campaigns).

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  type CreativeApprovalState,
  type CreativeType,
  deriveCreativeStatus,
} from '@console/core/api/creatives';
import { isSecureMarkup } from '@console/core/validation/insecure-markup';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, type FieldChange } from '../db/schema/audit.ts';
import {
  type CreativeMediaRef,
  type CreativeNativeAssets,
  type CreativeVideoSection,
  creativeDspAssoc,
  creativeExchanges,
  creativeMedia,
  creatives,
} from '../db/schema/creatives.ts';
import { exchanges } from '../db/schema/reference.ts';
import { snapshotOf } from '../modules/creatives/creative-service.ts';
import { ensureReferenceData } from '../modules/reference/reference-seed.ts';
import { findUserByEmail } from '../platform/user-queries.ts';

const DAY = 86_400_000;

// ---- PNG drawing -------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/**
 * A banner: a diagonal gradient between the brand's two colours, a lighter band across the middle
 * (where a headline would sit) and a "button" in the accent colour at the lower right.
 */
export const drawBannerPng = (width: number, height: number, from: Rgb, to: Rgb, accent: Rgb): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const button = {
    x0: Math.round(width * 0.62),
    x1: Math.round(width * 0.92),
    y0: Math.round(height * 0.68),
    y1: Math.round(height * 0.88),
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const share = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      let pixel = from.map((value, i) => Math.round(value + ((to[i] ?? 0) - value) * share));
      const inBand = y > height * 0.3 && y < height * 0.55;
      if (inBand) pixel = pixel.map((value) => Math.round(value + (255 - value) * 0.35));
      if (x >= button.x0 && x < button.x1 && y >= button.y0 && y < button.y1) pixel = [...accent];
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (edge) pixel = pixel.map((value) => Math.round(value * 0.6));
      row.set(pixel, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

// ---- the demo creatives --------------------------------------------------------------------------

type Palette = { from: Rgb; to: Rgb; accent: Rgb };
type DemoDecision = { index: number; state: CreativeApprovalState; reason?: string };
type DemoCreative = {
  name: string;
  type: CreativeType;
  /** Days ago it was made. */
  ageDays: number;
  /** Indexes into the active exchanges (the reference seed's order). */
  exchanges: DemoDecision[];
  clickUrl?: string;
  pixelUrls?: string[];
  impressionUrls?: string[];
  /** image: the banner's size. */
  banner?: [number, number];
  native?: { title: string; sponsoredBy: string; description: string; cta: string };
  vastUrl?: string;
  htmlTag?: string;
  assoc?: { dspName: string; id: string }[];
};

const pending = (...indexes: number[]): DemoDecision[] =>
  indexes.map((index) => ({ index, state: 'PENDING' }));
const approved = (...indexes: number[]): DemoDecision[] =>
  indexes.map((index) => ({ index, state: 'APPROVED' }));
const rejected = (reason: string, ...indexes: number[]): DemoDecision[] =>
  indexes.map((index) => ({ index, state: 'REJECTED', reason }));

const htmlTag = (brand: string, headline: string, url: string, colour: string) =>
  [
    `<div style="width:300px;height:250px;font-family:Arial,sans-serif;background:${colour};color:#fff;display:flex;flex-direction:column;justify-content:center;align-items:center;text-align:center">`,
    `  <strong style="font-size:22px">${brand}</strong>`,
    `  <p style="font-size:15px;margin:12px 16px">${headline}</p>`,
    `  <a href="${url}" target="_blank" rel="noopener" style="background:#fff;color:${colour};padding:8px 16px;border-radius:4px;text-decoration:none">Learn more</a>`,
    '</div>',
  ].join('\n');

const DEMO: Record<string, { palette: Palette; creatives: DemoCreative[] }> = {
  'adv1@demo.test': {
    palette: { from: [92, 54, 33], to: [201, 145, 88], accent: [246, 206, 92] },
    creatives: [
      {
        name: 'Contoso Coffee - Morning Roast 300x250',
        type: 'image',
        ageDays: 21,
        banner: [300, 250],
        clickUrl: 'https://www.contoso-coffee.example/morning-roast?utm_source=dsp',
        pixelUrls: ['https://pixel.contoso-coffee.example/imp?c={creative_id}'],
        exchanges: [...approved(0, 1, 2), ...pending(3)],
        assoc: [{ dspName: 'Xandr', id: 'cc-xa-300250' }],
      },
      {
        name: 'Contoso Coffee - Leaderboard 728x90',
        type: 'image',
        ageDays: 14,
        banner: [728, 90],
        clickUrl: 'https://www.contoso-coffee.example/shop',
        exchanges: [...approved(0), ...rejected('Text covers more than 20% of the banner.', 2)],
      },
      {
        name: 'Contoso Coffee - Native Subscription',
        type: 'native',
        ageDays: 9,
        clickUrl: 'https://www.contoso-coffee.example/subscribe',
        impressionUrls: ['https://imp.contoso-coffee.example/native'],
        native: {
          title: 'Fresh beans at your door every week',
          sponsoredBy: 'Contoso Coffee',
          description: 'Roasted the morning they ship. Pause or cancel any time.',
          cta: 'Subscribe',
        },
        exchanges: pending(0, 1, 4),
      },
      {
        name: 'Contoso Coffee - Barista Story 15s',
        type: 'video',
        ageDays: 6,
        vastUrl: 'https://ads.contoso-coffee.example/vast/barista-story-15s.xml',
        clickUrl: 'https://www.contoso-coffee.example/story',
        impressionUrls: ['https://imp.contoso-coffee.example/video/start'],
        exchanges: rejected('VAST response returned no media file.', 0, 12),
      },
      {
        name: 'Contoso Coffee - Rich Media Menu',
        type: 'html',
        ageDays: 2,
        htmlTag: htmlTag(
          'Contoso Coffee',
          'Try the new autumn menu',
          'https://www.contoso-coffee.example/menu',
          '#5c3621',
        ),
        exchanges: pending(0, 2),
      },
    ],
  },
  'adv2@demo.test': {
    palette: { from: [20, 40, 90], to: [70, 130, 200], accent: [255, 120, 60] },
    creatives: [
      {
        name: 'Fabrikam Shoes - Running Sale 300x250',
        type: 'image',
        ageDays: 18,
        banner: [300, 250],
        clickUrl: 'https://fabrikam-shoes.example/running?sale=autumn',
        pixelUrls: ['https://px.fabrikam-shoes.example/a', 'https://px.partner.example/fab'],
        exchanges: approved(0, 1, 2, 3),
        assoc: [
          { dspName: 'DV360', id: 'fab_dv_1001' },
          { dspName: 'Xandr', id: 'fab-xa-1001' },
        ],
      },
      {
        name: 'Fabrikam Shoes - Mobile Banner 320x50',
        type: 'image',
        ageDays: 12,
        banner: [320, 50],
        clickUrl: 'https://m.fabrikam-shoes.example/app',
        exchanges: [...rejected('Landing page is not mobile-friendly.', 13, 14)],
      },
      {
        name: 'Fabrikam Shoes - Native Trail Collection',
        type: 'native',
        ageDays: 7,
        clickUrl: 'https://fabrikam-shoes.example/trail',
        native: {
          title: 'Trail shoes that grip when the path does not',
          sponsoredBy: 'Fabrikam Shoes',
          description: 'Waterproof, light and built for long days outside.',
          cta: 'Shop trail',
        },
        exchanges: [...approved(1), ...pending(2, 3)],
      },
      {
        name: 'Fabrikam Shoes - Skyscraper 160x600',
        type: 'image',
        ageDays: 1,
        banner: [160, 600],
        clickUrl: 'https://fabrikam-shoes.example/new',
        exchanges: pending(0, 1),
      },
    ],
  },
  'advertiser@demo.test': {
    palette: { from: [0, 105, 120], to: [120, 200, 210], accent: [255, 214, 0] },
    creatives: [
      {
        name: 'Tailspin Travel - Summer Escapes 300x250',
        type: 'image',
        ageDays: 25,
        banner: [300, 250],
        clickUrl: 'https://tailspin-travel.example/summer',
        exchanges: [...approved(0, 4), ...rejected('Price claim needs a qualifying footnote.', 5)],
      },
      {
        name: 'Tailspin Travel - City Breaks Native',
        type: 'native',
        ageDays: 15,
        clickUrl: 'https://tailspin-travel.example/city-breaks',
        impressionUrls: ['https://imp.tailspin-travel.example/n'],
        native: {
          title: 'Three nights in Lisbon from $299',
          sponsoredBy: 'Tailspin Travel',
          description: 'Flights and a central hotel, booked in one go.',
          cta: 'See deals',
        },
        exchanges: rejected('Destination imagery is not licensed for this market.', 0, 1),
      },
      {
        name: 'Tailspin Travel - Island Hopping 30s',
        type: 'video',
        ageDays: 8,
        vastUrl: 'https://video.tailspin-travel.example/vast/island-hopping-30s.xml',
        clickUrl: 'https://tailspin-travel.example/islands',
        impressionUrls: ['https://imp.tailspin-travel.example/v/1', 'https://imp.partner.example/tt'],
        exchanges: [...approved(12), ...pending(0)],
      },
      {
        name: 'Tailspin Travel - Weekend Deals Tag',
        type: 'html',
        ageDays: 3,
        htmlTag: htmlTag(
          'Tailspin Travel',
          'Weekend deals, every Thursday',
          'https://tailspin-travel.example/weekend',
          '#006978',
        ),
        exchanges: approved(0, 1),
      },
    ],
  },
};

const hasCreatives = async (db: Db, advertiserId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(creatives)
    .where(eq(creatives.advertiserId, advertiserId));
  return (row?.value ?? 0) > 0;
};

/** Writes a PNG into the media directory and records it as the advertiser's upload. */
export const storePng = async (
  db: Db,
  mediaDir: string,
  uploadedBy: number,
  fileName: string,
  size: [number, number],
  palette: Palette,
): Promise<CreativeMediaRef> => {
  const [width, height] = size;
  const bytes = drawBannerPng(width, height, palette.from, palette.to, palette.accent);
  const name = `${randomUUID()}.png`;
  await writeFile(join(mediaDir, name), bytes);
  const url = `/media/${name}`;
  const kind =
    width === height && width <= 200 ? 'icon' : fileName.startsWith('native main') ? 'main' : 'image';
  await db.insert(creativeMedia).values({
    url,
    kind,
    mime: 'image/png',
    bytes: bytes.length,
    width,
    height,
    originalName: fileName,
    uploadedBy,
  });
  return { url, mime: 'image/png', bytes: bytes.length, width, height };
};

/**
 * Seeds the demo creatives into `db`, writing their images into `mediaDir` (DATA_DIR/media: the
 * directory the app serves at /media/). Answers how many creatives were made.
 */
export const seedDemoCreatives = async (db: Db, mediaDir: string): Promise<number> => {
  await ensureReferenceData(db);
  await mkdir(mediaDir, { recursive: true });
  const exchangeRows = await db
    .select({ id: exchanges.id, name: exchanges.name })
    .from(exchanges)
    .where(eq(exchanges.status, 'ACTIVE'))
    .orderBy(asc(exchanges.id));
  const admin = await findUserByEmail(db, 'admin@demo.test');
  const now = Date.now();
  let made = 0;

  for (const [email, demo] of Object.entries(DEMO)) {
    const advertiser = await findUserByEmail(db, email);
    if (!advertiser || (await hasCreatives(db, advertiser.id))) continue;
    const creatorId = advertiser.agencyId ?? advertiser.id;

    for (const item of demo.creatives) {
      const createdAt = new Date(now - item.ageDays * DAY);
      const slug = item.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      let media: CreativeMediaRef | null = null;
      let size: string | null = null;
      let nativeAssets: CreativeNativeAssets | null = null;
      let videoSection: CreativeVideoSection | null = null;
      if (item.type === 'image' && item.banner) {
        media = await storePng(db, mediaDir, advertiser.id, `${slug}.png`, item.banner, demo.palette);
        size = `${item.banner[0]}x${item.banner[1]}`;
      }
      if (item.type === 'native' && item.native) {
        const main = await storePng(
          db,
          mediaDir,
          advertiser.id,
          `native main ${slug}.png`,
          [1200, 627],
          demo.palette,
        );
        const icon = await storePng(
          db,
          mediaDir,
          advertiser.id,
          `icon ${slug}.png`,
          [100, 100],
          demo.palette,
        );
        size = '1200x627';
        nativeAssets = {
          title: item.native.title,
          sponsored_by: item.native.sponsoredBy,
          description: item.native.description,
          cta: item.native.cta,
          icon: { url: icon.url, size: '100x100' },
          main_image: { url: main.url, size: '1200x627' },
        };
      }
      // Video by VAST URL: no file, so no size or duration until an ad server reads the VAST.
      if (item.type === 'video') videoSection = { vast_url: item.vastUrl ?? '' };

      const chosen = item.exchanges
        .filter((entry) => exchangeRows[entry.index])
        .map((entry) => ({ ...entry, ...exchangeRows[entry.index]! }));
      const status = deriveCreativeStatus(chosen.map((entry) => entry.state));

      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(creatives)
          .values({
            advertiserId: advertiser.id,
            name: item.name,
            creativeType: item.type,
            status: 'PENDING',
            size,
            clickUrl: item.type === 'html' ? null : (item.clickUrl ?? null),
            pixelUrls: item.pixelUrls ?? [],
            impressionUrls: item.impressionUrls ?? [],
            media,
            videoSection,
            nativeAssets,
            htmlTag: item.htmlTag ?? null,
            secureCompatible: isSecureMarkup(item.htmlTag),
            createdBy: creatorId,
            createdAt,
            updatedAt: createdAt,
          })
          .returning();
        const created = row!;
        const decidedAt = new Date(createdAt.getTime() + DAY / 2);
        if (chosen.length > 0)
          await tx.insert(creativeExchanges).values(
            chosen.map((entry) => ({
              creativeId: created.id,
              exchangeId: entry.id,
              state: entry.state,
              reason: entry.reason ?? null,
              decidedBy: entry.state === 'PENDING' ? null : (admin?.id ?? null),
              decidedAt: entry.state === 'PENDING' ? null : decidedAt,
              createdAt,
            })),
          );
        if (status !== 'PENDING')
          await tx.update(creatives).set({ status }).where(eq(creatives.id, created.id));
        if (item.assoc?.length)
          await tx.insert(creativeDspAssoc).values(
            item.assoc.map((entry) => ({
              creativeId: created.id,
              dspName: entry.dspName,
              creativeAssociateId: entry.id,
            })),
          );

        // The story in the change log: made by the advertiser (or its agency), then the admin's decisions.
        const createChanges: FieldChange[] = Object.entries(snapshotOf(created))
          .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
          .map(([field, value]) => ({ field, from: null, to: value }));
        createChanges.push({ field: 'exchanges', from: null, to: chosen.map((entry) => entry.name).sort() });
        await tx.insert(auditLog).values({
          entityType: 'creative',
          entityId: String(created.id),
          action: 'create',
          actorUserId: creatorId,
          effectiveUserId: advertiser.id,
          changes: createChanges,
          createdAt,
        });
        let current: CreativeApprovalState[] = chosen.map(() => 'PENDING');
        for (const [position, entry] of chosen.entries()) {
          if (entry.state === 'PENDING') continue;
          const before = deriveCreativeStatus(current);
          current = current.map((state, i) => (i === position ? entry.state : state));
          const after = deriveCreativeStatus(current);
          const changes: FieldChange[] = [
            { field: `exchange:${entry.name}`, from: 'PENDING', to: entry.state },
          ];
          if (entry.reason) changes.push({ field: `reason:${entry.name}`, from: null, to: entry.reason });
          if (before !== after) changes.push({ field: 'status', from: before, to: after });
          await tx.insert(auditLog).values({
            entityType: 'creative',
            entityId: String(created.id),
            action: 'exchange-approval',
            actorUserId: admin?.id ?? null,
            effectiveUserId: admin?.id ?? null,
            changes,
            createdAt: new Date(decidedAt.getTime() + position * 60_000),
          });
        }
      });
      made++;
    }
  }
  return made;
};
