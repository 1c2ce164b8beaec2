import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { adminTokenRevocations, admins } from '@server/db/schema';
import { AppError, unauthorized } from '@server/errors';
import type { LoginThrottle } from '@server/lib/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@server/lib/passwords';
import { ADMIN_TOKEN_TTL_SECONDS, type TokenService } from '@server/lib/tokens';
import type { AdminActor } from '../actor';
import { findAdminByUsername } from './find-admin';

export interface AdminSession {
  token: string;
  expiresInSeconds: number;
}

/** Checks the password (argon2id) under the login throttle (per username + address) and issues a bearer token. */
export async function logInAdmin(
  db: Db,
  tokens: TokenService,
  throttle: LoginThrottle,
  credentials: { username: string; password: string },
  address: string,
): Promise<AdminSession> {
  const key = credentials.username.trim().toLowerCase();
  // The attempt is counted before the password is checked: concurrent guesses cannot all get through.
  const { refusedForSeconds, delayMs } = await throttle.reserve(key, address);
  if (refusedForSeconds > 0) {
    throw new AppError(429, messages.admin.tooManyLoginAttempts(Math.ceil(refusedForSeconds / 60)));
  }
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const admin = await findAdminByUsername(db, key);
  // Verify against a dummy hash for unknown usernames so the timing does not reveal them.
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
  if (!admin || !ok) throw unauthorized(messages.admin.invalidCredentials);
  await throttle.succeeded(key, address);
  await db.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, admin.id));
  return { token: await tokens.adminToken(admin.id, admin.username), expiresInSeconds: ADMIN_TOKEN_TTL_SECONDS };
}

/** Logout: the token stops working at once, though it has not expired. */
export async function revokeAdminToken(db: Db, admin: AdminActor): Promise<void> {
  await db
    .insert(adminTokenRevocations)
    .values({ jti: admin.jti, adminId: admin.adminId, expiresAt: admin.expiresAt })
    .onConflictDoNothing();
}
