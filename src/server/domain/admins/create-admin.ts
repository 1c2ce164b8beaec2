import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { AdminRole } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { admins } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { hashPassword, MIN_PASSWORD_LENGTH } from '@server/auth/passwords';
import { findAdminByUsername } from './find-admin';

export function generatePassword(): string {
  return randomBytes(18).toString('base64url'); // 24 characters
}

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

/**
 * Creates an admin (an owner unless said): 400 when the username or password does not fit, 409 when
 * the username is taken, whatever its letter case (decided by the unique index, so two at once cannot both win).
 */
export async function createAdmin(db: Db, username: string, password: string, role: AdminRole = 'owner') {
  const name = username.trim();
  if (!USERNAME_PATTERN.test(name)) throw new DomainError('invalid', messages.adminSecurity.usernameFormat);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('invalid', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const [created] = await db
    .insert(admins)
    .values({ username: name, role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: admins.id, username: admins.username, role: admins.role });
  if (!created) throw new DomainError('conflict', messages.adminSecurity.adminExists);
  return created;
}

/**
 * `npm run admin -- set-password`: like the admin's own change, it signs out every token issued before
 * `now`.
 */
export async function setAdminPassword(db: Db, username: string, password: string, now: Date): Promise<boolean> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const admin = await findAdminByUsername(db, username);
  if (!admin) return false;
  await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now })
    .where(eq(admins.id, admin.id));
  return true;
}
