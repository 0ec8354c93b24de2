// Even pacing as a controller on the spend rate. Pure: the clock comes in.
//
// The campaign's day (its time zone) is cut into 10-minute slots. At the start of each slot the plan
// is made again from what is left: the slot may spend (budget left today) x (the slot's share of the
// serving time left today, day-parting and flight included). Inside the slot the allowance grows
// linearly with time, and a bid is allowed while spend + pending + this impression stays under it.
// So a campaign that fell behind (little traffic) spreads the shortfall over the rest of the day
// instead of bursting, one that ran ahead waits for the allowance to catch up, and with traffic to
// spare the spend follows the plan within a slack of a few impressions. "As fast as possible"
// campaigns skip the controller and only meet the budget gates.
import type { PacingState } from '@console/core/api/campaigns';
import type { LocalClock } from '@console/core/time/zoned-time';
import type { BidderCampaign } from './bidder-campaign.ts';

export const PACING_SLOT_SECONDS = 600;
const DAY_MS = 86_400_000;

export type PacingPlan = {
  /** What the campaign should spend today: its daily budget, or without one its total left spread over the days left. */
  dayBudgetMicros: number;
  /** Index of the current slot in the day (with the date, the key of the slot's starting spend). */
  slot: number;
  /** The slot's share of the serving time left today (from the slot's start). */
  slotShare: number;
  /** How much of the slot's serving time has passed, 0..1. */
  slotElapsed: number;
  /** How much of today's serving time has passed, 0..1. */
  dayElapsed: number;
};

type ServingWindow = Pick<BidderCampaign, 'dayParting' | 'startMs' | 'endMs'>;

/**
 * Serving seconds of today between two seconds of the day (real seconds since the local midnight:
 * a DST day has 23 or 25 hours), day-parting (by the wall hour of each real hour) and flight applied.
 */
export const servingSecondsBetween = (
  campaign: ServingWindow,
  clock: LocalClock,
  midnightMs: number,
  from: number,
  to: number,
): number => {
  const flightFrom = Math.max(0, (campaign.startMs - midnightMs) / 1000);
  const flightTo = Math.min(clock.daySeconds, (campaign.endMs - midnightMs) / 1000);
  const start = Math.max(from, flightFrom);
  const end = Math.min(to, flightTo);
  if (end <= start) return 0;
  const hours = campaign.dayParting?.[clock.weekday];
  if (!campaign.dayParting) return end - start;
  let total = 0;
  for (let hour = Math.floor(start / 3600); hour * 3600 < end; hour++) {
    if (!hours?.[clock.wallHours[hour] ?? hour]) continue;
    total += Math.min(end, (hour + 1) * 3600) - Math.max(start, hour * 3600);
  }
  return total;
};

export type PlanInput = {
  campaign: Pick<
    BidderCampaign,
    'dayParting' | 'startMs' | 'endMs' | 'dailyBudgetMicros' | 'totalBudgetMicros'
  >;
  clock: LocalClock;
  nowMs: number;
  /** Spent (advertiser cost) before today. */
  spentBeforeTodayMicros: number;
};

export const planPacing = ({ campaign, clock, nowMs, spentBeforeTodayMicros }: PlanInput): PacingPlan => {
  const midnightMs = nowMs - clock.secondOfDay * 1000 - (nowMs % 1000);
  const totalLeft = Math.max(0, campaign.totalBudgetMicros - spentBeforeTodayMicros);
  const daysLeft = Math.max(1, Math.ceil((campaign.endMs - midnightMs) / DAY_MS));
  const dayBudgetMicros = Math.min(campaign.dailyBudgetMicros ?? Math.floor(totalLeft / daysLeft), totalLeft);
  const slot = Math.floor(clock.secondOfDay / PACING_SLOT_SECONDS);
  const slotStart = slot * PACING_SLOT_SECONDS;
  const now = clock.secondOfDay + (nowMs % 1000) / 1000;
  const serving = (from: number, to: number) => servingSecondsBetween(campaign, clock, midnightMs, from, to);
  const left = serving(slotStart, clock.daySeconds);
  const inSlot = serving(slotStart, slotStart + PACING_SLOT_SECONDS);
  const dayTotal = serving(0, clock.daySeconds);
  return {
    dayBudgetMicros,
    slot,
    slotShare: left > 0 ? inSlot / left : 1,
    slotElapsed: inSlot > 0 ? serving(slotStart, now) / inSlot : 1,
    dayElapsed: dayTotal > 0 ? serving(0, now) / dayTotal : 1,
  };
};

/**
 * How much may have been spent today by now, given what had been spent when the slot began. The
 * slack lets the first impressions of a slot through (the allowance starts at the slot's spend).
 * The Redis store runs the same formula in Lua (redis-delivery-state.ts): keep them together.
 */
export const pacingAllowanceMicros = (
  plan: PacingPlan,
  spentAtSlotStartMicros: number,
  slackMicros: number,
) =>
  spentAtSlotStartMicros +
  Math.max(0, plan.dayBudgetMicros - spentAtSlotStartMicros) * plan.slotShare * plan.slotElapsed +
  slackMicros;

/** The slack of a slot: a few impressions, or 2% of the slot's plan when that is more. */
export const pacingSlackMicros = (plan: PacingPlan, impressionMicros: number) =>
  Math.max(3 * impressionMicros, plan.dayBudgetMicros * plan.slotShare * 0.02);

export type PacingStateInput = {
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  spentTotalMicros: number;
  spentTodayMicros: number;
  /** The advertiser's balance (ledger). */
  balanceMicros: number;
  /** The cost of one impression at the campaign's max bid (what "cannot pay" means). */
  impressionMicros: number;
  plan: PacingPlan;
};

/**
 * The pacing state a person reads on the campaign list: out of funds (the balance cannot pay one
 * more impression), out of budget (total spent), capped (today's budget spent), else spend today
 * against the plan's expectation by now: behind under 80%, ahead over 120%, on track between.
 */
export const describePacing = (input: PacingStateInput): PacingState => {
  if (input.balanceMicros < input.impressionMicros) return 'OUT_OF_FUNDS';
  if (input.spentTotalMicros + input.impressionMicros > input.totalBudgetMicros) return 'OUT_OF_BUDGET';
  const daily = input.dailyBudgetMicros ?? input.plan.dayBudgetMicros;
  if (input.dailyBudgetMicros !== null && input.spentTodayMicros + input.impressionMicros > daily)
    return 'CAPPED';
  const expected = input.plan.dayBudgetMicros * input.plan.dayElapsed;
  // Early in the day a few impressions swing the ratio: within one impression of the plan is on track.
  if (Math.abs(input.spentTodayMicros - expected) <= input.impressionMicros) return 'ON_TRACK';
  if (input.spentTodayMicros < expected * 0.8) return 'BEHIND';
  if (input.spentTodayMicros > expected * 1.2) return 'AHEAD';
  return 'ON_TRACK';
};
