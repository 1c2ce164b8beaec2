// engines: both
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { insertCertificate, insertCourseStudent, insertIdVerification, insertStudent, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent } from '../helpers/enrolment';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { multipartFile, pngBytes } from '../helpers/uploads';

const ADMIN_INBOX = 'admins@vbr.test';

describe('the emails each event sends (real SMTP server)', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, ADMIN_NOTIFY_EMAIL: ADMIN_INBOX });
    adminToken = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  /**
   * Runs the worker twice (a second pass must send nothing more) and returns what arrived. A pass ends
   * once the server has accepted its messages, and the test server records each before accepting it:
   * nothing more can arrive afterwards.
   */
  async function deliver(expected: number) {
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    expect(smtp.received).toHaveLength(expected);
    return smtp.received;
  }
  const to = (mail: { to?: unknown }) => ((mail.to as { text: string }).text ?? '').toLowerCase();

  it('contact form: an acknowledgement to the sender and a notification to the admins', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: { name: 'Grace', email: 'grace@example.com', category: 'course', subject: 'Dates', message: 'Hi' },
    });
    expect(res.statusCode).toBe(201);
    await deliver(2);
    const [ack] = smtp.withTemplate('contact-received');
    expect(to(ack!)).toBe('grace@example.com');
    expect(ack!.text).toContain("We'll get back to you within 24 hours.");
    const [note] = smtp.withTemplate('admin-new-message');
    expect(to(note!)).toBe(ADMIN_INBOX);
    expect(note!.text).toContain('/admin/dashboard');
  });

  it('card payment: a receipt with what was bought, the amount and the reference', async () => {
    const student = await registerStudent(t);
    const res = await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });
    expect(res.statusCode).toBe(200);
    const [receipt] = await deliver(1);
    expect(receipt!.headers.get('x-vbr-template')).toBe('payment-receipt');
    expect(to(receipt!)).toBe(student.email.toLowerCase());
    expect(receipt!.text).toContain('Enrollment Fee');
    expect(receipt!.text).toContain(`£${pricePounds('enrollment').toFixed(2)}`);
  });

  it('Mark Paid: a receipt', async () => {
    const student = await insertStudent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${student.id}/mark-paid`,
      headers: bearer(adminToken),
      payload: { payment_type: 'enrollment' },
    });
    expect(res.statusCode).toBe(200);
    const [receipt] = await deliver(1);
    expect(receipt!.headers.get('x-vbr-template')).toBe('payment-receipt');
    expect(to(receipt!)).toBe(student.email.toLowerCase());
  });

  it('ID review: id-approved or id-rejected with the reason', async () => {
    const approved = await insertCourseStudent(t.db);
    await insertIdVerification(t.db, approved.id, 'pending');
    const rejected = await insertCourseStudent(t.db);
    await insertIdVerification(t.db, rejected.id, 'pending');
    const review = (studentId: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/id-verification/${studentId}/review`,
        headers: bearer(adminToken),
        payload,
      });
    expect((await review(approved.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await review(rejected.id, { status: 'rejected', rejection_reason: 'Too dark to read' })).statusCode).toBe(
      200,
    );
    await deliver(2);
    expect(to(smtp.withTemplate('id-approved')[0]!)).toBe(approved.email.toLowerCase());
    const [no] = smtp.withTemplate('id-rejected');
    expect(to(no!)).toBe(rejected.email.toLowerCase());
    expect(no!.text).toContain('Too dark to read');
  });

  it('ID upload: admin-new-id to the admins', async () => {
    const student = await insertCourseStudent(t.db, { idStatus: 'required' });
    const file = multipartFile(pngBytes());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
      payload: file.payload,
      headers: { ...file.headers, ...bearer(await t.studentToken(student.id)) },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await deliver(1);
    expect(mail!.headers.get('x-vbr-template')).toBe('admin-new-id');
    expect(to(mail!)).toBe(ADMIN_INBOX);
    expect(mail!.text).toContain(`${student.firstName} ${student.lastName} uploaded an ID document`);
  });

  it('certificate activation: certificate-issued with the verify link and the PDF attached', async () => {
    const { student, certificate } = await insertCertificate(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${certificate.certificateId}/activate`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await deliver(1);
    expect(mail!.headers.get('x-vbr-template')).toBe('certificate-issued');
    expect(to(mail!)).toBe(student.email.toLowerCase());
    expect(mail!.text).toContain(`http://localhost:3000/verify/${certificate.certificateId}`);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(messages.email.certificateSubject).toBe(mail!.subject);
  });
});
