/**
 * An admin changes their own password (docs/product/admin.md#two-factor-sign-in): the current one
 * first (and, with two-factor sign-in on, a current code from the app, accepted once), then a new one of at least MIN_PASSWORD_LENGTH that differs from it. Every token of this
 * admin issued before the change is refused from then on (plugins/auth.ts), so a device signed in with
 * the old password, or by someone who knew it, is signed out; the caller gets a new token. Audited.
 */
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { admins } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '@server/auth/passwords';
import type { AdminActor } from '../actor';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { writeAudit } from '../audit/write-audit';
import { acceptTotpCode, findAdminTotp } from './verify-second-factor';

export async function changeOwnPassword(
  db: Db,
  admin: AdminActor,
  keys: PrivateDataKeyRing,
  passwords: { current: string; next: string; code?: string },
  now: Date,
): Promise<void> {
  if (passwords.next.length < MIN_PASSWORD_LENGTH)
    throw new DomainError('invalid', messages.adminSecurity.passwordTooShort(MIN_PASSWORD_LENGTH));
  if (passwords.next === passwords.current) throw new DomainError('invalid', messages.adminSecurity.passwordUnchanged);
  const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.adminId));
  if (!row) throw new DomainError('unauthenticated', messages.common.notSignedIn);
  if (!(await verifyPassword(row.passwordHash, passwords.current))) {
    throw new DomainError('invalid', messages.adminSecurity.currentPasswordWrong);
  }
  if ((await findAdminTotp(db, admin.adminId))?.enabledAt) {
    if (!passwords.code) throw new DomainError('invalid', messages.adminSecurity.totpRequired);
    if (!(await acceptTotpCode(db, keys, admin.adminId, passwords.code, now))) {
      throw new DomainError('invalid', messages.adminSecurity.totpCodeWrong);
    }
  }
  const passwordHash = await hashPassword(passwords.next);
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false })
      .where(eq(admins.id, admin.adminId));
    await writeAudit(tx, admin, { action: 'admin.password_changed', details: { username: admin.username } });
  });
}
