// Demo campaigns for a first run: realistic campaigns of the three demo advertisers
// in every status, with exchanges in mixed approval states, inventory lists, audiences, the
// creatives the advertisers already have, and a change log that tells how each got where it is.
// Idempotent: an advertiser that already has campaigns is left alone. Call after seedDemo.
import type { Targeting } from '@console/core/api/campaigns';
import { canonicalGeoFence, targetingSchema } from '@console/core/api/campaigns';
import {
  type CampaignStatus,
  type ExchangeApprovalState,
  joinRejectionReasons,
} from '@console/core/campaign-status';
import { asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { auditLog, type FieldChange } from '../db/schema/audit.ts';
import {
  applists,
  audiences,
  campaignAudiences,
  campaignCreatives,
  campaignExchanges,
  campaignInventoryLists,
  campaigns,
} from '../db/schema/campaigns.ts';
import { creatives } from '../db/schema/creatives.ts';
import { exchanges } from '../db/schema/reference.ts';
import { users } from '../db/schema/users.ts';
import { ensureReferenceData } from '../modules/reference/reference-seed.ts';
import { findUserByEmail } from '../platform/user-queries.ts';

const DAY = 86_400_000;
const USD = 1_000_000;

type DemoExchange = { index: number; state: ExchangeApprovalState; reason?: string };
type DemoCampaign = {
  name: string;
  status: CampaignStatus;
  /** Flight relative to today, in days. */
  startDay: number;
  endDay: number;
  timeZone: string;
  totalUsd: number;
  dailyUsd: number | null;
  pacing: 'EVEN' | 'ASAP';
  priceModel: 'CPM' | 'CPC' | 'CPA';
  /** bid, min, max in USD. */
  bids: [number, number, number];
  frequencyCap: { count: number; period: 'HOUR' | 'DAY' | 'WEEK' | 'LIFETIME' } | null;
  businessHours?: boolean;
  targeting: Partial<Targeting>;
  /** Indexes into the active exchanges (the reference seed's order); a rejected one has its reason. */
  exchanges: DemoExchange[];
};

const approved = (...indexes: number[]): DemoExchange[] =>
  indexes.map((index) => ({ index, state: 'APPROVED' }));
const pending = (...indexes: number[]): DemoExchange[] =>
  indexes.map((index) => ({ index, state: 'PENDING' }));

const US_MOBILE: Partial<Targeting> = {
  countries: ['US'],
  device_types: ['PHONE', 'TABLET'],
  os: [
    { os: 'android', versions: [] },
    { os: 'ios', versions: [] },
  ],
  languages: ['en'],
  traffic_types: ['APP'],
};

const CAMPAIGNS: Record<string, DemoCampaign[]> = {
  'adv1@demo.test': [
    {
      name: 'Morning Brew Awareness',
      status: 'ACTIVE',
      startDay: -12,
      endDay: 48,
      timeZone: 'America/New_York',
      totalUsd: 25_000,
      dailyUsd: 420,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [3.2, 1.5, 6],
      frequencyCap: { count: 4, period: 'DAY' },
      businessHours: true,
      targeting: {
        ...US_MOBILE,
        states: ['US-NY', 'US-NJ', 'US-CT'],
        geo_fence: '40.7580,-73.9855,2|40.7128,-74.006,1.5',
      },
      exchanges: [...approved(0, 2, 4), ...pending(5)],
    },
    {
      name: 'Cold Brew Summer',
      status: 'PENDING_APPROVAL',
      startDay: 5,
      endDay: 95,
      timeZone: 'America/Los_Angeles',
      totalUsd: 40_000,
      dailyUsd: 500,
      pacing: 'EVEN',
      priceModel: 'CPC',
      bids: [0.85, 0.4, 1.6],
      frequencyCap: { count: 10, period: 'WEEK' },
      targeting: { ...US_MOBILE, states: ['US-CA', 'US-AZ', 'US-NV'] },
      exchanges: pending(0, 1, 2, 6),
    },
    {
      name: 'Holiday Gift Cards',
      status: 'DRAFT',
      startDay: 60,
      endDay: 100,
      timeZone: 'America/Chicago',
      totalUsd: 15_000,
      dailyUsd: null,
      pacing: 'ASAP',
      priceModel: 'CPA',
      bids: [12, 6, 20],
      frequencyCap: null,
      targeting: { countries: ['US', 'CA'], traffic_types: ['APP', 'WEB'] },
      exchanges: pending(0, 3),
    },
    {
      name: 'Espresso Launch',
      status: 'PAUSED',
      startDay: -30,
      endDay: 30,
      timeZone: 'America/New_York',
      totalUsd: 18_000,
      dailyUsd: 300,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [4.5, 2, 7.5],
      frequencyCap: { count: 3, period: 'DAY' },
      targeting: { ...US_MOBILE, device_types: ['PHONE'] },
      exchanges: [
        ...approved(1, 2),
        { index: 7, state: 'REJECTED', reason: 'Coffee claims need substantiation.' },
      ],
    },
    {
      name: 'Loyalty App Installs',
      status: 'REJECTED',
      startDay: 3,
      endDay: 63,
      timeZone: 'UTC',
      totalUsd: 12_000,
      dailyUsd: 200,
      pacing: 'ASAP',
      priceModel: 'CPA',
      bids: [2.5, 1, 4],
      frequencyCap: { count: 2, period: 'LIFETIME' },
      targeting: { ...US_MOBILE, traffic_types: ['APP'] },
      exchanges: [
        { index: 15, state: 'REJECTED', reason: 'Incentivised installs are not allowed.' },
        { index: 16, state: 'REJECTED', reason: 'Store URL does not resolve.' },
      ],
    },
    {
      name: 'Spring Pastries',
      status: 'COMPLETED',
      startDay: -120,
      endDay: -60,
      timeZone: 'America/New_York',
      totalUsd: 9_000,
      dailyUsd: 150,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [2.8, 1.5, 5],
      frequencyCap: { count: 5, period: 'WEEK' },
      targeting: { countries: ['US'], languages: ['en'] },
      exchanges: approved(0, 2),
    },
    {
      name: 'Old Menu Promo',
      status: 'ARCHIVED',
      startDay: -300,
      endDay: -240,
      timeZone: 'UTC',
      totalUsd: 5_000,
      dailyUsd: null,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [2, 1, 3],
      frequencyCap: null,
      targeting: { countries: ['US'] },
      exchanges: approved(0),
    },
    {
      // The agency's advertiser's campaign that delivers in the demo history: English-speaking North
      // America on the web and in apps, with the 300x250 and 728x90 approved on these exchanges.
      name: 'Daily Grind Display',
      status: 'ACTIVE',
      startDay: -45,
      endDay: 45,
      timeZone: 'America/New_York',
      totalUsd: 6_000,
      dailyUsd: 40,
      pacing: 'EVEN',
      priceModel: 'CPM',
      // Under Mobile App Leaderboard's $3 (no tie for the auction to break at random).
      bids: [2.8, 1, 5],
      frequencyCap: { count: 6, period: 'DAY' },
      targeting: { countries: ['US', 'CA'], languages: ['en'], traffic_types: ['APP', 'WEB'] },
      exchanges: approved(0, 1, 2),
    },
  ],
  'adv2@demo.test': [
    {
      name: 'Trail Runner Launch',
      status: 'ACTIVE',
      startDay: -7,
      endDay: 53,
      timeZone: 'Europe/London',
      totalUsd: 60_000,
      dailyUsd: 1_000,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [5.5, 3, 9],
      frequencyCap: { count: 6, period: 'DAY' },
      targeting: {
        countries: ['GB', 'IE', 'DE'],
        device_types: ['PHONE', 'TABLET', 'DESKTOP'],
        languages: ['en', 'de'],
        traffic_types: ['APP', 'WEB'],
      },
      exchanges: [
        ...approved(0, 1),
        { index: 6, state: 'REJECTED', reason: 'Brand-safety category mismatch.' },
        ...pending(3),
      ],
    },
    {
      name: 'Back to School Sneakers',
      status: 'PENDING_APPROVAL',
      startDay: 14,
      endDay: 44,
      timeZone: 'Europe/London',
      totalUsd: 20_000,
      dailyUsd: 700,
      pacing: 'ASAP',
      priceModel: 'CPC',
      bids: [0.6, 0.3, 1.2],
      frequencyCap: { count: 8, period: 'WEEK' },
      targeting: { countries: ['GB'], device_types: ['PHONE'], traffic_types: ['WEB'] },
      exchanges: [
        ...pending(0, 2),
        { index: 5, state: 'REJECTED', reason: 'Landing page is not mobile-friendly.' },
      ],
    },
    {
      name: 'Winter Boots Retarget',
      status: 'DRAFT',
      startDay: 120,
      endDay: 180,
      timeZone: 'Europe/Berlin',
      totalUsd: 30_000,
      dailyUsd: 500,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [6, 3, 10],
      frequencyCap: { count: 3, period: 'DAY' },
      targeting: { countries: ['DE', 'AT', 'CH'], languages: ['de'] },
      exchanges: pending(0, 1),
    },
    {
      name: 'Marathon Sponsorship',
      status: 'COMPLETED',
      startDay: -90,
      endDay: -75,
      timeZone: 'Europe/London',
      totalUsd: 14_000,
      dailyUsd: 1_000,
      pacing: 'ASAP',
      priceModel: 'CPM',
      bids: [7, 4, 12],
      frequencyCap: { count: 2, period: 'HOUR' },
      targeting: { countries: ['GB'], geo_fence: '51.5007,-0.1246,3' },
      exchanges: approved(0, 4),
    },
  ],
  'advertiser@demo.test': [
    {
      name: 'City Breaks Europe',
      status: 'ACTIVE',
      startDay: -20,
      endDay: 70,
      timeZone: 'Europe/Paris',
      totalUsd: 80_000,
      dailyUsd: 900,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [4, 2, 8],
      frequencyCap: { count: 5, period: 'DAY' },
      targeting: {
        countries: ['FR', 'DE', 'IT', 'ES'],
        languages: ['fr', 'de', 'it', 'es'],
        device_types: ['PHONE', 'DESKTOP'],
        traffic_types: ['APP', 'WEB'],
      },
      exchanges: [...approved(0, 1, 2, 5), ...pending(11)],
    },
    {
      name: 'Last Minute Flights',
      status: 'PAUSED',
      startDay: -40,
      endDay: 20,
      timeZone: 'UTC',
      totalUsd: 35_000,
      dailyUsd: 600,
      pacing: 'ASAP',
      priceModel: 'CPC',
      bids: [1.1, 0.5, 2],
      frequencyCap: { count: 12, period: 'WEEK' },
      targeting: { countries: ['GB', 'US'], traffic_types: ['WEB'] },
      exchanges: approved(0, 2, 3),
    },
    {
      name: 'Ski Season Packages',
      status: 'PENDING_APPROVAL',
      startDay: 30,
      endDay: 120,
      timeZone: 'Europe/Zurich',
      totalUsd: 45_000,
      dailyUsd: 500,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [5, 2.5, 8],
      frequencyCap: { count: 4, period: 'DAY' },
      businessHours: true,
      targeting: { countries: ['CH', 'AT', 'FR'], device_types: ['CONNECTED_TV', 'DESKTOP'] },
      exchanges: pending(0, 12, 1),
    },
    {
      name: 'Cruise Deals',
      status: 'REJECTED',
      startDay: 10,
      endDay: 70,
      timeZone: 'America/New_York',
      totalUsd: 22_000,
      dailyUsd: 400,
      pacing: 'EVEN',
      priceModel: 'CPA',
      bids: [18, 10, 30],
      frequencyCap: null,
      targeting: { countries: ['US'], states: ['US-FL'] },
      exchanges: [
        { index: 0, state: 'REJECTED', reason: 'Prices in the ad must include taxes and fees.' },
        { index: 2, state: 'REJECTED', reason: 'Prices in the ad must include taxes and fees.' },
      ],
    },
    {
      name: 'Weekend Getaways',
      status: 'DRAFT',
      startDay: 7,
      endDay: 37,
      timeZone: 'Europe/Madrid',
      totalUsd: 8_000,
      dailyUsd: 300,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [3, 1.5, 5],
      frequencyCap: { count: 3, period: 'DAY' },
      targeting: { countries: ['ES', 'PT'], languages: ['es', 'pt'] },
      exchanges: [],
    },
    {
      name: 'Summer Beach Escapes',
      status: 'COMPLETED',
      startDay: -200,
      endDay: -110,
      timeZone: 'Europe/Athens',
      totalUsd: 50_000,
      dailyUsd: 700,
      pacing: 'EVEN',
      priceModel: 'CPM',
      bids: [3.5, 2, 6],
      frequencyCap: { count: 6, period: 'WEEK' },
      targeting: { countries: ['GR', 'IT', 'HR'] },
      exchanges: approved(0, 1, 2),
    },
    {
      name: 'Airport Hotels',
      status: 'ARCHIVED',
      startDay: -400,
      endDay: -330,
      timeZone: 'UTC',
      totalUsd: 6_000,
      dailyUsd: null,
      pacing: 'ASAP',
      priceModel: 'CPC',
      bids: [0.9, 0.5, 1.5],
      frequencyCap: null,
      targeting: { countries: ['US', 'GB'] },
      exchanges: approved(1),
    },
  ],
};

const LISTS: Record<string, { applists: string[]; audiences: string[] }> = {
  'adv1@demo.test': {
    applists: ['Top Food Apps', 'Low Quality Apps'],
    audiences: ['Coffee Lovers', 'Past Buyers'],
  },
  'adv2@demo.test': {
    applists: ['Running and Fitness Apps'],
    audiences: ['Marathon Runners', 'Cart Abandoners'],
  },
  'advertiser@demo.test': { applists: ['Travel Apps', 'Blocked Publishers'], audiences: ['Frequent Flyers'] },
};

/** Weekdays, 07:00 to 21:00. */
const BUSINESS_HOURS = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (_, hour) => day < 5 && hour >= 7 && hour < 21),
);

