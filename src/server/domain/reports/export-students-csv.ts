import { and, sql, type SQL } from 'drizzle-orm';
import { formatPence } from '@shared/money';
import { COMPLETION_STATUS_LABELS } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { students } from '@server/db/schema';
import { newestFirst, studentFilterWhere, type StudentFilter } from '../students/student-filters';

const BATCH_SIZE = 2000;

/** The spec's columns, in order. */
export const STUDENT_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Course Type',
  'Start Date',
  'Enrollment Paid',
  'Course Paid',
  'Total Paid',
  'Status',
  'Registration Date',
] as const;

interface ExportRow {
  id: string;
  cursor: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  courseType: 'foundation' | 'pro' | null;
  courseStartDate: string | null;
  enrollmentPaid: boolean;
  coursePaid: boolean;
  totalPaidPence: number;
  completionStatus: keyof typeof COMPLETION_STATUS_LABELS;
}

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab / carriage return) as a formula, so
 * such cells get a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The CSV export (docs/product/admin.md) as a stream of text chunks: read from the database in
 * batches with a keyset (registration date, id), so memory stays flat whatever the row count and
 * no transaction is held open while a slow client downloads.
 */
export async function* exportStudentsCsv(db: Db, filter: StudentFilter): AsyncGenerator<string> {
  yield csvLine([...STUDENT_CSV_COLUMNS]);
  const where = studentFilterWhere(filter);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`${students.registrationDate} <= ${after.at}::timestamptz and (${students.registrationDate} < ${after.at}::timestamptz or ${students.id} > ${after.id})`
      : undefined;
    const rows: ExportRow[] = await db
      .select({
        id: students.id,
        // Microsecond precision as text: a JS Date would drop the microseconds and break the keyset.
        cursor: sql<string>`to_char(${students.registrationDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        phone: students.phone,
        courseType: students.courseType,
        courseStartDate: students.courseStartDate,
        enrollmentPaid: students.enrollmentPaid,
        coursePaid: students.coursePaid,
        totalPaidPence: students.totalPaidPence,
        completionStatus: students.completionStatus,
      })
      .from(students)
      .where(and(where, keyset))
      .orderBy(...newestFirst)
      .limit(BATCH_SIZE);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        `${row.firstName} ${row.lastName}`,
        row.email,
        row.phone ?? '',
        row.courseType ? (row.courseType === 'pro' ? 'Pro' : 'Foundation') : 'Not Selected',
        row.courseStartDate ?? 'Not Selected',
        row.enrollmentPaid ? 'Yes' : 'No',
        row.coursePaid ? 'Yes' : 'No',
        formatPence(row.totalPaidPence),
        COMPLETION_STATUS_LABELS[row.completionStatus],
        row.cursor.slice(0, 10),
      ]);
    }
    yield chunk;
    const last = rows.at(-1);
    if (rows.length < BATCH_SIZE || !last) return;
    after = { at: last.cursor, id: last.id };
  }
}
