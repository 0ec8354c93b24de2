// Demo campaigns that really deliver: active campaigns of advertiser@demo.test
// (which has a $5,000 demo deposit and postbacks enabled), approved on every active exchange, with
// creatives that fit the OpenRTB 2.6 specification's example bid requests:
//   simple banner, expandable banner  -> "Open Web Display" (300x250, site traffic)
//   PMP with a direct deal            -> "Open Web Display" carries deal AB-Agency1-0001
//   mobile app banner                 -> "Mobile App Leaderboard" (728x90, iOS app traffic)
//   video                             -> "Video Pre-roll" (15 s MP4, VAST inline)
//   (native requests)                 -> "Native In-Feed" (CPC)
// Idempotent: skipped when the advertiser already has "Open Web Display". Call after seedDemo.
import { type Targeting, targetingSchema } from '@console/core/api/campaigns';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { campaignCreatives, campaignExchanges, campaigns } from '../db/schema/campaigns.ts';
import {
  type CreativeMediaRef,
  type CreativeNativeAssets,
  type CreativeVideoSection,
  creativeExchanges,
  creatives,
} from '../db/schema/creatives.ts';
import { deals, exchanges } from '../db/schema/reference.ts';
import { findUserByEmail } from '../platform/user-queries.ts';
import { storePng } from './demo-creatives.ts';

const DAY = 86_400_000;
const USD = 1_000_000;
/** How long the demo campaigns have been running (covers the default 30 days of history). */
const HISTORY_FLIGHT_DAYS = 31;
export const DEMO_DELIVERY_ADVERTISER = 'advertiser@demo.test';
export const DEMO_DEAL_ID = 'AB-Agency1-0001';

type DemoCreative = {
  key: string;
  name: string;
  type: 'image' | 'video' | 'native';
  banner?: [number, number];
  clickUrl: string;
};

const CREATIVES: DemoCreative[] = [
  {
    key: 'mrec',
    name: 'Tailspin Travel - Deals 300x250',
    type: 'image',
    banner: [300, 250],
    clickUrl: 'https://tailspin-travel.example/deals?click={click_id}',
  },
  {
    key: 'leaderboard',
    name: 'Tailspin Travel - App 728x90',
    type: 'image',
    banner: [728, 90],
    clickUrl: 'https://tailspin-travel.example/app?click={click_id}',
  },
  {
    key: 'video',
    name: 'Tailspin Travel - Islands 15s',
    type: 'video',
    clickUrl: 'https://tailspin-travel.example/islands?click={click_id}',
  },
  {
    key: 'native',
    name: 'Tailspin Travel - In-Feed Native',
    type: 'native',
    clickUrl: 'https://tailspin-travel.example/weekend?click={click_id}',
  },
];

type DemoCampaign = {
  name: string;
  creative: string;
  pacing: 'EVEN' | 'ASAP';
  priceModel: 'CPM' | 'CPC';
  /** bid, min, max in USD (CPM; for CPC the bid is per click, min/max the CPM range). */
  bids: [number, number, number];
  dailyUsd: number;
  totalUsd: number;
  targeting: Partial<Targeting>;
};

const CAMPAIGNS: DemoCampaign[] = [
  {
    name: 'Open Web Display',
    creative: 'mrec',
    pacing: 'EVEN',
    priceModel: 'CPM',
    bids: [2.5, 0.5, 5],
    dailyUsd: 200,
    totalUsd: 5_000,
    // Its deal on OpenX, and the open auction besides.
    targeting: {
      traffic_types: ['WEB'],
      deal_ids: [DEMO_DEAL_ID],
      deals_only: false,
      ad_categories: ['IAB20'],
    },
  },
  {
    name: 'Mobile App Leaderboard',
    creative: 'leaderboard',
    pacing: 'EVEN',
    priceModel: 'CPM',
    bids: [3, 0.5, 6],
    dailyUsd: 150,
    totalUsd: 4_000,
    targeting: {
      traffic_types: ['APP'],
      os: [{ os: 'ios', versions: [] }],
      device_types: ['PHONE', 'TABLET'],
      languages: ['en'],
      ad_categories: ['IAB20'],
    },
  },
  {
    name: 'Video Pre-roll',
    creative: 'video',
    pacing: 'ASAP',
    priceModel: 'CPM',
    bids: [8, 2, 12],
    dailyUsd: 300,
    totalUsd: 6_000,
    targeting: { ad_categories: ['IAB20'] },
  },
  {
    name: 'Native In-Feed',
    creative: 'native',
    pacing: 'EVEN',
    priceModel: 'CPC',
    bids: [0.9, 0.5, 4],
    dailyUsd: 100,
    totalUsd: 2_500,
    targeting: { ad_categories: ['IAB20'] },
  },
];

const PALETTE = { from: [0, 105, 120], to: [120, 200, 210], accent: [255, 214, 0] } as const;

