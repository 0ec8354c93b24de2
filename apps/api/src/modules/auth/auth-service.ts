// Sign-in, password reset and change, profile and sessions. Thin routes call these (registration: registration-service.ts).
import type { SessionData } from '@console/core/api/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { refuseCommonPassword, SAME_PASSWORD_MESSAGE } from '../../platform/password-policy.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeSessions } from '../../platform/session-revocation.ts';
import { findUserByEmail, findUserById, toUser, type UserRow } from '../../platform/user-queries.ts';
import { beginLoginAttempt, clearAccountThrottles } from './login-throttle.ts';
import { consumeOtp, issueOtp, OTP_INVALID_MESSAGE, type OtpPurpose, reopenOtp } from './otp-service.ts';
import { openSession, revokeUserSessions, rotateSession } from './session-service.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password.';
export const GENERIC_OTP_SENT_MESSAGE = 'If an account exists for this e-mail, we have sent it a code.';

/**
 * Signs in with e-mail and password from a client address. The attempt is counted before anything
 * else (login-throttle.ts), and known and unknown e-mails take the same path and time.
 */
export const login = async (
  deps: AppDeps,
  email: string,
  password: string,
  address: string,
): Promise<SessionData> => {
  const attempt = await beginLoginAttempt(deps.db, email, address);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw attempt.failure(unauthorized(INVALID_LOGIN_MESSAGE));
  }
  // Only an active account signs in. A pending registration (not an account yet) and a deactivated
  // account have their password checked (the same work and time) and are answered like a wrong
  // password, right or not, so sign-in cannot test the password of an address it will not open.
  const passwordMatches = await verifyPassword(user.passwordHash, password);
  if (!passwordMatches || user.status !== 'ACTIVE') {
    throw attempt.failure(unauthorized(INVALID_LOGIN_MESSAGE));
  }
  await attempt.succeed();
  return openSession(deps, user);
};

const OTP_MAIL_TEXT: Record<Exclude<OtpPurpose, 'VERIFY_EMAIL'>, { subject: string; action: string }> = {
  RESET_PASSWORD: { subject: 'Reset your password', action: 'reset your password' },
  CHANGE_EMAIL: { subject: 'Confirm your new e-mail address', action: 'confirm your new e-mail address' },
};

/** Mails a code to the user (or, for an e-mail change, to the new address it confirms). */
const sendOtpMail = async (
  deps: AppDeps,
  user: UserRow,
  purpose: Exclude<OtpPurpose, 'VERIFY_EMAIL'>,
  newEmail: string | null = null,
) => {
  const code = await issueOtp(deps.db, user.id, purpose, newEmail);
  const { subject, action } = OTP_MAIL_TEXT[purpose];
  await deps.mailer.send({
    to: newEmail ?? user.email,
    subject,
    body: `Your code to ${action} is ${code}. It is valid for 10 minutes.`,
  });
};

/** Mails a reset code to an active account (run after answering: the answer's timing tells nothing). */
export const requestPasswordReset = async (deps: AppDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status === 'ACTIVE') await sendOtpMail(deps, user, 'RESET_PASSWORD');
};

/** Stores a new password; the account's sign-in counters start again (its owner proved itself). */
const setPassword = async (deps: AppDeps, user: UserRow, password: string) => {
  const passwordHash = await hashPassword(password);
  await deps.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await clearAccountThrottles(deps.db, user.email);
};

export const resetPassword = async (deps: AppDeps, email: string, otp: string, password: string) => {
  refuseCommonPassword(password, 'password');
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'ACTIVE') throw badRequest(OTP_INVALID_MESSAGE);
  const consumed = await consumeOtp(deps.db, user.id, 'RESET_PASSWORD', otp);
  if (!consumed) throw badRequest(OTP_INVALID_MESSAGE);
  // Compared only once the code is proven, or the answer would tell anyone the current password.
  if (await verifyPassword(user.passwordHash, password)) {
    await reopenOtp(deps.db, consumed.id);
    throw badRequest(SAME_PASSWORD_MESSAGE, { password: SAME_PASSWORD_MESSAGE });
  }
  await setPassword(deps, user, password);
  await revokeUserSessions(deps.db, user.id, 'password-reset');
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: user.id,
    action: 'reset-password',
    actorUserId: user.id,
    effectiveUserId: user.id,
    changes: [{ field: 'password', from: '***', to: '***' }],
  });
};

const requireUser = async (deps: AppDeps, id: number) => {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound('User not found.');
  return user;
};

/** Who is asking for a change only the user may make, and from which client address. */
type Reauthentication = { principal: Principal; address: string };

/**
 * The user's own session, not a parent acting as it: a parent has no business testing the user's
 * password, and has other ways to manage it (an admin sets passwords; see setUserPassword).
 */
const refuseActingParent = (principal: Principal, what: string) => {
  if (principal.actorChain.length > 0)
    throw forbidden(`You are acting as this user: only the user can change ${what}.`);
};

