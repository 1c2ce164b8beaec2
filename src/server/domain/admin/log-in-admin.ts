import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { adminTokenRevocations, admins } from '@server/db/schema';
import { AppError, unauthorized } from '@server/errors';
import type { LoginThrottle } from '@server/lib/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@server/lib/passwords';
import { ADMIN_TOKEN_TTL_SECONDS, type TokenService } from '@server/lib/tokens';
import type { AdminAuth } from '@server/plugins/auth';
import { findAdminByUsername } from './create-admin';

/** Checks the password (argon2id) under a per-username throttle and issues a bearer token. */
export async function logInAdmin(
  db: Db,
  tokens: TokenService,
  throttle: LoginThrottle,
  credentials: { username: string; password: string },
) {
  const key = credentials.username.trim().toLowerCase();
  const wait = throttle.retryAfterSeconds(key);
  if (wait > 0) {
    throw new AppError(429, `Too many failed login attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  }
  const admin = await findAdminByUsername(db, key);
  // Verify against a dummy hash for unknown usernames so the timing does not reveal them.
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
  if (!admin || !ok) {
    throttle.recordFailure(key);
    throw unauthorized(messages.admin.invalidCredentials);
  }
  throttle.reset(key);
  await db.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, admin.id));
  return {
    access_token: await tokens.adminToken(admin.id, admin.username),
    token_type: 'bearer' as const,
    expires_in: ADMIN_TOKEN_TTL_SECONDS,
  };
}

/** Logout: the token stops working at once, though it has not expired. */
export async function revokeAdminToken(db: Db, auth: AdminAuth): Promise<void> {
  await db
    .insert(adminTokenRevocations)
    .values({ jti: auth.jti, adminId: auth.adminId, expiresAt: auth.expiresAt })
    .onConflictDoNothing();
}