export const seedDemoDelivery = async (db: Db, mediaDir: string): Promise<void> => {
  const advertiser = await findUserByEmail(db, DEMO_DELIVERY_ADVERTISER);
  if (!advertiser) return;
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.advertiserId, advertiser.id), eq(campaigns.name, CAMPAIGNS[0]!.name)));
  if (existing) return;
  const exchangeIds = (
    await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.status, 'ACTIVE'))
  ).map((row) => row.id);
  const admin = await findUserByEmail(db, 'admin@demo.test');
  const now = Date.now();
  const [openx] = await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.key, 'openx'));
  if (openx)
    await db
      .insert(deals)
      .values({
        exchangeId: openx.id,
        dealId: DEMO_DEAL_ID,
        name: 'Travel premium PMP',
        floorMicros: 2_000_000,
      })
      .onConflictDoNothing();

  const creativeIds = new Map<string, number>();
  for (const demo of CREATIVES) {
    let media: CreativeMediaRef | null = null;
    let size: string | null = null;
    let nativeAssets: CreativeNativeAssets | null = null;
    let videoSection: CreativeVideoSection | null = null;
    if (demo.type === 'image' && demo.banner) {
      media = await storePng(db, mediaDir, advertiser.id, `${demo.name}.png`, demo.banner, PALETTE);
      size = `${demo.banner[0]}x${demo.banner[1]}`;
    } else if (demo.type === 'video') {
      // An MP4 the advertiser hosts (the demo's domains are .example): 15 s, 640x480.
      media = {
        url: 'https://media.tailspin-travel.example/video/islands-15s.mp4',
        mime: 'video/mp4',
        bytes: 1_843_200,
        width: 640,
        height: 480,
        duration_s: 15,
      };
      size = '640x480';
      videoSection = { formattedSize: '1.8 MB', duration: 15 };
    } else if (demo.type === 'native') {
      const main = await storePng(
        db,
        mediaDir,
        advertiser.id,
        `native main ${demo.name}.png`,
        [1200, 627],
        PALETTE,
      );
      const icon = await storePng(db, mediaDir, advertiser.id, `icon ${demo.name}.png`, [100, 100], PALETTE);
      size = '1200x627';
      nativeAssets = {
        title: 'Weekend escapes from $199',
        sponsored_by: 'Tailspin Travel',
        description: 'Two nights, flights included, booked in a minute.',
        cta: 'Book now',
        icon: { url: icon.url, size: '100x100' },
        main_image: { url: main.url, size: '1200x627' },
      };
    }
    const createdAt = new Date(now - (HISTORY_FLIGHT_DAYS + 2) * DAY);
    const [row] = await db
      .insert(creatives)
      .values({
        advertiserId: advertiser.id,
        name: demo.name,
        creativeType: demo.type,
        status: 'APPROVED',
        size,
        clickUrl: demo.clickUrl,
        media,
        videoSection,
        nativeAssets,
        createdBy: advertiser.id,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: creatives.id });
    const id = row!.id;
    creativeIds.set(demo.key, id);
    await db.insert(creativeExchanges).values(
      exchangeIds.map((exchangeId) => ({
        creativeId: id,
        exchangeId,
        state: 'APPROVED',
        decidedBy: admin?.id ?? null,
        decidedAt: new Date(createdAt.getTime() + DAY / 2),
        createdAt,
      })),
    );
    await db.insert(auditLog).values({
      entityType: 'creative',
      entityId: String(id),
      action: 'create',
      actorUserId: advertiser.id,
      effectiveUserId: advertiser.id,
      changes: [
        { field: 'name', from: null, to: demo.name },
        { field: 'creative_type', from: null, to: demo.type },
      ],
      createdAt,
    });
  }

  for (const demo of CAMPAIGNS) {
    // Running for weeks, so the demo history (demo-history.ts) falls inside the flight.
    const createdAt = new Date(now - (HISTORY_FLIGHT_DAYS + 1) * DAY);
    const [bid, min, max] = demo.bids.map((usd) => Math.round(usd * USD)) as [number, number, number];
    const [row] = await db
      .insert(campaigns)
      .values({
        advertiserId: advertiser.id,
        name: demo.name,
        status: 'ACTIVE',
        startAt: new Date(now - HISTORY_FLIGHT_DAYS * DAY),
        endAt: new Date(now + 60 * DAY),
        timeZone: 'UTC',
        totalBudgetMicros: demo.totalUsd * USD,
        dailyBudgetMicros: demo.dailyUsd * USD,
        pacing: demo.pacing,
        priceModel: demo.priceModel,
        bidMicros: bid,
        minBidMicros: min,
        maxBidMicros: max,
        frequencyCap: null,
        dayParting: null,
        targeting: targetingSchema.parse(demo.targeting),
        createdBy: advertiser.id,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: campaigns.id });
    const id = row!.id;
    await db.insert(campaignExchanges).values(
      exchangeIds.map((exchangeId) => ({
        campaignId: id,
        exchangeId,
        state: 'APPROVED',
        decidedBy: admin?.id ?? null,
        decidedAt: new Date(createdAt.getTime() + DAY / 2),
        createdAt,
      })),
    );
    await db
      .insert(campaignCreatives)
      .values({ campaignId: id, creativeId: creativeIds.get(demo.creative)! });
    await db.insert(auditLog).values([
      {
        entityType: 'campaign',
        entityId: String(id),
        action: 'create',
        actorUserId: advertiser.id,
        effectiveUserId: advertiser.id,
        changes: [
          { field: 'name', from: null, to: demo.name },
          { field: 'status', from: null, to: 'DRAFT' },
        ],
        createdAt,
      },
      {
        entityType: 'campaign',
        entityId: String(id),
        action: 'status',
        actorUserId: admin?.id ?? null,
        effectiveUserId: advertiser.id,
        changes: [{ field: 'status', from: 'DRAFT', to: 'ACTIVE' }],
        createdAt: new Date(createdAt.getTime() + DAY / 2),
      },
    ]);
  }
};
