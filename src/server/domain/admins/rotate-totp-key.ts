import { eq, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { adminTotp } from '@server/db/schema';
import { UnknownIdDocumentKeyError, type PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import type { KeyRotationSummary } from '../id-verification/rotate-id-document-key';
import { openTotpSecret, sealTotpSecret } from './totp-codes';

/**
 * Re-encrypts the admins' two-factor secrets with the current ID document key, as `rotate-id-key` does
 * for the documents (docs/id-documents.md): a school has a handful of admins, so one transaction.
 */
export async function rotateTotpKey(db: Db, keys: PrivateDataKeyRing): Promise<KeyRotationSummary> {
  return db.transaction(async (tx) => {
    const summary: KeyRotationSummary = { reencrypted: 0, unreadable: 0 };
    const rows = await tx.select().from(adminTotp).where(ne(adminTotp.keyId, keys.currentKeyId)).for('update');
    for (const row of rows) {
      let secret: string;
      try {
        secret = openTotpSecret(keys, row.adminId, row);
      } catch (error) {
        if (!(error instanceof UnknownIdDocumentKeyError)) throw error;
        summary.unreadable += 1;
        continue;
      }
      await tx
        .update(adminTotp)
        .set(await sealTotpSecret(keys, row.adminId, secret))
        .where(eq(adminTotp.adminId, row.adminId));
      summary.reencrypted += 1;
    }
    return summary;
  });
}