const usd = (amount: number) => Math.round(amount * USD);

/** Every targeting key, in the order and the canonical form the API writes. */
const targetingOf = (partial: Partial<Targeting>): Targeting => {
  const targeting = targetingSchema.parse(partial);
  return { ...targeting, geo_fence: canonicalGeoFence(targeting.geo_fence) };
};

/** The statuses a campaign went through to reach `status` (for its change log). */
const PATHS: Record<CampaignStatus, CampaignStatus[]> = {
  DRAFT: [],
  PENDING_APPROVAL: ['PENDING_APPROVAL'],
  ACTIVE: ['PENDING_APPROVAL', 'ACTIVE'],
  PAUSED: ['PENDING_APPROVAL', 'ACTIVE', 'PAUSED'],
  COMPLETED: ['PENDING_APPROVAL', 'ACTIVE', 'COMPLETED'],
  REJECTED: ['PENDING_APPROVAL', 'REJECTED'],
  ARCHIVED: ['PENDING_APPROVAL', 'ACTIVE', 'COMPLETED', 'ARCHIVED'],
};
const ADMIN_MOVES = new Set<CampaignStatus>(['ACTIVE', 'REJECTED']);

const hasCampaigns = async (db: DbOrTx, advertiserId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(campaigns)
    .where(eq(campaigns.advertiserId, advertiserId));
  return (row?.value ?? 0) > 0;
};

