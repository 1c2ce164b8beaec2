// engines: both
/**
 * The final assessment (docs/product/student-area.md and admin.md, "Final assessment"): with the owner's
 * setting on, the last stage is completed by a passed piece (a file, encrypted at rest, or a link), and
 * the certificate waits for the pass; with it off, nothing changes.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import {
  assessmentSubmissions,
  auditLog,
  certificates,
  emailOutbox,
  stageProgress,
  students,
  type Student,
} from '@server/db/schema';
import { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { rotateAssessmentKey } from '@server/domain/assessments/rotate-assessment-key';
import { insertCourseStudent, COURSE_START_DATE } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { tableCounts } from '../helpers/table-counts';
import { multipartFile, pdfBytes, pngBytes, zipBytes } from '../helpers/uploads';

const m = messages.assessment;
const ADMIN_INBOX = 'admins@vbr.test';

let t: TestApp;
let owner: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_NOTIFY_EMAIL: ADMIN_INBOX });
  owner = await t.adminToken('olivia', 'owner');
  staff = await t.adminToken('sam', 'staff');
});
afterAll(() => t.close());

const setRequired = async (on: boolean) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(owner),
    payload: { final_assessment_required: on ? 'on' : 'off' },
  });
  expect(res.statusCode).toBe(200);
};

/** A Foundation student, ID approved, course started, stages 1 to 4 of 5 ticked. */
async function readyStudent(columns: Partial<typeof students.$inferInsert> = {}) {
  const student = await insertCourseStudent(t.db, {
    course: 'foundation',
    idStatus: 'approved',
    stages: [1, 2, 3, 4],
    columns,
  });
  return { student, token: await t.studentToken(student.id) };
}

const submitLink = (student: Student, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/student/${student.id}/assessment`,
    headers: bearer(token),
    payload: payload as object,
  });
const submitFile = (student: Student, token: string, bytes: Buffer, filename = 'my piece.pdf') => {
  const body = multipartFile(bytes, { filename, contentType: 'application/octet-stream' });
  return t.app.inject({
    method: 'POST',
    url: `/api/student/${student.id}/assessment`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const getAssessment = (student: Student, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/student/${student.id}/assessment`, headers: bearer(token) });
const list = (status: string, token = staff, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/assessments?status=${status}${extra}`, headers: bearer(token) });
const review = (id: string, payload: unknown, token = staff) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/assessments/${id}/review`,
    headers: bearer(token),
    payload: payload as object,
  });
const requestCertificate = (student: Student, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/student/${student.id}/request-certificate`,
    headers: bearer(token),
    payload: {},
  });
const tick = (student: Student, token: string, stage_number: number, completed = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/student/${student.id}/progress`,
    headers: bearer(token),
    payload: { stage_number, completed },
  });

const rowsOf = (student: Student) =>
  t.db.select().from(assessmentSubmissions).where(eq(assessmentSubmissions.studentId, student.id));
const mailsTo = async (to: string, template: string) =>
  t.db
    .select({ data: emailOutbox.data })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template as never)));
const pendingIdOf = async (student: Student) => {
  const res = await list('pending', staff, '&page_size=200');
  return (res.json().assessments as Array<{ id: string; student_id: string }>).find((a) => a.student_id === student.id)!
    .id;
};

