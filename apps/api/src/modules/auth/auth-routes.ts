import {
  autoLoginBody,
  changePasswordBody,
  emailBody,
  emailChangeBody,
  loginBody,
  otpBody,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  sessionData,
  userChangePasswordBody,
  userPrimaryIdParams,
  userSchema,
  userSettingsSchema,
  verifyOtpBody,
} from '@console/core/api/auth';
import { messageResponse, okResponse, pageOf, pageQuery } from '@console/core/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, sessionPrincipalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { perEmailRateLimit } from '../../platform/rate-limits.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { findCompanyForHost } from '../company/index.ts';
import { readUserSettings } from '../settings/index.ts';
import {
  changeOwnPassword,
  confirmEmailChange,
  GENERIC_OTP_SENT_MESSAGE,
  login,
  logout,
  readProfile,
  refreshSession,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  setUserPassword,
  updateProfile,
} from './auth-service.ts';
import { actAs, endImpersonation, listImpersonationTargets } from './impersonation-service.ts';
import {
  checkRegistration,
  recordRegistration,
  resendVerification,
  verifyEmail,
} from './registration-service.ts';

const tags = ['auth'];

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const authLimit = { max: deps.config.loginRateLimit, timeWindow: '1 minute' };
    // Codes mailed to one address: a flood of mails from many client addresses is still limited.
    const perEmail = { max: deps.config.forgotPasswordRateLimit, timeWindow: '1 hour' };
    const forgotPerEmail = perEmailRateLimit(app, 'forgot-password', perEmail);

    app.post(
      '/login',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          tags,
          operationId: 'signIn',
          summary: 'Sign in with e-mail and password',
          body: loginBody,
          response: withErrors(okResponse(sessionData)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Signed in.',
        data: await login(deps, request.body.email, request.body.password, request.ip),
      }),
    );

    app.post(
      '/register',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          tags,
          operationId: 'register',
          summary: 'Register an advertiser or agency account',
          description:
            'Register an advertiser or agency account (pending until the e-mailed code is verified)',
          body: registerBody,
          response: withErrors(okResponse(z.object({ email: z.string() }))),
        },
      },
      async (request, reply) => {
        checkRegistration(request.body);
        const company = await findCompanyForHost(deps.db, request.headers.host);
        // The same answer at the same time for a new, pending or taken address: the work follows it.
        deps.background.afterReply(reply, 'register', () =>
          recordRegistration(deps, request.body, company.agencyId),
        );
        return {
          success: true as const,
          message: 'We have sent a verification code to your e-mail address.',
          data: { email: request.body.email },
        };
      },
    );

    app.post(
      '/verify-otp',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          tags,
          operationId: 'verifyOtp',
          summary: 'Verify the e-mailed code; activates the account and signs in',
          body: verifyOtpBody,
          response: withErrors(okResponse(sessionData)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your e-mail address is verified.',
        data: await verifyEmail(deps, request.body.email, request.body.otp, request.body.password),
      }),
    );

    app.post(
      '/resend-verify-otp',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          tags,
          operationId: 'resendVerifyOtp',
          summary: 'Send a new verification code',
          body: emailBody,
          response: withErrors(messageResponse),
        },
      },
      async (request, reply) => {
        deps.background.afterReply(reply, 'resend-verification', () =>
          resendVerification(deps, request.body.email),
        );
        return { success: true as const, message: GENERIC_OTP_SENT_MESSAGE };
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { access: 'public', rateLimit: authLimit },
        preHandler: forgotPerEmail,
        schema: {
          tags,
          operationId: 'requestPasswordReset',
          summary: 'Mail a password-reset code',
          body: emailBody,
          response: withErrors(messageResponse),
        },
      },
      async (request, reply) => {
        deps.background.afterReply(reply, 'password-reset', () =>
          requestPasswordReset(deps, request.body.email),
        );
        return { success: true as const, message: GENERIC_OTP_SENT_MESSAGE };
      },
    );

    app.post(
      '/reset-password',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          tags,
          operationId: 'resetPassword',
          summary: 'Set a new password with the e-mailed code',
          body: resetPasswordBody,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await resetPassword(deps, request.body.email, request.body.otp, request.body.password);
        return { success: true as const, message: 'Your password has been reset. Please sign in.' };
      },
    );

    app.post(
      '/changePassword',
      {
        config: { access: 'profile.update' },
        schema: {
          tags,
          operationId: 'changePassword',
          summary: "Change the caller's password (other sessions end; this one gets a new token)",
          description:
            "Change the caller's password (other sessions end; this one gets a new token). A wrong current password counts toward the sign-in lockout (429 once locked); a parent acting as the user is refused (403)",
          security: bearer,
          body: changePasswordBody,
          response: withErrors(okResponse(sessionData)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your password has been changed.',
        data: await changeOwnPassword(
          deps,
          { principal: sessionPrincipalOf(request), address: request.ip },
          request.body.current_password,
          request.body.new_password,
        ),
      }),
    );

    app.post(
      '/userChangePassword',
      {
        config: { access: 'user.setPassword' },
        schema: {
          tags,
          operationId: 'setUserPassword',
          summary: "Set another user's password (admin, co-admin); that user's sessions end",
          security: bearer,
          body: userChangePasswordBody,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await setUserPassword(
          deps,
          principalOf(request),
          request.body.user_primary_id,
          request.body.new_password,
        );
        return { success: true as const, message: 'The password has been changed.' };
      },
    );

    app.get(
      '/profile',
      {
        config: { access: 'profile.read' },
        schema: {
          tags,
          operationId: 'getProfile',
          summary: "The caller's profile",
          security: bearer,
          response: withErrors(okResponse(userSchema)),
        },
      },
      async (request) => ({ success: true as const, data: await readProfile(deps, principalOf(request)) }),
    );

    app.put(
      '/profile',
      {
        config: { access: 'profile.update' },
        schema: {
          tags,
          operationId: 'updateProfile',
          summary: "Update the caller's names and company",
          security: bearer,
          body: profileUpdateBody,
          response: withErrors(okResponse(userSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Profile updated.',
        data: await updateProfile(deps, principalOf(request), request.body),
      }),
    );

    app.post(
      '/profile/email',
      {
        config: { access: 'profile.update' },
        schema: {
          tags,
          operationId: 'startEmailChange',
          summary: 'Start an e-mail change: a code goes to the new address',
          description:
            'Start an e-mail change: a code goes to the new address. A wrong password counts toward the sign-in lockout (429 once locked); a parent acting as the user is refused (403)',
          security: bearer,
          body: emailChangeBody,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await requestEmailChange(
          deps,
          { principal: sessionPrincipalOf(request), address: request.ip },
          request.body.new_email,
          request.body.password,
        );
        return { success: true as const, message: 'We have sent a code to the new address.' };
      },
    );

    app.post(
      '/profile/email/verify',
      {
        config: { access: 'profile.update' },
        schema: {
          tags,
          operationId: 'confirmEmailChange',
          summary: 'Confirm the e-mail change with the code',
          security: bearer,
          body: otpBody,
          response: withErrors(okResponse(userSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your e-mail address is changed.',
        data: await confirmEmailChange(deps, sessionPrincipalOf(request), request.body.otp),
      }),
    );

    app.get(
      '/refresh-token',
      {
        config: { access: 'session.manage' },
        schema: {
          tags,
          operationId: 'refreshToken',
          summary: 'A new token for the current session; the old token stops working',
          security: bearer,
          response: withErrors(
            z.object({ status: z.literal(1), success: z.literal(true), data: sessionData }),
          ),
        },
      },
      async (request) => ({
        status: 1 as const,
        success: true as const,
        data: await refreshSession(deps, sessionPrincipalOf(request)),
      }),
    );

    app.post(
      '/logout',
      {
        config: { access: 'session.manage' },
        schema: {
          tags,
          operationId: 'signOut',
          summary: 'End the current session and the impersonation sessions opened from it',
          security: bearer,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await logout(deps, sessionPrincipalOf(request));
        return { success: true as const, message: 'Signed out.' };
      },
    );

    app.post(
      '/auto-login',
      {
        config: { access: 'user.impersonate' },
        schema: {
          tags,
          operationId: 'actAsUser',
          summary: 'Act as a lower user and get the child session',
          description:
            'Act as a lower user: answers the child session (admin > co-admin > agency > own advertisers)',
          security: bearer,
          body: autoLoginBody,
          response: withErrors(okResponse(sessionData)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Signed in as the user.',
        data: await actAs(deps, sessionPrincipalOf(request), request.body.user_primary_id),
      }),
    );

    app.post(
      '/end-impersonation',
      {
        config: { access: 'session.manage' },
        schema: {
          tags,
          operationId: 'endImpersonation',
          summary: 'End the impersonation session of the caller',
          security: bearer,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await endImpersonation(deps, sessionPrincipalOf(request));
        return { success: true as const, message: 'Back to your own account.' };
      },
    );

    app.get(
      '/impersonation-targets',
      {
        config: { access: 'user.impersonate' },
        schema: {
          tags,
          operationId: 'listImpersonationTargets',
          summary: 'Active users the caller may act as, paged and searchable',
          security: bearer,
          querystring: pageQuery,
          response: withErrors(okResponse(pageOf(userSchema))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listImpersonationTargets(deps, principalOf(request), request.query),
      }),
    );

    app.get(
      '/user-settings/:user_primary_id',
      {
        config: { access: 'userSettings.read' },
        schema: {
          tags,
          operationId: 'getUserSettings',
          summary: "A user's settings; empty for admin and co-admin",
          description:
            "A user's settings (insight_dashboard, postback_enabled, api_access); empty for admin and co-admin",
          security: bearer,
          params: userPrimaryIdParams,
          response: withErrors(okResponse(userSettingsSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readUserSettings(deps, principalOf(request), request.params.user_primary_id),
      }),
    );
  };
