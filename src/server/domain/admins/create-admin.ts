import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { admins } from '@server/db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH } from '@server/lib/passwords';
import { findAdminByUsername } from './find-admin';

export function generatePassword(): string {
  return randomBytes(18).toString('base64url'); // 24 characters
}

/** Creates an admin; throws when the username is taken or the password is too short. */
export async function createAdmin(db: Db, username: string, password: string) {
  const name = username.trim();
  if (!/^[A-Za-z0-9._@-]{3,64}$/.test(name)) {
    throw new Error('Username must be 3-64 letters, digits or . _ @ -');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (await findAdminByUsername(db, name)) throw new Error(`Admin "${name}" already exists`);
  return one(
    await db
      .insert(admins)
      .values({ username: name, passwordHash: await hashPassword(password) })
      .returning({ id: admins.id, username: admins.username }),
  );
}

export async function setAdminPassword(db: Db, username: string, password: string): Promise<boolean> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const admin = await findAdminByUsername(db, username);
  if (!admin) return false;
  await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(admins.id, admin.id));
  return true;
}
