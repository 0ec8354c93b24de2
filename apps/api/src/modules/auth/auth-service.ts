// Sign-in, registration, e-mail verification, password reset and change. Thin routes call these.
import type { SessionData } from '@console/core/api/auth';
import { eq, sql } from 'drizzle-orm';
import { userConfigs, users } from '../../db/schema/users.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { isAbove } from '../../platform/scope.ts';
import { findUserByEmail, findUserById, toUser, type UserRow } from '../users/user-queries.ts';
import { consumeOtp, issueOtp, OTP_INVALID_MESSAGE, type OtpPurpose } from './otp-service.ts';
import { openSession, revokeSessions, revokeUserSessions, rotateSession } from './session-service.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password.';
export const GENERIC_OTP_SENT_MESSAGE = 'If an account exists for this e-mail, we have sent it a code.';

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

const lockedError = (until: Date) =>
  new AppError(
    429,
    `Too many failed sign-in attempts. Your account is locked; try again in ${minutesUntil(until)} minute(s).`,
  );

export const login = async (deps: AppDeps, email: string, password: string): Promise<SessionData> => {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) throw lockedError(user.lockedUntil);
  if (!(await verifyPassword(user.passwordHash, password))) {
    // Counted atomically so parallel guesses cannot slip past the limit.
    const [counted] = await deps.db
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failures: users.failedLoginCount });
    if ((counted?.failures ?? 0) >= MAX_FAILED_LOGINS) {
      const until = new Date(Date.now() + LOCK_MINUTES * 60_000);
      await deps.db
        .update(users)
        .set({ lockedUntil: until, failedLoginCount: 0 })
        .where(eq(users.id, user.id));
      throw lockedError(until);
    }
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  if (user.status === 'PENDING')
    throw forbidden('Please verify your e-mail address first: enter the code we sent you.');
  if (user.status === 'INACTIVE') throw forbidden('This account is deactivated. Please contact support.');
  if (user.failedLoginCount > 0 || user.lockedUntil) {
    await deps.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return openSession(deps.db, deps.tokens, user);
};

const OTP_MAIL_TEXT: Record<OtpPurpose, { subject: string; action: string }> = {
  VERIFY_EMAIL: { subject: 'Verify your e-mail address', action: 'verify your e-mail address' },
  RESET_PASSWORD: { subject: 'Reset your password', action: 'reset your password' },
  CHANGE_EMAIL: { subject: 'Confirm your new e-mail address', action: 'confirm your new e-mail address' },
};

/** Mails a code to the user (or, for an e-mail change, to the new address it confirms). */
const sendOtpMail = async (
  deps: AppDeps,
  user: UserRow,
  purpose: OtpPurpose,
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

export type RegisterInput = {
  role: 'ADVERTISER' | 'AGENCY';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

/** Creates a pending account (or refreshes a pending one) and mails the verification code. */
export const register = async (deps: AppDeps, input: RegisterInput, agencyIdOfHost: number | null) => {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.status !== 'PENDING')
    throw conflict('An account with this e-mail already exists.');
  const passwordHash = await hashPassword(input.password);
  const agencyId = input.role === 'ADVERTISER' ? agencyIdOfHost : null;
  const details = {
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    passwordHash,
    agencyId,
  };
  const user = await deps.db.transaction(async (tx) => {
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({ ...details, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      return updated!;
    }
    const [created] = await tx
      .insert(users)
      .values({ ...details, email: input.email, status: 'PENDING' })
      .returning();
    await tx.insert(userConfigs).values({ userId: created!.id });
    await recordChange(tx, {
      entityType: 'user',
      entityId: created!.id,
      action: 'register',
      actorUserId: created!.id,
      effectiveUserId: created!.id,
      changes: diffFields({}, { email: input.email, role: input.role, companyName: input.companyName }),
    });
    return created!;
  });
  await sendOtpMail(deps, user, 'VERIFY_EMAIL');
  return { email: user.email };
};

export const verifyEmail = async (deps: AppDeps, email: string, otp: string): Promise<SessionData> => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'PENDING') throw badRequest(OTP_INVALID_MESSAGE);
  if (!(await consumeOtp(deps.db, user.id, 'VERIFY_EMAIL', otp))) throw badRequest(OTP_INVALID_MESSAGE);
  const [active] = await deps.db
    .update(users)
    .set({ status: 'ACTIVE', emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: user.id,
    action: 'verify-email',
    actorUserId: user.id,
    effectiveUserId: user.id,
    changes: [{ field: 'status', from: 'PENDING', to: 'ACTIVE' }],
  });
  return openSession(deps.db, deps.tokens, active!);
};

export const resendVerification = async (deps: AppDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status === 'PENDING') await sendOtpMail(deps, user, 'VERIFY_EMAIL');
};

export const requestPasswordReset = async (deps: AppDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status === 'ACTIVE') await sendOtpMail(deps, user, 'RESET_PASSWORD');
};

const setPassword = async (deps: AppDeps, userId: number, password: string) => {
  const passwordHash = await hashPassword(password);
  await deps.db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
};

export const resetPassword = async (deps: AppDeps, email: string, otp: string, password: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'ACTIVE') throw badRequest(OTP_INVALID_MESSAGE);
  if (!(await consumeOtp(deps.db, user.id, 'RESET_PASSWORD', otp))) throw badRequest(OTP_INVALID_MESSAGE);
  await setPassword(deps, user.id, password);
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

/** Changes the caller's password; its other sessions end and this one gets a new token. */
export const changeOwnPassword = async (
  deps: AppDeps,
  principal: Principal,
  current: string,
  next: string,
): Promise<SessionData> => {
  const user = await requireUser(deps, principal.userId);
  if (!(await verifyPassword(user.passwordHash, current))) throw badRequest('The current password is wrong.');
  await setPassword(deps, user.id, next);
  await revokeUserSessions(deps.db, user.id, 'password-change', { exceptSessionId: principal.sessionId });
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: user.id,
    action: 'change-password',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'password', from: '***', to: '***' }],
  });
  return rotateSession(deps.db, deps.tokens, user, principal.sessionId);
};

/** An admin or co-admin sets another user's password; that user's sessions end. */
export const setUserPassword = async (
  deps: AppDeps,
  principal: Principal,
  targetId: number,
  next: string,
) => {
  const target = await requireUser(deps, targetId);
  if (!isAbove({ userId: principal.userId, role: principal.role }, target)) throw notFound('User not found.');
  await setPassword(deps, target.id, next);
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
  rotateSession(deps.db, deps.tokens, await requireUser(deps, principal.userId), principal.sessionId);

export const logout = (deps: AppDeps, principal: Principal) =>
  revokeSessions(deps.db, [principal.sessionId], 'logout');

/** Starts an e-mail change: the password confirms it is the user, a code to the new address proves it. */
export const requestEmailChange = async (
  deps: AppDeps,
  principal: Principal,
  newEmail: string,
  password: string,
) => {
  const user = await requireUser(deps, principal.userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('The password is wrong.');
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