export const seedDemoCampaigns = async (db: Db) => {
  await ensureReferenceData(db);
  const exchangeRows = await db
    .select({ id: exchanges.id, name: exchanges.name })
    .from(exchanges)
    .where(eq(exchanges.status, 'ACTIVE'))
    .orderBy(asc(exchanges.id));
  const admin = await findUserByEmail(db, 'admin@demo.test');
  const now = Date.now();

  for (const [email, list] of Object.entries(CAMPAIGNS)) {
    const advertiser = await findUserByEmail(db, email);
    if (!advertiser || (await hasCampaigns(db, advertiser.id))) continue;
    const [agency] = advertiser.agencyId
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, advertiser.agencyId))
      : [];
    const creatorId = agency?.id ?? advertiser.id;

    await db.transaction(async (tx) => {
      const lists = LISTS[email] ?? { applists: [], audiences: [] };
      const applistRows = lists.applists.length
        ? await tx
            .insert(applists)
            .values(lists.applists.map((name) => ({ ownerId: advertiser.id, name })))
            .returning()
        : [];
      const audienceRows = lists.audiences.length
        ? await tx
            .insert(audiences)
            .values(lists.audiences.map((name) => ({ ownerId: advertiser.id, name })))
            .returning()
        : [];
      const creativeRows = await tx
        .select({ id: creatives.id })
        .from(creatives)
        .where(eq(creatives.advertiserId, advertiser.id))
        .orderBy(asc(creatives.id))
        .limit(3);

      for (const [position, demo] of list.entries()) {
        const createdAt = new Date(now + Math.min(demo.startDay - 10, -2) * DAY + position * 60_000);
        const chosen = demo.exchanges
          .filter((entry) => exchangeRows[entry.index])
          .map((entry) => ({ ...entry, ...exchangeRows[entry.index]! }));
        // As the API words it when every exchange was rejected: "<exchange>: <reason>; ...".
        const rejectionReason =
          demo.status === 'REJECTED'
            ? joinRejectionReasons(
                chosen
                  .filter((entry) => entry.state === 'REJECTED')
                  .sort((a, b) => a.name.localeCompare(b.name))
                  .map((entry) => ({ name: entry.name, reason: entry.reason ?? null })),
              )
            : null;
        const [bid, minBid, maxBid] = demo.bids.map(usd) as [number, number, number];
        const [campaign] = await tx
          .insert(campaigns)
          .values({
            advertiserId: advertiser.id,
            name: demo.name.slice(0, 25),
            status: demo.status,
            rejectionReason,
            startAt: new Date(now + demo.startDay * DAY),
            endAt: new Date(now + demo.endDay * DAY),
            timeZone: demo.timeZone,
            totalBudgetMicros: usd(demo.totalUsd),
            dailyBudgetMicros: demo.dailyUsd === null ? null : usd(demo.dailyUsd),
            pacing: demo.pacing,
            priceModel: demo.priceModel,
            bidMicros: bid,
            minBidMicros: minBid,
            maxBidMicros: maxBid,
            frequencyCap: demo.frequencyCap,
            dayParting: demo.businessHours ? BUSINESS_HOURS : null,
            targeting: targetingOf(demo.targeting),
            createdBy: creatorId,
            createdAt,
            updatedAt: createdAt,
          })
          .returning();
        const id = campaign!.id;
        const decidedAt = new Date(createdAt.getTime() + 2 * DAY);
        if (chosen.length > 0) {
          await tx.insert(campaignExchanges).values(
            chosen.map((entry) => ({
              campaignId: id,
              exchangeId: entry.id,
              state: entry.state,
              reason: entry.reason ?? null,
              decidedBy: entry.state === 'PENDING' ? null : (admin?.id ?? null),
              decidedAt: entry.state === 'PENDING' ? null : decidedAt,
              createdAt,
            })),
          );
        }
        if (creativeRows.length > 0 && demo.status !== 'DRAFT') {
          await tx
            .insert(campaignCreatives)
            .values(
              creativeRows
                .slice(0, 1 + (position % 2))
                .map((creative) => ({ campaignId: id, creativeId: creative.id })),
            );
        }
        const applist = applistRows[position % Math.max(1, applistRows.length)];
        if (applist && position % 2 === 0) {
          await tx.insert(campaignInventoryLists).values({
            campaignId: id,
            applistId: applist.id,
            mode: applist.name.startsWith('Blocked') || applist.name.startsWith('Low') ? 'BLOCK' : 'ALLOW',
          });
        }
        const audience = audienceRows[position % Math.max(1, audienceRows.length)];
        if (audience && position % 3 !== 2) {
          await tx.insert(campaignAudiences).values({
            campaignId: id,
            audienceId: audience.id,
            mode: position % 4 === 3 ? 'EXCLUDE' : 'INCLUDE',
          });
        }
        await writeHistory(tx, {
          id,
          demo,
          createdAt,
          creatorId,
          advertiserId: advertiser.id,
          adminId: admin?.id ?? null,
          rejectionReason,
          exchanges: chosen,
        });
      }
    });
  }
};

