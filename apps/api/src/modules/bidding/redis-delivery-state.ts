// The delivery state shared by several bidder processes through Redis (REDIS_URL). Each operation
// is one Lua script, so a check and its reservation happen atomically across processes: two
// bidders racing for the last dollar of a budget cannot both take it. Same rules as the memory
// state (delivery-state.ts); the pacing allowance mirrors pacingAllowanceMicros (pacing.ts).
// Keys carry a prefix (tests use one per run) and are built inside the scripts, so this targets a
// single Redis server, not a cluster.
import { Redis } from 'ioredis';
import { DEFAULT_NOTICE_WINDOW_MS, type DeliveryState } from './delivery-state.ts';

const DAY_KEY_TTL_SECONDS = 3 * 86_400;
/** Expired holds one sweep script gives back; the sweep runs again until fewer come back. */
const SWEEP_BATCH = 500;

// Drops one hold: its amount leaves the three pending counters; a lost or expired one (uncount)
// leaves its frequency counter too. A hold's hash has no expiry of its own: it lives until a
// notice or a sweep drops it, so its amount always leaves the pending counters with it.
const DROP_HOLD = `
local function drop_hold(p, key, uncount)
  local hk = p .. 'h:' .. key
  local h = redis.call('HMGET', hk, 'c', 'a', 'd', 'amt', 'f')
  redis.call('ZREM', p .. 'holds', key)
  if not h[1] then return 0 end
  local amt = tonumber(h[4])
  redis.call('INCRBY', p .. 'c:' .. h[1] .. ':pend', -amt)
  redis.call('INCRBY', p .. 'c:' .. h[1] .. ':' .. h[3] .. ':pend', -amt)
  redis.call('INCRBY', p .. 'a:' .. h[2] .. ':pend', -amt)
  redis.call('DEL', hk)
  if uncount and h[5] and h[5] ~= '' then
    local fk = p .. 'f:' .. h[5]
    if tonumber(redis.call('GET', fk) or '0') > 0 then redis.call('DECR', fk) end
  end
  return 1
end
local function sweep(p, now, limit)
  local expired = redis.call('ZRANGEBYSCORE', p .. 'holds', '-inf', now, 'LIMIT', 0, limit)
  for _, key in ipairs(expired) do drop_hold(p, key, true) end
  return #expired
end
local function num(key) return tonumber(redis.call('GET', key) or '0') end
`;

// ARGV: 1 prefix, 2 hold key, 3 campaign, 4 advertiser, 5 date, 6 amount, 7 total budget,
// 8 daily budget (-1: none), 9 pacing on (1/0), 10 day budget, 11 slot share, 12 slot elapsed,
// 13 slack, 14 slot, 15 balance base, 16 advertiser spend at base, 17 frequency key ('' none),
// 18 frequency limit, 19 now (ms), 20 hold length (ms), 21 day key ttl (s), 22 frequency ttl (s)
const RESERVE = `${DROP_HOLD}
local p = ARGV[1]
local now = tonumber(ARGV[19])
sweep(p, now, 200)
local c, a, d = ARGV[3], ARGV[4], ARGV[5]
local amount = tonumber(ARGV[6])
local dayp = p .. 'c:' .. c .. ':' .. d
if num(p .. 'c:' .. c .. ':spent') + num(p .. 'c:' .. c .. ':pend') + amount > tonumber(ARGV[7]) then
  return 'total-budget'
end
local today = num(dayp .. ':spent')
local today_pending = num(dayp .. ':pend')
local daily = tonumber(ARGV[8])
if daily >= 0 and today + today_pending + amount > daily then return 'daily-budget' end
local available = tonumber(ARGV[15]) - (num(p .. 'a:' .. a .. ':spent') - tonumber(ARGV[16]))
  - num(p .. 'a:' .. a .. ':pend')
if available < amount then return 'funds' end
if ARGV[9] == '1' then
  local slot_key = dayp .. ':slot:' .. ARGV[14]
  local at_start = tonumber(redis.call('GET', slot_key) or '-1')
  if at_start < 0 then
    at_start = today
    redis.call('SET', slot_key, today, 'EX', ARGV[21])
  end
  local day_budget = tonumber(ARGV[10])
  local allowance = at_start + math.max(0, day_budget - at_start) * tonumber(ARGV[11]) * tonumber(ARGV[12])
    + tonumber(ARGV[13])
  if today + today_pending + amount > allowance then return 'pacing' end
end
local hk = p .. 'h:' .. ARGV[2]
if redis.call('EXISTS', hk) == 1 then return 'ok' end
if ARGV[17] ~= '' then
  local fk = p .. 'f:' .. ARGV[17]
  if num(fk) >= tonumber(ARGV[18]) then return 'frequency' end
  if redis.call('INCR', fk) == 1 then redis.call('EXPIRE', fk, ARGV[22]) end
end
redis.call('HSET', hk, 'c', c, 'a', a, 'd', d, 'amt', amount, 'f', ARGV[17])
redis.call('ZADD', p .. 'holds', now + tonumber(ARGV[20]), ARGV[2])
redis.call('INCRBY', p .. 'c:' .. c .. ':pend', amount)
redis.call('INCRBY', dayp .. ':pend', amount)
redis.call('EXPIRE', dayp .. ':pend', ARGV[21])
redis.call('INCRBY', p .. 'a:' .. a .. ':pend', amount)
return 'ok'
`;

