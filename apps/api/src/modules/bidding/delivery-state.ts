// What bidder processes must share and may lose: spend counters (campaign total and per day,
// advertiser), pending spend (bids won but not yet billed), pacing slot marks and frequency counts.
// One process keeps them in memory (this file); several share them through Redis
// (redis-delivery-state.ts) with the same rules, checked and reserved in one atomic step, so that
// budgets, balances and caps hold across processes. PostgreSQL keeps what must not be lost (events,
// money): counters are seeded from it when a campaign enters the index.
import { type PacingPlan, pacingAllowanceMicros } from './pacing.ts';

/**
 * A bid holds its maximum cost as pending spend until the exchange bills it or reports a loss, or
 * its notice window closes (the exchange's setting, `exchanges.notice_window_seconds`; this when a
 * request names none). A notice after the window is still billed (and marked late).
 */
export const DEFAULT_NOTICE_WINDOW_MS = 15 * 60_000;

export type FrequencyKey = {
  /** Campaign and user (hashed) and period bucket, e.g. '12:ab12cd:d2026-01-31'. */
  key: string;
  limit: number;
  ttlSeconds: number;
};

export type ReserveRequest = {
  /** `${exchangeId}:${auctionId}:${impId}`. */
  reservationKey: string;
  campaignId: number;
  advertiserId: number;
  /** The campaign's local date. */
  dateKey: string;
  /** The most this impression can cost the advertiser (the bid price with the margin). */
  amountMicros: number;
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  /** Even pacing: the plan and its slack; null for as-fast-as-possible. */
  pacing: { plan: PacingPlan; slackMicros: number } | null;
  /** The advertiser's balance at the last refresh, and its spend counter read just before it. */
  balance: { baseMicros: number; baseSpentMicros: number };
  frequency: FrequencyKey | null;
  nowMs: number;
  /** How long the hold lasts: the exchange's notice window (default DEFAULT_NOTICE_WINDOW_MS). */
  holdMs?: number;
};

export type ReserveOutcome = 'ok' | 'total-budget' | 'daily-budget' | 'pacing' | 'funds' | 'frequency';

export type SettleRequest = {
  reservationKey: string;
  campaignId: number;
  advertiserId: number;
  dateKey: string;
  /** What the impression cost the advertiser. */
  amountMicros: number;
  frequency: Omit<FrequencyKey, 'limit'> | null;
};

export type CampaignSpend = { totalMicros: number; todayMicros: number; pendingTodayMicros: number };

export type DeliveryState = {
  /**
   * Checks budgets, pacing, funds and the cap, and holds the amount as pending, in one atomic step.
   * The hold counts against the frequency cap at once (a pending bid may become an impression).
   */
  reserve: (request: ReserveRequest) => Promise<ReserveOutcome>;
  /**
   * A billed impression: its pending hold (if any) becomes spend; the cap counts it (the hold had
   * counted it already). Call once per impression; a price correction passes the difference and no
   * frequency key.
   */
  settle: (request: SettleRequest) => Promise<void>;
  /** A lost auction: the hold is dropped, and the cap no longer counts it. */
  release: (reservationKey: string) => Promise<void>;
  /** Gives back every hold whose notice window closed by nowMs (each process runs it on a timer). */
  sweep: (nowMs: number) => Promise<void>;
  /** Seeds a campaign's counters from the database where they do not exist yet. */
  seedCampaign: (
    campaignId: number,
    dateKey: string,
    totalMicros: number,
    todayMicros: number,
  ) => Promise<void>;
  /** Advertisers' spend counters (monotonic: what this state has settled). */
  readAdvertiserSpent: (advertiserIds: number[]) => Promise<Map<number, number>>;
  /** Advertisers' pending spend: the holds of bids not yet billed, lost or expired (the funds pages show it). */
  readAdvertiserPending: (advertiserIds: readonly number[]) => Promise<Map<number, number>>;
  readCampaignSpend: (campaignId: number, dateKey: string) => Promise<CampaignSpend>;
  close: () => Promise<void>;
};

type Hold = {
  campaignId: number;
  advertiserId: number;
  dateKey: string;
  amount: number;
  expiresAt: number;
  holdMs: number;
  /** The frequency counter the hold counts in, or null. */
  frequencyKey: string | null;
};

const dayKey = (campaignId: number, dateKey: string) => `${campaignId}:${dateKey}`;

