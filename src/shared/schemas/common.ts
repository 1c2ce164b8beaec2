import { z } from 'zod';
import { text } from './text';

/**
 * Every error body: `{ "detail": "..." }` (docs/product/api-contracts.md), with the flags an admin's
 * sign-in may add for the client to act on (docs/product/admin.md). Declared here, so a route that
 * lists its error responses cannot strip them.
 */
export const errorSchema = z.object({
  detail: z.string(),
  totp_required: z.boolean().optional(),
  totp_setup_required: z.boolean().optional(),
  password_change_required: z.boolean().optional(),
});

export const uuidSchema = z.uuid({ message: 'Invalid id' });

export const studentIdParams = z.object({ id: uuidSchema });

export const emailParams = z.object({ email: text().trim().min(1).max(254) });
