// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '@server/db/schema';
import { courseSchedule } from '@shared/schedule';
import { BUILT_IN_CONTACT } from '@shared/site-settings';
import { insertPaidStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { firstIntake, registerStudent, selectCourse, validRegistration } from '../helpers/enrolment';
import { one } from '@server/db/rows';
import { messages } from '@shared/messages';
import { tableCounts } from '../helpers/table-counts';

describe('registration (POST /api/students)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/students', payload });

  it('creates the student and answers with its id and a token for that student', async () => {
    const payload = validRegistration({ email: '  Grace.Hopper@Example.com ' });
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'referral_code_status', 'token']);
    expect(body.referral_code_status).toBe('none');
    const row = one(await t.db.select().from(students).where(eq(students.id, body.id)));
    expect(row).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Grace.Hopper@Example.com',
      phone: '07400 123456',
      enrollmentPaid: false,
      coursePaid: false,
      totalPaidPence: 0,
      referralCode: null,
      completionStatus: 'enrolled',
    });
    // The token opens this student's own routes.
    const selection = await selectCourse(t, { id: body.id, token: body.token }, 'foundation');
    expect(selection.statusCode).toBe(200);
  });

  it('asks for every required field with the spec message', async () => {
    for (const missing of ['first_name', 'last_name', 'email']) {
      for (const value of [undefined, '', '   ']) {
        const res = await register(validRegistration({ [missing]: value }));
        expect(res.statusCode, `${missing}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toEqual({ detail: 'Please fill in all required fields' });
      }
    }
  });

  it('refuses an email that is not an email address', async () => {
    const res = await register(validRegistration({ email: 'not-an-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please enter a valid email address' });
  });

  it('refuses over-long fields with a readable message', async () => {
    const res = await register(validRegistration({ first_name: 'x'.repeat(101) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Please keep each field shorter/);
  });

  it('treats phone and referral code as optional', async () => {
    const res = await register(validRegistration({ phone: undefined, referral_code: null }));
    expect(res.statusCode).toBe(201);
    const row = one(await t.db.select().from(students).where(eq(students.id, res.json().id)));
    expect(row.phone).toBeNull();
    expect(row.referredBy).toBeNull();
  });

  it('refuses an email already registered, whatever its letter case, with 400', async () => {
    const first = await registerStudent(t);
    const res = await register(validRegistration({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Email already registered. Please use a different email.' });
  });

  it('registers only one of two simultaneous registrations with the same email', async () => {
    const payload = validRegistration();
    const results = await Promise.all([
      register(payload),
      register({ ...payload, email: payload.email.toUpperCase() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('records a matching referral code (any case) as referred_by and ignores an unknown one', async () => {
    const referrer = await insertPaidStudent(t.db, { columns: { referralCode: 'VBR-ABC234' } });
    const referred = await register(validRegistration({ referral_code: ' vbr-abc234 ' }));
    expect(referred.statusCode).toBe(201);
    const row = one(await t.db.select().from(students).where(eq(students.id, referred.json().id)));
    expect(row.referredBy).toBe(referrer.id);
    expect(referred.json().referral_code_status).toBe('applied');

    const unknown = await register(validRegistration({ referral_code: 'VBR-NOPE99' }));
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().referral_code_status).toBe('unknown');
    const other = one(await t.db.select().from(students).where(eq(students.id, unknown.json().id)));
    expect(other.referredBy).toBeNull();

    const none = await register(validRegistration({ referral_code: '  ' }));
    expect(none.statusCode).toBe(201);
    expect(none.json().referral_code_status).toBe('none');
  });

  it('refuses a phone that is not a phone number with a clear message, and stores nothing', async () => {
    const before = await tableCounts(t.db);
    for (const phone of ['abc', '07700 900123', '12345', '+44 7400 12345678']) {
      const res = await register(validRegistration({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ detail: messages.enrolment.invalidPhone });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('accepts UK numbers with or without +44 and international numbers', async () => {
    for (const phone of ['07400 123456', '+44 7400 123457', '020 7946 0000', '+1 212 555 0100']) {
      const res = await register(validRegistration({ phone }));
      expect(res.statusCode, phone).toBe(201);
      const row = one(await t.db.select().from(students).where(eq(students.id, res.json().id)));
      expect(row.phone).toBe(phone);
    }
  });

  it('never stores unknown fields', async () => {
    const res = await register({
      ...validRegistration(),
      enrollment_paid: true,
      total_paid: 500,
      referral_code: undefined,
    });
    expect(res.statusCode).toBe(201);
    const row = one(await t.db.select().from(students).where(eq(students.id, res.json().id)));
    expect(row.enrollmentPaid).toBe(false);
    expect(row.totalPaidPence).toBe(0);
  });
});

describe('course dates (GET /api/course-dates)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the next six intakes with end and graduation dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/course-dates' });
    expect(res.statusCode).toBe(200);
    const { schedule } = res.json();
    expect(schedule).toHaveLength(6);
    // The rule's dates have no limit: never full.
    expect(schedule).toEqual(courseSchedule().map((entry) => ({ ...entry, places_left: null, full: false })));
    for (const entry of schedule) {
      expect(entry.start_date).toMatch(/^\d{4}-(01|03|05|07|09|11)-01$/);
      expect(entry.label).toMatch(/^[A-Z][a-z]+ \d{4} intake$/);
    }
  });

  it('gives the browser the card form settings and the retention periods, never the access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toEqual({
      square: { environment: 'offline', application_id: null, location_id: null },
      student_login: 'code',
      support: {
        email: BUILT_IN_CONTACT.supportEmail,
        hours: BUILT_IN_CONTACT.supportHours,
        community_url: BUILT_IN_CONTACT.communityUrl,
        live_chat_url: null,
      },
      retention: { id_document_days: 30, unpaid_registration_days: 365, payment_record_years: 6 },
    });
  });
});

describe('course selection (POST /api/students/{id}/course-selection)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('saves the course and start date for the student', async () => {
    const student = await registerStudent(t);
    const res = await selectCourse(t, student, 'pro');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, course_type: 'pro', course_start_date: firstIntake() });
    const row = one(await t.db.select().from(students).where(eq(students.id, student.id)));
    expect(row).toMatchObject({ courseType: 'pro', courseStartDate: firstIntake() });
  });

  it('asks for both the course type and the start date', async () => {
    const student = await registerStudent(t);
    for (const payload of [
      { course_type: 'pro' },
      { course_start_date: firstIntake() },
      { course_type: 'gold', course_start_date: firstIntake() },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/students/${student.id}/course-selection`,
        headers: bearer(student.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail: 'Please select course type and start date' });
    }
  });

  it('accepts only one of the listed start dates', async () => {
    const student = await registerStudent(t);
    const res = await selectCourse(t, student, 'foundation', '2020-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please choose one of the listed start dates' });
  });

  it('refuses a student_id that differs from the path', async () => {
    const student = await registerStudent(t);
    const other = await registerStudent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/students/${student.id}/course-selection`,
      headers: bearer(student.token),
      payload: { student_id: other.id, course_type: 'pro', course_start_date: firstIntake() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'student_id does not match this student' });
  });

  it('needs the token of that student: 401 without, 403 for another student, admins allowed', async () => {
    const student = await registerStudent(t);
    const other = await registerStudent(t);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/students/${student.id}/course-selection`,
      payload: { course_type: 'pro', course_start_date: firstIntake() },
    });
    expect(none.statusCode).toBe(401);
    expect((await selectCourse(t, { id: student.id, token: other.token }, 'pro')).statusCode).toBe(403);
    expect((await selectCourse(t, { id: student.id, token: await t.adminToken() }, 'pro')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown student', async () => {
    const admin = await t.adminToken();
    const res = await selectCourse(t, { id: '00000000-0000-4000-8000-000000000000', token: admin }, 'pro');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Student not found' });
  });

  it('keeps a paid course type fixed but lets the start date move', async () => {
    const paid = await insertPaidStudent(t.db, { course: 'foundation', coursePaid: true });
    const token = await t.studentToken(paid.id);
    const change = await selectCourse(t, { id: paid.id, token }, 'pro');
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({
      detail: 'Your course has already been paid; please contact support to change it.',
    });
    const later = one(courseSchedule().slice(2, 3)).start_date;
    expect((await selectCourse(t, { id: paid.id, token }, 'foundation', later)).statusCode).toBe(200);
  });
});

describe('registration throttle (per client address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REGISTRATION_RATE_LIMIT: '10' });
  });
  afterAll(() => t.close());

  const register = (n: number, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: {
        first_name: 'Throttle',
        last_name: `Tester ${n}`,
        email: `throttle-${n}-${remoteAddress}@example.com`,
      },
      remoteAddress,
    });

  it('allows 10 registrations per address in 10 minutes, then answers 429 {detail}; other addresses go on', async () => {
    for (let n = 0; n < 10; n += 1) expect((await register(n, '203.0.113.10')).statusCode).toBe(201);
    const refused = await register(10, '203.0.113.10');
    expect(refused.statusCode).toBe(429);
    expect(Object.keys(refused.json())).toEqual(['detail']);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await register(11, '203.0.113.11')).statusCode).toBe(201);
  });
});
