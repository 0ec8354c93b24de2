// Helpers shared by the API tests: fresh accounts, look-ups, and assertions on the error catalogue.
import type { SessionData, User } from '@console/core/api/auth';
import type { Role } from '@console/core/roles';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxMails } from '../../src/db/schema/mail.ts';
import { userConfigs, users } from '../../src/db/schema/users.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { type CallOptions, type CallResult, DEMO_PASSWORD, type TestApp } from './test-app.ts';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const SIGN_IN_PLEASE = 'Please sign in to continue.';
export const NO_PERMISSION = 'You do not have permission to do this.';
export const USER_NOT_FOUND = 'User not found.';
export const INVALID_LOGIN = 'Invalid email or password.';
export const OTP_INVALID = 'The code is wrong or has expired. Ask for a new code.';
export const OTP_SENT = 'If an account exists for this e-mail, we have sent it a code.';

let serial = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++serial}@example.test`;

export const dataOf = <T>(result: CallResult): T => result.body.data as T;

/** Signs in and answers the whole SessionData. */
export const sessionOf = async (
  t: TestApp,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SessionData> => {
  const result = await t.call('POST', '/api/auth/login', { body: { email, password } });
  if (result.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(result.body)}`);
  return dataOf<SessionData>(result);
};

export type NewAccount = {
  role?: 'ADVERTISER' | 'AGENCY';
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  /** Host header of the registration (an agency's custom domain). */
  host?: string;
};

/** Registers through the API; the account is pending until verified. */
export const registerAccount = async (t: TestApp, account: NewAccount = {}) => {
  const body = {
    role: account.role ?? 'ADVERTISER',
    email: account.email ?? uniqueEmail(),
    password: account.password ?? DEMO_PASSWORD,
    firstName: account.firstName ?? 'Test',
    lastName: account.lastName ?? 'User',
    companyName: account.companyName ?? 'Test Company',
  };
  const options: CallOptions = { body };
  if (account.host) options.headers = { host: account.host };
  const result = await t.call('POST', '/api/auth/register', options);
  if (result.status !== 200) throw new Error(`register failed: ${JSON.stringify(result.body)}`);
  return { email: body.email, password: body.password };
};

/** Registers and verifies through the API: an ACTIVE account and its first session. */
export const createVerifiedAccount = async (t: TestApp, account: NewAccount = {}) => {
  const { email, password } = await registerAccount(t, account);
  const otp = await t.readOtp(email);
  const result = await t.call('POST', '/api/auth/verify-otp', { body: { email, otp, password } });
  if (result.status !== 200) throw new Error(`verify failed: ${JSON.stringify(result.body)}`);
  return { ...dataOf<SessionData>(result), password };
};

/** Writes a user straight into the database (roles and states the public API cannot create). */
export const insertUser = async (
  t: TestApp,
  user: {
    role: Role;
    email?: string;
    status?: 'PENDING' | 'ACTIVE' | 'INACTIVE';
    agencyId?: number | null;
    password?: string;
  },
) => {
  const email = user.email ?? uniqueEmail(user.role.toLowerCase());
  const [row] = await t.deps.db
    .insert(users)
    .values({
      email,
      role: user.role,
      firstName: 'Inserted',
      lastName: user.role,
      companyName: 'Inserted Co',
      passwordHash: await hashPassword(user.password ?? DEMO_PASSWORD),
      status: user.status ?? 'ACTIVE',
      agencyId: user.agencyId ?? null,
    })
    .returning();
  if (user.role === 'ADVERTISER' || user.role === 'AGENCY') {
    await t.deps.db.insert(userConfigs).values({ userId: row!.id });
  }
  return { id: row!.id, email, password: user.password ?? DEMO_PASSWORD };
};

/** user_primary_id of an e-mail address. */
export const idOf = async (t: TestApp, email: string): Promise<number> => {
  const [row] = await t.deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

export const userRowOf = async (t: TestApp, email: string) => {
  const [row] = await t.deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no user ${email}`);
  return row;
};

/** Every mail sent to an address, oldest first. */
export const mailsTo = (t: TestApp, email: string) =>
  t.deps.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(asc(outboxMails.id));

/** A six-digit code other than the given one. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The e-mail addresses of impersonation-targets, all pages. */
export const targetEmailsOf = async (t: TestApp, token: string, q?: string): Promise<string[]> => {
  const query: Record<string, string | number> = { limit: 100 };
  if (q !== undefined) query.q = q;
  const result = await t.call('GET', '/api/auth/impersonation-targets', { token, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ items: User[] }>(result).items.map((user) => user.email);
};

const INTERNAL_DETAIL =
  /stack|\bat \S+ \(|node_modules|\.ts:\d+|drizzle|postgres|pglite|sql|syntaxerror|typeerror|FST_ERR/i;

/** A body a user could be shown: no stack trace, no framework or database internals. */
export const expectNoInternals = (result: CallResult) => {
  expect(result.body).not.toHaveProperty('stack');
  expect(String(result.body.message ?? '')).not.toMatch(INTERNAL_DETAIL);
  expect(JSON.stringify(result.body)).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
};

/** An answer of the error catalogue (docs/architecture.md): {success:false, message, error_code[, errors]}. */
export const expectError = (result: CallResult, status: number, message?: string | RegExp) => {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body.success).toBe(false);
  expect(result.body.error_code).toBe(status);
  expect(typeof result.body.message).toBe('string');
  expect((result.body.message as string).length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(result.body.message).toBe(message);
  else if (message) expect(result.body.message).toMatch(message);
  const allowed =
    status === 400 ? ['success', 'message', 'error_code', 'errors'] : ['success', 'message', 'error_code'];
  for (const key of Object.keys(result.body)) expect(allowed, `unexpected key ${key}`).toContain(key);
  expectNoInternals(result);
};

/** 401 exactly as the catalogue has it. */
export const expectUnauthorized = (result: CallResult, message?: string) => {
  expect(result.status, JSON.stringify(result.body)).toBe(401);
  expect(result.body).toEqual({ success: false, message: message ?? expect.any(String), error_code: 401 });
};

/** 400 with a message per field; answers the field errors. */
export const expectFieldErrors = (result: CallResult, fields: Record<string, string | RegExp | true>) => {
  expectError(result, 400);
  const errors = result.body.errors as Record<string, string>;
  expect(errors, 'errors').toBeTypeOf('object');
  for (const [field, expected] of Object.entries(fields)) {
    expect(errors[field], `errors.${field}`).toBeTypeOf('string');
    if (typeof expected === 'string') expect(errors[field]).toBe(expected);
    else if (expected instanceof RegExp) expect(errors[field]).toMatch(expected);
  }
  return errors;
};
