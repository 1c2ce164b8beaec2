import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { admins } from '@server/db/schema';
import { createAdmin, generatePassword } from './create-admin';

/**
 * On an empty admin table only: with ADMIN_USERNAME/ADMIN_PASSWORD, create that admin (an owner); with
 * neither, create `admin` with a random password and print it once. Once any admin exists nothing is
 * created, so an admin removed in the app is not brought back by a restart with the variables still set
 * (to the terminal, not to the structured logs). There is never a fixed default password.
 * Processes starting at once on one database take turns (an advisory lock held until commit), so
 * the admin is created once and the others find it.
 */
export async function bootstrapAdmin(
  db: Db,
  configured: { username: string; password: string } | undefined,
  log: (line: string) => void,
  printOnce: (line: string) => void,
): Promise<void> {
  const generated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('vbr-bootstrap-admin', 0))`);
    return createMissingAdmin(tx, configured, log);
  });
  if (!generated) return;
  printOnce(
    [
      '',
      '================================================================',
      ' First start: created administrator "admin" with this password:',
      `   ${generated}`,
      ' It is shown only this once. Sign in at /admin/login.',
      ' Add more admins with: npm run admin -- create <username>',
      '================================================================',
      '',
    ].join('\n'),
  );
}

/** On an empty admin table, creates the configured admin or `admin`; returns a generated password. */
async function createMissingAdmin(
  db: Db,
  configured: { username: string; password: string } | undefined,
  log: (line: string) => void,
): Promise<string | undefined> {
  const { count } = one(await db.select({ count: sql<number>`count(*)::int` }).from(admins));
  if (count > 0) return undefined;
  if (configured) {
    await createAdmin(db, configured.username, configured.password);
    log(`Created admin "${configured.username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
    return undefined;
  }
  const password = generatePassword();
  await createAdmin(db, 'admin', password);
  return password;
}
