/**
 * An admin turns two-factor sign-in on and off for themselves (docs/product/admin.md#two-factor-sign-in):
 * set-up stores a new secret (not yet on), a first code confirms it and turns it on with ten recovery
 * codes, a code turns it off. The routes ask for the current password first (step-up.ts). Turning it
 * on or off ends the admin's earlier sessions. Each change is audited in its transaction.
 */
import { eq, isNull } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { adminRecoveryCodes, adminTotp } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, sealTotpSecret } from './totp-codes';
import { endEarlierSessions } from './step-up';
import { acceptTotpCode, findAdminTotp } from './verify-second-factor';

const wrongCode = () => new DomainError('invalid', messages.adminSecurity.totpCodeWrong);

/** A new secret (replacing one not yet confirmed); refused while two-factor sign-in is on. */
export async function setUpTotp(
  db: Db,
  keys: PrivateDataKeyRing,
  admin: AdminActor,
  now: Date,
): Promise<{ secret: string; otpauthUrl: string }> {
  if ((await findAdminTotp(db, admin.adminId))?.enabledAt)
    throw new DomainError('conflict', messages.adminSecurity.totpAlreadyOn);
  const fresh = newTotpSecret(admin.username);
  const sealed = await sealTotpSecret(keys, admin.adminId, fresh.secret);
  const values = { ...sealed, enabledAt: null, lastUsedStep: null, createdAt: now };
  const [row] = await db
    .insert(adminTotp)
    .values({ adminId: admin.adminId, ...values })
    .onConflictDoUpdate({ target: adminTotp.adminId, set: values, setWhere: isNull(adminTotp.enabledAt) })
    .returning({ adminId: adminTotp.adminId });
  if (!row) throw new DomainError('conflict', messages.adminSecurity.totpAlreadyOn);
  return fresh;
}

/** Confirms the set-up with a first code: two-factor sign-in is on; returns the recovery codes (shown once). */
export async function enableTotp(
  db: Db,
  keys: PrivateDataKeyRing,
  admin: AdminActor,
  code: string,
  now: Date,
): Promise<string[]> {
  const row = await findAdminTotp(db, admin.adminId);
  if (!row) throw new DomainError('conflict', messages.adminSecurity.totpNotSetUp);
  if (row.enabledAt) throw new DomainError('conflict', messages.adminSecurity.totpAlreadyOn);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, keys, admin.adminId, code, now, 'pending'))) throw wrongCode();
    await tx.update(adminTotp).set({ enabledAt: now }).where(eq(adminTotp.adminId, admin.adminId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.adminId));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((c) => ({ adminId: admin.adminId, codeHash: hashRecoveryCode(c) })));
    await endEarlierSessions(tx, admin.adminId, now);
    await writeAudit(tx, admin, { action: 'admin.totp_enabled', details: { username: admin.username } });
  });
  return codes;
}

/** Turns two-factor sign-in off with a current code (accepted once, like at sign-in). */
export async function disableTotp(
  db: Db,
  keys: PrivateDataKeyRing,
  admin: AdminActor,
  code: string,
  now: Date,
): Promise<void> {
  if (!(await findAdminTotp(db, admin.adminId))?.enabledAt)
    throw new DomainError('conflict', messages.adminSecurity.totpNotOn);
  await db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, keys, admin.adminId, code, now))) throw wrongCode();
    await clearTotp(tx, admin.adminId);
    await endEarlierSessions(tx, admin.adminId, now);
    await writeAudit(tx, admin, { action: 'admin.totp_disabled', details: { username: admin.username } });
  });
}

/** Removes the secret and the recovery codes: the admin signs in with the password alone. */
export async function clearTotp(tx: Db, adminId: string): Promise<boolean> {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  const removed = await tx.delete(adminTotp).where(eq(adminTotp.adminId, adminId)).returning();
  return removed.length > 0;
}
