// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, stageProgress } from '@server/db/schema';
import { messages } from '@shared/messages';
import { certificateVerificationSchema } from '@shared/schemas/certificates';
import { completeStages, insertCertificate, insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { readPdf } from '../helpers/pdf';
import { one } from '@server/db/rows';

describe('certificates API', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ CPD_PROVIDER_NUMBER: 'CPD-API-4242', PUBLIC_URL: 'https://certify.example.com' });
    adminToken = await t.adminToken();
  });
  afterAll(() => t.close());

  // Each test looks certificates up from its own address so the per-address throttle stays out of the way.
  let address = 0;
  const nextAddress = () => `203.0.113.${(address += 1)}`;
  const verify = (certificateId: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'GET', url: `/api/certificates/${encodeURIComponent(certificateId)}`, remoteAddress });
  const downloadPdf = (studentId: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/student/${studentId}/certificate/pdf`,
      headers: token ? bearer(token) : {},
      remoteAddress: nextAddress(),
    });

  describe('GET /api/student/:id/certificate/pdf', () => {
    it('gives the owner their activated certificate as a PDF with their name, course, id, dates and link', async () => {
      const { student, certificate } = await insertCertificate(t.db, {
        activated: true,
        course: 'pro',
        completionDate: '2027-04-12',
        activatedAt: new Date('2027-04-20T09:30:00Z'),
        student: { columns: { email: 'owner@example.com' } },
      });
      const res = await downloadPdf(student.id, await t.studentToken(student.id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="certificate-${certificate.certificateId}.pdf"`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.text).toContain(`${student.firstName} ${student.lastName}`);
      expect(pdf.text).toContain('Pro Course');
      expect(pdf.text).toContain(certificate.certificateId);
      expect(pdf.text).toContain('12 April 2027');
      expect(pdf.text).toContain('20 April 2027');
      expect(pdf.text).toContain('CPD-API-4242');
      expect(pdf.text).toContain(`https://certify.example.com/verify/${certificate.certificateId}`);
      expect(pdf.text).not.toContain('owner@example.com');
      expect(pdf.qrText).toBe(`https://certify.example.com/verify/${certificate.certificateId}`);
    });

    it('lets an admin download any student’s certificate', async () => {
      const { student } = await insertCertificate(t.db, { activated: true });
      const res = await downloadPdf(student.id, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('refuses another student’s token (403) and a missing token (401)', async () => {
      const { student } = await insertCertificate(t.db, { activated: true });
      const other = await insertCourseStudent(t.db);
      const forbidden = await downloadPdf(student.id, await t.studentToken(other.id));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: messages.common.forbidden });
      expect((await downloadPdf(student.id)).statusCode).toBe(401);
    });

    it('answers 409 with a clear detail while the certificate awaits activation', async () => {
      const { student } = await insertCertificate(t.db, { activated: false });
      const res = await downloadPdf(student.id, await t.studentToken(student.id));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: messages.certificates.awaitingActivation });
    });

    it('answers 404 when no certificate was requested', async () => {
      const student = await insertCourseStudent(t.db);
      const res = await downloadPdf(student.id, await t.studentToken(student.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.certificates.noneRequested });
    });
  });

  describe('GET /api/certificates/:certificate_id (public verification)', () => {
    it('shows an activated certificate as valid, with holder, course, dates and ID check — and no email', async () => {
      const { student, certificate } = await insertCertificate(t.db, {
        activated: true,
        course: 'foundation',
        completionDate: '2027-05-02',
        activatedAt: new Date('2027-05-03T23:59:00Z'),
        idStatus: 'approved',
        student: { columns: { email: 'private-holder@example.com' } },
      });
      const res = await verify(certificate.certificateId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        certificate_id: certificate.certificateId,
        valid: true,
        status: 'valid',
        holder_name: `${student.firstName} ${student.lastName}`,
        course_title: 'Foundation Course',
        completion_date: '2027-05-02',
        issued_date: '2027-05-03',
        id_verified: true,
        revoked_on: null,
      });
      expect(Object.keys(res.json()).sort()).toEqual(Object.keys(certificateVerificationSchema.shape).sort());
      expect(res.body).not.toContain('private-holder@example.com');
      expect(res.body).not.toContain(student.id);
      expect(res.body).not.toMatch(/@/);
    });

    it('shows a pending certificate as not yet valid, and an unverified ID as such', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: false, idStatus: 'pending' });
      const res = await verify(certificate.certificateId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ valid: false, status: 'pending', issued_date: null, id_verified: false });
    });

    it('accepts an id typed in lower case or with spaces around it', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: true });
      const res = await verify(` ${certificate.certificateId.toLowerCase()} `);
      expect(res.statusCode).toBe(200);
      expect(res.json().certificate_id).toBe(certificate.certificateId);
    });

    it('answers unknown and malformed ids with the same plain 404', async () => {
      for (const id of ['VBR-ZZZZZZZZZZ', 'VBR-SAMPLE0001', 'not-a-certificate', "VBR-' OR 1=1 --"]) {
        const res = await verify(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ detail: 'No certificate found with this ID' });
      }
    });

    it('throttles lookups per address (429) without affecting other addresses', async () => {
      const { certificate } = await insertCertificate(t.db, { activated: true });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1)
        statuses.push((await verify(certificate.certificateId, '198.51.100.7')).statusCode);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      const blocked = await verify('VBR-ZZZZZZZZZZ', '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toBe(messages.common.tooManyRequests);
      expect((await verify(certificate.certificateId, '198.51.100.8')).statusCode).toBe(200);
    });
  });

  describe('admin: list and activate', () => {
    it('requires an admin token', async () => {
      const { student, certificate } = await insertCertificate(t.db);
      const studentToken = await t.studentToken(student.id);
      for (const headers of [{}, bearer(studentToken)]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/certificates', headers })).statusCode).toBe(401);
        const activate = await t.app.inject({
          method: 'POST',
          url: `/api/admin/certificate/${certificate.certificateId}/activate`,
          headers,
        });
        expect(activate.statusCode).toBe(401);
      }
    });

    it('activates a pending certificate once: downloadable, verifiable and audited; a second activation is harmless', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: false });
      const studentToken = await t.studentToken(student.id);
      expect((await downloadPdf(student.id, studentToken)).statusCode).toBe(409);

      const activate = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/certificate/${certificate.certificateId}/activate`,
          headers: bearer(adminToken),
        });
      const first = await activate();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        certificate_id: certificate.certificateId,
        activated: true,
        already_active: false,
      });
      const second = await activate();
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ activated: true, already_active: true });

      const audit = await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'certificate.activated',
        adminUsername: 'admin',
        studentName: `${student.firstName} ${student.lastName}`,
        details: { certificate_id: certificate.certificateId, course_type: 'foundation' },
      });
      const row = one(await t.db.select().from(certificates).where(eq(certificates.id, certificate.id)));
      expect(row.activatedAt).toBeInstanceOf(Date);
      expect(row.activatedBy).not.toBeNull();

      expect((await verify(certificate.certificateId)).json()).toMatchObject({ valid: true, status: 'valid' });
      expect((await downloadPdf(student.id, studentToken)).statusCode).toBe(200);
    });

    it('activates only once when two admins click Activate at the same moment', async () => {
      const { student, certificate } = await insertCertificate(t.db, { activated: false });
      const secondAdmin = await t.adminToken('second-admin');
      const responses = await Promise.all(
        [adminToken, secondAdmin].map((token) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/certificate/${certificate.certificateId}/activate`,
            headers: bearer(token),
          }),
        ),
      );
      expect(responses.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(responses.map((res) => res.json().already_active).sort()).toEqual([false, true]);
      expect(await t.db.$count(auditLog, eq(auditLog.studentId, student.id))).toBe(1);
    });

    it('activates before the course starts, or below 100 %, only with confirm_incomplete (409 otherwise)', async () => {
      const activate = (id: string, payload?: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/certificate/${id}/activate`,
          headers: bearer(adminToken),
          payload,
        });
      const m = messages.admin.completionCheck;
      // A course starting in the future, every stage ticked (the certificate before the course).
      const future = await insertCertificate(t.db, { student: { columns: { courseStartDate: '2099-05-01' } } });
      const refused = await activate(future.certificate.certificateId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: m.needsConfirmation([m.notStarted('1 May 2099')]) });
      const pending = one(await t.db.select().from(certificates).where(eq(certificates.id, future.certificate.id)));
      expect(pending.activatedAt).toBeNull();
      expect(await t.db.$count(auditLog, eq(auditLog.studentId, future.student.id))).toBe(0);
      const confirmed = await activate(future.certificate.certificateId, { confirm_incomplete: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ activated: true, already_active: false });

      // Started, but a stage was unticked after the request: progress 80 %.
      const partial = await insertCertificate(t.db);
      await t.db.delete(stageProgress).where(eq(stageProgress.studentId, partial.student.id));
      await completeStages(t.db, partial.student.id, [1, 2, 3, 4]);
      const refusedPartial = await activate(partial.certificate.certificateId, { confirm_incomplete: false });
      expect(refusedPartial.statusCode).toBe(409);
      expect(refusedPartial.json().detail).toBe(m.needsConfirmation([m.incomplete(80)]));
      expect((await activate(partial.certificate.certificateId, { confirm_incomplete: true })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown certificate id', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/certificate/VBR-ZZZZZZZZZZ/activate',
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.certificates.unknownId });
    });

    it('lists certificates pending first with student name, course, completion date and status, page by page', async () => {
      const pending = await insertCertificate(t.db, { activated: false, course: 'pro', completionDate: '2027-06-30' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/certificates?page_size=2',
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const total = await t.db.$count(certificates);
      expect(body).toMatchObject({ total, page: 1, page_size: 2 });
      expect(body.certificates).toHaveLength(2);
      expect(body.certificates[0]).toEqual({
        certificate_id: pending.certificate.certificateId,
        student_id: pending.student.id,
        student_name: `${pending.student.firstName} ${pending.student.lastName}`,
        course_type: 'pro',
        completion_date: '2027-06-30',
        activated: false,
        revoked_at: null,
        revocation_reason: null,
      });
      const all = await t.app.inject({
        method: 'GET',
        url: `/api/admin/certificates?page_size=200`,
        headers: bearer(adminToken),
      });
      const statuses = all.json().certificates.map((c: { activated: boolean }) => c.activated);
      expect(statuses).toEqual([...statuses].sort((a, b) => Number(a) - Number(b)));
      expect(all.json().certificates).toHaveLength(total);
    });
  });

  describe('the SAMPLE certificate for /certificate-demo', () => {
    it('is served as a PDF marked SAMPLE, with the same details the demo page shows', async () => {
      const summary = await t.app.inject({ method: 'GET', url: '/api/certificates/sample' });
      expect(summary.statusCode).toBe(200);
      const sample = summary.json();
      expect(sample).toMatchObject({
        certificate_id: 'VBR-SAMPLE0001',
        course_title: 'Pro Course',
        cpd_provider: 'CPD-API-4242',
        verification_url: 'https://certify.example.com/verify/VBR-SAMPLE0001',
      });
      expect(sample.qr_code_data_url).toMatch(/^data:image\/png;base64,/);

      const res = await t.app.inject({ method: 'GET', url: '/api/certificates/sample.pdf' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.text).toContain('SAMPLE — NOT A VALID CERTIFICATE');
      for (const printed of [sample.holder_name, sample.course_title, sample.certificate_id, sample.verification_url]) {
        expect(pdf.text).toContain(printed);
      }
      expect(pdf.qrText).toBe(sample.verification_url);
    });
  });
});