/**
 * The user proves itself again with its password. Counted by the sign-in throttle (the same
 * counters, per account and address, per account and per address), so a session cannot be used to
 * test guesses of the password any faster than sign-in can.
 */
const confirmPassword = async (
  deps: AppDeps,
  user: UserRow,
  password: string,
  address: string,
  wrongMessage: string,
) => {
  const attempt = await beginLoginAttempt(deps.db, user.email, address);
  if (!(await verifyPassword(user.passwordHash, password))) throw attempt.failure(badRequest(wrongMessage));
  await attempt.succeed();
};

/** Changes the caller's password; its other sessions end and this one gets a new token. */
export const changeOwnPassword = async (
  deps: AppDeps,
  { principal, address }: Reauthentication,
  current: string,
  next: string,
): Promise<SessionData> => {
  refuseActingParent(principal, 'its password');
  const user = await requireUser(deps, principal.userId);
  refuseCommonPassword(next, 'new_password');
  await confirmPassword(deps, user, current, address, 'The current password is wrong.');
  if (next === current) throw badRequest(SAME_PASSWORD_MESSAGE, { new_password: SAME_PASSWORD_MESSAGE });
  await setPassword(deps, user, next);
  await revokeUserSessions(deps.db, user.id, 'password-change', { exceptSessionId: principal.sessionId });
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: user.id,
    action: 'change-password',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'password', from: '***', to: '***' }],
  });
  return rotateSession(deps, user, principal.sessionId);
};

/** An admin or co-admin sets another user's password; that user's sessions end. */
export const setUserPassword = async (
  deps: AppDeps,
  principal: Principal,
  targetId: number,
  next: string,
) => {
  const target = await requireAccess(deps.db, principal, 'managedUser', targetId);
  // Not compared with the user's current password: the answer would let staff test guesses of it.
  refuseCommonPassword(next, 'new_password');
  await setPassword(deps, target, next);
  await revokeUserSessions(deps.db, target.id, 'password-set-by-admin');
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: target.id,
    action: 'set-password',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'password', from: '***', to: '***' }],
  });
};

export const readProfile = async (deps: AppDeps, principal: Principal) =>
  toUser(await requireUser(deps, principal.userId));

export const updateProfile = async (
  deps: AppDeps,
  principal: Principal,
  input: { firstName: string; lastName: string; companyName: string },
) => {
  const before = await requireUser(deps, principal.userId);
  const [after] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, principal.userId))
      .returning();
    await recordChange(tx, {
      entityType: 'user',
      entityId: principal.userId,
      action: 'update',
      actorUserId: actorIdOf(principal),
      effectiveUserId: principal.userId,
      changes: diffFields(
        { firstName: before.firstName, lastName: before.lastName, companyName: before.companyName },
        input,
      ),
    });
    return rows;
  });
  return toUser(after!);
};

export const refreshSession = async (deps: AppDeps, principal: Principal) =>
  rotateSession(deps, await requireUser(deps, principal.userId), principal.sessionId);

export const logout = (deps: AppDeps, principal: Principal) =>
  revokeSessions(deps.db, [principal.sessionId], 'logout');

/** Starts an e-mail change: the password confirms it is the user, a code to the new address proves it. */
export const requestEmailChange = async (
  deps: AppDeps,
  { principal, address }: Reauthentication,
  newEmail: string,
  password: string,
) => {
  refuseActingParent(principal, 'its e-mail address');
  const user = await requireUser(deps, principal.userId);
  await confirmPassword(deps, user, password, address, 'The password is wrong.');
  if (newEmail === user.email) throw badRequest('This is already your e-mail address.');
  if (await findUserByEmail(deps.db, newEmail)) throw conflict('An account with this e-mail already exists.');
  await sendOtpMail(deps, user, 'CHANGE_EMAIL', newEmail);
};

export const confirmEmailChange = async (deps: AppDeps, principal: Principal, otp: string) => {
  const before = await requireUser(deps, principal.userId);
  const consumed = await consumeOtp(deps.db, before.id, 'CHANGE_EMAIL', otp);
  if (!consumed?.payload) throw badRequest(OTP_INVALID_MESSAGE);
  const newEmail = consumed.payload;
  if (await findUserByEmail(deps.db, newEmail)) throw conflict('An account with this e-mail already exists.');
  const [after] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    await recordChange(tx, {
      entityType: 'user',
      entityId: before.id,
      action: 'update',
      actorUserId: actorIdOf(principal),
      effectiveUserId: principal.userId,
      changes: [{ field: 'email', from: before.email, to: newEmail }],
    });
    return rows;
  });
  // The old address hears of the change, so a hijacked session cannot move an account silently.
  await deps.mailer.send({
    to: before.email,
    subject: 'Your e-mail address was changed',
    body: `The e-mail address of your account was changed to ${newEmail}. If this was not you, contact support now.`,
  });
  return toUser(after!);
};