// ARGV: 1 prefix, 2 hold key, 3 campaign, 4 advertiser, 5 date, 6 amount, 7 frequency key, 8 its ttl (s), 9 day key ttl (s)
const SETTLE = `${DROP_HOLD}
local p = ARGV[1]
local held = drop_hold(p, ARGV[2], false)
local amount = tonumber(ARGV[6])
redis.call('INCRBY', p .. 'c:' .. ARGV[3] .. ':spent', amount)
local day = p .. 'c:' .. ARGV[3] .. ':' .. ARGV[5] .. ':spent'
redis.call('INCRBY', day, amount)
redis.call('EXPIRE', day, ARGV[9])
redis.call('INCRBY', p .. 'a:' .. ARGV[4] .. ':spent', amount)
-- A hold counted its impression already; a notice without one (late) counts it now.
if ARGV[7] ~= '' and held == 0 then
  local fk = p .. 'f:' .. ARGV[7]
  if redis.call('INCR', fk) == 1 then redis.call('EXPIRE', fk, ARGV[8]) end
end
return 'ok'
`;

const RELEASE = `${DROP_HOLD}
drop_hold(ARGV[1], ARGV[2], true)
return 'ok'
`;

// ARGV: 1 prefix, 2 now (ms), 3 at most this many holds
const SWEEP = `${DROP_HOLD}
return sweep(ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
`;

// ARGV: 1 prefix, 2.. advertiser ids
const READ_PENDING = `${DROP_HOLD}
local values = {}
for i = 2, #ARGV do values[#values + 1] = num(ARGV[1] .. 'a:' .. ARGV[i] .. ':pend') end
return values
`;

type ScriptedRedis = Redis & {
  bidReserve: (...args: (string | number)[]) => Promise<string>;
  bidSettle: (...args: (string | number)[]) => Promise<string>;
  bidRelease: (...args: (string | number)[]) => Promise<string>;
  bidSweep: (...args: (string | number)[]) => Promise<number>;
  bidReadPending: (...args: (string | number)[]) => Promise<number[]>;
};

