import { z } from 'zod';
import { text } from './text';
import { messages } from '@shared/messages';
import { ADMIN_ROLES } from '@shared/statuses';

const required = text({ error: messages.admin.loginFieldsRequired }).trim().min(1, messages.admin.loginFieldsRequired);

export const adminLoginBody = z.object({
  username: required.max(64, messages.admin.invalidCredentials),
  password: text({ error: messages.admin.loginFieldsRequired })
    .min(1, messages.admin.loginFieldsRequired)
    .max(256, messages.admin.invalidCredentials),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

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
