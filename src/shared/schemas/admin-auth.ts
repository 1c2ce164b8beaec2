import { z } from 'zod';
import { text } from './text';
import { messages } from '@shared/messages';
import { MIN_PASSWORD_LENGTH } from '@shared/passwords';
import { ADMIN_ROLES } from '@shared/statuses';

const required = text({ error: messages.admin.loginFieldsRequired }).trim().min(1, messages.admin.loginFieldsRequired);

/** A 6-digit code from an authenticator app (spaces allowed, as apps show `123 456`). */
export const totpCode = text({ error: messages.adminSecurity.totpCodeFormat })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, messages.adminSecurity.totpCodeFormat));

/** The signed-in admin's current password, asked again before a change to how they sign in. */
const currentPassword = text({ error: messages.adminSecurity.currentPasswordRequired })
  .min(1, messages.adminSecurity.currentPasswordRequired)
  .max(256, messages.adminSecurity.currentPasswordWrong);

/** POST /api/admin/me/password: the current password, then the new one (its length is checked by the server's rule). */
export const adminPasswordChangeBody = z.object({
  current_password: currentPassword,
  new_password: text({ error: messages.adminSecurity.passwordTooShort(MIN_PASSWORD_LENGTH) }).max(256),
  /** With two-factor sign-in on: a current code from the app as well. */
  code: totpCode.optional(),
});
export type AdminPasswordChangeBody = z.input<typeof adminPasswordChangeBody>;

export const adminLoginBody = z.object({
  username: required.max(64, messages.admin.invalidCredentials),
  password: text({ error: messages.admin.loginFieldsRequired })
    .min(1, messages.admin.loginFieldsRequired)
    .max(256, messages.admin.invalidCredentials),
  /** With two-factor sign-in on: a code from the app, or one of the recovery codes. */
  totp_code: totpCode.optional(),
  recovery_code: text().trim().min(1).max(64, messages.adminSecurity.recoveryCodeWrong).optional(),
});
export type AdminLoginBody = z.input<typeof adminLoginBody>;

/** A 401 at login: `totp_required` when the password was right but a second factor is needed. */
export const adminLoginError = z.object({ detail: z.string(), totp_required: z.boolean().optional() });

export const adminLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;

/** GET /api/admin/me: who is signed in and what they may do. */
export const adminMeResponse = z.object({
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  totp_enabled: z.boolean(),
});
export type AdminMeResponse = z.infer<typeof adminMeResponse>;

export const totpSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /api/admin/totp/setup. */
export const totpSetupBody = z.object({ password: currentPassword });
export type TotpSetupBody = z.input<typeof totpSetupBody>;

/** POST /api/admin/totp/enable and …/disable: the current password and a code from the app. */
export const totpCodeBody = z.object({ password: currentPassword, code: totpCode });
export type TotpCodeBody = z.input<typeof totpCodeBody>;

/** Enabling two-factor ends the other sessions: a new token for this one comes with the recovery codes. */
export const totpEnableResponse = adminLoginResponse.extend({ recovery_codes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

/** The Admins tab (owners): `GET /api/admin/admins`. */
export const adminAccountSchema = z.object({
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  totp_enabled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminListResponse = z.object({ admins: z.array(adminAccountSchema) });
export type AdminListResponse = z.infer<typeof adminListResponse>;

const roleField = z.enum(ADMIN_ROLES, { error: 'role must be owner or staff' });

export const adminInviteBody = z.object({
  username: text({ error: messages.adminSecurity.usernameFormat })
    .trim()
    .regex(/^[A-Za-z0-9._@-]{3,64}$/, messages.adminSecurity.usernameFormat),
  role: roleField,
});
export type AdminInviteBody = z.infer<typeof adminInviteBody>;

/** The generated password is in this answer only. */
export const adminInviteResponse = z.object({ username: z.string(), role: z.enum(ADMIN_ROLES), password: z.string() });
export type AdminInviteResponse = z.infer<typeof adminInviteResponse>;

export const adminRoleBody = z.object({ role: roleField });
export const adminUsernameParams = z.object({ username: text().trim().min(1).max(64) });
