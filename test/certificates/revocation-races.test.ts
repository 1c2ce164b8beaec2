// engines: both
/**
 * A full refund of the course payment and the certificate's activation at once (on PostgreSQL they
 * really interleave on separate connections): whichever commits first, the certificate ends revoked,
 * never "activated and valid" after a full refund. An activation that waited on the refund's row lock
 * re-reads the row and is refused (409); one that committed first is revoked by the refund.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, certificates, payments } from '@server/db/schema';
import { one } from '@server/db/rows';
import { insertCertificate } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

const TRIES = 15;

describe('certificate revocation races', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await t.adminToken();
  });
  afterAll(() => t.close());

  it(`a full refund and an activation at once end revoked (${TRIES} tries)`, { timeout: 120_000 }, async () => {
    for (let i = 0; i < TRIES; i += 1) {
      const { student, certificate } = await insertCertificate(t.db, { activated: false });
      const payment = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
      const [refund, activation] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${payment.id}/refund`,
          headers: bearer(owner),
          payload: { reason: 'Race' },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/certificate/${certificate.certificateId}/activate`,
          headers: bearer(owner),
          payload: {},
        }),
      ]);
      expect(refund.statusCode).toBe(200);
      expect([200, 409]).toContain(activation.statusCode);
      if (activation.statusCode === 409)
        expect(activation.json()).toEqual({ detail: messages.certificates.activateRevoked });

      const stored = one(
        await t.db.select().from(certificates).where(eq(certificates.certificateId, certificate.certificateId)),
      );
      expect(stored.revokedAt).not.toBeNull();
      expect(stored.revocationReason).toBe(messages.certificates.revokedRefundedInFull);
      // Activated only when the activation answered 200 (it committed before the refund).
      expect(stored.activatedAt !== null).toBe(activation.statusCode === 200);
      const verified = await t.app.inject({
        method: 'GET',
        url: `/api/certificates/${certificate.certificateId}`,
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(verified.json()).toMatchObject({ valid: false, status: 'revoked' });
      const revokedAudits = (await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id))).filter(
        (a) => a.action === 'certificate.revoked',
      );
      expect(revokedAudits).toHaveLength(1);
    }
  });
});
