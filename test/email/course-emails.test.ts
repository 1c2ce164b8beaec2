// engines: both
/**
 * Course emails on the calendar (docs/product/student-area.md): `course-starting` seven days before
 * a paid student's start date (with an ID reminder until the ID is approved), `course-open` on the
 * day (the course link once the ID is approved, else how to finish verification). Each once per
 * student and start date, kept by a unique key in the outbox, so two processes (or two runs) never
 * write it twice. The job's clock is moved by the test.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, idVerifications, students } from '@server/db/schema';
import { queueCourseEmails } from '@server/domain/email/queue-course-emails';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { COURSE_EMAILS_JOB } from '@server/jobs/course-emails';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { insertCourseStudent, insertIdVerification, insertPaidStudent, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const START = '2027-03-01';
const at = (isoDate: string) => new Date(`${isoDate}T09:30:00Z`);

let clock = at('2027-02-01');
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp(
    { SMTP_URL: smtp.url, COURSE_ACCESS_URL_PRO: 'https://env.example/pro', SUPPORT_EMAIL: 'help@school.example' },
    { clock: () => clock },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const runOn = async (isoDate: string) => {
  clock = at(isoDate);
  await t.app.jobs.runNow(COURSE_EMAILS_JOB);
};
const emailsOf = (studentId: string) =>
  t.db
    .select({ template: emailOutbox.template, data: emailOutbox.data, to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(eq(emailOutbox.studentId, studentId))
    .orderBy(emailOutbox.createdAt);

describe('course emails', () => {
  it('writes course-starting a week before and course-open on the day, each once, only to students who paid their course', async () => {
    const waiting = await insertCourseStudent(t.db, {
      course: 'foundation',
      idStatus: 'pending',
      columns: { courseStartDate: START },
    });
    const approved = await insertCourseStudent(t.db, {
      course: 'pro',
      idStatus: 'approved',
      columns: { courseStartDate: START },
    });
    const feeOnly = await insertPaidStudent(t.db, { course: 'foundation', coursePaid: false });
    const unpaid = await insertStudent(t.db, { courseType: 'pro', courseStartDate: START });
    const otherDate = await insertCourseStudent(t.db, { course: 'pro', columns: { courseStartDate: '2027-05-01' } });
    const everyone = [waiting, approved, feeOnly, unpaid, otherDate];
    const total = async () =>
      (
        await t.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.studentId,
              everyone.map((s) => s.id),
            ),
          )
      ).length;

    await runOn('2027-02-21');
    expect(await total()).toBe(0);

    await runOn('2027-02-22');
    expect(await emailsOf(waiting.id)).toEqual([
      {
        template: 'course-starting',
        to: waiting.email,
        data: {
          firstName: waiting.firstName,
          courseTitle: 'Foundation Course',
          startDate: START,
          idApproved: false,
          supportEmail: 'help@school.example',
          communityUrl: t.config.support.communityUrl,
        },
      },
    ]);
    expect((await emailsOf(approved.id)).map((e) => [e.template, e.data.idApproved])).toEqual([
      ['course-starting', true],
    ]);
    expect(await total()).toBe(2);

    // Later runs in the same week write nothing more.
    await runOn('2027-02-22');
    await runOn('2027-02-26');
    expect(await total()).toBe(2);

    // The owner changes the Pro course link: the course-open email written on the day carries it.
    const owner = await t.adminToken();
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(owner),
      payload: { course_access_url_pro: 'https://school.example/pro' },
    });
    await runOn(START);
    await runOn(START);
    const opened = (await emailsOf(waiting.id)).at(-1);
    expect(opened).toMatchObject({ template: 'course-open', data: { idApproved: false, courseAccessUrl: null } });
    expect((await emailsOf(approved.id)).at(-1)).toMatchObject({
      template: 'course-open',
      data: { idApproved: true, courseAccessUrl: 'https://school.example/pro' },
    });
    expect(await total()).toBe(4);
    expect(await emailsOf(feeOnly.id)).toEqual([]);
    expect(await emailsOf(unpaid.id)).toEqual([]);
    expect(await emailsOf(otherDate.id)).toEqual([]);

    // The outbox delivers them: the ID reminder to the one still waiting, the course link to the other.
    while ((await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).length > 0)
      await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const toWaiting = smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(waiting.email));
    expect(toWaiting.map((m) => m.subject)).toEqual(['Your course starts on 1 March 2027', 'Your course is open']);
    expect(toWaiting[0]?.text).toContain('Your ID is not approved yet');
    expect(toWaiting[1]?.text).toContain('Finish my ID verification');
    const toApproved = smtp.received.filter((m) => JSON.stringify(m.to).includes(approved.email));
    expect(toApproved[1]?.html).toContain('https://school.example/pro');
  });

  it('sends a student who pays inside the window the email that applies, and a new start date its own emails', async () => {
    // Pays three days before the start: course-starting at the next run.
    const late = await insertCourseStudent(t.db, { course: 'foundation', columns: { courseStartDate: '2027-07-01' } });
    await runOn('2027-06-28');
    expect((await emailsOf(late.id)).map((e) => e.template)).toEqual(['course-starting']);
    // Pays on the day: course-open only, never course-starting.
    const onTheDay = await insertCourseStudent(t.db, { course: 'pro', columns: { courseStartDate: '2027-07-01' } });
    await insertIdVerification(t.db, onTheDay.id, 'approved');
    await runOn('2027-07-01');
    expect((await emailsOf(onTheDay.id)).map((e) => e.template)).toEqual(['course-open']);
    expect((await emailsOf(late.id)).map((e) => e.template)).toEqual(['course-starting', 'course-open']);

    // Moved to a later start date: that date's emails come again, once.
    await t.db.update(students).set({ courseStartDate: '2027-09-01' }).where(eq(students.id, late.id));
    await t.db.delete(idVerifications).where(eq(idVerifications.studentId, late.id));
    await runOn('2027-08-25');
    await runOn('2027-09-01');
    expect((await emailsOf(late.id)).map((e) => [e.template, e.data.startDate])).toEqual([
      ['course-starting', '2027-07-01'],
      ['course-open', '2027-07-01'],
      ['course-starting', '2027-09-01'],
      ['course-open', '2027-09-01'],
    ]);
  });

  it('writes each email once when two processes look at the same moment (the unique key, not a lock)', async () => {
    const racers = await Promise.all(
      Array.from({ length: 5 }, () =>
        insertCourseStudent(t.db, { course: 'foundation', columns: { courseStartDate: '2027-11-01' } }),
      ),
    );
    const settings = await effectiveSettings(t.db, t.config);
    const today = at('2027-10-27');
    const counts = await Promise.all([
      queueCourseEmails(t.db, settings, today),
      queueCourseEmails(t.db, settings, today),
      queueCourseEmails(t.db, settings, today),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    for (const racer of racers) expect(await emailsOf(racer.id)).toHaveLength(1);
  });
});
