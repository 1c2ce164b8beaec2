/** Students through the data layer, in the states the tests need. Money always at catalogue prices. */
import { randomUUID } from 'node:crypto';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { stageProgress, students, type Student } from '@server/db/schema';
import { newReferralCode } from '@server/crypto/readable-codes';
import { insertIdVerification, type IdStatus } from './id-verifications';
import { insertPayment, pricePence } from './payments';
import { one } from '@server/db/rows';

/** Any column of the students row. */
export type StudentColumns = Partial<typeof students.$inferInsert>;

/** The start date the factories give a student who has chosen a course but not paid it: an intake ahead. */
export const COURSE_START_DATE = '2027-03-01';

/** The start date of a student-area student (insertCourseStudent): a past intake, so stages are open. */
export const STARTED_COURSE_START_DATE = '2026-03-01';

/** A registered student: nothing paid, no course, a unique name and email. */
export async function insertStudent(db: Db, columns: StudentColumns = {}): Promise<Student> {
  const suffix = randomUUID().slice(0, 8);
  const student = one(
    await db
      .insert(students)
      .values({ firstName: 'Test', lastName: `Student ${suffix}`, email: `student-${suffix}@example.com`, ...columns })
      .returning(),
  );
  return student;
}

export interface PaidStudentSetup {
  /** The course chosen; default none. */
  course?: CourseType | null;
  /** The course paid too, with the fee in one Complete Package payment; default false. */
  coursePaid?: boolean;
  /** When the card payment completed; default now. When given, the student registered a minute before. */
  paidAt?: Date;
  columns?: StudentColumns;
}

/**
 * A student who paid the enrolment fee (and, with `coursePaid`, the course) by card: the payment row at
 * the catalogue price, the paid flags, the total and a referral code.
 */
export async function insertPaidStudent(db: Db, setup: PaidStudentSetup = {}): Promise<Student> {
  const course = setup.course ?? null;
  const coursePaid = Boolean(course && setup.coursePaid);
  const paymentType = coursePaid ? 'combined' : 'enrollment';
  const student = await insertStudent(db, {
    courseType: course,
    courseStartDate: course ? COURSE_START_DATE : null,
    enrollmentPaid: true,
    coursePaid,
    totalPaidPence: pricePence(paymentType, course),
    referralCode: newReferralCode(),
    ...(setup.paidAt ? { registrationDate: new Date(setup.paidAt.getTime() - 60_000) } : {}),
    ...setup.columns,
  });
  await insertPayment(db, {
    studentId: student.id,
    paymentType,
    course: coursePaid ? course : null,
    completedAt: setup.paidAt,
  });
  return student;
}

export interface CourseStudentSetup {
  /** Default 'foundation'; null for a student who has not chosen a course. */
  course?: CourseType | null;
  /** Default: paid whenever there is a course. */
  coursePaid?: boolean;
  /** Default 'not_required'. */
  idStatus?: IdStatus;
  /** The stages completed; default none. */
  stages?: number[];
  columns?: StudentColumns;
}

/**
 * A student of the student area: enrolment fee paid and (by default) the Foundation course, with the
 * given ID check and completed stages. The course started on STARTED_COURSE_START_DATE (stages open)
 * unless `columns.courseStartDate` says otherwise.
 */
export async function insertCourseStudent(db: Db, setup: CourseStudentSetup = {}): Promise<Student> {
  const course = setup.course === undefined ? 'foundation' : setup.course;
  const student = await insertPaidStudent(db, {
    course,
    coursePaid: setup.coursePaid ?? course !== null,
    columns: { courseStartDate: course ? STARTED_COURSE_START_DATE : null, ...setup.columns },
  });
  const idStatus = setup.idStatus ?? 'not_required';
  if (idStatus !== 'not_required') await insertIdVerification(db, student.id, idStatus);
  await completeStages(db, student.id, setup.stages ?? []);
  return student;
}

export async function completeStages(db: Db, studentId: string, stageNumbers: number[]): Promise<void> {
  if (stageNumbers.length) {
    await db.insert(stageProgress).values(stageNumbers.map((stageNumber) => ({ studentId, stageNumber })));
  }
}
