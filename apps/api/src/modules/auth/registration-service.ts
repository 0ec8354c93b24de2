// Self-registration of advertisers and agencies, proven by a code mailed to the address.
//
// Each registration is a claim on the address (role, names, company, password hash) carried by its
// own code. A second registration of a pending address changes nothing of the first: it adds its
// claim, and whichever code is entered first wins, with its own claim's data; the other claims die.
// Whoever cannot read the mailbox cannot make a claim win. The caller always hears the same answer
// at the same time: the work is done after answering (whether the address is new, pending or taken),
// and an address that already has an account gets a notice instead of a code.
import type { SessionData } from '@console/core/api/auth';
import { and, desc, eq } from 'drizzle-orm';
import { otps } from '../../db/schema/sessions.ts';
import { userConfigs, users } from '../../db/schema/users.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, UNSTORABLE_VALUE_MESSAGE } from '../../platform/errors.ts';
import { refuseCommonPassword } from '../../platform/password-policy.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findUserByEmail, type UserRow } from '../users/user-queries.ts';
import { consumeOtp, issueOtp, OTP_INVALID_MESSAGE, retireOtps } from './otp-service.ts';
import { openSession } from './session-service.ts';

export type RegisterInput = {
  role: 'ADVERTISER' | 'AGENCY';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

/** What a registration asks the account to be; stored in its code's payload until proven. */
type Claim = {
  role: 'ADVERTISER' | 'AGENCY';
  firstName: string;
  lastName: string;
  companyName: string;
  passwordHash: string;
  agencyId: number | null;
};

const claimOf = (row: UserRow): Claim => ({
  role: row.role as Claim['role'],
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  passwordHash: row.passwordHash,
  agencyId: row.agencyId,
});

const parseClaim = (payload: string | null): Claim | null =>
  payload ? (JSON.parse(payload) as Claim) : null;

/** The code's mail names what it confirms, so the owner of the address can tell claims apart. */
const mailCode = async (deps: AppDeps, email: string, claim: Claim, code: string) => {
  const who = `${claim.companyName} (${claim.firstName} ${claim.lastName}, ${claim.role.toLowerCase()})`;
  await deps.mailer.send({
    to: email,
    subject: 'Verify your e-mail address',
    body:
      `Your code to verify your e-mail address is ${code}. It is valid for 10 minutes. ` +
      `It completes the registration of ${who}. If you did not register this, ignore this mail: ` +
      'nothing happens without the code.',
  });
};

const mailAlreadyRegistered = (deps: AppDeps, email: string) =>
  deps.mailer.send({
    to: email,
    subject: 'Someone tried to register with your e-mail address',
    body:
      'Someone tried to register a new account with this e-mail address, which already has an account. ' +
      'If it was you, sign in, or reset your password if you have forgotten it. ' +
      'If it was not you, you need not do anything.',
  });

/** The pending account of the address, created with the first claim's data when there is none. */
const findOrCreatePending = async (deps: AppDeps, email: string, claim: Claim) => {
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return existing;
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...claim, email, status: 'PENDING' })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await tx.insert(userConfigs).values({ userId: row.id });
    await recordChange(tx, {
      entityType: 'user',
      entityId: row.id,
      action: 'register',
      actorUserId: row.id,
      effectiveUserId: row.id,
      changes: diffFields({}, { email, role: claim.role, companyName: claim.companyName }),
    });
    return row;
  });
  // Another registration of the address got in first: this one becomes a claim on it.
  return created ?? findUserByEmail(deps.db, email);
};

/**
 * What registration checks before answering: only what does not depend on the address. The work
 * after the answer cannot report a failure, so what the database would refuse is refused here.
 */
export const checkRegistration = (input: RegisterInput) => {
  for (const [field, value] of Object.entries(input)) {
    if (value.includes('\u0000')) {
      throw badRequest(UNSTORABLE_VALUE_MESSAGE, { [field]: UNSTORABLE_VALUE_MESSAGE });
    }
  }
  refuseCommonPassword(input.password, 'password');
};

/**
 * Records a claim on the address and mails its code (or, for an address with an account, a
 * notice). Run after answering (see the route), so the answer tells nothing about the address.
 */
export const recordRegistration = async (
  deps: AppDeps,
  input: RegisterInput,
  agencyIdOfHost: number | null,
) => {
  const claim: Claim = {
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    passwordHash: await hashPassword(input.password),
    agencyId: input.role === 'ADVERTISER' ? agencyIdOfHost : null,
  };
  const user = await findOrCreatePending(deps, input.email, claim);
  if (!user) return;
  if (user.status !== 'PENDING') return mailAlreadyRegistered(deps, input.email);
  const code = await issueOtp(deps.db, user.id, 'VERIFY_EMAIL', JSON.stringify(claim), { keepOthers: true });
  await mailCode(deps, user.email, claim, code);
};

/** The code proves the address: its claim becomes the account, which is activated and signed in. */
export const verifyEmail = async (deps: AppDeps, email: string, otp: string): Promise<SessionData> => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') throw badRequest(OTP_INVALID_MESSAGE);
  const consumed = await consumeOtp(deps.db, user.id, 'VERIFY_EMAIL', otp);
  if (!consumed) throw badRequest(OTP_INVALID_MESSAGE);
  // Codes issued before claims were kept in codes carry none: the account's data stands.
  const claim = parseClaim(consumed.payload) ?? claimOf(user);
  const active = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...claim, status: 'ACTIVE', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, 'PENDING')))
      .returning();
    if (!row) return undefined;
    await retireOtps(tx, user.id, 'VERIFY_EMAIL');
    const { passwordHash: _before, ...shownBefore } = claimOf(user);
    const { passwordHash: _after, ...shownAfter } = claim;
    await recordChange(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'verify-email',
      actorUserId: user.id,
      effectiveUserId: user.id,
      changes: [{ field: 'status', from: 'PENDING', to: 'ACTIVE' }, ...diffFields(shownBefore, shownAfter)],
    });
    return row;
  });
  if (!active) throw badRequest(OTP_INVALID_MESSAGE);
  return openSession(deps, active);
};

/** A new code for the latest claim on a pending address, replacing that claim's code (run after answering). */
export const resendVerification = async (deps: AppDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') return;
  const [latest] = await deps.db
    .select({ payload: otps.payload })
    .from(otps)
    .where(and(eq(otps.userId, user.id), eq(otps.purpose, 'VERIFY_EMAIL')))
    .orderBy(desc(otps.id))
    .limit(1);
  const payload = latest?.payload ?? null;
  const code = await issueOtp(deps.db, user.id, 'VERIFY_EMAIL', payload, { keepOthers: true });
  await mailCode(deps, user.email, parseClaim(payload) ?? claimOf(user), code);
};
