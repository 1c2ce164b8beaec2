// engines: both
/**
 * Privacy (docs/product/student-area.md, "Your data"): a student downloads everything held about them
 * and nothing about anyone else; asks for erasure, which an owner carries out or refuses, the student
 * being emailed the outcome; after erasure no table holds their name, email or phone, while the
 * payments stay (detached), revenue and the ledger unchanged, and their old token reaches nothing.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { certificates, emailOutbox, erasureRequests, payments, students } from '@server/db/schema';
import { applyProviderEvent } from '@server/domain/payments/apply-provider-event';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { completeStages, insertPayment, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { findPersonalValues, scannedColumnCount } from '../helpers/personal-values';
import { multipartFile, pngBytes } from '../helpers/uploads';

interface Person {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const word = () =>
  `Q${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

describe('a student’s data: export and erasure', () => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  const image = pngBytes(12, 12);

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_NOTIFY_EMAIL: 'office@school.example', STUDENT_LOGIN: 'code' });
    owner = await t.adminToken('olivia', 'owner');
    staff = await t.adminToken('sam', 'staff');
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ headers: bearer(token) });

  /** A student with something in every part of the export, through the real routes. */
  async function fullStudent(): Promise<Person> {
    const firstName = word();
    const lastName = word();
    const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.org`;
    const phoneTyped = `07400 ${randomInt(100_000, 999_999)}`;
    const s = await registerStudent(t, { first_name: firstName, last_name: lastName, email, phone: phoneTyped });
    const [row] = await t.db.select().from(students).where(eq(students.id, s.id));
    const person = { ...s, firstName, lastName, email, phone: row!.phone! };
    expect((await selectCourse(t, s, 'foundation')).statusCode).toBe(200);
    expect((await pay(t, s, 'combined', { amount: pricePounds('combined', 'foundation') })).statusCode).toBe(200);
    const file = multipartFile(image);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(email)}/upload-id`,
      payload: file.payload,
      headers: { ...file.headers, ...bearer(s.token) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/id-verification/${s.id}/review`,
      ...as(owner),
      payload: { status: 'approved' },
    });
    expect(review.statusCode, review.body).toBe(200);
    await completeStages(t.db, s.id, [1, 2]);
    await t.db.insert(certificates).values({
      certificateId: `VBR-${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      studentId: s.id,
      courseType: 'foundation',
      completionDate: '2027-04-12',
    });
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: { name: `${firstName} ${lastName}`, email, subject: 'My course', category: 'course', message: 'Hello' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${contact.json().id}/read`,
      ...as(owner),
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/students/${s.id}/status`,
      ...as(owner),
      payload: { completion_status: 'in_progress' },
    });
    expect(status.statusCode).toBe(200);
    const code = await t.app.inject({ method: 'POST', url: '/api/student/login/code', payload: { email } });
    expect(code.statusCode).toBe(202);
    return person;
  }

  const exportOf = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/student/${id}/export`, ...as(token) });

  let ada: Person;
  let bob: Person;
  // Two students through some twenty requests each: more than the default hook time on a busy machine.
  beforeAll(async () => {
    ada = await fullStudent();
    bob = await fullStudent();
  }, 60_000);

  it('exports exactly the student’s data, as a JSON attachment, and nobody else’s', async () => {
    const res = await exportOf(ada.id, ada.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="student-data-[0-9a-f-]+-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: ada.id, first_name: ada.firstName, email: ada.email, phone: ada.phone });
    expect(data.payments).toEqual([
      expect.objectContaining({
        payment_type: 'combined',
        status: 'completed',
        amount: pricePounds('combined', 'foundation'),
      }),
    ]);
    expect(data.progress.map((p: { stage_number: number }) => p.stage_number)).toEqual([1, 2]);
    expect(data.id_verification).toMatchObject({ status: 'approved', document: { content_type: 'image/png' } });
    expect(Buffer.from(data.id_verification.document.data_base64, 'base64').equals(image)).toBe(true);
    expect(data.certificates).toHaveLength(1);
    expect(data.emails.map((e: { template: string }) => e.template).sort()).toEqual(
      ['id-approved', 'login-code', 'payment-receipt'].sort(),
    );
    expect(data.audit.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['id.approved', 'student.status_changed']),
    );
    expect(data.support_messages).toEqual([expect.objectContaining({ subject: 'My course', message: 'Hello' })]);

    // Never a login code, and no value of the other student anywhere in the file.
    const [codeRow] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.studentId, ada.id));
    expect(codeRow).toBeDefined();
    const loginCodes = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'login-code')))
      .map((row) => String(row.data.code ?? ''))
      .filter(Boolean);
    expect(loginCodes.length).toBeGreaterThan(0);
    for (const code of loginCodes) expect(res.body).not.toContain(`"${code}"`);
    const [bobPayment] = await t.db.select().from(payments).where(eq(payments.studentId, bob.id));
    for (const value of [bob.id, bob.firstName, bob.lastName, bob.email, bob.phone, bobPayment!.id])
      expect(res.body).not.toContain(value);

    // The same file for an owner, a staff admin; another student and no token are refused.
    expect((await exportOf(ada.id, owner)).json().profile.id).toBe(ada.id);
    expect((await exportOf(ada.id, staff)).statusCode).toBe(200);
    expect((await exportOf(ada.id, bob.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/student/${ada.id}/export` })).statusCode).toBe(401);
  });

  it('leaves the image out once the retention job has deleted it', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const { deleteExpiredIdDocuments } = await import('@server/domain/id-verification/delete-expired-id-documents');
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    expect(await deleteExpiredIdDocuments(t.db, 30, 1000, later)).toBeGreaterThanOrEqual(2);
    const data = (await exportOf(bob.id, bob.token)).json();
    expect(data.id_verification).toMatchObject({ status: 'approved', document: null });
    expect(data.id_verification.document_deleted_at).toBe(later.toISOString());
  });

  it('a refused request: the reason is emailed, the account stays, and the student may ask again', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/student/${bob.id}/erasure-request`,
      ...as(bob.token),
    });
    expect(asked.statusCode).toBe(202);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/student/${bob.id}/erasure-request`,
      ...as(bob.token),
    });
    expect(again.json().id).toBe(asked.json().id);

    const refuse = (payload: object, token = owner) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/erasure-requests/${asked.json().id}/refuse`,
        ...as(token),
        payload,
      });
    expect((await refuse({ reason: 'A payment is in dispute.' }, staff)).statusCode).toBe(403);
    expect((await refuse({ reason: ' ' })).json()).toEqual({ detail: messages.privacy.refusalReasonRequired });
    const refused = await refuse({ reason: 'A payment of yours is in dispute.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', refusal_reason: 'A payment of yours is in dispute.' });
    expect((await refuse({ reason: 'twice' })).statusCode).toBe(409);

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'erasure-refused'));
    expect(mail).toMatchObject({
      toAddress: bob.email,
      studentId: bob.id,
      data: { reason: 'A payment of yours is in dispute.' },
    });
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/student/${bob.id}/erasure-request`,
      ...as(bob.token),
    });
    expect(latest.json().request).toMatchObject({ status: 'refused' });
    expect(await t.db.select().from(students).where(eq(students.id, bob.id))).toHaveLength(1);
  });

  it('refuses to carry out an erasure while a card payment is pending (409), and lists requests for owners only', async () => {
    const carl = await registerStudent(t);
    const pending = await insertPayment(t.db, { studentId: carl.id, paymentType: 'enrollment', status: 'pending' });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/student/${carl.id}/erasure-request`,
      ...as(carl.token),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/erasure-requests', ...as(staff) })).statusCode).toBe(
      403,
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/erasure-requests', ...as(owner) });
    expect(list.json().requests).toEqual([
      expect.objectContaining({
        id: asked.json().id,
        status: 'requested',
        student: expect.objectContaining({ email: carl.email }),
      }),
    ]);
    const carry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/erasure-requests/${asked.json().id}/carry-out`,
      ...as(owner),
    });
    expect(carry.statusCode).toBe(409);
    expect(carry.json()).toEqual({ detail: messages.admin.deleteWhilePaying });
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, pending.id));
  });

  it('carries out an erasure: no personal value left in any table, payments kept detached, revenue and ledger unchanged', async () => {
    const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', ...as(owner) })).json();
    const adaPayments = await t.db.select().from(payments).where(eq(payments.studentId, ada.id));
    expect(adaPayments.length).toBeGreaterThan(0);
    // A support message from her address under another name, and a dispute of her payment: the notices
    // to the office carry the name as typed and her name (a dispute notice has no student id).
    const typedName = `${word()} ${word()}`;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: { name: typedName, email: ada.email, subject: 'Another question', category: 'course', message: 'Hi' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const disputed = adaPayments[0]!;
    await applyProviderEvent(
      t.db,
      {
        eventId: randomUUID(),
        type: 'dispute.created',
        kind: 'dispute',
        disputeId: `dp-${randomUUID()}`,
        paymentReference: disputed.providerReference ?? disputed.id,
        state: 'EVIDENCE_REQUIRED',
        lost: false,
        dueAt: null,
        reportedAt: null,
      },
      { adminNotifyEmail: 'office@school.example', now: new Date() },
    );
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'admin-dispute'));
    expect(notices.map((n) => n.data.studentName)).toContain(`${ada.firstName} ${ada.lastName}`);
    // Without SMTP_URL each e-mail is written as an .eml file: written now, they must go with her too.
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const mailFiles = () => {
      const dir = path.join(t.dataDir, 'mail');
      return existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8')) : [];
    };
    const inFiles = (values: string[]) => mailFiles().filter((file) => values.some((value) => file.includes(value)));
    expect(inFiles([typedName]).length).toBeGreaterThan(0);
    expect(inFiles([ada.email]).length).toBeGreaterThan(0);
    // A reason an admin typed, naming her: it stays with the refunded payment, without her.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${adaPayments[0]!.id}/refund`,
      ...as(owner),
      payload: { reason: `Duplicate charge for ${ada.firstName} ${ada.lastName} (${ada.email}), asked by phone` },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const before = await stats();
    const personal = [ada.firstName, ada.lastName, ada.email, ada.phone, typedName];
    // The scan finds them before (so it can find them after).
    expect((await findPersonalValues(t.db, personal)).length).toBeGreaterThan(4);

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/student/${ada.id}/erasure-request`,
      ...as(ada.token),
    });
    expect(asked.statusCode).toBe(202);
    const carried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/erasure-requests/${asked.json().id}/carry-out`,
      ...as(owner),
    });
    expect(carried.statusCode, carried.body).toBe(200);
    expect(carried.json()).toMatchObject({ status: 'carried_out', student: null });

    // The student is told at the address they had; once sent, the address is gone too.
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'erasure-completed'));
    expect(mail).toMatchObject({ toAddress: ada.email, studentId: null });
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id));
    expect(sent).toMatchObject({ status: 'sent', toAddress: '(erased)' });

    expect(await scannedColumnCount(t.db)).toBeGreaterThan(20);
    expect(await findPersonalValues(t.db, personal)).toEqual([]);
    // Nor any .eml file (the outbox pass above removed the files of the e-mails erased, and of the
    // confirmation once sent).
    expect(mailFiles().length).toBeGreaterThan(0);
    expect(inFiles(personal)).toEqual([]);

    const kept = await t.db.select().from(payments).where(eq(payments.id, adaPayments[0]!.id));
    expect(kept[0]).toMatchObject({
      studentId: null,
      amountPence: adaPayments[0]!.amountPence,
      providerReference: adaPayments[0]!.providerReference,
      completedAt: adaPayments[0]!.completedAt,
      status: 'refunded',
      refundReason: 'Duplicate charge for [erased] ([erased]), asked by phone',
    });
    const after = await stats();
    expect(after.total_revenue).toBe(before.total_revenue);
    expect(after.total_students).toBe(before.total_students - 1);
    expect(await findLedgerViolations(t.db)).toEqual([]);

    // The old token reaches nothing; the request is listed as carried out, without a name.
    expect((await exportOf(ada.id, ada.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/student/${ada.id}/erasure-request`, ...as(ada.token) }))
        .statusCode,
    ).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/erasure-requests?status=all', ...as(owner) });
    expect(list.json().requests).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: asked.json().id, status: 'carried_out', student: null })]),
    );
    const [request] = await t.db.select().from(erasureRequests).where(eq(erasureRequests.id, asked.json().id));
    expect(request?.decidedAt).toBeInstanceOf(Date);
  });

  it('an admin delete is the same erasure: it answers an open request too', async () => {
    const dee = await fullStudent();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/student/${dee.id}/erasure-request`,
      ...as(dee.token),
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${dee.id}`, ...as(owner) });
    expect(del.statusCode).toBe(204);
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    expect(await findPersonalValues(t.db, [dee.firstName, dee.lastName, dee.email, dee.phone])).toEqual([]);
    const [request] = await t.db.select().from(erasureRequests).where(eq(erasureRequests.id, asked.json().id));
    expect(request?.status).toBe('carried_out');
  });
});
