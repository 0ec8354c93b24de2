// Request and response schemas of the auth endpoints, shared by the API (validation, OpenAPI)
// and the console (forms). See docs/architecture.md for the contract table.
import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { emailSchema } from '../validation/email.ts';
import { otpSchema } from '../validation/otp.ts';
import { passwordSchema } from '../validation/password.ts';
import { int8IdParam } from './ids.ts';

/** E-mail addresses are looked up and stored lower-case. */
export const emailField = emailSchema.transform((email) => email.toLowerCase());
const personName = z.string().trim().min(1, 'This field is required.').max(100, 'At most 100 characters.');

const userPrimaryId = int8IdParam('user id');
/** A password given to be checked (not set): any text the policy may once have allowed. */
const givenPassword = z.string().min(1, 'Password is required.').max(200);

export const loginBody = z.object({
  email: emailField,
  password: givenPassword,
});

export const registerBody = z.object({
  role: z.enum(['ADVERTISER', 'AGENCY'], 'Choose advertiser or agency.'),
  email: emailField,
  password: passwordSchema,
  firstName: personName,
  lastName: personName,
  companyName: personName,
});

export const emailBody = z.object({ email: emailField });
/** The password is the registration's own: the code completes only the registration made with it. */
export const verifyOtpBody = z.object({
  email: emailField,
  otp: otpSchema,
  password: givenPassword,
});
export const resetPasswordBody = z.object({ email: emailField, otp: otpSchema, password: passwordSchema });
export const changePasswordBody = z.object({
  current_password: z.string().min(1, 'Current password is required.').max(200),
  new_password: passwordSchema,
});
export const userChangePasswordBody = z.object({
  user_primary_id: userPrimaryId,
  new_password: passwordSchema,
});
export const profileUpdateBody = z.object({
  firstName: personName,
  lastName: personName,
  companyName: personName,
});
export const autoLoginBody = z.object({ user_primary_id: userPrimaryId });
export const userPrimaryIdParams = z.object({ user_primary_id: userPrimaryId });

export const userSchema = z.object({
  _id: z.string(),
  user_primary_id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['PENDING', 'ACTIVE', 'INACTIVE']),
});
export type User = z.infer<typeof userSchema>;

export const sessionData = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  role: z.enum(ROLES),
  _id: z.string(),
  user_primary_id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
});
export type SessionData = z.infer<typeof sessionData>;

export const userSettingsSchema = z.object({
  insight_dashboard: z.boolean().optional(),
  postback_enabled: z.enum(['ENABLED', 'DISABLED']).optional(),
  api_access: z.boolean().optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const emailChangeBody = z.object({
  new_email: emailField,
  password: givenPassword,
});
export const otpBody = z.object({ otp: otpSchema });
