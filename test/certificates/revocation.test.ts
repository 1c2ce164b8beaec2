// engines: both
/**
 * Revoking certificates (docs/product/admin.md#certificates): an owner revokes with a reason and
 * reinstates; staff cannot. A full refund of the course payment or a lost dispute revokes at once. A
 * revoked certificate verifies as revoked with its date and never its reason, cannot be downloaded and
 * cannot be activated. Each change is audited and e-mailed to the student, once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, certificates, emailOutbox, payments } from '@server/db/schema';
import { one } from '@server/db/rows';
import { WITHDRAWN_ON_REVOCATION } from '@server/domain/certificates/revoke-certificate';
import { applyProviderEvent } from '@server/domain/payments/apply-provider-event';
import { insertCertificate, insertPayment, pricePence } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

describe('certificate revocation', () => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await t.adminToken('owner-revokes', 'owner');
    staff = await t.adminToken('staff-member', 'staff');
  });
  afterAll(() => t.close());

  let address = 0;
  const verify = (certificateId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/certificates/${certificateId}`,
      remoteAddress: `198.51.100.${(address += 1)}`,
    });
  const revoke = (certificateId: string, payload: unknown, token = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${certificateId}/revoke`,
      headers: bearer(token),
      payload: payload as object,
    });
  const reinstate = (certificateId: string, token = owner) =>
    t.app.inject({ method: 'POST', url: `/api/admin/certificate/${certificateId}/reinstate`, headers: bearer(token) });
  const activate = (certificateId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${certificateId}/activate`,
      headers: bearer(owner),
      payload: {},
    });
  const row = async (certificateId: string) =>
    one(await t.db.select().from(certificates).where(eq(certificates.certificateId, certificateId)));
  const audits = async (certificateId: string) =>
    (await t.db.select().from(auditLog))
      .filter((r) => (r.details as { certificate_id?: string } | null)?.certificate_id === certificateId)
      .filter((r) => r.action === 'certificate.revoked' || r.action === 'certificate.reinstated');
  const mails = (studentId: string, template: 'certificate-revoked' | 'certificate-reinstated') =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.studentId, studentId), eq(emailOutbox.template, template)));
  const coursePayment = async (studentId: string) =>
    one(await t.db.select().from(payments).where(eq(payments.studentId, studentId)));

  describe('by an owner', () => {
    it('revokes with a reason, once: audited, e-mailed, verified as revoked without the reason', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: true });
      const id = certificate.certificateId;
      const res = await revoke(id, { reason: '  Plagiarised final project  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ certificate_id: id, revoked: true, changed: true });
      const stored = await row(id);
      expect(stored.revocationReason).toBe('Plagiarised final project');
      expect(stored.revokedAt).not.toBeNull();
      expect(stored.revokedBy).not.toBeNull();

      // Again: nothing changes, nothing more is written or sent.
      const again = await revoke(id, { reason: 'Another reason' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ revoked: true, changed: false });
      expect((await row(id)).revocationReason).toBe('Plagiarised final project');

      const [audit, ...more] = await audits(id);
      expect(more).toHaveLength(0);
      expect(audit).toMatchObject({
        action: 'certificate.revoked',
        adminUsername: 'owner-revokes',
        studentId: student.id,
        details: { certificate_id: id, reason: 'Plagiarised final project' },
      });
      const [mail, ...moreMail] = await mails(student.id, 'certificate-revoked');
      expect(moreMail).toHaveLength(0);
      expect(mail).toMatchObject({
        toAddress: student.email,
        data: { firstName: student.firstName, certificateId: id },
      });

      const verified = await verify(id);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({
        certificate_id: id,
        valid: false,
        status: 'revoked',
        revoked_on: stored.revokedAt!.toISOString().slice(0, 10),
      });
      expect(verified.body).not.toContain('Plagiarised');

      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/student/${student.id}/certificate/pdf`,
        headers: bearer(await t.studentToken(student.id)),
      });
      expect(pdf.statusCode).toBe(409);
      expect(pdf.json()).toEqual({ detail: messages.certificates.revoked });
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/student/${student.id}/certificate`,
        headers: bearer(await t.studentToken(student.id)),
      });
      expect(own.json()).toMatchObject({ status: 'revoked', certificate: { revoked_on: expect.any(String) } });
      expect(own.body).not.toContain('Plagiarised');

      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/certificates?page_size=200',
        headers: bearer(staff),
      });
      expect(listed.json().certificates.find((c: { certificate_id: string }) => c.certificate_id === id)).toMatchObject(
        { revoked_at: stored.revokedAt!.toISOString(), revocation_reason: 'Plagiarised final project' },
      );
    });

    it('withdraws the certificate e-mail not sent yet, so a revoked PDF never goes out', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: false });
      const id = certificate.certificateId;
      expect((await activate(id)).statusCode).toBe(200);
      const issued = () =>
        t.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.studentId, student.id), eq(emailOutbox.template, 'certificate-issued')));
      expect((await issued()).map((mail) => mail.status)).toEqual(['pending']);
      expect((await revoke(id, { reason: 'Issued to the wrong student' })).statusCode).toBe(200);
      expect(await issued()).toMatchObject([{ status: 'failed', lastError: WITHDRAWN_ON_REVOCATION }]);
    });

    it('reinstates: valid again, audited and e-mailed once; a repeat changes nothing', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: true });
      const id = certificate.certificateId;
      expect((await revoke(id, { reason: 'Mistaken identity' })).statusCode).toBe(200);
      const res = await reinstate(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ certificate_id: id, revoked: false, revoked_at: null, changed: true });
      expect(await row(id)).toMatchObject({ revokedAt: null, revokedBy: null, revocationReason: null });
      expect((await reinstate(id)).json()).toMatchObject({ revoked: false, changed: false });
      expect((await audits(id)).map((a) => a.action).sort()).toEqual(['certificate.reinstated', 'certificate.revoked']);
      expect(await mails(student.id, 'certificate-reinstated')).toHaveLength(1);
      expect((await verify(id)).json()).toMatchObject({ valid: true, status: 'valid', revoked_on: null });
    });

    it('requires a reason of 1 to 500 characters; nothing changes without one', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: true });
      const id = certificate.certificateId;
      for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        const res = await revoke(id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().detail).toContain(messages.certificates.revocationReasonRequired);
      }
      expect((await revoke(id, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
      expect(await audits(id)).toHaveLength(1);
    });

    it('refuses staff (403) and unknown ids (404)', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: true });
      const id = certificate.certificateId;
      expect((await revoke(id, { reason: 'Staff try' }, staff)).statusCode).toBe(403);
      expect((await reinstate(id, staff)).statusCode).toBe(403);
      expect((await row(id)).revokedAt).toBeNull();
      expect((await revoke('VBR-ZZZZZZZZZZ', { reason: 'No such' })).statusCode).toBe(404);
      expect((await reinstate('VBR-ZZZZZZZZZZ')).statusCode).toBe(404);
    });

    it('a revoked pending certificate cannot be activated (409) until it is reinstated', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: false });
      const id = certificate.certificateId;
      expect((await revoke(id, { reason: 'Under review' })).statusCode).toBe(200);
      expect((await verify(id)).json()).toMatchObject({ valid: false, status: 'revoked' });
      const refused = await activate(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: messages.certificates.activateRevoked });
      expect((await row(id)).activatedAt).toBeNull();
      expect((await reinstate(id)).statusCode).toBe(200);
      expect((await activate(id)).statusCode).toBe(200);
      expect((await verify(id)).json()).toMatchObject({ valid: true, status: 'valid' });
    });
  });

  describe('automatically', () => {
    it('a full refund of the course payment revokes the certificate at once, as the system', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: true });
      const payment = await coursePayment(student.id);
      expect(payment.paymentType).toBe('combined');
      const refunded = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refund`,
        headers: bearer(owner),
        payload: { reason: 'Asked for a refund' },
      });
      expect(refunded.statusCode).toBe(200);
      const stored = await row(certificate.certificateId);
      expect(stored.revocationReason).toBe(messages.certificates.revokedRefundedInFull);
      expect(stored.revokedBy).toBeNull();
      const [audit] = await audits(certificate.certificateId);
      expect(audit).toMatchObject({
        action: 'certificate.revoked',
        adminId: null,
        adminUsername: 'system (automatic revocation)',
        details: { reason: messages.certificates.revokedRefundedInFull },
      });
      expect(await mails(student.id, 'certificate-revoked')).toHaveLength(1);
      expect((await verify(certificate.certificateId)).json()).toMatchObject({ valid: false, status: 'revoked' });
    });

    it('a partial refund does not revoke; the refund that reaches the full amount does', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: true });
      const payment = await coursePayment(student.id);
      const reference = `sq-${randomUUID()}`;
      await t.db.update(payments).set({ providerReference: reference }).where(eq(payments.id, payment.id));
      const refundEvent = (pence: number) => ({
        eventId: randomUUID(),
        type: 'refund.updated',
        kind: 'refund' as const,
        refundId: `refund-${randomUUID()}`,
        paymentReference: reference,
        completed: true,
        providerStatus: 'COMPLETED',
        amount: { pence, currency: 'GBP' },
      });
      const now = new Date();
      expect(await applyProviderEvent(t.db, refundEvent(1000), { now })).toEqual({ outcome: 'applied' });
      expect((await row(certificate.certificateId)).revokedAt).toBeNull();
      expect((await verify(certificate.certificateId)).json()).toMatchObject({ valid: true, status: 'valid' });

      const rest = pricePence('combined', 'foundation') - 1000;
      expect(await applyProviderEvent(t.db, refundEvent(rest), { now })).toEqual({ outcome: 'applied' });
      expect((await row(certificate.certificateId)).revocationReason).toBe(messages.certificates.revokedRefundedInFull);
    });

    it('a refund of the enrolment fee alone does not revoke', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: true });
      const fee = await insertPayment(t.db, { studentId: student.id, paymentType: 'enrollment' });
      const refunded = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${fee.id}/refund`,
        headers: bearer(owner),
        payload: { reason: 'Duplicate fee' },
      });
      expect(refunded.statusCode).toBe(200);
      expect((await row(certificate.certificateId)).revokedAt).toBeNull();
    });

    it('a lost dispute revokes at once, a pending certificate too, so it cannot be activated', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: false });
      const payment = await coursePayment(student.id);
      const reference = `sq-${randomUUID()}`;
      await t.db.update(payments).set({ providerReference: reference }).where(eq(payments.id, payment.id));
      const dispute = (state: string, lost: boolean, reportedAt: Date) => ({
        eventId: randomUUID(),
        type: 'dispute.state.updated',
        kind: 'dispute' as const,
        disputeId: 'dp-1',
        paymentReference: reference,
        state,
        lost,
        amount: { pence: 1500, currency: 'GBP' },
        dueAt: null,
        reportedAt,
      });
      const now = new Date();
      await applyProviderEvent(t.db, dispute('EVIDENCE_REQUIRED', false, new Date(now.getTime() - 60_000)), { now });
      expect((await row(certificate.certificateId)).revokedAt).toBeNull();
      await applyProviderEvent(t.db, dispute('LOST', true, now), { now });
      const stored = await row(certificate.certificateId);
      expect(stored.revocationReason).toBe(messages.certificates.revokedDisputeLost);
      expect(await audits(certificate.certificateId)).toHaveLength(1);
      expect(await mails(student.id, 'certificate-revoked')).toHaveLength(1);
      expect((await activate(certificate.certificateId)).statusCode).toBe(409);
      expect((await verify(certificate.certificateId)).json()).toMatchObject({
        valid: false,
        status: 'revoked',
        issued_date: null,
      });
    });
  });
});
