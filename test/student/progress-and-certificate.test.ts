// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, stageProgress, students, type Student } from '@server/db/schema';
import { FOUNDATION_STAGES, PRO_EXTRA_STAGES } from '@shared/catalogue';
import { CERTIFICATE_ID_PATTERN } from '@shared/codes';
import { stageOpensOn } from '@shared/schedule';
import { insertCourseStudent, STARTED_COURSE_START_DATE, type CourseStudentSetup } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { one } from '@server/db/rows';

describe('stage progress and the certificate request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ CPD_PROVIDER_NUMBER: 'CPD-TEST-42' });
  });
  afterAll(() => t.close());

  async function studentWithToken(setup: CourseStudentSetup = {}) {
    const student = await insertCourseStudent(t.db, setup);
    return { student, token: await t.studentToken(student.id) };
  }

  const getProgress = (student: Student, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/student/${student.id}/progress`, headers: bearer(token) });
  const setStage = (student: Student, token: string, stage_number: unknown, completed: unknown = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/progress`,
      headers: bearer(token),
      payload: { student_id: student.id, stage_number, completed },
    });
  const requestCertificate = (student: Student, token: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/request-certificate`,
      headers: bearer(token),
      payload,
    });
  const getCertificate = (student: Student, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/student/${student.id}/certificate`, headers: bearer(token) });

  it('reports progress computed on the server, split into Foundation and Pro stages', async () => {
    const { student, token } = await studentWithToken({ course: 'pro', idStatus: 'approved', stages: [1, 2, 6] });
    const res = await getProgress(student, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      student_id: student.id,
      student_name: `${student.firstName} ${student.lastName}`,
      email: student.email,
      course_type: 'pro',
      course_paid: true,
      foundation_progress: [true, true, false, false, false],
      pro_progress: [true, false, false, false],
      progress_percentage: 33.33,
      total_stages: 9,
      completed_stages: 3,
      stages: [...FOUNDATION_STAGES, ...PRO_EXTRA_STAGES].map((title, index) => ({
        number: index + 1,
        title,
        completed: [0, 1, 5].includes(index),
        // The stage calendar from the factory's start date (test/student/stage-calendar.test.ts covers the rule).
        opens_on: stageOpensOn(STARTED_COURSE_START_DATE, index + 1, 9),
      })),
    });
  });

  it('is empty for a student without a course', async () => {
    const { student, token } = await studentWithToken({ course: null });
    expect((await getProgress(student, token)).json()).toMatchObject({
      course_type: null,
      course_paid: false,
      total_stages: 0,
      completed_stages: 0,
      progress_percentage: 0,
      foundation_progress: [],
    });
  });

  it('marks a stage complete and incomplete, moving the student from enrolled to in progress', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved' });
    const done = await setStage(student, token, 2, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      completed_stages: 1,
      progress_percentage: 20,
      foundation_progress: [false, true, false, false, false],
    });
    const row = one(await t.db.select().from(students).where(eq(students.id, student.id)));
    expect(row.completionStatus).toBe('in_progress');

    expect((await setStage(student, token, 2, true)).json().completed_stages).toBe(1);
    const undone = await setStage(student, token, 2, false);
    expect(undone.json()).toMatchObject({ completed_stages: 0, progress_percentage: 0 });
  });

  it('keeps a status other than enrolled when a stage is completed', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved' });
    await t.db.update(students).set({ completionStatus: 'emailed' }).where(eq(students.id, student.id));
    await setStage(student, token, 1);
    const row = one(await t.db.select().from(students).where(eq(students.id, student.id)));
    expect(row.completionStatus).toBe('emailed');
  });

  it.each(['not_required', 'required', 'pending', 'rejected'] as const)(
    'locks the stages while the ID is %s (403 with the reason)',
    async (idStatus) => {
      const { student, token } = await studentWithToken({ idStatus });
      const res = await setStage(student, token, 1);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Stage tracking is locked until your ID verification is approved.' });
      expect(await t.db.select().from(stageProgress).where(eq(stageProgress.studentId, student.id))).toEqual([]);
    },
  );

  it('refuses stage tracking when the course is not paid', async () => {
    const { student, token } = await studentWithToken({
      course: 'foundation',
      coursePaid: false,
      idStatus: 'approved',
    });
    const res = await setStage(student, token, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Stage tracking is available once your course is paid.' });
  });

  it('refuses stage numbers outside the course', async () => {
    const { student, token } = await studentWithToken({ course: 'foundation', idStatus: 'approved' });
    const six = await setStage(student, token, 6);
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ detail: 'Stage number must be between 1 and 5 for your course.' });
    for (const bad of [0, 10, -1, 2.5, '3', null]) {
      expect((await setStage(student, token, bad)).statusCode, String(bad)).toBe(400);
    }
    expect((await setStage(student, token, 1, 'yes')).statusCode).toBe(400);
    const pro = await studentWithToken({ course: 'pro', idStatus: 'approved' });
    expect((await setStage(pro.student, pro.token, 9)).statusCode).toBe(200);
  });

  it('refuses a body naming another student', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved' });
    const other = await insertCourseStudent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/progress`,
      headers: bearer(token),
      payload: { student_id: other.id, stage_number: 1, completed: true },
    });
    expect(res.statusCode).toBe(400);
  });

  it('gives a certificate only at 100%, once, pending until activated', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved', stages: [1, 2, 3, 4] });
    const none = await getCertificate(student, token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ status: 'none', certificate: null });

    const early = await requestCertificate(student, token, { student_id: student.id, course_type: 'foundation' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: 'Please complete all course stages before requesting a certificate.' });

    expect((await setStage(student, token, 5)).json().progress_percentage).toBe(100);
    const wrongCourse = await requestCertificate(student, token, { course_type: 'pro' });
    expect(wrongCourse.statusCode).toBe(400);

    const ok = await requestCertificate(student, token, { student_id: student.id, course_type: 'foundation' });
    expect(ok.statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(ok.json()).toEqual({
      status: 'pending',
      certificate: {
        certificate_id: expect.stringMatching(CERTIFICATE_ID_PATTERN),
        student_name: `${student.firstName} ${student.lastName}`,
        course_type: 'foundation',
        completion_date: today,
        course_start_date: STARTED_COURSE_START_DATE,
        cpd_provider: 'CPD-TEST-42',
        issued_date: null,
        revoked_on: null,
        signatory: expect.any(String),
      },
    });
    expect((await getCertificate(student, token)).json()).toEqual(ok.json());

    const second = await requestCertificate(student, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'A certificate has already been requested for this course.' });

    await t.db
      .update(certificates)
      .set({ activatedAt: new Date('2027-05-01T10:00:00Z') })
      .where(eq(certificates.studentId, student.id));
    expect((await getCertificate(student, token)).json()).toMatchObject({
      status: 'ready',
      certificate: { issued_date: '2027-05-01' },
    });
  });

  it('dates the certificate the day the last stage was completed', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved', stages: [1, 2, 3, 4, 5] });
    await t.db
      .update(stageProgress)
      .set({ completedAt: new Date('2026-10-03T09:00:00Z') })
      .where(eq(stageProgress.studentId, student.id));
    await t.db
      .update(stageProgress)
      .set({ completedAt: new Date('2026-10-20T18:00:00Z') })
      .where(eq(stageProgress.stageNumber, 4));
    const res = await requestCertificate(student, token);
    expect(res.json().certificate.completion_date).toBe('2026-10-20');
  });

  it('gives one certificate when two requests race', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'approved', stages: [1, 2, 3, 4, 5] });
    const results = await Promise.all([requestCertificate(student, token), requestCertificate(student, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(certificates).where(eq(certificates.studentId, student.id))).toHaveLength(1);
  });
});
