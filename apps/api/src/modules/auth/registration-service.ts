// Self-registration of advertisers and agencies, proven by a code mailed to the address.
//
// The first registration of an address holds it: the pending account carries that registration's
// data and password, and every code of the address (the first, or one resent) activates exactly
// that. Further registrations of the pending address change nothing and mail nothing, so nobody
// can slip a password of their own into a code its owner will enter, nor void the owner's code.
// Once the registration has waited PENDING_REGISTRATION_LIFETIME_MS unverified, the next
// registration of the address replaces it (and its codes die), so an address someone registered
// and never proved is not held for ever.
// Why first-come rather than choosing the password after the address is proven: the form asks
// for the password once, with the rest, and the API keeps its shape; nobody can verify a
// registration without reading the mailbox, and each code's mail names the registration it
// completes, so the owner of an address someone else registered sees it is not theirs.
// The caller always hears the same answer at the same time: the work is done after answering
// (whether the address is new, pending or taken), and an address that already has an account
// gets a notice instead of a code.
import type { SessionData } from '@console/core/api/auth';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userConfigs, users } from '../../db/schema/users.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, UNSTORABLE_VALUE_MESSAGE } from '../../platform/errors.ts';
import { refuseCommonPassword } from '../../platform/password-policy.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findUserByEmail, type UserRow } from '../users/user-queries.ts';
import { clearAccountThrottles } from './login-throttle.ts';
import { consumeOtp, issueOtp, OTP_INVALID_MESSAGE, retireOtps } from './otp-service.ts';
import { openSession } from './session-service.ts';

/** How long an unverified registration holds its address against other registrations. */
export const PENDING_REGISTRATION_LIFETIME_MS = 24 * 60 * 60_000;

export type RegisterInput = {
  role: 'ADVERTISER' | 'AGENCY';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

/** What a registration asks the account to be: the pending account's data until it is proven. */
type Claim = {
  role: 'ADVERTISER' | 'AGENCY';
  firstName: string;
  lastName: string;
  companyName: string;
  passwordHash: string;
  agencyId: number | null;
};

/** The code's mail names what it confirms, so the owner of the address can tell it is theirs. */
const mailCode = async (deps: AppDeps, user: UserRow, code: string) => {
  const who = `${user.companyName} (${user.firstName} ${user.lastName}, ${user.role.toLowerCase()})`;
  await deps.mailer.send({
    to: user.email,
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

const recordRegister = (db: DbOrTx, row: UserRow) =>
  recordChange(db, {
    entityType: 'user',
    entityId: row.id,
    action: 'register',
    actorUserId: row.id,
    effectiveUserId: row.id,
    changes: diffFields({}, { email: row.email, role: row.role, companyName: row.companyName }),
  });

/** A new pending account holding the claim; undefined when another registration got in first. */
const createPending = (deps: AppDeps, email: string, claim: Claim) =>
  deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...claim, email, status: 'PENDING' })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await tx.insert(userConfigs).values({ userId: row.id });
    await recordRegister(tx, row);
    return row;
  });

/**
 * The claim in place of a pending registration that waited its lifetime unverified; its codes die.
 * Undefined when the registration is younger, or another registration replaced it first.
 */
const replaceExpiredPending = (deps: AppDeps, pending: UserRow, claim: Claim) =>
  deps.db.transaction(async (tx) => {
    const expiredBefore = new Date(Date.now() - PENDING_REGISTRATION_LIFETIME_MS);
    const [row] = await tx
      .update(users)
      .set({ ...claim, createdAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, pending.id), eq(users.status, 'PENDING'), lt(users.createdAt, expiredBefore)))
      .returning();
    if (!row) return undefined;
    await retireOtps(tx, row.id, 'VERIFY_EMAIL');
    await recordRegister(tx, row);
    return row;
  });

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
 * Records the registration and mails its code when the address is free (or its pending
 * registration expired); an address with an account gets a notice; a pending one, nothing. Run
 * after answering (see the route), so the answer tells nothing about the address.
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
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.status !== 'PENDING') return mailAlreadyRegistered(deps, input.email);
  const registered = existing
    ? await replaceExpiredPending(deps, existing, claim)
    : await createPending(deps, input.email, claim);
  if (!registered) return;
  await mailCode(deps, registered, await issueOtp(deps.db, registered.id, 'VERIFY_EMAIL'));
};

/** The code proves the address: the pending account is activated and signed in. */
export const verifyEmail = async (deps: AppDeps, email: string, otp: string): Promise<SessionData> => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') throw badRequest(OTP_INVALID_MESSAGE);
  if (!(await consumeOtp(deps.db, user.id, 'VERIFY_EMAIL', otp))) throw badRequest(OTP_INVALID_MESSAGE);
  const active = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'ACTIVE', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, 'PENDING')))
      .returning();
    if (!row) return undefined;
    await retireOtps(tx, user.id, 'VERIFY_EMAIL');
    await recordChange(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'verify-email',
      actorUserId: user.id,
      effectiveUserId: user.id,
      changes: [{ field: 'status', from: 'PENDING', to: 'ACTIVE' }],
    });
    return row;
  });
  if (!active) throw badRequest(OTP_INVALID_MESSAGE);
  // Sign-ins refused while the registration was pending do not count against its now proven owner.
  await clearAccountThrottles(deps.db, active.email);
  return openSession(deps, active);
};

/** A new code for the pending registration, replacing its older one (run after answering). */
export const resendVerification = async (deps: AppDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') return;
  await mailCode(deps, user, await issueOtp(deps.db, user.id, 'VERIFY_EMAIL'));
};
