import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { admins } from '@server/db/schema';
import { createAdmin, generatePassword } from './create-admin';

/**
 * On an empty admin table only: with ADMIN_USERNAME/ADMIN_PASSWORD, create that admin (an owner); with
 * neither, create `admin` with a random password and hand it over once (`handOver`: start-up.ts writes
 * it to a file only its user can read, never to the log stream, which is collected and kept). Once any
 * admin exists nothing is created, so an admin removed in the app is not brought back by a restart
 * with the variables still set. There is never a fixed default password.
 * Processes starting at once on one database take turns (an advisory lock held until commit), so
 * the admin is created once and the others find it.
 */
export async function bootstrapAdmin(
  db: Db,
  configured: { username: string; password: string } | undefined,
  log: (line: string) => void,
  handOver: (password: string) => void | Promise<void>,
): Promise<void> {
  const generated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('vbr-bootstrap-admin', 0))`);
    return createMissingAdmin(tx, configured, log);
  });
  if (generated) await handOver(generated);
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
