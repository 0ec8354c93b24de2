// Self-registration of advertisers and agencies, proven by a code mailed to the address.
//
// A registration is identified by its address and its password. Codes belong to the address: they
// go to its mailbox, whoever asked for them. A code activates only the pending registration whose
// password is entered with it (POST /verify-otp takes email, otp and password), so completing a
// registration takes both the mailbox and that registration's password:
// - someone who registers an address that is not theirs cannot complete it (no code), and the
//   mailbox owner cannot complete it either (not their password): a resent code never carries
//   anybody else's claim;
// - the owner of an address someone else registered first registers it too, with their own
//   password, and completes their own registration with any live code of the address and that
//   password; the other registration dies with it.
// A wrong password with a right code is answered and counted exactly like a wrong code (the same
// five tries per code), and the password is only checked once the code matched, so nobody without
// the mailbox can test passwords here.
// The first registration of an address is the pending account's own data; later ones are kept as
// claims beside it (registration_claims, the newest MAX_LATER_CLAIMS) and mail a code only when the
// address has no live one, so they never void a code the owner holds. Once the first registration
// has waited PENDING_REGISTRATION_LIFETIME_MS unverified, the next registration starts afresh (the
// old registrations and their codes die), so an address is not held for ever.
// The caller always hears the same answer at the same time: the work is done after answering
// (whether the address is new, pending or taken), and an address that already has an account
// gets a notice instead of a code.
import type { SessionData } from '@console/core/api/auth';
import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { registrationClaims, userConfigs, users } from '../../db/schema/users.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, UNSTORABLE_VALUE_MESSAGE } from '../../platform/errors.ts';
import { refuseCommonPassword } from '../../platform/password-policy.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { findUserByEmail, type UserRow } from '../../platform/user-queries.ts';
import { clearAccountThrottles } from './login-throttle.ts';
import { consumeOtp, hasLiveOtp, issueOtp, OTP_INVALID_MESSAGE, retireOtps } from './otp-service.ts';
import { openSession } from './session-service.ts';

/** How long an unverified registration holds its address against other registrations. */
export const PENDING_REGISTRATION_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * How many later registrations of a pending address are kept (the newest): each costs a password
 * check when a right code is entered.
 */
export const MAX_LATER_CLAIMS = 10;

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

/** The code proves the address; it completes the registration whose password is entered with it. */
const mailCode = async (deps: AppDeps, email: string, code: string) => {
  await deps.mailer.send({
    to: email,
    subject: 'Verify your e-mail address',
    body:
      `Your code to verify your e-mail address is ${code}. It is valid for 10 minutes. ` +
      'Enter it with the password you registered with: it completes only the registration made ' +
      'with that password. If you did not register, ignore this mail: nothing happens without the code.',
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
    await tx.delete(registrationClaims).where(eq(registrationClaims.userId, row.id));
    await recordRegister(tx, row);
    return row;
  });

/**
 * A later registration of a pending address, kept beside the first; the oldest beyond
 * MAX_LATER_CLAIMS goes.
 */
const addLaterClaim = (deps: AppDeps, pending: UserRow, claim: Claim) =>
  deps.db.transaction(async (tx) => {
    await tx.insert(registrationClaims).values({ ...claim, userId: pending.id });
    const newest = tx
      .select({ id: registrationClaims.id })
      .from(registrationClaims)
      .where(eq(registrationClaims.userId, pending.id))
      .orderBy(desc(registrationClaims.id))
      .limit(MAX_LATER_CLAIMS);
    await tx
      .delete(registrationClaims)
      .where(and(eq(registrationClaims.userId, pending.id), notInArray(registrationClaims.id, newest)));
  });

type ClaimRow = Omit<Claim, 'role'> & { role: string };

const claimOfRow = (row: ClaimRow): Claim => ({
  role: row.role as Claim['role'],
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  passwordHash: row.passwordHash,
  agencyId: row.agencyId,
});

/** The registration of the pending address made with this password (the newest), if any. */
const claimWithPassword = async (deps: AppDeps, pending: UserRow, password: string) => {
  const later = await deps.db
    .select()
    .from(registrationClaims)
    .where(eq(registrationClaims.userId, pending.id))
    .orderBy(desc(registrationClaims.id));
  for (const claim of [...later, pending].map(claimOfRow)) {
    if (await verifyPassword(claim.passwordHash, password)) return claim;
  }
  return undefined;
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
  if (registered) {
    await mailCode(deps, registered.email, await issueOtp(deps.db, registered.id, 'VERIFY_EMAIL'));
    return;
  }
  // The address is pending (or became so meanwhile): this registration waits beside the first,
  // and a code is mailed only when none is live, so no code the owner holds is voided.
  const pending = existing ?? (await findUserByEmail(deps.db, input.email));
  if (pending?.status !== 'PENDING') return;
  await addLaterClaim(deps, pending, claim);
  if (await hasLiveOtp(deps.db, pending.id, 'VERIFY_EMAIL')) return;
  await mailCode(deps, pending.email, await issueOtp(deps.db, pending.id, 'VERIFY_EMAIL'));
};

/**
 * The code proves the address, the password picks the registration: the pending account becomes
 * that registration, is activated and signed in. A wrong password reads like a wrong code.
 */
export const verifyEmail = async (
  deps: AppDeps,
  email: string,
  otp: string,
  password: string,
): Promise<SessionData> => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') throw badRequest(OTP_INVALID_MESSAGE);
  const chosen: { claim?: Claim } = {};
  const accept = async () => {
    chosen.claim = await claimWithPassword(deps, user, password);
    return chosen.claim !== undefined;
  };
  const consumed = await consumeOtp(deps.db, user.id, 'VERIFY_EMAIL', otp, accept);
  if (!consumed || !chosen.claim) throw badRequest(OTP_INVALID_MESSAGE);
  const claim = chosen.claim;
  const active = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...claim, status: 'ACTIVE', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, 'PENDING')))
      .returning();
    if (!row) return undefined;
    await retireOtps(tx, user.id, 'VERIFY_EMAIL');
    await tx.delete(registrationClaims).where(eq(registrationClaims.userId, user.id));
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
  await mailCode(deps, user.email, await issueOtp(deps.db, user.id, 'VERIFY_EMAIL'));
};
