// Six-digit one-time codes for e-mail verification, password reset and e-mail change. Stored as
// SHA-256 hashes, valid for 10 minutes, at most 5 tries; a new code replaces the older ones.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otps } from '../../db/schema/sessions.ts';

export type OtpPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'CHANGE_EMAIL';

export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_INVALID_MESSAGE = 'The code is wrong or has expired. Ask for a new code.';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

const liveCodes = (userId: number, purpose: OtpPurpose) =>
  and(
    eq(otps.userId, userId),
    eq(otps.purpose, purpose),
    isNull(otps.consumedAt),
    gt(otps.expiresAt, new Date()),
    lt(otps.attempts, OTP_MAX_ATTEMPTS),
  );

/** Issues a code, replacing the user's older codes of that purpose. */
export const issueOtp = async (
  db: DbOrTx,
  userId: number,
  purpose: OtpPurpose,
  payload: string | null = null,
): Promise<string> => {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await retireOtps(db, userId, purpose);
  await db.insert(otps).values({
    userId,
    purpose,
    codeHash: hashCode(code),
    payload,
    expiresAt: new Date(Date.now() + OTP_LIFETIME_MS),
  });
  return code;
};

/**
 * The payload of the live code the given one matches, once consumed; null when none matches. A
 * wrong try counts against every live code of the purpose, so several live codes give a guesser no
 * more tries than one. `accept`, asked only once the code matched, can refuse what goes with the
 * code (a registration's password): that is a wrong try too, answered and counted like a wrong code.
 */
export const consumeOtp = async (
  db: DbOrTx,
  userId: number,
  purpose: OtpPurpose,
  code: string,
  accept: () => Promise<boolean> = async () => true,
): Promise<{ id: number; payload: string | null } | null> => {
  const live = await db.select().from(otps).where(liveCodes(userId, purpose)).orderBy(desc(otps.id));
  if (live.length === 0) return null;
  const given = Buffer.from(hashCode(code));
  const match = live.find((row) => timingSafeEqual(Buffer.from(row.codeHash), given));
  if (!match || !(await accept())) {
    await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(
        inArray(
          otps.id,
          live.map((row) => row.id),
        ),
      );
    return null;
  }
  // Conditional, so two requests with the same code cannot both consume it.
  const [consumed] = await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.id, match.id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  return consumed ? { id: match.id, payload: match.payload } : null;
};

/** Makes a consumed code usable again, when what it was to confirm was refused for another reason. */
export const reopenOtp = async (db: DbOrTx, id: number) => {
  await db.update(otps).set({ consumedAt: null }).where(eq(otps.id, id));
};

/** Retires every live code of the purpose (replaced by a new one, or what they confirm is done). */
export const retireOtps = async (db: DbOrTx, userId: number, purpose: OtpPurpose) => {
  await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
};

/** Whether the user has a live code of the purpose (one that can still be entered). */
export const hasLiveOtp = async (db: DbOrTx, userId: number, purpose: OtpPurpose) => {
  const [row] = await db.select({ id: otps.id }).from(otps).where(liveCodes(userId, purpose)).limit(1);
  return row !== undefined;
};
