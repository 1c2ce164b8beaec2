// engines: both
/**
 * One-time sign-in links (docs/product/student-area.md): e-mails that open the dashboard carry
 * `/student-login?link=…`, made when the message is sent and valid 30 minutes; the link signs in
 * exactly once, with the same answer as a code sign-in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { emailOutbox, studentLoginLinks } from '@server/db/schema';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent } from '../helpers/enrolment';
import { queuedLoginCode } from '../helpers/login-codes';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const LINK = /\/student-login\?link=([A-Za-z0-9_-]{43})\b/;

describe.each(['code', 'email'] as const)('sign-in links (STUDENT_LOGIN=%s)', (mode) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let movedBy = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp(
      { SMTP_URL: smtp.url, STUDENT_LOGIN: mode },
      { clock: () => new Date(Date.now() + movedBy) },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signInWith = (link: string, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/student/login/link', payload: { link }, remoteAddress });

  /** A paid student and the link in the receipt that the outbox has just sent them. */
  async function paidStudentWithReceiptLink() {
    const student = await registerStudent(t);
    expect((await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') })).statusCode).toBe(200);
    // Queued, not yet sent: no link exists, and none is written into the outbox.
    expect(await t.db.select().from(studentLoginLinks).where(eq(studentLoginLinks.studentId, student.id))).toEqual([]);
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const receipt = smtp
      .withTemplate('payment-receipt')
      .find((mail) => (mail.to as { text: string }).text.toLowerCase() === student.email.toLowerCase());
    expect(receipt).toBeDefined();
    const inText = LINK.exec(receipt!.text ?? '')?.[1];
    const inHtml = LINK.exec(String(receipt!.html))?.[1];
    expect(inText).toBeDefined();
    expect(inHtml).toBe(inText);
    return { student, link: inText! };
  }

  it('the receipt carries a link that signs in once, with the same answer as a code sign-in', async () => {
    const { student, link } = await paidStudentWithReceiptLink();
    const [row] = await t.db.select().from(studentLoginLinks).where(eq(studentLoginLinks.studentId, student.id));
    expect(row!.tokenHash).not.toContain(link);
    const [outboxRow] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.studentId, student.id));
    expect(JSON.stringify(outboxRow!.data)).not.toContain(link);

    const res = await signInWith(link);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: student.id, email: student.email, enrollment_paid: true });
    const own = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}`, headers: bearer(body.token) });
    expect(own.statusCode).toBe(200);
    expect({ ...body, token: undefined }).toEqual({ ...own.json(), token: undefined });

    // The same body as the other way in for this mode.
    const other =
      mode === 'code'
        ? await (async () => {
            await t.app.inject({ method: 'POST', url: '/api/student/login/code', payload: { email: student.email } });
            const code = await queuedLoginCode(t.db, student.id);
            return t.app.inject({
              method: 'POST',
              url: '/api/student/login/verify',
              payload: { email: student.email, code },
            });
          })()
        : await t.app.inject({ method: 'GET', url: `/api/student/login/${encodeURIComponent(student.email)}` });
    expect(other.statusCode).toBe(200);
    expect(Object.keys(body).sort()).toEqual(Object.keys(other.json()).sort());
    expect({ ...body, token: undefined }).toEqual({ ...other.json(), token: undefined });

    const again = await signInWith(link);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: messages.student.loginLinkInvalid(mode) });
  });

  it('refuses a link 30 minutes after the e-mail was sent (401), and accepts it just before', async () => {
    const first = await paidStudentWithReceiptLink();
    movedBy += 29 * 60_000;
    expect((await signInWith(first.link)).statusCode).toBe(200);
    movedBy -= 29 * 60_000;

    const second = await paidStudentWithReceiptLink();
    movedBy += 30 * 60_000;
    try {
      const res = await signInWith(second.link);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.student.loginLinkInvalid(mode) });
    } finally {
      movedBy -= 30 * 60_000;
    }
  });

  it('refuses an unknown link and a malformed body', async () => {
    const unknown = await signInWith('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: messages.student.loginLinkInvalid(mode) });
    const empty = await t.app.inject({ method: 'POST', url: '/api/student/login/link', payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('lets exactly one of many concurrent sign-ins with one link through (a real race on PostgreSQL)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { link } = await paidStudentWithReceiptLink();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signInWith(link, `198.51.100.${round * 10 + i + 1}`)),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    }
  });

  it('makes no link for an e-mail that was not delivered, and a fresh one for its retry', async () => {
    smtp.refuseNext(1);
    const student = await registerStudent(t);
    expect((await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') })).statusCode).toBe(200);
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const links = () => t.db.select().from(studentLoginLinks).where(eq(studentLoginLinks.studentId, student.id));
    expect(await links()).toEqual([]);
    // The retry is due once its delay has passed on the app's clock: it goes with a link of its own.
    movedBy += 10 * 60_000;
    try {
      await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
      expect(await links()).toHaveLength(1);
    } finally {
      movedBy -= 10 * 60_000;
    }
  });

  it('limits link sign-ins per address like code checks (60 in 10 minutes)', async () => {
    for (let i = 0; i < 60; i += 1) expect((await signInWith(`x${i}`, '203.0.113.9')).statusCode).toBe(401);
    const limited = await signInWith('x-last', '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('detail');
  });
});
