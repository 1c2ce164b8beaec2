// engines: both
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { emailOutbox, studentLoginCodes, students, type Student } from '@server/db/schema';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { insertCourseStudent, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { queuedLoginCode } from '../helpers/login-codes';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

describe('sign-in with a code (STUDENT_LOGIN=code, the default)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let student: Student;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, STUDENT_TOKEN_TTL: '12h' });
    student = await insertCourseStudent(t.db, { columns: { email: 'Code.Student@Example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestCode = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/student/login/code', payload: { email } });
  const verify = (email: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/student/login/verify', payload: { email, code } });

  const queuedCode = (studentId: string) => queuedLoginCode(t.db, studentId);
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('emails a 6-digit code and signs in with it once, with the same body as the email login', async () => {
    const sent = await requestCode(' code.student@example.COM ');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ detail: messages.student.codeSentDetail });

    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.headers.get('x-vbr-template')).toBe('login-code');
    expect((mail!.to as { text: string }).text.toLowerCase()).toBe('code.student@example.com');
    const code = /\b(\d{6})\b/.exec(mail!.subject ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain(code);

    // Stored hashed only.
    const [stored] = await t.db.select().from(studentLoginCodes).where(eq(studentLoginCodes.studentId, student.id));
    expect(stored!.codeHash).not.toContain(code!);

    const res = await verify('code.student@example.com', code!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: student.id, email: 'Code.Student@Example.com', course_paid: true });
    expect(body.token).toEqual(expect.any(String));
    const own = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}`, headers: bearer(body.token) });
    expect(own.statusCode).toBe(200);

    // Single use.
    const again = await verify('code.student@example.com', code!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: messages.student.codeExpired });
  });

  it('answers an unknown email with the login screen message, and queues nothing', async () => {
    const res = await requestCode('nobody-here@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.student.emailNotFound });
  });

  it('refuses a wrong code (400), and invalidates the code after five wrong tries', async () => {
    const s = await insertStudent(t.db);
    expect((await requestCode(s.email)).statusCode).toBe(202);
    const code = await queuedCode(s.id);
    for (let i = 0; i < 4; i += 1) {
      const res = await verify(s.email, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.student.codeWrong });
    }
    const fifth = await verify(s.email, wrong(code));
    expect(fifth.json()).toEqual({ detail: messages.student.codeTooManyTries });
    const right = await verify(s.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: messages.student.codeExpired });
  });

  it('refuses an expired code, a code replaced by a newer one, and anything but six digits', async () => {
    const s = await insertStudent(t.db);
    await requestCode(s.email);
    const first = await queuedCode(s.id);
    await requestCode(s.email);
    const second = await queuedCode(s.id);
    if (first !== second) expect((await verify(s.email, first)).statusCode).toBe(400);

    await t.db
      .update(studentLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studentLoginCodes.studentId, s.id));
    const expired = await verify(s.email, second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: messages.student.codeExpired });

    const bad = await verify(s.email, '12a456');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(messages.student.codeFormat);
  });

  it('throttles code requests per email and address', async () => {
    const s = await insertStudent(t.db);
    for (let i = 0; i < 5; i += 1) expect((await requestCode(s.email)).statusCode).toBe(202);
    const sixth = await requestCode(s.email.toUpperCase());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ detail: messages.student.tooManyCodeRequests });
  });

  it('throttles code requests and code checks per address, whatever the email, and not other addresses', async () => {
    const from = (remoteAddress: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const codesQueued = async () =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.studentId, student.id))).filter(
        (row) => row.template === 'login-code',
      ).length;
    const queuedBefore = await codesQueued();
    // 30 code requests per address in 10 minutes, each for a different (unknown) email: 404, counted.
    for (let i = 0; i < 30; i += 1) {
      const res = await from('203.0.113.7', '/api/student/login/code', { email: `nobody-${i}@example.com` });
      expect(res.statusCode).toBe(404);
    }
    const request31 = await from('203.0.113.7', '/api/student/login/code', { email: student.email });
    expect(request31.statusCode).toBe(429);
    expect(request31.json()).toHaveProperty('detail');
    expect(request31.headers['retry-after']).toBeDefined();
    // 60 checks per address in 10 minutes, spread over many emails so the per-email limit is not met.
    for (let i = 0; i < 60; i += 1) {
      const res = await from('203.0.113.7', '/api/student/login/verify', {
        email: `nobody-${i}@example.com`,
        code: '000000',
      });
      expect(res.statusCode).not.toBe(429);
    }
    const verify61 = await from('203.0.113.7', '/api/student/login/verify', { email: student.email, code: '000000' });
    expect(verify61.statusCode).toBe(429);
    // Another address is still answered.
    const other = await from('203.0.113.8', '/api/student/login/code', { email: `nobody-x@example.com` });
    expect(other.statusCode).toBe(404);
    expect(await codesQueued()).toBe(queuedBefore);
  });

  it('counts concurrent tries on one code: 20 at once, 5 checked against it, and then it is void', async () => {
    const s = await insertStudent(t.db);
    expect((await requestCode(s.email)).statusCode).toBe(202);
    const right = await queuedCode(s.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/student/login/verify',
          payload: { email: s.email, code: wrong(right) },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const details = answers.map((res) => res.json().detail);
    expect(details.filter((d) => d === messages.student.codeWrong)).toHaveLength(4);
    expect(details.filter((d) => d === messages.student.codeTooManyTries)).toHaveLength(1);
    expect(details.filter((d) => d === messages.student.codeExpired)).toHaveLength(15);
    expect((await verify(s.email, right)).json()).toEqual({ detail: messages.student.codeExpired });
  });

  it('issues no token for an email alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/student/login/${encodeURIComponent(student.email)}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: messages.student.codeLoginRequired });
  });

  it('gives tokens the STUDENT_TOKEN_TTL lifetime, and revokes them at logout', async () => {
    const s = await insertStudent(t.db);
    await requestCode(s.email);
    const { token } = (await verify(s.email, await queuedCode(s.id))).json();
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);

    const logout = await t.app.inject({ method: 'POST', url: '/api/student/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/api/student/${s.id}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('logs out the token of a student deleted since it was issued (204, not a server error)', async () => {
    const s = await insertStudent(t.db);
    await requestCode(s.email);
    const { token } = (await verify(s.email, await queuedCode(s.id))).json();
    await t.db.delete(students).where(eq(students.id, s.id));
    const logout = await t.app.inject({ method: 'POST', url: '/api/student/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
  });

  it('still returns a token at registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { first_name: 'New', last_name: 'Person', email: 'new.person@example.com', phone: '07123456789' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().token).toEqual(expect.any(String));
  });
});

describe('email-only login (STUDENT_LOGIN=email)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STUDENT_LOGIN: 'email' });
  });
  afterAll(() => t.close());

  it('keeps the one-step login and has no code routes', async () => {
    const s = await insertStudent(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/student/login/${encodeURIComponent(s.email)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, token: expect.any(String) });
    const code = await t.app.inject({ method: 'POST', url: '/api/student/login/code', payload: { email: s.email } });
    expect(code.statusCode).toBe(404);
  });
});
