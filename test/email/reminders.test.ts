// engines: both
/**
 * Reminders (docs/product/enrolment.md#reminders): `enrolment-reminder` REMINDER_UNPAID_HOURS after a
 * registration that has not paid, `course-reminder` REMINDER_COURSE_DAYS after a fee-only payment, each
 * once per student (the outbox's dedupe key) even with three job runners at once, never to an address
 * that opted out at step 1 or unsubscribed, never once paid, none while the owner's switch is off.
 * Each carries a one-time sign-in link and the List-Unsubscribe headers, checked on the message the
 * SMTP sink received. The app's clock is moved by the test.
 */
import { and, eq, inArray, like, lte } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { UnsubscribeTokens } from '@server/auth/unsubscribe-tokens';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { emailOutbox, emailSuppressions, students } from '@server/db/schema';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import { queueReminders, reminderKey, REMINDER_WINDOW_DAYS } from '@server/domain/email/queue-reminders';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { remindersJob, REMINDERS_JOB } from '@server/jobs/reminders';
import { insertPaidStudent, insertPayment, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { testDbKind } from '../helpers/database';
import { registerStudent } from '../helpers/enrolment';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2027-01-04T09:00:00Z');

let clock = new Date(T0);
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { clock: () => clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** One pass of the reminders job at `T0 + ms`. */
const runAt = async (ms: number) => {
  clock = new Date(T0 + ms);
  await t.app.jobs.runNow(REMINDERS_JOB);
};
const remindersOf = async (studentId: string) =>
  t.db
    .select({
      template: emailOutbox.template,
      key: emailOutbox.dedupeKey,
      to: emailOutbox.toAddress,
      data: emailOutbox.data,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.studentId, studentId), like(emailOutbox.dedupeKey, 'reminder:%')));
/** Runs the outbox until nothing is due at the test's clock (rows queued at a later clock wait). */
const deliverAll = async () => {
  const due = () =>
    t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, clock)));
  for (let pass = 0; (await due()).length > 0; pass += 1) {
    if (pass > 50) throw new Error('the outbox does not drain');
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
  }
};
const sentTo = (email: string, template: string) =>
  smtp.withTemplate(template).filter((mail) => JSON.stringify(mail.to).toLowerCase().includes(email.toLowerCase()));
/** A raw header line of the message as it arrived (mailparser folds List-* headers into an object). */
const headerLine = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/\r?\n\s+/g, ' ');
const setReminders = async (value: 'on' | 'off' | null) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(await t.adminToken()),
    payload: { reminders_enabled: value },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const tokens = () => new UnsubscribeTokens(t.config.sessionSecret);
const registeredAt = (ms: number, columns: Parameters<typeof insertStudent>[1] = {}) =>
  insertStudent(t.db, { registrationDate: new Date(T0 + ms), ...columns });

