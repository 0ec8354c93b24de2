// Environment, parsed once at start with clear errors. Secrets absent from the environment are
// generated into DATA_DIR so that a first run needs nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

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
  /** Login attempts per IP per minute before 429. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
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
  loginRateLimit: number;
  logLevel: string;
  webDist: string;
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
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
};
