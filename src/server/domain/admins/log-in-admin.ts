import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { adminTokenRevocations, admins } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AccountThrottle, LoginThrottle } from '@server/auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@server/auth/passwords';
import { ADMIN_TOKEN_TTL_SECONDS, type TokenService } from '@server/auth/tokens';
import type { AdminActor } from '../actor';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { findAdminByUsername } from './find-admin';
import { endEarlierSessions, reserveAccountAttempt } from './step-up';
import { acceptTotpCode, findAdminTotp, useRecoveryCode } from './verify-second-factor';

export interface AdminSession {
  token: string;
  expiresInSeconds: number;
}

export interface AdminCredentials {
  username: string;
  password: string;
  totp_code?: string;
  recovery_code?: string;
}

/**
 * Checks the password (argon2id) under the login throttle (per username + address) and issues a
 * bearer token. With two-factor sign-in on, a code from the app (accepted once) or an unused recovery
 * code must come with it: without one the answer says `totp_required` (only once the password was
 * right); a wrong one is a failed attempt like a wrong password.
 */
export async function logInAdmin(
  db: Db,
  tokens: TokenService,
  keys: PrivateDataKeyRing,
  throttles: { login: LoginThrottle; secondFactor: AccountThrottle },
  credentials: AdminCredentials,
  address: string,
  now: Date,
): Promise<AdminSession> {
  const key = credentials.username.trim().toLowerCase();
  // The attempt is counted before the password is checked: concurrent guesses cannot all get through.
  const { refusedForSeconds, delayMs } = await throttles.login.reserve(key, address, now.getTime());
  if (refusedForSeconds > 0) {
    throw new DomainError('rate_limited', messages.admin.tooManyLoginAttempts(Math.ceil(refusedForSeconds / 60)));
  }
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const admin = await findAdminByUsername(db, key);
  // Verify against a dummy hash for unknown usernames so the timing does not reveal them.
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
  if (!admin || !ok) throw new DomainError('unauthenticated', messages.admin.invalidCredentials);
  await checkSecondFactor(db, keys, throttles.secondFactor, admin.id, credentials, address, now);
  await throttles.login.succeeded(key, address);
  await db.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, admin.id));
  return { token: await tokens.adminToken(admin.id, admin.username, now), expiresInSeconds: ADMIN_TOKEN_TTL_SECONDS };
}

/**
 * The code or recovery code, once the password was right. Tries are counted per admin account (all
 * addresses) as well as per address: only someone who has the password can use them up.
 * A recovery code used ends the admin's other sessions (the phone may be in other hands).
 */
async function checkSecondFactor(
  db: Db,
  keys: PrivateDataKeyRing,
  throttle: AccountThrottle,
  adminId: string,
  credentials: AdminCredentials,
  address: string,
  now: Date,
): Promise<void> {
  if (!(await findAdminTotp(db, adminId))?.enabledAt) return;
  const required = { totp_required: true } as const;
  if (credentials.totp_code) {
    await reserveAccountAttempt(throttle, adminId, address, now);
    if (await acceptTotpCode(db, keys, adminId, credentials.totp_code, now)) {
      return throttle.succeeded(adminId, address);
    }
    throw new DomainError('unauthenticated', messages.adminSecurity.totpCodeWrong, required);
  }
  if (credentials.recovery_code) {
    await reserveAccountAttempt(throttle, adminId, address, now);
    const used = await db.transaction(async (tx) => {
      if (!(await useRecoveryCode(tx, adminId, credentials.recovery_code ?? '', now))) return false;
      await endEarlierSessions(tx, adminId, now);
      return true;
    });
    if (used) return throttle.succeeded(adminId, address);
    throw new DomainError('unauthenticated', messages.adminSecurity.recoveryCodeWrong, required);
  }
  throw new DomainError('unauthenticated', messages.adminSecurity.totpRequired, required);
}

/** Logout: the token stops working at once, though it has not expired. */
export async function revokeAdminToken(db: Db, admin: AdminActor): Promise<void> {
  await db
    .insert(adminTokenRevocations)
    .values({ jti: admin.jti, adminId: admin.adminId, expiresAt: admin.expiresAt })
    .onConflictDoNothing();
}
