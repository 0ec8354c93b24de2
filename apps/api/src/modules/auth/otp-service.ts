// Six-digit one-time codes for e-mail verification and password reset. Stored as SHA-256 hashes,
// valid for 10 minutes, at most 5 tries; a new code replaces the older ones.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otps } from '../../db/schema/sessions.ts';

export type OtpPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_INVALID_MESSAGE = 'The code is wrong or has expired. Ask for a new code.';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const issueOtp = async (db: DbOrTx, userId: number, purpose: OtpPurpose): Promise<string> => {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
  await db.insert(otps).values({
    userId,
    purpose,
    codeHash: hashCode(code),
    expiresAt: new Date(Date.now() + OTP_LIFETIME_MS),
  });
  return code;
};

/** True and consumed when the code is the latest live one; a wrong try counts against it. */
export const consumeOtp = async (db: DbOrTx, userId: number, purpose: OtpPurpose, code: string) => {
  const [live] = await db
    .select()
    .from(otps)
    .where(
      and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt), gt(otps.expiresAt, new Date())),
    )
    .orderBy(desc(otps.id))
    .limit(1);
  if (!live || live.attempts >= OTP_MAX_ATTEMPTS) return false;
  const matches = timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(hashCode(code)));
  if (!matches) {
    await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(eq(otps.id, live.id));
    return false;
  }
  await db.update(otps).set({ consumedAt: new Date() }).where(eq(otps.id, live.id));
  return true;
};
