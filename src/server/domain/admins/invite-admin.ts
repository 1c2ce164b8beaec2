import type { AdminRole } from '@shared/statuses';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { admins } from '@server/db/schema';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { createAdmin, generatePassword } from './create-admin';

/**
 * An owner adds an admin with a generated password, returned once (only its hash is stored), which
 * the admin must replace before anything else (admins.must_change_password); audited.
 */
export async function inviteAdmin(
  db: Db,
  owner: AdminActor,
  invite: { username: string; role: AdminRole },
): Promise<{ username: string; role: AdminRole; password: string }> {
  const password = generatePassword();
  const created = await db.transaction(async (tx) => {
    const admin = await createAdmin(tx, invite.username, password, invite.role);
    await tx.update(admins).set({ mustChangePassword: true }).where(eq(admins.id, admin.id));
    await writeAudit(tx, owner, { action: 'admin.created', details: { username: admin.username, role: admin.role } });
    return admin;
  });
  return { username: created.username, role: created.role, password };
}
