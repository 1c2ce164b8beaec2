/** Admin-area test data and helpers, through the data layer. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@server/db/client';
import { contactMessages, payments, stageProgress, students, type Student } from '@server/db/schema';
import { insertStudent } from './factories';

export { insertStudent };

/** A student who paid the enrolment fee (and optionally the course) by card. */
export async function insertPaidStudent(
  db: Db,
  options: {
    course?: 'foundation' | 'pro' | null;
    coursePaid?: boolean;
    overrides?: Partial<typeof students.$inferInsert>;
  } = {},
): Promise<Student> {
  const course = options.course ?? null;
  const coursePaid = Boolean(course && options.coursePaid);
  const coursePence = course === 'pro' ? 21500 : course === 'foundation' ? 7500 : 0;
  const total = 999 + (coursePaid ? coursePence : 0);
  const student = await insertStudent(db, {
    courseType: course,
    courseStartDate: course ? '2027-03-01' : null,
    enrollmentPaid: true,
    coursePaid,
    totalPaidPence: total,
    referralCode: `VBR-${randomUUID()
      .replace(/[^A-F2-9]/gi, '')
      .toUpperCase()
      .replace(/[01IO]/g, 'A')
      .slice(0, 6)
      .padEnd(6, 'X')}`,
    ...options.overrides,
  });
  const now = new Date();
  await db.insert(payments).values({
    studentId: student.id,
    paymentType: coursePaid ? 'combined' : 'enrollment',
    courseType: coursePaid ? course : null,
    amountPence: total,
    status: 'completed',
    method: 'card',
    idempotencyKey: randomUUID(),
    completedAt: now,
  });
  return student;
}

export async function completeStages(db: Db, studentId: string, stageNumbers: number[]): Promise<void> {
  if (stageNumbers.length)
    await db.insert(stageProgress).values(stageNumbers.map((stageNumber) => ({ studentId, stageNumber })));
}

export async function insertContactMessage(db: Db, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Question',
      category: 'course',
      message: 'Hello there',
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * Every registered route under /api/admin, read from Fastify's route tree, so a route added later
 * is covered by the guard tests without editing them. Path parameters become a valid UUID.
 */
export function registeredAdminRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('').replace(/:[\w|:]+/g, '00000000-0000-4000-8000-000000000000');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (url.startsWith('/api/admin/') && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
