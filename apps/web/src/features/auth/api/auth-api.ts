// The public auth calls of the API contract (docs/architecture.md), one function each.
import { type ApiResult, apiPost } from '../../../lib/http/api-client.ts';
import type { SessionData } from '../../../lib/session/session-store.ts';

const asVisitor = { anonymous: true } as const;

export type RegisterRole = 'ADVERTISER' | 'AGENCY';

export type RegisterBody = {
  role: RegisterRole;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

export const requestLogin = (body: { email: string; password: string }): Promise<ApiResult<SessionData>> =>
  apiPost<SessionData>('/api/auth/login', body, asVisitor);

export const requestRegistration = (body: RegisterBody): Promise<ApiResult<{ email: string }>> =>
  apiPost<{ email: string }>('/api/auth/register', body, asVisitor);

/** The password is the registration's: the code completes only the registration made with it. */
export const verifyRegistrationOtp = (body: {
  email: string;
  otp: string;
  password: string;
}): Promise<ApiResult<SessionData>> => apiPost<SessionData>('/api/auth/verify-otp', body, asVisitor);

export const resendRegistrationOtp = (body: { email: string }): Promise<ApiResult<unknown>> =>
  apiPost('/api/auth/resend-verify-otp', body, asVisitor);

export const requestPasswordReset = (body: { email: string }): Promise<ApiResult<unknown>> =>
  apiPost('/api/auth/forgot-password', body, asVisitor);

export const resetPassword = (body: {
  email: string;
  otp: string;
  password: string;
}): Promise<ApiResult<unknown>> => apiPost('/api/auth/reset-password', body, asVisitor);