describe('the enrolment reminder', () => {
  it('goes once, REMINDER_UNPAID_HOURS after registering, with a sign-in link and one-click unsubscribe headers', async () => {
    const ada = await registeredAt(0, { firstName: 'Ada', email: `Ada.Reminded-${T0}@Example.com` });
    await runAt(24 * HOUR - 60_000);
    expect(await remindersOf(ada.id)).toEqual([]);

    await runAt(24 * HOUR);
    expect(await remindersOf(ada.id)).toEqual([
      {
        template: 'enrolment-reminder',
        key: reminderKey('enrolment', ada.id),
        to: ada.email,
        data: { firstName: 'Ada' },
      },
    ]);
    await runAt(30 * HOUR);
    await runAt(5 * DAY);
    expect(await remindersOf(ada.id)).toHaveLength(1);

    await deliverAll();
    const [mail, ...more] = sentTo(ada.email, 'enrolment-reminder');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your place is waiting: finish your enrolment');
    const token = tokens().tokenFor(ada.email);
    expect(headerLine(mail!, 'List-Unsubscribe')).toBe(
      `List-Unsubscribe: <http://localhost:3000/api/unsubscribe/${token}>`,
    );
    expect(headerLine(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(`http://localhost:3000/unsubscribe/${token}`);

    // The button signs Ada in once; the client sends an unpaid registration on to the wizard's payment step.
    const link = /\/student-login\?link=([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
    expect(link).toBeDefined();
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/student/login/link', payload: { link } });
    const first = await signIn();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: ada.id, enrollment_paid: false, course_paid: false });
    expect((await signIn()).statusCode).toBe(401);
  });

  it('never goes to an address that opted out at step 1 or unsubscribed, nor after paying or while a payment is under way', async () => {
    const optedOut = await registerStudent(t, { marketing_opt_out: true });
    const stayedIn = await registerStudent(t);
    for (const id of [optedOut.id, stayedIn.id])
      await t.db
        .update(students)
        .set({ registrationDate: new Date(T0) })
        .where(eq(students.id, id));
    const rows = await t.db
      .select({ id: students.id, optOut: students.marketingOptOut })
      .from(students)
      .where(inArray(students.id, [optedOut.id, stayedIn.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.optOut]))).toEqual({
      [optedOut.id]: true,
      [stayedIn.id]: false,
    });

    const unsubscribed = await registeredAt(0, { email: `Un.Subscribed-${T0}@Example.com` });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokens().tokenFor(unsubscribed.email)}`,
    });
    expect(res.json()).toEqual({ email: unsubscribed.email.toLowerCase() });
    const paid = await insertPaidStudent(t.db, { paidAt: new Date(T0 + HOUR) });
    const underWay = await registeredAt(0);
    await insertPayment(t.db, { studentId: underWay.id, paymentType: 'enrollment', status: 'pending' });
    const declined = await registeredAt(0);
    await insertPayment(t.db, { studentId: declined.id, paymentType: 'enrollment', status: 'failed' });

    await runAt(25 * HOUR);
    for (const none of [optedOut.id, unsubscribed.id, paid.id, underWay.id])
      expect(await remindersOf(none)).toEqual([]);
    expect((await remindersOf(stayedIn.id)).map((r) => r.template)).toEqual(['enrolment-reminder']);
    expect((await remindersOf(declined.id)).map((r) => r.template)).toEqual(['enrolment-reminder']);
  });

  it('is not written while the owner has reminders off, and goes once they are on again', async () => {
    const waiting = await registeredAt(2 * DAY);
    await setReminders('off');
    await runAt(4 * DAY);
    expect(await remindersOf(waiting.id)).toEqual([]);
    await setReminders(null);
    await runAt(4 * DAY);
    expect(await remindersOf(waiting.id)).toHaveLength(1);
  });

  it(`is not written to a registration more than ${REMINDER_WINDOW_DAYS} days past its delay`, async () => {
    const old = await registeredAt(-(REMINDER_WINDOW_DAYS + 2) * DAY);
    await runAt(0);
    expect(await remindersOf(old.id)).toEqual([]);
  });
});

describe('the course reminder', () => {
  it('goes once to a fee-only student REMINDER_COURSE_DAYS after the fee, never after the course is paid or under way', async () => {
    const feeOnly = await insertPaidStudent(t.db, { paidAt: new Date(T0 + 10 * DAY), columns: { firstName: 'Grace' } });
    const boughtCourse = await insertPaidStudent(t.db, { paidAt: new Date(T0 + 10 * DAY) });
    await insertPayment(t.db, {
      studentId: boughtCourse.id,
      paymentType: 'course',
      course: 'pro',
      completedAt: new Date(T0 + 11 * DAY),
    });
    await t.db.update(students).set({ coursePaid: true, courseType: 'pro' }).where(eq(students.id, boughtCourse.id));
    const paying = await insertPaidStudent(t.db, { paidAt: new Date(T0 + 10 * DAY) });
    await insertPayment(t.db, { studentId: paying.id, paymentType: 'course', course: 'pro', status: 'pending' });
    const optedOut = await insertPaidStudent(t.db, {
      paidAt: new Date(T0 + 10 * DAY),
      columns: { marketingOptOut: true },
    });
    const complete = await insertPaidStudent(t.db, {
      course: 'pro',
      coursePaid: true,
      paidAt: new Date(T0 + 10 * DAY),
    });

    await runAt(13 * DAY - 60_000);
    expect(await remindersOf(feeOnly.id)).toEqual([]);
    await runAt(13 * DAY);
    await runAt(14 * DAY);
    expect(await remindersOf(feeOnly.id)).toEqual([
      {
        template: 'course-reminder',
        key: reminderKey('course', feeOnly.id),
        to: feeOnly.email,
        data: { firstName: 'Grace' },
      },
    ]);
    for (const none of [boughtCourse.id, paying.id, optedOut.id, complete.id])
      expect(await remindersOf(none)).toEqual([]);

    await deliverAll();
    const [mail] = sentTo(feeOnly.email, 'course-reminder');
    expect(mail!.subject).toBe('Choose your course');
    expect(headerLine(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /\/student-login\?link=([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
    const signIn = await t.app.inject({ method: 'POST', url: '/api/student/login/link', payload: { link } });
    // Fee paid, no course: the client opens the dashboard, whose first view is the course choice.
    expect(signIn.json()).toMatchObject({ id: feeOnly.id, enrollment_paid: true, course_paid: false });
  });
});

describe('several processes', () => {
  function databaseUrlNamed(name: string): string {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('three job runners at once write each reminder once (10 tries)', async () => {
    // On PostgreSQL each runner has its own connection pool, as three processes do; PGlite has one connection.
    const extra: Database[] = [];
    if (testDbKind === 'postgres') {
      const current = (await t.db.execute('select current_database() as n')) as unknown as {
        rows: Array<{ n: string }>;
      };
      const url = databaseUrlNamed(String(current.rows[0]?.n));
      for (let i = 0; i < 2; i += 1) extra.push(await openDatabase({ databaseUrl: url, migrate: false }));
    }
    const log = { info: () => {} };
    try {
      const dbs = [t.db, ...extra.map((d) => d.db), ...(extra.length ? [] : [t.db, t.db])];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const base = 100 * DAY + attempt * 40 * DAY;
        const unpaid = await Promise.all([0, 1, 2].map(() => registeredAt(base)));
        const feeOnly = await Promise.all([0, 1].map(() => insertPaidStudent(t.db, { paidAt: new Date(T0 + base) })));
        const now = () => new Date(T0 + base + 4 * DAY);
        const runners = dbs.map((db) =>
          remindersJob(db, { reminders: { unpaidHours: 24, courseDays: 3, checkMs: 1000 } }, log, now),
        );
        await Promise.all(runners.map((runner) => runner.run(new AbortController().signal)));
        const written = await t.db
          .select({ key: emailOutbox.dedupeKey })
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.studentId,
              [...unpaid, ...feeOnly].map((s) => s.id),
            ),
          );
        expect(written.map((r) => r.key).sort()).toEqual(
          [
            ...unpaid.map((s) => reminderKey('enrolment', s.id)),
            ...feeOnly.map((s) => reminderKey('course', s.id)),
          ].sort(),
        );
      }
    } finally {
      for (const database of extra) await database.close();
    }
  });
});

describe('unsubscribing', () => {
  it('one-click POST without a session adds the address once; GET opens the confirmation page; the list shows it', async () => {
    const email = `one-click-${T0}@example.com`;
    const token = tokens().tokenFor(email);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ email });
    expect((await post()).statusCode).toBe(200);
    expect(await t.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email))).toHaveLength(1);

    const page = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/unsubscribe/${token}`);

    for (const role of ['owner', 'staff'] as const) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/suppressions?page=1&page_size=100',
        headers: bearer(await t.adminToken(`suppressions-${role}`, role)),
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().suppressions).toContainEqual({
        email,
        source: 'unsubscribe',
        created_at: clock.toISOString(),
      });
      expect(list.json().total).toBeGreaterThanOrEqual(1);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/suppressions' })).statusCode).toBe(401);
  });

  it('takes the token of the longest address there can be', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'x'.repeat(57)}.com`;
    expect(email).toHaveLength(254);
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${tokens().tokenFor(email)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email });
  });

  it('refuses a forged, cut or garbled token with 400 {detail} and suppresses nothing', async () => {
    const before = (await t.db.select().from(emailSuppressions)).length;
    const real = tokens().tokenFor('victim@example.com');
    const [address, mac] = real.split('~') as [string, string];
    const forged = [
      `${Buffer.from('someone-else@example.com').toString('base64url')}~${mac}`,
      `${address}~${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${address}.${mac}`,
      new UnsubscribeTokens('another secret, another site, 32+ chars').tokenFor('victim@example.com'),
      address,
      'garbled',
    ];
    for (const token of forged) {
      for (const method of ['POST', 'GET'] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe/${token}` });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.json().detail).toMatch(/not valid/);
      }
    }
    for (const length of [1001, 1200]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${'a'.repeat(length)}` });
      expect([400, 414]).toContain(res.statusCode);
    }
    expect(await t.db.select().from(emailSuppressions)).toHaveLength(before);
  });

  it('still sends receipts and course e-mails to an unsubscribed address, without the headers; a queued broadcast is held back', async () => {
    const email = `still-served-${T0}@example.com`;
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${tokens().tokenFor(email)}` });
    const receipt = await enqueueEmail(
      t.db,
      {
        template: 'payment-receipt',
        to: email,
        data: {
          firstName: 'Ada',
          kind: 'payment',
          paymentId: '00000000-0000-4000-8000-000000000001',
          reference: 'sq-1',
          description: 'Enrollment Fee',
          amountPence: 999,
          at: clock.toISOString(),
        },
      },
      clock,
    );
    const course = await enqueueEmail(
      t.db,
      {
        template: 'course-open',
        to: email.toUpperCase(),
        data: {
          firstName: 'Ada',
          courseTitle: 'Foundation Course',
          startDate: '2027-03-01',
          idApproved: true,
          supportEmail: 'help@example.com',
          communityUrl: 'https://community.example',
          courseAccessUrl: null,
        },
      },
      clock,
    );
    const news = await enqueueEmail(
      t.db,
      { template: 'broadcast', to: email.toUpperCase(), data: { subject: 'News', body: 'Hello.' } },
      clock,
    );
    await deliverAll();
    const outcome = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
    expect(await outcome(receipt.id)).toMatchObject({ status: 'sent' });
    expect(await outcome(course.id)).toMatchObject({ status: 'sent' });
    expect(await outcome(news.id)).toMatchObject({ status: 'failed', lastError: 'suppressed' });
    const [sentReceipt] = sentTo(email, 'payment-receipt');
    expect(sentReceipt).toBeDefined();
    expect(headerLine(sentReceipt!, 'List-Unsubscribe')).toBeUndefined();
    expect(sentTo(email, 'course-open')).toHaveLength(1);
    expect(sentTo(email, 'broadcast')).toEqual([]);
  });

  it('adds no reminder for a registration when its address is suppressed after the delay but before the run', async () => {
    const late = await registeredAt(200 * DAY);
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${tokens().tokenFor(late.email)}` });
    expect(await queueReminders(t.db, { unpaidHours: 24, courseDays: 3 }, new Date(T0 + 202 * DAY))).toMatchObject({
      enrolment: 0,
    });
    expect(await remindersOf(late.id)).toEqual([]);
  });
});

describe('step 1', () => {
  it('stores marketing_opt_out (default false) and refuses a value that is not a boolean', async () => {
    const plain = await registerStudent(t);
    const [row] = await t.db
      .select({ optOut: students.marketingOptOut })
      .from(students)
      .where(eq(students.id, plain.id));
    expect(row?.optOut).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { first_name: 'Ada', last_name: 'L', email: `opt-${T0}@example.com`, marketing_opt_out: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });
});

// A second app with another secret (another site) cannot make a token this one accepts.
describe('the token key', () => {
  it('is the session secret: a token made by an app with another secret is refused', async () => {
    const other = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' }),
      { logger: false, database: { ...t.app.database, close: async () => {} } },
    );
    try {
      const token = new UnsubscribeTokens('x'.repeat(40)).tokenFor('keyed@example.com');
      expect((await other.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});
