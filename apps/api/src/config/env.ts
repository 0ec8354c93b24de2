// Environment, parsed once at start with clear errors. Secrets absent from the environment are
// generated into DATA_DIR so that a first run needs nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LIST_UPLOAD_DEFAULT_MAX_MB } from '@console/core/api/inventory-lists';
import { z } from 'zod';
import { parseHostRule } from '../platform/outbound-http.ts';

const TCF_VENDOR_ID_MESSAGE =
  'TCF_VENDOR_ID must be a whole number from 1 to 65535 (our id on the IAB Global Vendor List).';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PAYLOAD_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'PAYLOAD_KEY must be 64 hex digits (32 bytes).')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Trading Desk <no-reply@localhost>'),
  DEMO_PASSWORD: z.string().default('Demo-pass-1'),
  /** Days of delivery history the demo seed writes for the demo campaigns (0: none). */
  DEMO_HISTORY_DAYS: z.coerce
    .number()
    .int('DEMO_HISTORY_DAYS must be a whole number of days.')
    .min(0, 'DEMO_HISTORY_DAYS must be 0 to 365.')
    .max(365, 'DEMO_HISTORY_DAYS must be 0 to 365.')
    .default(30),
  /** Login attempts per IP per minute before 429. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Requests per signed-in user (or API key) per minute on every authenticated route. */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Password-reset requests per e-mail address per hour. */
  FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Hours after sign-in when a session ends however often it is refreshed. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Fastify's trustProxy: unset/false, true, a hop count, or comma-separated proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Private services a DSP endpoint may be on (on-premise installs): host:port each (names, addresses, CIDR ranges). */
  DSP_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .superRefine((entries, context) => {
      for (const entry of entries) {
        if (parseHostRule(entry)) continue;
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not host:port: a host name, an IP address or a CIDR range, then the port (e.g. bidder.internal:8443, 10.0.0.5:8443, 10.1.0.0/16:443, [::1]:9000).`,
        });
      }
    }),
  /** The largest inventory-list or audience file accepted, in MB. */
  LIST_UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(LIST_UPLOAD_DEFAULT_MAX_MB),
  /** Several bidder processes share budgets, pacing, caps and pending spend through this Redis. */
  REDIS_URL: z.string().url('REDIS_URL must be a URL like redis://127.0.0.1:6379.').optional(),
  /** Prefix of the bidder's Redis keys (one Redis may serve several installations). */
  REDIS_PREFIX: z.string().min(1).default('bid:'),
  /** Our buyer seat id on exchanges (OpenRTB seatbid.seat, matched against wseat/bseat). */
  BIDDER_SEAT: z.string().min(1).default('console'),
  /**
   * Our vendor id on the IAB's Global Vendor List: under GDPR, personal data is used only when a
   * request's TC string gives this vendor consent. Unset, no TC string speaks for us.
   */
  TCF_VENDOR_ID: z.coerce
    .number(TCF_VENDOR_ID_MESSAGE)
    .int(TCF_VENDOR_ID_MESSAGE)
    .min(1, TCF_VENDOR_ID_MESSAGE)
    .max(65_535, TCF_VENDOR_ID_MESSAGE)
    .optional(),
  /** off: bids are committed to the database before their answer instead of journaled. */
  BID_JOURNAL: z.enum(['on', 'off'], 'BID_JOURNAL must be on or off.').optional(),
  /**
   * Where the bids' journal lives (default DATA_DIR): a bid waits for its sync there, so a disk of
   * its own, not shared with the database's WAL, shortens the bidder's slowest answers.
   */
  BID_JOURNAL_DIR: z.string().min(1, 'BID_JOURNAL_DIR must name a folder.').optional(),
  /**
   * Bid requests one bidder process answers at once; more are answered no bid (204) at once
   * (default in bid-admission.ts).
   */
  BID_MAX_IN_FLIGHT: z.coerce
    .number()
    .int('BID_MAX_IN_FLIGHT must be a whole number.')
    .min(1, 'BID_MAX_IN_FLIGHT must be 1 or more.')
    .optional(),
  /** A bid request that waited longer than this (ms) for the bidder's event loop is answered no bid. */
  BID_MAX_QUEUE_MS: z.coerce
    .number()
    .int('BID_MAX_QUEUE_MS must be a whole number.')
    .min(1, 'BID_MAX_QUEUE_MS must be 1 or more.')
    .optional(),
  /** The bidder keeps 1 in this many valid bid requests for reach and spend forecasts. */
  BID_SAMPLE_RATE: z.coerce
    .number()
    .int('BID_SAMPLE_RATE must be a whole number.')
    .min(1, 'BID_SAMPLE_RATE must be 1 to 100000.')
    .max(100_000, 'BID_SAMPLE_RATE must be 1 to 100000.')
    .default(100),
  /** Origin of tracking URLs in ad markup, like https://ads.example.com; unset: the bid request's origin. */
  TRACKING_BASE_URL: z
    .string()
    .url('TRACKING_BASE_URL must be a URL like https://ads.example.com.')
    .optional(),
  /** Card top-ups by Stripe Checkout: both keys, or neither (then the console explains they are off). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where Stripe's API is (tests point it at a local stand-in); Stripe's own host when unset. */
  STRIPE_API_URL: z.string().url('STRIPE_API_URL must be a URL like http://127.0.0.1:12111.').optional(),
  /** How to pay by bank transfer (account holder, IBAN, reference to quote): shown on every funds page. */
  BANK_TRANSFER_INSTRUCTIONS: z
    .string()
    .max(2000, 'BANK_TRANSFER_INSTRUCTIONS must be at most 2,000 characters.')
    .optional(),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  payloadKey: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPassword: string;
  /** Days of demo delivery history written with the demo data (default 30). */
  demoHistoryDays?: number;
  loginRateLimit: number;
  apiRateLimit: number;
  forgotPasswordRateLimit: number;
  sessionMaxHours: number;
  trustProxy: TrustProxy;
  logLevel: string;
  webDist: string;
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
  stripeApiUrl?: string | undefined;
  /** Bank-transfer instructions for the funds pages (BANK_TRANSFER_INSTRUCTIONS); absent: none shown. */
  bankTransferInstructions?: string | undefined;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  bidderSeat: string;
  /** Our IAB TCF vendor id (TCF_VENDOR_ID); null or absent: none, so no TC string grants us consent. */
  tcfVendorId?: number | null;
  /** 1 in this many valid bid requests is sampled for forecasts (default 100). */
  bidSampleRate?: number;
  /** Bids kept in a local journal (<bidJournalDir>/bid-journal) and shipped to the database within a second (BID_JOURNAL, default on). */
  bidJournal?: boolean;
  /** The journal's folder (BID_JOURNAL_DIR); default dataDir. */
  bidJournalDir?: string;
  /** Load shedding of the bid endpoint (BID_MAX_IN_FLIGHT, BID_MAX_QUEUE_MS; bid-admission.ts). */
  bidMaxInFlight?: number | undefined;
  bidMaxQueueMs?: number | undefined;
  trackingBaseUrl?: string | undefined;
  listUploadMaxBytes: number;
  /** DSP_ALLOWED_PRIVATE_HOSTS, one entry each (platform/outbound-http.ts). */
  dspAllowedPrivateHosts: string[];
};

/** What Fastify's `trustProxy` option accepts. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** TRUST_PROXY as Fastify reads it: 'true'/'false', a number of hops, or a list of addresses/CIDRs. */
const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text;
};

type Secrets = { PAYLOAD_KEY: string; JWT_SECRET: string };

/** Reads DATA_DIR/secrets.json, creating it with fresh random secrets when absent. */
const loadOrCreateSecrets = (dataDir: string): Secrets => {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    PAYLOAD_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Relative to where the user ran npm (INIT_CWD), not the workspace npm switches into: `npm start`
  // at the repository root keeps its data in ./data there.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const needsGenerated = !e.PAYLOAD_KEY || !e.JWT_SECRET;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    payloadKey: e.PAYLOAD_KEY ?? generated!.PAYLOAD_KEY,
    jwtSecret: e.JWT_SECRET ?? generated!.JWT_SECRET,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    demoPassword: e.DEMO_PASSWORD,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    forgotPasswordRateLimit: e.FORGOT_PASSWORD_RATE_LIMIT,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    bidderSeat: e.BIDDER_SEAT,
    tcfVendorId: e.TCF_VENDOR_ID ?? null,
    bidSampleRate: e.BID_SAMPLE_RATE,
    bidMaxInFlight: e.BID_MAX_IN_FLIGHT,
    bidMaxQueueMs: e.BID_MAX_QUEUE_MS,
    bidJournal: e.BID_JOURNAL !== 'off',
    bidJournalDir: e.BID_JOURNAL_DIR ? resolve(env.INIT_CWD ?? process.cwd(), e.BID_JOURNAL_DIR) : dataDir,
    trackingBaseUrl: e.TRACKING_BASE_URL?.replace(/\/+$/, ''),
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    listUploadMaxBytes: Math.round(e.LIST_UPLOAD_MAX_MB * 1024 * 1024),
    dspAllowedPrivateHosts: e.DSP_ALLOWED_PRIVATE_HOSTS,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: e.STRIPE_API_URL,
    // Written on one line in an environment file, a line break is the two characters \n.
    bankTransferInstructions: e.BANK_TRANSFER_INSTRUCTIONS?.replaceAll('\\n', '\n').trim() || undefined,
  };
};
