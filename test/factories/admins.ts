/** Admins through the data layer. */
import type { Db } from '@server/db/client';
import { admins, type Admin } from '@server/db/schema';
import { hashPassword } from '@server/auth/passwords';
import type { AdminRole } from '@shared/statuses';
import { one } from '@server/db/rows';

/** The password of every admin made here. */
export const TEST_ADMIN_PASSWORD = 'correct-horse-battery-staple';

/**
 * Its argon2id hash, computed once per worker by the production hashPassword: each admin costs an
 * insert, not a deliberately slow hash, and still signs in through the real verification.
 */
let passwordHash: Promise<string> | undefined;

/** An admin who signs in with TEST_ADMIN_PASSWORD. */
export async function insertAdmin(db: Db, username = 'admin', role: AdminRole = 'owner'): Promise<Admin> {
  passwordHash ??= hashPassword(TEST_ADMIN_PASSWORD);
  const admin = one(
    await db
      .insert(admins)
      .values({ username, role, passwordHash: await passwordHash })
      .returning(),
  );
  return admin;
}
