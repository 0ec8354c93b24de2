// The sign-in throttle's counters in tests: client addresses of their own, and time moved on by
// ageing the counters in the database instead of waiting.
import { sql } from 'drizzle-orm';
import { loginThrottles } from '../../src/db/schema/sessions.ts';
import type { TestApp } from './test-app.ts';

let addressSerial = 0;
/** A client address no other test of the file uses (TEST-NET ranges); send it as X-Forwarded-For. */
export const newAddress = () => `198.51.${Math.floor(++addressSerial / 250)}.${(addressSerial % 250) + 1}`;

/** Moves every sign-in counter of the test database the given milliseconds into the past. */
export const ageCounters = (t: TestApp, ms: number) =>
  t.deps.db.update(loginThrottles).set({
    lastFailureAt: sql`${loginThrottles.lastFailureAt} - ${ms}::float8 * interval '1 millisecond'`,
    blockedUntil: sql`${loginThrottles.blockedUntil} - ${ms}::float8 * interval '1 millisecond'`,
  });

/** The lock of an account and client address, as sign-in answers it. */
export const LOCKED =
  /^Too many failed sign-in attempts\. Your account is locked; try again in 15 minute\(s\)\.$/;