/** The change log of a demo campaign: created, then each status move, with approvals by the admin. */
const writeHistory = async (
  tx: DbOrTx,
  history: {
    id: number;
    demo: DemoCampaign;
    createdAt: Date;
    creatorId: number;
    advertiserId: number;
    adminId: number | null;
    rejectionReason: string | null;
    exchanges: (DemoExchange & { id: number; name: string })[];
  },
) => {
  const { id, demo, createdAt } = history;
  const entries: { action: string; actor: number | null; at: Date; changes: FieldChange[] }[] = [
    {
      action: 'create',
      actor: history.creatorId,
      at: createdAt,
      changes: [
        { field: 'advertiser_id', from: null, to: history.advertiserId },
        { field: 'status', from: null, to: 'DRAFT' },
        { field: 'name', from: null, to: demo.name.slice(0, 25) },
        { field: 'total_budget_micros', from: null, to: usd(demo.totalUsd) },
        { field: 'bid_micros', from: null, to: usd(demo.bids[0]) },
        {
          field: 'exchange_ids',
          from: null,
          to: history.exchanges.map((entry) => entry.id).sort((a, b) => a - b),
        },
      ],
    },
  ];
  let from: CampaignStatus = 'DRAFT';
  PATHS[demo.status].forEach((to, step) => {
    const isAdmin = ADMIN_MOVES.has(to);
    const at = new Date(createdAt.getTime() + (step + 1) * DAY);
    if (to === 'ACTIVE' || to === 'REJECTED') {
      const decided = history.exchanges.filter((entry) => entry.state !== 'PENDING');
      if (decided.length > 0) {
        entries.push({
          action: 'exchange-approval',
          actor: history.adminId,
          at: new Date(at.getTime() - 60_000),
          changes: decided.flatMap((entry) => [
            { field: `exchanges.${entry.name}.state`, from: 'PENDING', to: entry.state },
            ...(entry.reason
              ? [{ field: `exchanges.${entry.name}.reason`, from: null, to: entry.reason }]
              : []),
          ]),
        });
      }
    }
    const changes: FieldChange[] = [{ field: 'status', from, to }];
    if (to === 'REJECTED' && history.rejectionReason)
      changes.push({ field: 'rejection_reason', from: null, to: history.rejectionReason });
    entries.push({ action: 'status', actor: isAdmin ? history.adminId : history.creatorId, at, changes });
    from = to;
  });
  // A budget raise on the live and draft campaigns, so their logs show an edit too.
  if ((demo.status === 'ACTIVE' || demo.status === 'DRAFT') && demo.dailyUsd !== null) {
    entries.push({
      action: 'update',
      actor: history.creatorId,
      at: new Date(createdAt.getTime() + (PATHS[demo.status].length + 1) * DAY),
      changes: [{ field: 'daily_budget_micros', from: usd(demo.dailyUsd * 0.8), to: usd(demo.dailyUsd) }],
    });
  }
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      entityType: 'campaign',
      entityId: String(id),
      action: entry.action,
      actorUserId: entry.actor,
      effectiveUserId: history.advertiserId,
      changes: entry.changes,
      createdAt: entry.at,
    })),
  );
};