export const createRedisDeliveryState = (
  url: string,
  options: { prefix?: string; defaultHoldMs?: number; now?: () => number } = {},
): DeliveryState => {
  const prefix = options.prefix ?? 'bid:';
  const defaultHoldMs = options.defaultHoldMs ?? DEFAULT_NOTICE_WINDOW_MS;
  const now = options.now ?? Date.now;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true }) as ScriptedRedis;
  // defineCommand sends EVALSHA and falls back to EVAL once per script.
  redis.defineCommand('bidReserve', { numberOfKeys: 0, lua: RESERVE });
  redis.defineCommand('bidSettle', { numberOfKeys: 0, lua: SETTLE });
  redis.defineCommand('bidRelease', { numberOfKeys: 0, lua: RELEASE });
  redis.defineCommand('bidSweep', { numberOfKeys: 0, lua: SWEEP });
  redis.defineCommand('bidReadPending', { numberOfKeys: 0, lua: READ_PENDING });

  const sweep = async (nowMs: number) => {
    while ((await redis.bidSweep(prefix, nowMs, SWEEP_BATCH)) === SWEEP_BATCH);
  };

  return {
    reserve: async (request) => {
      const pacing = request.pacing;
      const outcome = await redis.bidReserve(
        prefix,
        request.reservationKey,
        request.campaignId,
        request.advertiserId,
        request.dateKey,
        request.amountMicros,
        request.totalBudgetMicros,
        request.dailyBudgetMicros ?? -1,
        pacing ? 1 : 0,
        pacing?.plan.dayBudgetMicros ?? 0,
        pacing?.plan.slotShare ?? 0,
        pacing?.plan.slotElapsed ?? 0,
        Math.round(pacing?.slackMicros ?? 0),
        pacing?.plan.slot ?? 0,
        request.balance.baseMicros,
        request.balance.baseSpentMicros,
        request.frequency?.key ?? '',
        request.frequency?.limit ?? 0,
        request.nowMs,
        request.holdMs ?? defaultHoldMs,
        DAY_KEY_TTL_SECONDS,
        request.frequency?.ttlSeconds ?? 0,
      );
      return outcome as Awaited<ReturnType<DeliveryState['reserve']>>;
    },
    settle: async (request) => {
      await redis.bidSettle(
        prefix,
        request.reservationKey,
        request.campaignId,
        request.advertiserId,
        request.dateKey,
        request.amountMicros,
        request.frequency?.key ?? '',
        request.frequency?.ttlSeconds ?? 0,
        DAY_KEY_TTL_SECONDS,
      );
    },
    release: async (reservationKey) => {
      await redis.bidRelease(prefix, reservationKey);
    },
    sweep,
    seedCampaign: async (campaignId, dateKey, totalMicros, todayMicros) => {
      await redis
        .multi()
        .set(`${prefix}c:${campaignId}:spent`, totalMicros, 'NX')
        .set(`${prefix}c:${campaignId}:${dateKey}:spent`, todayMicros, 'EX', DAY_KEY_TTL_SECONDS, 'NX')
        .exec();
    },
    readAdvertiserSpent: async (ids) => {
      if (ids.length === 0) return new Map();
      const values = await redis.mget(ids.map((id) => `${prefix}a:${id}:spent`));
      return new Map(ids.map((id, index) => [id, Number(values[index] ?? 0)]));
    },
    readAdvertiserPending: async (ids) => {
      if (ids.length === 0) return new Map();
      // Every hold whose window closed is given back first: pending is the holds behind it.
      await sweep(now());
      const values = await redis.bidReadPending(prefix, ...ids);
      return new Map(ids.map((id, index) => [id, Number(values[index] ?? 0)]));
    },
    readCampaignSpend: async (campaignId, dateKey) => {
      const [total, today, pending] = await redis.mget(
        `${prefix}c:${campaignId}:spent`,
        `${prefix}c:${campaignId}:${dateKey}:spent`,
        `${prefix}c:${campaignId}:${dateKey}:pend`,
      );
      return {
        totalMicros: Number(total ?? 0),
        todayMicros: Number(today ?? 0),
        pendingTodayMicros: Number(pending ?? 0),
      };
    },
    close: async () => {
      await redis.quit();
    },
  };
};
