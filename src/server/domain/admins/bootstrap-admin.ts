import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { admins } from '@server/db/schema';
import { createAdmin, generatePassword } from './create-admin';
import { findAdminByUsername } from './find-admin';

/**
 * DESIGN.md section 2: with ADMIN_USERNAME/ADMIN_PASSWORD, create that admin if missing.
 * With neither and no admin at all, create `admin` with a random password and print it once
 * (to the terminal, not to the structured logs). There is never a fixed default password.
 */
export async function bootstrapAdmin(
  db: Db,
  configured: { username: string; password: string } | undefined,
  log: (line: string) => void,
  printOnce: (line: string) => void,
): Promise<void> {
  if (configured) {
    if (!(await findAdminByUsername(db, configured.username))) {
      await createAdmin(db, configured.username, configured.password);
      log(`Created admin "${configured.username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
    }
    return;
  }
  const { count } = one(await db.select({ count: sql<number>`count(*)::int` }).from(admins));
  if (count > 0) return;
  const password = generatePassword();
  await createAdmin(db, 'admin', password);
  printOnce(
    [
      '',
      '================================================================',
      ' First start: created administrator "admin" with this password:',
      `   ${password}`,
      ' It is shown only this once. Sign in at /admin/login.',
      ' Add more admins with: npm run admin -- create <username>',
      '================================================================',
      '',
    ].join('\n'),
  );
}