describe('with the setting off', () => {
  beforeEach(() => setRequired(false));

  it('refuses a submission with 409 and keeps the certificate request as it was', async () => {
    const { student, token } = await readyStudent();
    const res = await submitLink(student, token, { url: 'https://example.com/piece' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(m.notRequired);
    expect(await rowsOf(student)).toHaveLength(0);
    expect((await getAssessment(student, token)).json()).toMatchObject({ required: false, status: 'none' });

    expect((await tick(student, token, 5)).statusCode).toBe(200);
    expect((await requestCertificate(student, token)).statusCode).toBe(201);
  });
});

describe('with the setting on', () => {
  beforeEach(() => setRequired(true));

  it('stores a file encrypted, lists it for staff, who download it decrypted', async () => {
    const { student, token } = await readyStudent();
    const bytes = Buffer.concat([pdfBytes(), Buffer.from('PLAINTEXT-MARKER-of-the-final-piece')]);
    const res = await submitFile(student, token, bytes, 'My piece (final) é.pdf');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      required: true,
      status: 'pending',
      kind: 'file',
      file_name: 'My piece _final.pdf',
    });

    const [row] = await rowsOf(student);
    expect(row!.contentType).toBe('application/pdf');
    expect(row!.sizeBytes).toBe(bytes.length);
    expect(row!.ciphertext!.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    expect(row!.ciphertext!.includes(Buffer.from('%PDF'))).toBe(false);

    const listed = (await list('pending')).json();
    expect(listed).toMatchObject({ page: 1, page_size: 25 });
    expect(listed.assessments.find((a: { id: string }) => a.id === row!.id)).toMatchObject({
      student_id: student.id,
      student_name: `${student.firstName} ${student.lastName}`,
      course_type: 'foundation',
      status: 'pending',
      kind: 'file',
      url: null,
      file_name: 'My piece _final.pdf',
      reviewed_at: null,
      reviewed_by: null,
      feedback: null,
    });

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/assessments/${row!.id}/file`,
      headers: bearer(staff),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('attachment; filename="My piece _final.pdf"');
    expect(file.rawPayload.equals(bytes)).toBe(true);

    // Staff are told of the new piece, in the submission's transaction.
    expect(await mailsTo(ADMIN_INBOX, 'admin-new-assessment')).toContainEqual({
      data: { studentName: `${student.firstName} ${student.lastName}` },
    });
    // A second one while the first waits is refused.
    const again = await submitLink(student, token, { url: 'https://example.com/other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.alreadyPending);
  });

  it('re-encrypts the files with a new key (rotate-id-key), the link pieces untouched', async () => {
    const { student, token } = await readyStudent();
    const bytes = Buffer.concat([pngBytes(), Buffer.from('rotated piece')]);
    expect((await submitFile(student, token, bytes, 'piece.png')).statusCode).toBe(202);
    const [before] = await rowsOf(student);
    const rotated = new PrivateDataKeyRing(randomBytes(32), [t.config.idDocuments.key]);
    const summary = await rotateAssessmentKey(t.db, rotated);
    expect(summary.unreadable).toBe(0);
    expect(summary.reencrypted).toBeGreaterThanOrEqual(1);
    const [after] = await rowsOf(student);
    expect(after!.keyId).toBe(rotated.currentKeyId);
    expect(after!.keyId).not.toBe(before!.keyId);
    const { keyId, nonce, authTag, ciphertext } = after!;
    expect(
      rotated.open(student.id, { keyId: keyId!, nonce: nonce!, authTag: authTag!, ciphertext: ciphertext! }),
    ).toEqual(bytes);
    // Run again: nothing left under an older key; a key nobody configured is counted, not lost.
    expect(await rotateAssessmentKey(t.db, rotated)).toEqual({ reencrypted: 0, unreadable: 0 });
    expect(await rotateAssessmentKey(t.db, new PrivateDataKeyRing(randomBytes(32)))).toMatchObject({ reencrypted: 0 });
    expect((await rotateAssessmentKey(t.db, new PrivateDataKeyRing(randomBytes(32)))).unreadable).toBeGreaterThan(0);
  });

  it('takes a link: resubmit with feedback, a new piece, then a pass completes the last stage and allows the certificate', async () => {
    const { student, token } = await readyStudent();
    expect(
      (await submitLink(student, token, { url: 'https://example.com/piece', note: 'My hedgehog' })).statusCode,
    ).toBe(202);

    // The last stage is the pass's, not a tick's; the certificate waits for the pass.
    const ticked = await tick(student, token, 5);
    expect(ticked.statusCode).toBe(409);
    expect(ticked.json().detail).toBe(m.lastStageByPass);
    const early = await requestCertificate(student, token);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(m.certificateNeedsPass);

    const first = await pendingIdOf(student);
    const noFeedback = await review(first, { result: 'resubmit' });
    expect(noFeedback.statusCode).toBe(400);
    expect(noFeedback.json().detail).toBe(m.feedbackRequired);
    expect((await review(first, { result: 'resubmit', feedback: 'Show the stamping more clearly.' })).statusCode).toBe(
      204,
    );
    const twice = await review(first, { result: 'passed' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(m.alreadyReviewed);

    expect((await getAssessment(student, token)).json()).toMatchObject({
      status: 'resubmit',
      kind: 'link',
      url: 'https://example.com/piece',
      note: 'My hedgehog',
      feedback: 'Show the stamping more clearly.',
    });
    expect(await mailsTo(student.email, 'assessment-resubmit')).toEqual([
      { data: { firstName: student.firstName, feedback: 'Show the stamping more clearly.' } },
    ]);

    expect((await submitFile(student, token, pngBytes(), 'hedgehog.png')).statusCode).toBe(202);
    const second = await pendingIdOf(student);
    expect(second).not.toBe(first);
    expect((await review(second, { result: 'passed' }, owner)).statusCode).toBe(204);

    const [last] = await t.db
      .select()
      .from(stageProgress)
      .where(and(eq(stageProgress.studentId, student.id), eq(stageProgress.stageNumber, 5)));
    expect(last).toBeDefined();
    const [after] = await t.db.select().from(students).where(eq(students.id, student.id));
    expect(after!.progressCompletedAt).not.toBeNull();
    expect(await mailsTo(student.email, 'assessment-passed')).toEqual([
      { data: { firstName: student.firstName, feedback: '' } },
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id));
    expect(audit.map((a) => [a.action, a.adminUsername])).toEqual([
      ['assessment.resubmit', 'sam'],
      ['assessment.passed', 'olivia'],
    ]);
    const passedList = (await list('passed')).json().assessments as Array<{ id: string; reviewed_by: string }>;
    expect(passedList.find((a) => a.id === second)).toMatchObject({ reviewed_by: 'olivia' });

    const done = await submitLink(student, token, { url: 'https://example.com/again' });
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(m.alreadyPassed);
    expect((await requestCertificate(student, token)).statusCode).toBe(201);
    expect(await t.db.select().from(certificates).where(eq(certificates.studentId, student.id))).toHaveLength(1);
  });

  it('two reviews of one piece at once: exactly one is recorded and e-mailed, the other is 409 (10 tries)', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { student, token } = await readyStudent();
      expect((await submitLink(student, token, { url: `https://example.com/piece-${attempt}` })).statusCode).toBe(202);
      const id = await pendingIdOf(student);
      const answers = await Promise.all([
        review(id, { result: 'passed', feedback: 'Clear and warm.' }),
        review(id, { result: 'resubmit', feedback: 'The sound drops out.' }, owner),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 409]);
      const [row, ...more] = await rowsOf(student);
      expect(more).toHaveLength(0);
      const won = answers[0]!.statusCode === 204 ? 'passed' : 'resubmit';
      expect(row!.status).toBe(won);
      const mails = [
        ...(await mailsTo(student.email, 'assessment-passed')),
        ...(await mailsTo(student.email, 'assessment-resubmit')),
      ];
      expect(mails).toHaveLength(1);
    }
  });

  it('waits for the last stage to open', async () => {
    const { student, token } = await readyStudent({ courseStartDate: COURSE_START_DATE });
    const res = await submitLink(student, token, { url: 'https://example.com/piece' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/when the last stage opens/);
    expect((await getAssessment(student, token)).json()).toMatchObject({ required: true, opens_on: '2027-04-03' });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const { student, token } = await readyStudent();
    const before = await tableCounts(t.db);
    for (const payload of [
      {},
      { url: 'http://example.com/piece' },
      { url: 'javascript:alert(1)' },
      { url: 'https://example.com/piece', note: 'x'.repeat(2001) },
      { url: 'https://example.com/piece', note: 'bad\u0000' },
    ]) {
      expect((await submitLink(student, token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const zip = await submitFile(student, token, zipBytes(), 'piece.pdf');
    expect(zip.statusCode).toBe(400);
    expect(zip.json().detail).toBe(m.fileType);
    expect((await submitFile(student, token, Buffer.alloc(0), 'empty.pdf')).statusCode).toBe(400);
    const wrongField = multipartFile(pdfBytes(), { field: 'document' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/assessment`,
      headers: { ...bearer(token), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await review('00000000-0000-4000-8000-000000000000', { result: 'maybe' })).statusCode).toBe(400);
    expect((await review('00000000-0000-4000-8000-000000000000', { result: 'passed' })).statusCode).toBe(404);
    expect((await list('unknown')).statusCode).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a file over 25 MB with 413 and keeps nothing', async () => {
    const { student, token } = await readyStudent();
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(26_214_400)]);
    const res = await submitFile(student, token, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(m.fileSize);
    expect(await rowsOf(student)).toHaveLength(0);
  });

  it("keeps each student to their own: another student's token reads and submits nothing", async () => {
    const { student } = await readyStudent();
    const other = await readyStudent();
    expect((await getAssessment(student, other.token)).statusCode).toBe(403);
    expect((await submitLink(student, other.token, { url: 'https://example.com/piece' })).statusCode).toBe(403);
    expect(await rowsOf(student)).toHaveLength(0);
    // And a student cannot reach the admins' list or files.
    expect((await list('pending', other.token)).statusCode).toBe(401);
  });

  it('is part of the export, and erasure removes it', async () => {
    const { student, token } = await readyStudent();
    expect((await submitFile(student, token, pdfBytes(), 'piece.pdf')).statusCode).toBe(202);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/export`,
      headers: bearer(token),
    });
    expect(exported.statusCode).toBe(200);
    const [entry] = exported.json().assessments;
    expect(entry).toMatchObject({
      status: 'pending',
      url: null,
      file: { file_name: 'piece.pdf', content_type: 'application/pdf' },
    });
    expect(Buffer.from(entry.file.data_base64, 'base64').equals(pdfBytes())).toBe(true);

    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/students/${student.id}`,
      headers: bearer(owner),
    });
    expect(erased.statusCode).toBe(204);
    expect(await rowsOf(student)).toHaveLength(0);
    expect(await mailsTo(ADMIN_INBOX, 'admin-new-assessment')).not.toContainEqual({
      data: { studentName: `${student.firstName} ${student.lastName}` },
    });
  });
});
