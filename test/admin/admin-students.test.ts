// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idDocuments, idVerifications, payments, students } from '@server/db/schema';
import {
  CERTIFIED_COURSE_START_DATE,
  COURSE_START_DATE,
  insertCourseStudent,
  insertIdVerification,
  insertPaidStudent,
  insertStudent,
  poundsText,
  pricePence,
  pricePounds,
  storeIdDocument,
} from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { one } from '@server/db/rows';
import { messages } from '@shared/messages';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin student management', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer(await t.adminToken('manager'));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, payload });
  const auditFor = (studentId: string) => t.db.select().from(auditLog).where(eq(auditLog.studentId, studentId));

  describe('the students list', () => {
    beforeAll(async () => {
      await insertStudent(t.db, { firstName: 'Zelda', lastName: 'Searchable', email: 'zelda@example.com' });
      await insertStudent(t.db, {
        firstName: 'Pat',
        lastName: 'Percent',
        email: 'pat_100%@example.com',
        completionStatus: 'completed',
      });
      await insertPaidStudent(t.db, {
        course: 'pro',
        coursePaid: true,
        columns: { firstName: 'Proffy', lastName: 'McPro', completionStatus: 'in_progress' },
      });
    });

    it('searches first name, last name and email case-insensitively', async () => {
      for (const term of ['ZELDA', 'searchABLE', 'zelda@EXAMPLE']) {
        const body = (await get(`/api/admin/students?search=${encodeURIComponent(term)}`)).json();
        expect(body.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Zelda']);
        expect(body.total).toBe(1);
      }
    });

    it('takes % and _ in a search literally', async () => {
      const body = (await get(`/api/admin/students?search=${encodeURIComponent('_100%')}`)).json();
      expect(body.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Pat']);
      expect((await get(`/api/admin/students?search=${encodeURIComponent('%')}`)).json().total).toBe(1);
    });

    it('filters by status and course', async () => {
      const completed = (await get('/api/admin/students?status=completed')).json();
      expect(completed.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Pat']);
      const pro = (await get('/api/admin/students?course=pro&status=in_progress')).json();
      expect(pro.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Proffy']);
      expect(pro.students[0]).toMatchObject({
        course_type: 'pro',
        enrollment_paid: true,
        course_paid: true,
        total_paid: pricePounds('combined', 'pro'),
      });
      expect((await get('/api/admin/students?status=&course=')).json().total).toBeGreaterThanOrEqual(3);
    });

    it('pages newest first and reports the total', async () => {
      const all = (await get('/api/admin/students?page_size=200')).json();
      const first = (await get('/api/admin/students?page=1&page_size=2')).json();
      const second = (await get('/api/admin/students?page=2&page_size=2')).json();
      expect(first).toMatchObject({ page: 1, page_size: 2, total: all.total });
      expect([...first.students, ...second.students].map((s: { id: string }) => s.id)).toEqual(
        all.students.slice(0, 4).map((s: { id: string }) => s.id),
      );
      const dates = all.students.map((s: { registration_date: string }) => s.registration_date);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('refuses a status filter outside the five values', async () => {
      const res = await get('/api/admin/students?status=graduated');
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(
        'completion_status must be one of: contacted, enrolled, in_progress, emailed, completed',
      );
      expect((await get('/api/admin/students?page_size=1000')).statusCode).toBe(400);
    });
  });

  describe('status and completion', () => {
    it('sets any of the five statuses and audits the change', async () => {
      const student = await insertStudent(t.db);
      for (const status of ['contacted', 'emailed', 'in_progress', 'completed', 'enrolled']) {
        const res = await send('PUT', `/api/admin/students/${student.id}/status`, { completion_status: status });
        expect(res.statusCode).toBe(200);
        expect(res.json().completion_status).toBe(status);
      }
      const audit = await auditFor(student.id);
      expect(audit).toHaveLength(5);
      expect(audit[0]).toMatchObject({
        action: 'student.status_changed',
        adminUsername: 'manager',
        studentName: `${student.firstName} ${student.lastName}`,
      });
    });

    it('refuses a status outside the five values', async () => {
      const student = await insertStudent(t.db);
      for (const completion_status of ['graduated', '', 'COMPLETED', null, 3]) {
        const res = await send('PUT', `/api/admin/students/${student.id}/status`, { completion_status });
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(
          'completion_status must be one of: contacted, enrolled, in_progress, emailed, completed',
        );
      }
      expect(await auditFor(student.id)).toHaveLength(0);
    });

    it('answers 404 for an unknown student on every student action', async () => {
      for (const [method, url, payload] of [
        ['PUT', `/api/admin/students/${UNKNOWN}/status`, { completion_status: 'completed' }],
        ['PUT', `/api/admin/students/${UNKNOWN}/complete`, undefined],
        ['POST', `/api/admin/students/${UNKNOWN}/mark-paid`, { payment_type: 'both' }],
        ['DELETE', `/api/admin/students/${UNKNOWN}`, undefined],
      ] as const) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Student not found' });
      }
      expect((await send('DELETE', '/api/admin/students/not-a-uuid')).statusCode).toBe(400);
    });

    it('completes a student whose course is paid, and refuses one whose course is not', async () => {
      const paid = await insertCourseStudent(t.db, {
        course: 'foundation',
        stages: [1, 2, 3, 4, 5],
        columns: { courseStartDate: CERTIFIED_COURSE_START_DATE },
      });
      const res = await send('PUT', `/api/admin/students/${paid.id}/complete`);
      expect(res.statusCode).toBe(200);
      expect(res.json().completion_status).toBe('completed');
      expect((await auditFor(paid.id)).map((a) => a.action)).toEqual(['student.completed']);

      const unpaid = await insertPaidStudent(t.db, { course: 'foundation' });
      const refused = await send('PUT', `/api/admin/students/${unpaid.id}/complete`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('Only a student whose course is paid can be marked as completed.');
    });

    it('completes a student whose course has not started, or below 100 %, only with confirm_incomplete', async () => {
      // Paid, 0 % progress, course starting on COURSE_START_DATE (in the future).
      const early = await insertCourseStudent(t.db, {
        course: 'foundation',
        stages: [],
        columns: { courseStartDate: COURSE_START_DATE },
      });
      expect(early.courseStartDate! > new Date().toISOString().slice(0, 10)).toBe(true);
      for (const payload of [undefined, {}, { confirm_incomplete: false }]) {
        const refused = await send('PUT', `/api/admin/students/${early.id}/complete`, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
        expect(refused.json().detail).toBe(
          messages.admin.completionCheck.needsConfirmation([
            messages.admin.completionCheck.notStarted('1 March 2027'),
            messages.admin.completionCheck.incomplete(0),
          ]),
        );
      }
      const unchanged = one(await t.db.select().from(students).where(eq(students.id, early.id)));
      expect(unchanged.completionStatus).toBe('enrolled');
      expect(await auditFor(early.id)).toHaveLength(0);

      const confirmed = await send('PUT', `/api/admin/students/${early.id}/complete`, { confirm_incomplete: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().completion_status).toBe('completed');
      expect((await auditFor(early.id))[0]?.details).toMatchObject({ confirmed_incomplete: true });

      // Started, but 2 of 5 stages: progress alone needs the confirmation.
      const partial = await insertCourseStudent(t.db, {
        course: 'foundation',
        stages: [1, 2],
        columns: { courseStartDate: CERTIFIED_COURSE_START_DATE },
      });
      const refused = await send('PUT', `/api/admin/students/${partial.id}/complete`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        messages.admin.completionCheck.needsConfirmation([messages.admin.completionCheck.incomplete(40)]),
      );
    });
  });

  describe('mark paid', () => {
    const paymentsOf = (studentId: string) => t.db.select().from(payments).where(eq(payments.studentId, studentId));

    it('records both fees as one manual combined payment at catalogue prices', async () => {
      const student = await insertStudent(t.db, { courseType: 'pro' });
      const res = await send('POST', `/api/admin/students/${student.id}/mark-paid`, {
        payment_type: 'both',
        payment_method: 'manual',
        notes: 'Paid by bank transfer',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        enrollment_paid: true,
        course_paid: true,
        total_paid: pricePounds('combined', 'pro'),
      });
      expect(res.json().referral_code).toMatch(/^VBR-[A-Z0-9]{6}$/);
      const payment = one(await paymentsOf(student.id));
      expect(payment).toMatchObject({
        paymentType: 'combined',
        amountPence: pricePence('combined', 'pro'),
        method: 'manual',
        status: 'completed',
        courseType: 'pro',
        notes: 'Paid by bank transfer',
      });
      expect(payment.idempotencyKey).toMatch(/^manual-/);
      const [audit] = await auditFor(student.id);
      expect(audit).toMatchObject({
        action: 'student.marked_paid',
        details: {
          payment_type: 'combined',
          amount_pence: pricePence('combined', 'pro'),
          notes: 'Paid by bank transfer',
        },
      });
    });

    it('records the enrolment fee, then the course', async () => {
      const student = await insertStudent(t.db, { courseType: 'foundation' });
      expect(
        (await send('POST', `/api/admin/students/${student.id}/mark-paid`, { payment_type: 'enrollment' })).json(),
      ).toMatchObject({ enrollment_paid: true, course_paid: false, total_paid: pricePounds('enrollment') });
      expect(
        (await send('POST', `/api/admin/students/${student.id}/mark-paid`, { payment_type: 'course' })).json(),
      ).toMatchObject({ enrollment_paid: true, course_paid: true, total_paid: pricePounds('combined', 'foundation') });
      expect((await paymentsOf(student.id)).map((p) => [p.paymentType, p.amountPence]).sort()).toEqual([
        ['course', pricePence('course', 'foundation')],
        ['enrollment', pricePence('enrollment')],
      ]);
    });

    it('refuses a course payment for a student with no course, and anything already paid', async () => {
      const noCourse = await insertStudent(t.db);
      for (const payment_type of ['both', 'course']) {
        const res = await send('POST', `/api/admin/students/${noCourse.id}/mark-paid`, { payment_type });
        expect(res.statusCode).toBe(400);
      }
      const paid = await insertPaidStudent(t.db, { course: 'pro', coursePaid: true });
      for (const payment_type of ['both', 'course', 'enrollment']) {
        expect((await send('POST', `/api/admin/students/${paid.id}/mark-paid`, { payment_type })).statusCode).toBe(409);
      }
      expect(await paymentsOf(noCourse.id)).toHaveLength(0);
      expect(await auditFor(noCourse.id)).toHaveLength(0);
    });

    it('refuses unknown payment types and methods, and never stores unknown fields', async () => {
      const student = await insertStudent(t.db, { courseType: 'pro' });
      for (const body of [{ payment_type: 'combined' }, { payment_type: 'both', payment_method: 'card' }, {}]) {
        expect((await send('POST', `/api/admin/students/${student.id}/mark-paid`, body)).statusCode).toBe(400);
      }
      const res = await send('POST', `/api/admin/students/${student.id}/mark-paid`, {
        payment_type: 'enrollment',
        amount: 0.01,
        total_paid_pence: 1,
      });
      expect(res.json().total_paid).toBe(pricePounds('enrollment'));
    });
  });

  describe('delete', () => {
    it('removes the personal data and ID document but keeps payments and the audit trail', async () => {
      const student = await insertPaidStudent(t.db, { course: 'pro', coursePaid: true });
      await insertIdVerification(t.db, student.id, 'pending');
      await storeIdDocument(t.db, t.app.privateDataKeys, student.id, Buffer.from('fake png bytes'));
      await send('PUT', `/api/admin/students/${student.id}/status`, { completion_status: 'emailed' });

      const res = await send('DELETE', `/api/admin/students/${student.id}`);
      expect(res.statusCode).toBe(204);

      expect(await t.db.select().from(students).where(eq(students.id, student.id))).toHaveLength(0);
      expect(await t.db.select().from(idVerifications).where(eq(idVerifications.studentId, student.id))).toHaveLength(
        0,
      );
      expect(await t.db.select().from(idDocuments).where(eq(idDocuments.studentId, student.id))).toHaveLength(0);
      const kept = await t.db
        .select()
        .from(payments)
        .where(eq(payments.amountPence, pricePence('combined', 'pro')));
      expect(kept.some((p) => p.studentId === null)).toBe(true);
      const audit = await auditFor(student.id);
      expect(audit.map((a) => a.action).sort()).toEqual(['student.deleted', 'student.status_changed']);
      expect(audit.every((a) => a.studentName === null)).toBe(true);
      expect((await send('DELETE', `/api/admin/students/${student.id}`)).statusCode).toBe(404);
    });
  });

  describe('CSV export', () => {
    it('streams the spec columns, every cell quoted, with a dated file name', async () => {
      await insertPaidStudent(t.db, {
        course: 'foundation',
        coursePaid: true,
        columns: { firstName: 'Csv', lastName: 'Person', email: 'csv.person@example.com', phone: '07400 123456' },
      });
      const res = await get('/api/admin/students/export.csv?search=csv.person');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      // A UTF-8 byte order mark, so Excel shows "£" rather than "Â£".
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="students-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        '"Name","Email","Phone","Course Type","Start Date","Enrollment Paid","Course Paid","Total Paid","Status","Registration Date"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(
        `"Csv Person","csv.person@example.com","07400 123456","Foundation","${COURSE_START_DATE}","Yes","Yes","${poundsText(pricePence('combined', 'foundation'))}","Enrolled","${new Date().toISOString().slice(0, 10)}"`,
      );
    });

    it('writes Not Selected for a missing course and start date', async () => {
      await insertStudent(t.db, { firstName: 'No', lastName: 'Course', email: 'no.course.csv@example.com' });
      const line = (await get('/api/admin/students/export.csv?search=no.course.csv')).body.trim().split('\r\n')[1];
      expect(line).toMatch(
        /^"No Course","no.course.csv@example.com","","Not Selected","Not Selected","No","No","£0.00","Enrolled",/,
      );
    });

    it('neutralises cells starting with = + - @ and escapes quotes', async () => {
      await insertStudent(t.db, {
        firstName: '=HYPERLINK("http://evil")',
        lastName: 'x',
        email: 'formula.one@example.com',
        phone: '+44 7400 900000',
      });
      await insertStudent(t.db, {
        firstName: '@SUM(A1)',
        lastName: 'y',
        email: 'formula.two@example.com',
        phone: '-1',
      });
      const body = (await get('/api/admin/students/export.csv?search=formula.')).body;
      expect(body).toContain(`"'=HYPERLINK(""http://evil"") x","formula.one@example.com","'+44 7400 900000"`);
      expect(body).toContain(`"'@SUM(A1) y","formula.two@example.com","'-1"`);
      expect(body).not.toMatch(/(^|,)"[=+\-@]/m);
    });

    it('exports every matching row across batches, each exactly once', async () => {
      const marker = `batch${Date.now()}`;
      const rows = Array.from({ length: 2105 }, (_, i) => ({
        firstName: 'Bulk',
        lastName: `Row ${i}`,
        email: `${marker}-${i}@example.com`,
        registrationDate: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000),
      }));
      await t.db.insert(students).values(rows);
      const lines = (await get(`/api/admin/students/export.csv?search=${marker}`)).body.trim().split('\r\n').slice(1);
      expect(lines).toHaveLength(2105);
      expect(new Set(lines).size).toBe(2105);
    });

    it('applies the status and course filters', async () => {
      const body = (await get('/api/admin/students/export.csv?status=in_progress&course=pro')).body
        .trim()
        .split('\r\n');
      expect(body.slice(1).every((l) => l.includes('"Pro"') && l.includes('"In Progress"'))).toBe(true);
      expect((await get('/api/admin/students/export.csv?status=nope')).statusCode).toBe(400);
    });
  });
});
