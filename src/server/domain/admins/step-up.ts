/**
 * Step-up for changes to how an admin signs in (docs/product/admin.md#two-factor-sign-in): a session
 * alone is not enough, the current password is asked again, under a throttle per admin account and
 * address. And such a change ends the admin's other sessions.
 */
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { admins } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AccountThrottle } from '@server/auth/login-throttle';
import { verifyPassword } from '@server/auth/passwords';

/** 429 when this account (or this address for it) has guessed too often; 400 when the password is wrong. */
export async function checkCurrentPassword(
  db: Db,
  throttle: AccountThrottle,
  adminId: string,
  password: string,
  address: string,
  now: Date,
): Promise<void> {
  await reserveAccountAttempt(throttle, adminId, address, now);
  const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, adminId));
  if (!row) throw new DomainError('unauthenticated', messages.common.notSignedIn);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new DomainError('invalid', messages.adminSecurity.currentPasswordWrong);
  }
}

/** Counts one guess at this account's secrets before it is checked; 429 over the limits. */
export async function reserveAccountAttempt(
  throttle: AccountThrottle,
  adminId: string,
  address: string,
  now: Date,
): Promise<void> {
  const waitSeconds = await throttle.reserve(adminId, address, now.getTime());
  if (waitSeconds > 0) {
    throw new DomainError('rate_limited', messages.adminSecurity.tooManyTries(Math.ceil(waitSeconds / 60)));
  }
}

/**
 * Every token of the admin issued before `now` is refused from then on (plugins/auth.ts compares the
 * token's time with this column): call it in the transaction of the change; the caller gets a new token.
 */
export async function endEarlierSessions(tx: Db, adminId: string, now: Date): Promise<void> {
  await tx.update(admins).set({ passwordChangedAt: now }).where(eq(admins.id, adminId));
}