/** Single-process state. JavaScript runs one callback at a time, so each method is atomic. */
export const createMemoryDeliveryState = (
  options: { defaultHoldMs?: number; now?: () => number } = {},
): DeliveryState => {
  const defaultHoldMs = options.defaultHoldMs ?? DEFAULT_NOTICE_WINDOW_MS;
  const now = options.now ?? Date.now;
  const campaignSpent = new Map<number, number>();
  const campaignPending = new Map<number, number>();
  const daySpent = new Map<string, number>();
  const dayPending = new Map<string, number>();
  const advertiserSpent = new Map<number, number>();
  const advertiserPending = new Map<number, number>();
  const slotStarts = new Map<string, number>();
  const frequency = new Map<string, { count: number; expiresAt: number }>();
  const holds = new Map<string, Hold>();
  // The keys of the holds by their length (an exchange's notice window): holds of one length expire
  // in the order they were made, so a sweep reads each queue from the front.
  const queues = new Map<number, Set<string>>();

  const add = <K>(map: Map<K, number>, key: K, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);
  const countFrequency = (key: string, ttlSeconds: number, step: 1 | -1) => {
    const nowMs = now();
    const current = frequency.get(key);
    const live = current && current.expiresAt > nowMs ? current : undefined;
    if (step < 0) {
      if (live && live.count > 0) live.count -= 1;
      return;
    }
    if (frequency.size > 500_000) {
      for (const [entry, value] of frequency) if (value.expiresAt <= nowMs) frequency.delete(entry);
    }
    frequency.set(key, {
      count: (live?.count ?? 0) + 1,
      expiresAt: live?.expiresAt ?? nowMs + ttlSeconds * 1000,
    });
  };
  /** Drops a hold; a lost or expired one (uncount) also leaves the frequency count. */
  const dropHold = (key: string, uncount: boolean) => {
    const hold = holds.get(key);
    if (!hold) return null;
    holds.delete(key);
    queues.get(hold.holdMs)?.delete(key);
    add(campaignPending, hold.campaignId, -hold.amount);
    add(dayPending, dayKey(hold.campaignId, hold.dateKey), -hold.amount);
    add(advertiserPending, hold.advertiserId, -hold.amount);
    if (uncount && hold.frequencyKey) countFrequency(hold.frequencyKey, 0, -1);
    return hold;
  };
  const sweep = (nowMs: number) => {
    for (const queue of queues.values()) {
      for (const key of queue) {
        if (holds.get(key)!.expiresAt > nowMs) break;
        dropHold(key, true);
      }
    }
  };

  return {
    reserve: async (request) => {
      sweep(request.nowMs);
      const { campaignId, advertiserId, amountMicros: amount } = request;
      const day = dayKey(campaignId, request.dateKey);
      const spent = campaignSpent.get(campaignId) ?? 0;
      if (spent + (campaignPending.get(campaignId) ?? 0) + amount > request.totalBudgetMicros)
        return 'total-budget';
      const today = daySpent.get(day) ?? 0;
      const todayPending = dayPending.get(day) ?? 0;
      if (request.dailyBudgetMicros !== null && today + todayPending + amount > request.dailyBudgetMicros)
        return 'daily-budget';
      const available =
        request.balance.baseMicros -
        ((advertiserSpent.get(advertiserId) ?? 0) - request.balance.baseSpentMicros) -
        (advertiserPending.get(advertiserId) ?? 0);
      if (available < amount) return 'funds';
      if (request.pacing) {
        const slotKey = `${day}:${request.pacing.plan.slot}`;
        let atSlotStart = slotStarts.get(slotKey);
        if (atSlotStart === undefined) {
          // Marks of past slots are dead weight; dropping them all now and then is enough.
          if (slotStarts.size > 100_000) slotStarts.clear();
          atSlotStart = today;
          slotStarts.set(slotKey, today);
        }
        const allowance = pacingAllowanceMicros(request.pacing.plan, atSlotStart, request.pacing.slackMicros);
        if (today + todayPending + amount > allowance) return 'pacing';
      }
      if (holds.has(request.reservationKey)) return 'ok';
      if (request.frequency) {
        const count = frequency.get(request.frequency.key);
        if (count && count.expiresAt > request.nowMs && count.count >= request.frequency.limit)
          return 'frequency';
        countFrequency(request.frequency.key, request.frequency.ttlSeconds, 1);
      }
      const holdMs = request.holdMs ?? defaultHoldMs;
      holds.set(request.reservationKey, {
        campaignId,
        advertiserId,
        dateKey: request.dateKey,
        amount,
        expiresAt: request.nowMs + holdMs,
        holdMs,
        frequencyKey: request.frequency?.key ?? null,
      });
      let queue = queues.get(holdMs);
      if (!queue) {
        queue = new Set();
        queues.set(holdMs, queue);
      }
      queue.add(request.reservationKey);
      add(campaignPending, campaignId, amount);
      add(dayPending, day, amount);
      add(advertiserPending, advertiserId, amount);
      return 'ok';
    },
    settle: async (request) => {
      const hold = dropHold(request.reservationKey, false);
      add(campaignSpent, request.campaignId, request.amountMicros);
      add(daySpent, dayKey(request.campaignId, request.dateKey), request.amountMicros);
      add(advertiserSpent, request.advertiserId, request.amountMicros);
      // A hold counted its impression already; a notice without one (late) counts it now.
      if (request.frequency && !hold?.frequencyKey)
        countFrequency(request.frequency.key, request.frequency.ttlSeconds, 1);
    },
    release: async (reservationKey) => {
      dropHold(reservationKey, true);
    },
    sweep: async (nowMs) => sweep(nowMs),
    seedCampaign: async (campaignId, dateKey, totalMicros, todayMicros) => {
      if (!campaignSpent.has(campaignId)) campaignSpent.set(campaignId, totalMicros);
      const day = dayKey(campaignId, dateKey);
      if (!daySpent.has(day)) daySpent.set(day, todayMicros);
    },
    readAdvertiserSpent: async (ids) => new Map(ids.map((id) => [id, advertiserSpent.get(id) ?? 0])),
    readAdvertiserPending: async (ids) => {
      sweep(now());
      return new Map(ids.map((id) => [id, advertiserPending.get(id) ?? 0]));
    },
    readCampaignSpend: async (campaignId, dateKey) => ({
      totalMicros: campaignSpent.get(campaignId) ?? 0,
      todayMicros: daySpent.get(dayKey(campaignId, dateKey)) ?? 0,
      pendingTodayMicros: dayPending.get(dayKey(campaignId, dateKey)) ?? 0,
    }),
    close: async () => {},
  };
};
