/**
 * The course emails on the calendar (docs/product/student-area.md): `course-starting` seven days
 * before a student's start date, `course-open` on the day. Only students who paid for their course
 * and have a start date. Each is written to the outbox at most once per student, template and start
 * date: the row's dedupe key is unique, so a second process (or a second run) inserts nothing. A
 * student who pays inside the week before the start gets `course-starting` at the next run; one who
 * pays on or after the start (up to COURSE_OPEN_LATE_DAYS later) gets `course-open` only.
 */
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { COURSES } from '@shared/catalogue';
import { isoDateAfter } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { emailOutbox, idVerifications, students } from '@server/db/schema';
import type { SiteSettings } from '../settings/site-settings-store';

export const COURSE_STARTING_DAYS_BEFORE = 7;
/** A student who pays after the start still gets `course-open` up to this many days after it. */
export const COURSE_OPEN_LATE_DAYS = 14;
const BATCH = 200;

type CourseTemplate = 'course-starting' | 'course-open';

export const courseEmailKey = (template: CourseTemplate, studentId: string, startDate: string) =>
  `${template}:${studentId}:${startDate}`;

/** Writes the course emails due on `today` (UTC calendar date) to the outbox; returns how many. */
export async function queueCourseEmails(
  db: Db,
  settings: Pick<SiteSettings, 'courseAccessUrls' | 'supportEmail' | 'communityUrl'>,
  today: Date,
): Promise<number> {
  const todayIso = isoDateAfter(today, 0);
  const template = sql<CourseTemplate>`case when ${students.courseStartDate} <= ${todayIso} then 'course-open' else 'course-starting' end`;
  const key = sql<string>`${template} || ':' || ${students.id} || ':' || ${students.courseStartDate}`;
  let queued = 0;
  for (;;) {
    const due = await db
      .select({
        id: students.id,
        firstName: students.firstName,
        email: students.email,
        courseType: students.courseType,
        startDate: students.courseStartDate,
        template,
        idStatus: idVerifications.status,
      })
      .from(students)
      .leftJoin(idVerifications, eq(idVerifications.studentId, students.id))
      .where(
        and(
          eq(students.coursePaid, true),
          isNotNull(students.courseType),
          gte(students.courseStartDate, isoDateAfter(today, 1 - COURSE_OPEN_LATE_DAYS)),
          lte(students.courseStartDate, isoDateAfter(today, COURSE_STARTING_DAYS_BEFORE)),
          sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${key})`,
        ),
      )
      .orderBy(students.id)
      .limit(BATCH);
    for (const student of due) {
      if (!student.courseType || !student.startDate) continue;
      const idApproved = student.idStatus === 'approved';
      const common = {
        firstName: student.firstName,
        courseTitle: COURSES[student.courseType].title,
        startDate: student.startDate,
        idApproved,
        supportEmail: settings.supportEmail,
        communityUrl: settings.communityUrl,
      };
      const data =
        student.template === 'course-open'
          ? { ...common, courseAccessUrl: idApproved ? (settings.courseAccessUrls[student.courseType] ?? null) : null }
          : common;
      const inserted = await db
        .insert(emailOutbox)
        .values({
          template: student.template,
          toAddress: student.email,
          studentId: student.id,
          data,
          dedupeKey: courseEmailKey(student.template, student.id, student.startDate),
          nextAttemptAt: today,
        })
        .onConflictDoNothing({ target: emailOutbox.dedupeKey })
        .returning({ id: emailOutbox.id });
      queued += inserted.length;
    }
    if (due.length < BATCH) return queued;
  }
}
