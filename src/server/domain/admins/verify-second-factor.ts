import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { adminRecoveryCodes, adminTotp } from '@server/db/schema';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { hashRecoveryCode, openTotpSecret, totpStepOf } from './totp-codes';

/** The admin's TOTP row, set up (`enabled` false) or on; null when there is none. */
export async function findAdminTotp(db: Db, adminId: string) {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminId, adminId)).limit(1);
  return row ?? null;
}

/**
 * Accepts a code once: it must match the admin's secret at `now`, and its time step must be later
 * than the last accepted one. The step is recorded by one conditional UPDATE, so of two requests with
 * the same code (on any processes) exactly one succeeds. `pending` accepts a secret not yet enabled
 * (the confirmation code of the set-up).
 */
export async function acceptTotpCode(
  db: Db,
  keys: PrivateDataKeyRing,
  adminId: string,
  code: string,
  now: Date,
  state: 'enabled' | 'pending' = 'enabled',
): Promise<boolean> {
  const row = await findAdminTotp(db, adminId);
  if (!row || (state === 'enabled') !== (row.enabledAt !== null)) return false;
  const step = totpStepOf(openTotpSecret(keys, adminId, row), code, now);
  if (step === null) return false;
  const accepted = await db
    .update(adminTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(adminTotp.adminId, adminId),
        state === 'enabled' ? isNotNull(adminTotp.enabledAt) : isNull(adminTotp.enabledAt),
        or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, step)),
      ),
    )
    .returning({ adminId: adminTotp.adminId });
  return accepted.length === 1;
}

/** Uses a recovery code at `now`: marked used by one conditional UPDATE, so it works exactly once. */
export async function useRecoveryCode(db: Db, adminId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1;
}
