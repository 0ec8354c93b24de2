// Six-digit one-time codes for e-mail verification and password reset. Stored as SHA-256 hashes,
// valid for 10 minutes, at most 5 tries; a new code replaces the older ones.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otps } from '../../db/schema/sessions.ts';

export type OtpPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'CHANGE_EMAIL';

export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_INVALID_MESSAGE = 'The code is wrong or has expired. Ask for a new code.';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const issueOtp = async (
  db: DbOrTx,
  userId: number,
  purpose: OtpPurpose,
  payload: string | null = null,
): Promise<string> => {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
  await db.insert(otps).values({
    userId,
    purpose,
    codeHash: hashCode(code),
    payload,
    expiresAt: new Date(Date.now() + OTP_LIFETIME_MS),
  });
  return code;
};

/** The code's payload once consumed, when it is the latest live one; null otherwise. A wrong try counts. */
export const consumeOtp = async (
  db: DbOrTx,
  userId: number,
  purpose: OtpPurpose,
  code: string,
): Promise<{ payload: string | null } | null> => {
  const [live] = await db
    .select()
    .from(otps)
    .where(
      and(
        eq(otps.userId, userId),
        eq(otps.purpose, purpose),
        isNull(otps.consumedAt),
        gt(otps.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(otps.id))
    .limit(1);
  if (!live || live.attempts >= OTP_MAX_ATTEMPTS) return null;
  const matches = timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(hashCode(code)));
  if (!matches) {
    await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(eq(otps.id, live.id));
    return null;
  }
  await db.update(otps).set({ consumedAt: new Date() }).where(eq(otps.id, live.id));
  return { payload: live.payload };
};
