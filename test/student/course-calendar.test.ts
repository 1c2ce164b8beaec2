// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, certificates, students, type Student } from '@server/db/schema';
import { one } from '@server/db/rows';
import { insertCertificate, insertCourseStudent, insertPayment, insertPaidStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { popplerText, readPdfText } from '../helpers/pdf';

/** The app's clock: at the moment a test sets, else the system's. */
let fixedAt: Date | null = null;
const clockAt = (iso: string) => (fixedAt = new Date(iso));

describe('the course calendar: stages open on the start date, which an admin may move', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No CPD_PROVIDER_NUMBER: nothing about CPD is printed.
    t = await buildTestApp({}, { clock: () => fixedAt ?? new Date() });
  });
  afterAll(() => t.close());
  afterEach(() => {
    fixedAt = null;
  });

  const row = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const setStage = async (student: Student, stage_number: number, completed = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/progress`,
      headers: bearer(await t.studentToken(student.id)),
      payload: { stage_number, completed },
    });
  // Tokens are made at call time: the clock may have been moved past an earlier token's expiry.
  const moveStart = async (studentId: string, payload: unknown, token: string | null | undefined = undefined) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/students/${studentId}/start-date`,
      headers: token === null ? {} : bearer(token ?? (await t.adminToken())),
      payload: payload as object,
    });
  const studentRecord = async (student: Student) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/student/${student.id}`,
        headers: bearer(await t.studentToken(student.id)),
      })
    ).json();

  it('refuses a stage before the course start date with 409 and the date, and opens them on that day', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      columns: { courseStartDate: '2027-03-01' },
    });
    clockAt('2027-02-28T23:59:00Z');
    const early = await setStage(student, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Your course starts on 1 March 2027. Stages open on that day.' });
    expect((await row(student.id)).completionStatus).toBe('enrolled');
    // The dashboard counts down by the same clock.
    expect(await studentRecord(student)).toMatchObject({ course_start_date: '2027-03-01', days_until_start: 1 });

    clockAt('2027-03-01T00:00:30Z');
    const open = await setStage(student, 1);
    expect(open.statusCode).toBe(200);
    expect(open.json().completed_stages).toBe(1);
    expect(await studentRecord(student)).toMatchObject({ days_until_start: 0 });
  });

  it('lets an admin move the start date (any valid date, audited); the student can then tick', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      columns: { courseStartDate: '2099-05-01' },
    });
    expect((await setStage(student, 1)).statusCode).toBe(409);

    for (const bad of [
      {},
      { course_start_date: '' },
      { course_start_date: '2027-02-30' },
      { course_start_date: '01/03/2027' },
      { course_start_date: '0000-01-01' },
    ]) {
      const refused = await moveStart(student.id, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().detail).toEqual(expect.any(String));
    }
    expect((await moveStart(student.id, { course_start_date: '2026-01-15' }, null)).statusCode).toBe(401);
    expect(
      (await moveStart(student.id, { course_start_date: '2026-01-15' }, await t.studentToken(student.id))).statusCode,
    ).toBe(401);
    expect(
      (await moveStart('00000000-0000-4000-8000-000000000000', { course_start_date: '2026-01-15' })).statusCode,
    ).toBe(404);
    expect((await row(student.id)).courseStartDate).toBe('2099-05-01');

    // A date outside the intake schedule (the 15th) is fine.
    const moved = await moveStart(student.id, { course_start_date: '2026-01-15' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: student.id, course_start_date: '2026-01-15' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id));
    expect(audit.map((a) => [a.action, a.adminUsername, a.details])).toEqual([
      ['student.start_date_changed', 'admin', { from: '2099-05-01', to: '2026-01-15' }],
    ]);
    expect((await setStage(student, 1)).statusCode).toBe(200);
  });

  it('refuses to move the start date while a card payment is pending (409), changing nothing', async () => {
    const student = await insertPaidStudent(t.db, { course: 'foundation' });
    await insertPayment(t.db, {
      studentId: student.id,
      paymentType: 'course',
      course: 'foundation',
      status: 'pending',
    });
    const refused = await moveStart(student.id, { course_start_date: '2027-05-01' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.admin.startDate.whilePaying });
    expect((await row(student.id)).courseStartDate).toBe(student.courseStartDate);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id))).toHaveLength(0);
  });

  it('records the day progress reached 100 % as the completion date, cleared when a stage is unticked', async () => {
    // Six weeks before the ticks: every stage of the stage calendar is open by then.
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      stages: [1, 2, 3],
      columns: { courseStartDate: '2027-02-06' },
    });
    clockAt('2027-03-20T10:00:00Z');
    await setStage(student, 4);
    expect((await row(student.id)).progressCompletedAt).toBeNull();
    await setStage(student, 5);
    expect((await row(student.id)).progressCompletedAt).toEqual(new Date('2027-03-20T10:00:00Z'));

    clockAt('2027-03-22T10:00:00Z');
    await setStage(student, 2, false);
    expect((await row(student.id)).progressCompletedAt).toBeNull();
    clockAt('2027-03-25T10:00:00Z');
    await setStage(student, 2);

    clockAt('2027-04-30T10:00:00Z');
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/request-certificate`,
      headers: bearer(await t.studentToken(student.id)),
      payload: {},
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json().certificate).toMatchObject({
      completion_date: '2027-03-25',
      course_start_date: '2027-02-06',
    });
  });

  it('never dates a completion before the start, even when the start was moved after the stages were ticked', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      stages: [1, 2, 3, 4],
      columns: { courseStartDate: '2027-01-27' },
    });
    // Six weeks after the start: the last stage is open.
    clockAt('2027-03-10T10:00:00Z');
    expect((await setStage(student, 5)).statusCode).toBe(200);
    expect((await moveStart(student.id, { course_start_date: '2027-05-01' })).statusCode).toBe(200);
    clockAt('2027-05-02T10:00:00Z');
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/request-certificate`,
      headers: bearer(await t.studentToken(student.id)),
      payload: {},
    });
    expect(requested.json().certificate.completion_date).toBe('2027-05-01');
  });

  it('keeps an activated certificate (valid, downloadable) when the student unticks a stage', async () => {
    const { student, certificate } = await insertCertificate(t.db, { activated: true });
    expect((await setStage(student, 3, false)).statusCode).toBe(200);
    const token = await t.studentToken(student.id);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/certificate`,
      headers: bearer(token),
    });
    expect(own.json()).toMatchObject({ status: 'ready', certificate: { certificate_id: certificate.certificateId } });
    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.certificateId}` });
    expect(verified.json()).toMatchObject({ valid: true, status: 'valid' });
    expect(await t.db.select().from(certificates).where(eq(certificates.id, certificate.id))).toHaveLength(1);
  });

  it('shows a requested but not activated certificate as not valid', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: false });
    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.certificateId}` });
    expect(verified.json()).toMatchObject({ valid: false, status: 'pending', issued_date: null });
  });

  describe('without a CPD provider number configured', () => {
    it('prints no CPD line on the certificate, in its data or its PDF', async () => {
      const { student } = await insertCertificate(t.db, { activated: true });
      const headers = bearer(await t.studentToken(student.id));
      const own = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}/certificate`, headers });
      expect(own.json().certificate.cpd_provider).toBeNull();
      const pdf = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}/certificate/pdf`, headers });
      expect(pdf.statusCode).toBe(200);
      const { text } = await readPdfText(pdf.rawPayload);
      expect(text).toContain('certification programme.');
      expect(text).not.toMatch(/provider number|Not configured/);
    });

    it('shows the demo by the same rule: no CPD seal or line', async () => {
      const sample = await t.app.inject({ method: 'GET', url: '/api/certificates/sample' });
      expect(sample.json().cpd_provider).toBeNull();
      const text = await popplerText(
        (await t.app.inject({ method: 'GET', url: '/api/certificates/sample.pdf' })).rawPayload,
      );
      expect(text).toContain('certification programme.');
      expect(text).not.toMatch(/CPD|ACCREDITED/);
    });
  });
});
